"""Where a ``satlink check`` process spends its time, per phase: one process per corpus, its
records' own timers (``stats``: forced moves, encoding, loading clauses into the solver, SAT
search, decoding) against the process's wall time; what is left is start-up, reading, the
referee, the records and their output.

    python benchmarks/phases.py ../shared/corpus/thomasahle-numberlink/puzzles/inputs9
    python benchmarks/phases.py hand=../shared/corpus/thomasahle-numberlink/puzzles/inputs1,...

Each argument is ``name=file,file`` or a file (its name is the row).  This script imports
neither satlink nor numpy; each corpus runs in a fresh process of this checkout.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

if (CHECKOUT := str(Path(__file__).resolve().parents[1])) not in sys.path:  # started as a file
    sys.path.insert(1 + len(os.environ.get("PYTHONPATH", "").split(os.pathsep)), CHECKOUT)

import argparse
import json
import subprocess
import time

from benchmarks.harness import Run, keyed

HERE = Path(__file__).resolve().parent.parent
PHASES = ("presolve", "encode", "load", "sat", "decode")


def phases(files: list[str], extra: list[str]) -> dict:
    """Wall time of one ``check --json`` process over ``files`` and its phase totals."""
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "satlink", "check", *files, "--json", *extra],
                          cwd=HERE, capture_output=True, text=True)
    wall = time.perf_counter() - start
    records = [json.loads(line) for line in done.stdout.splitlines() if line.startswith("{")]
    totals = {p: sum(r.get("stats", {}).get(f"{p}_seconds", 0.0) for r in records) for p in PHASES}
    return {"wall": wall, "boards": len(records), **totals,
            "statuses": sorted({r["status"] for r in records}),
            "decided_by_forced_moves": sum(1 for r in records
                                           if r.get("stats", {}).get("sat_calls", 1) == 0)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("corpora", nargs="+")
    parser.add_argument("--timeout", default=None)
    parser.add_argument("--out", default=None)
    args = parser.parse_args(argv)
    bench = Run("phases", args)
    extra = ["--timeout", args.timeout] if args.timeout else []
    rows = {}
    for item in args.corpora:
        name, _, files = item.rpartition("=")
        paths = files.split(",")
        rows[name or Path(paths[0]).name] = phases(paths, extra)
    print(f"{'corpus':<14} {'boards':>6} {'wall s':>8} " + " ".join(f"{p:>9}" for p in PHASES)
          + f" {'rest':>9}  forced-only")
    table = []
    for name, row in rows.items():
        shares = {p: row[p] / row["wall"] for p in PHASES}
        shares["rest"] = 1 - sum(shares.values())
        print(f"{name:<14} {row['boards']:>6} {row['wall']:>8.2f} "
              + " ".join(f"{100 * s:>8.0f}%" for s in shares.values())
              + f"  {row['decided_by_forced_moves']}")
        table.append({"corpus": name, "boards": row["boards"], "wall_seconds": row["wall"],
                      **shares, "decided_by_forced_moves": row["decided_by_forced_moves"]})
    bench.write(args.out, keyed(rows, "corpus"), table=table)
    return 0


if __name__ == "__main__":
    sys.exit(main())
