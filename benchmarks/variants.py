"""Flow Free variants against square boards of the same size: checking and generating.

For each size, one process and one core:

1. **generation**: the plain square generator and one generator per variant (holes, walls,
   warps, hexagonal cells, bridges, hexagonal cells with bridges) alternate attempt by attempt
   until each holds
   ``--count`` proven-unique puzzles under ``flow`` (or its ``--budget`` runs out);
   puzzles per second include rejected attempts;
2. **checking**: each variant's puzzles and the square puzzles of the same size are checked
   (``flow``, default method: a solution and the proof there is no other), interleaved
   board by board (square board i, then each variant's board i; one untimed pass first) and
   repeated ``--repeat`` times; the ratio is variant checks per second / square checks per
   second in that same loop (above 1: the variant is checked faster).

Feature amounts grow with the board: holes = cells/15, walls = cells/10, bridges = cells/50
(at least one of each).

    python benchmarks/variants.py --out benchmarks/results/variants.json
    python benchmarks/variants.py --sizes 5x5,10x10 --count 5 --repeat 2
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

if (CHECKOUT := str(Path(__file__).resolve().parents[1])) not in sys.path:  # started as a file
    sys.path.insert(1 + len(os.environ.get("PYTHONPATH", "").split(os.pathsep)), CHECKOUT)

import argparse
import time
from statistics import mean

from rich.console import Console
from rich.table import Table

from benchmarks.attempts import interleaved_attempts
from benchmarks.harness import Run, keyed
from satlink import check
from satlink.generate.params import make_params
from satlink.generate.pipeline import attempt
from satlink.generate.request import ParamsRequest

KINDS = ("square", "holes", "walls", "warps", "hex", "bridges", "hex-bridges")


def variant(kind: str, cells: int) -> tuple[dict, str]:
    """make_params keywords for a kind, and how it reads in the table."""
    holes, walls, bridges = max(1, cells // 15), max(1, cells // 10), max(1, cells // 50)
    return {
        "square": ({}, "-"),
        "holes": ({"holes": holes}, f"holes={holes}"),
        "walls": ({"walls": walls}, f"walls={walls}"),
        "warps": ({"wrap": True}, "wrap"),
        "hex": ({"grid": "hex"}, "hexagons"),
        "bridges": ({"bridges": bridges}, f"bridges={bridges}"),
        "hex-bridges": ({"grid": "hex", "bridges": bridges}, f"hexagons, bridges={bridges}"),
    }[kind]


def generate(size: str, kinds: list[str], count: int, budget: float, seed: int) -> dict:
    w, h = (int(x) for x in size.split("x"))
    params = {k: make_params(ParamsRequest(size, seed=seed, **variant(k, w * h)[0])) for k in kinds}
    for p in params.values():  # untimed: first calls pay for imports and solver set-up
        attempt(p, 10**9)
    tallies = interleaved_attempts(params, count, budget,
                                   lambda result: (result.board(), result.quality["colours"]))
    return {kind: {"boards": [board for board, _ in t.accepted], "attempts": t.attempts,
                   "seconds": t.seconds, "reasons": t.reasons,
                   "colours": [colours for _, colours in t.accepted]}
            for kind, t in tallies.items()}


def check_rates(state: dict, kinds: list[str], repeat: int) -> dict:
    """Checks per second of each kind's boards, all kinds interleaved board by board (square
    board i, then each variant's board i), after one untimed pass to warm up."""
    n = min(len(state[k]["boards"]) for k in kinds)
    seconds = dict.fromkeys(kinds, 0.0)
    statuses: dict[str, set] = {k: set() for k in kinds}
    for timed in [False] + [True] * repeat:
        for i in range(n):
            for kind in kinds:
                start = time.perf_counter()
                verdict = check(state[kind]["boards"][i], "flow")
                if timed:
                    seconds[kind] += time.perf_counter() - start
                    statuses[kind].add(str(verdict.status))
    checks = n * repeat
    return {kind: {"boards": n, "checks": checks, "statuses": sorted(statuses[kind]),
                   "checks_per_second": checks / seconds[kind] if checks else None,
                   "check_ratio": seconds["square"] / seconds[kind] if checks else None}
            for kind in kinds}


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", default="5x5,7x7,10x10,15x15")
    parser.add_argument("--kinds", default=",".join(KINDS), help="square is always included")
    parser.add_argument("--count", type=int, default=30, help="puzzles per size and kind")
    parser.add_argument("--budget", type=float, default=30.0,
                        help="generation seconds per size and kind")
    parser.add_argument("--repeat", type=int, default=5, help="timed checks of each board")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", default=None)
    args = parser.parse_args()
    run = Run("variants", args)
    kinds = ["square"] + [k for k in args.kinds.split(",") if k and k != "square"]
    console = Console(width=170)
    results = {}
    table = Table(title="variants against square boards of the same size ('flow', one core)")
    for col in ("size", "kind", "features", "puzzles", "acceptance", "puzzles/s", "gen vs square",
                "colours", "checked", "checks/s", "check vs square", "rejections"):
        table.add_column(col)
    for size in args.sizes.split(","):
        w, h = (int(x) for x in size.split("x"))
        state = generate(size, kinds, args.count, args.budget, args.seed)
        rates = check_rates(state, kinds, args.repeat)
        rows = {}
        for kind in kinds:
            s = state[kind]
            puzzles = len(s["boards"])
            rows[kind] = {
                "features": variant(kind, w * h)[1], "puzzles": puzzles, "attempts": s["attempts"],
                "seconds": s["seconds"], "reasons": s["reasons"],
                "puzzles_per_second": puzzles / s["seconds"] if s["seconds"] else None,
                "colours": mean(s["colours"]) if s["colours"] else None,
                **rates[kind],
            }
        results[size] = rows
        base = rows["square"]["puzzles_per_second"]
        for kind, r in rows.items():
            def f(v, fmt="{:.2f}"):
                return "-" if v is None else fmt.format(v)

            pps = r["puzzles_per_second"]
            table.add_row(
                size, kind, r["features"], str(r["puzzles"]),
                f"{r['puzzles'] / r['attempts']:.0%}" if r["attempts"] else "-",
                f(pps, "{:.1f}"), f(pps / base if pps and base else None),
                f(r["colours"], "{:.1f}"), f"{r['boards']}x{args.repeat} {','.join(r['statuses'])}",
                f(r["checks_per_second"], "{:.1f}"), f(r["check_ratio"]),
                " ".join(f"{k}:{v}" for k, v in sorted(r["reasons"].items()) if k != "unique"))
        console.print(f"done {size}")
    console.print(table)
    run.write(args.out, [{"size": size, **row} for size, by_kind in results.items()
                             for row in keyed(by_kind, "kind")])


if __name__ == "__main__":
    main()
