"""Validation throughput: local workers (1 and 2) against a Dask LocalCluster (2 workers).

All executors validate the same boards in the same run; the table gives boards per second
and each executor's time as a ratio to one local worker, so Dask's overhead is visible.

    python benchmarks/validate.py ../shared/corpus/thomasahle-numberlink/puzzles/inputs9 \
        --out benchmarks/results/validate-inputs9.json
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

if (CHECKOUT := str(Path(__file__).resolve().parents[1])) not in sys.path:  # started as a file
    sys.path.insert(1 + len(os.environ.get("PYTHONPATH", "").split(os.pathsep)), CHECKOUT)

import argparse
import time

from rich.console import Console
from rich.table import Table

from benchmarks.harness import Run, keyed
from satlink.batch.run import RunOptions, validate_tasks
from satlink.batch.tasks import plan
from satlink.rules import parse_rules


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("paths", nargs="+")
    parser.add_argument("--rules", default="flow")
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--out", default=None)
    args = parser.parse_args()
    bench = Run("validate", args)
    from distributed import LocalCluster

    files = []
    for p in map(Path, args.paths):
        files += [str(f) for f in sorted(p.iterdir()) if f.is_file()] if p.is_dir() else [str(p)]
    tasks = plan(files, parse_rules(args.rules))
    results: dict[str, list[float]] = {"local x1": [], "local x2": [], "dask x2": []}
    statuses: dict[str, dict] = {}
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None,
                      host="127.0.0.1") as cluster:
        for _ in range(args.repeat):
            for name, options in (("local x1", RunOptions(jobs=1)), ("local x2", RunOptions(jobs=2)),
                                  ("dask x2", RunOptions(scheduler=cluster.scheduler_address))):
                start = time.perf_counter()
                records = validate_tasks(tasks, options).records
                results[name].append(time.perf_counter() - start)
                counts: dict[str, int] = {}
                for r in records:
                    counts[r["status"]] = counts.get(r["status"], 0) + 1
                statuses[name] = counts
    base = min(results["local x1"])
    table = Table(title=f"validate under '{args.rules}': {len(tasks)} boards from {', '.join(args.paths)}")
    for col in ("executor", "best s", "boards/s", "time vs local x1", "statuses"):
        table.add_column(col)
    summary = {}
    for name, times in results.items():
        best = min(times)
        summary[name] = {"seconds": best, "boards_per_second": len(tasks) / best, "ratio": best / base,
                         "statuses": statuses[name]}
        table.add_row(name, f"{best:.2f}", f"{len(tasks) / best:.1f}", f"{best / base:.2f}",
                      " ".join(f"{k}:{v}" for k, v in sorted(statuses[name].items())))
    Console(width=160).print(table)
    bench.write(args.out, keyed(summary, "executor"), boards=len(tasks))


if __name__ == "__main__":
    main()
