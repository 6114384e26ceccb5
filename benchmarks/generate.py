"""Generation throughput and quality by board size, satlink's method against the seeds'.

For each size both configurations run in the same process, alternating attempt by attempt,
until each has the target number of proven-unique puzzles (or its attempt budget runs out):

* ``satlink``: ``--growth grow --strategy repair``, Flow Free style (no solids, paths >= 3);
* ``satlink-reject``: the same with ``--strategy reject`` (acceptance without repair);
* ``seeds``: the seeds' union-find algorithm as written with reject-only, which must allow
  its leftover solid cells and two-cell paths (otherwise it never succeeds).

Every accepted puzzle is proven unique under ``flow``.  Prints a table, writes JSON.

    python benchmarks/generate.py --out benchmarks/results/generate.json
    python benchmarks/generate.py --sizes 10x10,20x20 --count 20
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

if (CHECKOUT := str(Path(__file__).resolve().parents[1])) not in sys.path:  # started as a file
    sys.path.insert(1 + len(os.environ.get("PYTHONPATH", "").split(os.pathsep)), CHECKOUT)

import argparse
from statistics import mean, median

from rich.console import Console
from rich.table import Table

from benchmarks.attempts import interleaved_attempts
from benchmarks.harness import Run, keyed
from satlink.generate.params import make_params
from satlink.generate.request import ParamsRequest

DEFAULT_SIZES = "7x7,10x10,15x15,20x20,40x20,40x40,50x50,100x100"


def configs(size: str, seed: int) -> dict:
    w, h = (int(x) for x in size.split("x"))
    return {
        "satlink": make_params(ParamsRequest(size, seed=seed)),
        "satlink-reject": make_params(ParamsRequest(size, strategy="reject", seed=seed)),
        "seeds": make_params(ParamsRequest(size, colours=f"1-{w * h}", min_length=2, max_solids=w * h,
                                           growth="unionfind", strategy="reject", seed=seed)),
    }


def measure(size: str, count: int, budget_seconds: float, seed: int) -> dict:
    params = configs(size, seed)
    tallies = interleaved_attempts(params, count, budget_seconds, lambda result: {
        "seconds": result.seconds, "repairs": result.repairs, "checks": result.checks,
        **result.quality})
    state = {name: {"accepted": t.accepted, "attempts": t.attempts, "seconds": t.seconds,
                    "reasons": t.reasons} for name, t in tallies.items()}
    out = {}
    for name, s in state.items():
        acc = s["accepted"]
        out[name] = {
            "puzzles": len(acc), "attempts": s["attempts"], "seconds": s["seconds"],
            "seconds_per_puzzle": s["seconds"] / len(acc) if acc else None,
            "acceptance": len(acc) / s["attempts"] if s["attempts"] else 0.0,
            "median_attempt_seconds": median(a["seconds"] for a in acc) if acc else None,
            "reasons": s["reasons"],
            "colours": mean(a["colours"] for a in acc) if acc else None,
            "length_mean": mean(a["length_mean"] for a in acc) if acc else None,
            "two_cell_paths": mean(a["lengths"].count(2) for a in acc) if acc else None,
            "solids": mean(a["solids"] for a in acc) if acc else None,
            "bends": mean(a["bends"] for a in acc) if acc else None,
            "effort": mean(a["effort"] for a in acc) if acc else None,
            "repairs": mean(a["repairs"] for a in acc) if acc else None,
        }
    return out


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", default=DEFAULT_SIZES)
    parser.add_argument("--count", type=int, default=10, help="puzzles per size and method")
    parser.add_argument("--budget", type=float, default=120.0, help="seconds per size and method")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", default=None)
    args = parser.parse_args()
    run = Run("generate", args)
    console = Console(width=170)
    results = {}
    table = Table(title="generation under 'flow', one core: proven-unique puzzles")
    for col in ("size", "method", "puzzles", "s/puzzle", "speed-up", "acceptance", "colours",
                "mean len", "2-cell", "solids", "bends", "effort", "repairs", "rejections"):
        table.add_column(col)
    for size in args.sizes.split(","):
        r = measure(size, args.count, args.budget, args.seed)
        results[size] = r
        base = r["seeds"]["seconds_per_puzzle"]
        for name in r:
            m = r[name]
            spp = m["seconds_per_puzzle"]
            speed = f"{base / spp:.1f}x" if spp and base else ("inf" if spp else "-")

            def f(v, fmt="{:.2f}"):
                return "-" if v is None else fmt.format(v)

            table.add_row(size, name, str(m["puzzles"]), f(spp, "{:.3f}"), speed,
                          f"{m['acceptance']:.0%}", f(m["colours"], "{:.1f}"), f(m["length_mean"], "{:.1f}"),
                          f(m["two_cell_paths"], "{:.1f}"), f(m["solids"], "{:.1f}"), f(m["bends"], "{:.0f}"),
                          f(m["effort"]), f(m["repairs"]),
                          " ".join(f"{k}:{v}" for k, v in sorted(m["reasons"].items()) if k != "unique"))
        console.print(f"done {size}")
    console.print(table)
    run.write(args.out, [{"size": size, **row} for size, by_method in results.items()
                             for row in keyed(by_method, "method")])


if __name__ == "__main__":
    main()
