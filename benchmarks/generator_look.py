"""How generated puzzles look against published Flow Free levels, and what it costs.

Per size (default 7x7, 10x10, 12x12, 14x14, 15x15, 20x20 and the rectangles 8x10, 15x18)
and per setting (``default``: the generator's own colour range; ``low``: ``--colors`` at the
low end, about 0.6-0.7 x the side of the board's square), each generator makes up to
``--count`` proven-unique puzzles under ``--rules`` (default ``flow``) within ``--budget``
seconds and ``--attempts`` attempts.  Reported: puzzles per second and seconds per puzzle (generation
time only, one core), acceptance, the colour and path-length distributions, the share of
paths of at most 3 cells, and the look (straight-through share of inner path cells, mean
straight run, longest path share, border endpoint share; ``satlink.quality.looks``), and how many
puzzles were ambiguous at first and repaired.  Every accepted puzzle is checked again here
(``unique`` column, not timed).

Each generator runs in its own worker process, importing satlink from its own checkout
(``--baseline PATH`` adds a second checkout, e.g. a worktree of the commit before);
the workers take turns attempt by attempt, so both see the same machine load and only one
computes at a time.  Figures of both are measured by this checkout's ``satlink.quality.looks``.

    git worktree add --detach ../wt-base <commit>
    python benchmarks/generator_look.py --baseline ../wt-base --out benchmarks/results/look.json
    python benchmarks/generator_look.py --sizes 14x14 --count 20
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

if (CHECKOUT := str(Path(__file__).resolve().parents[1])) not in sys.path:  # started as a file
    sys.path.insert(1 + len(os.environ.get("PYTHONPATH", "").split(os.pathsep)), CHECKOUT)

import argparse
import math
import platform
from statistics import median

from benchmarks.attempts import interleaved_workers
from benchmarks.harness import CheckoutWorker, Run, keyed, serve, timed

HERE = Path(__file__).resolve().parents[1]
DEFAULT_SIZES = "7x7,10x10,12x12,14x14,15x15,20x20,8x10,15x18"
PUBLISHED = {  # issue 12: colours (median, range) and share of paths of <= 3 cells
    "7x7": ("6 (3-9)", "12 %"), "10x10": ("9 (4-12)", "7 %"), "12x12": ("11 (5-14)", "6 %"),
    "14x14": ("14 (8-16)", "6 %"), "15x15": ("16 (9-16)", "8 %"),
}
SHORT = 3


# -- worker: one generator, one checkout ------------------------------------------------------
def answer(ask: dict) -> dict:
    """One attempt ({size, colours, rules, seed, number}) with this worker's satlink."""
    from satlink.generate.params import make_params
    from satlink.generate.pipeline import attempt
    from satlink.generate.request import ParamsRequest

    key = (ask["size"], ask["colours"], ask["rules"], ask["seed"])
    if key not in PARAMS:
        PARAMS[key] = make_params(ParamsRequest(ask["size"], colours=ask["colours"], rules=ask["rules"],
                                                seed=ask["seed"]))
    with timed() as t:
        result = attempt(PARAMS[key], ask["number"])
    return {"accepted": result.accepted, "reason": str(result.reason), "seconds": t.wall,
            "cpu_seconds": t.cpu, "rows": result.rows, "solution": result.solution,
            "checks": result.checks, "range": [PARAMS[key].colours_min, PARAMS[key].colours_max]}


PARAMS: dict[tuple, object] = {}


# -- measuring ----------------------------------------------------------------------------------
def low_end(size: str) -> str:
    w, h = (int(x) for x in size.split("x"))
    side = math.sqrt(w * h)
    return f"{round(0.6 * side)}-{round(0.7 * side)}"


def measure(generators: list[CheckoutWorker], size: str, colours: str | None, args) -> dict:
    from satlink import check
    from satlink.board import Board
    from satlink.quality.looks import look
    from satlink.solution import Solution

    def answered(s: dict, r: dict) -> None:
        s["range"] = r["range"]
        if r["accepted"]:
            board = Board.from_json(r["rows"])
            solution = Solution.from_coords(board, r["solution"])
            s["unique"] += check(board, args.rules).status == "unique"
            lengths = sorted(len(p) for p in solution.paths.values())
            s["accepted"].append({"colours": len(board.labels), "lengths": lengths,
                                  "seconds": r["seconds"], "checks": r["checks"],
                                  **look(board, solution)})

    state = interleaved_workers(generators, lambda g, n: g.ask({"size": size, "colours": colours,
                                                                "rules": args.rules,
                                                                "seed": args.seed, "number": n}),
                                answered, args.count, args.budget, args.attempts)
    return {name: summary(s) for name, s in state.items()}


def summary(s: dict) -> dict:
    acc = s["accepted"]
    lengths = [n for a in acc for n in a["lengths"]]

    def mid(key: str) -> float | None:
        values = [a[key] for a in acc if a[key] is not None]
        return median(values) if values else None

    return {
        "range": s.get("range"), "attempts": s["attempts"], "puzzles": len(acc),
        "seconds": s["seconds"], "unique": s["unique"], "reasons": s["reasons"],
        "acceptance": len(acc) / s["attempts"] if s["attempts"] else 0.0,
        "puzzles_per_second": len(acc) / s["seconds"] if s["seconds"] else 0.0,
        "seconds_per_puzzle": s["seconds"] / len(acc) if acc else None,
        "colours": sorted(a["colours"] for a in acc),
        "colours_median": median(a["colours"] for a in acc) if acc else None,
        "lengths": {"median": median(lengths) if lengths else None,
                    "histogram": {b: sum(lo <= n <= hi for n in lengths)
                                  for b, (lo, hi) in {"2-3": (2, 3), "4-6": (4, 6),
                                                      "7-12": (7, 12), "13-24": (13, 24),
                                                      "25+": (25, 10**9)}.items()}},
        "short_share": sum(n <= SHORT for n in lengths) / len(lengths) if lengths else None,
        "straight_share": mid("straight_share"), "run_mean": mid("run_mean"),
        "longest_share": mid("longest_share"), "border_end_share": mid("border_end_share"),
        "repaired": sum(a["checks"] > 1 for a in acc),
    }


def row(size: str, setting: str, name: str, m: dict) -> str:
    def pct(v):
        return "–" if v is None else f"{100 * v:.0f} %"

    def num(v, fmt="{:.2f}"):
        return "–" if v is None else fmt.format(v)

    colours = ("–" if not m["colours"] else
               f"{num(m['colours_median'], '{:g}')} ({m['colours'][0]}–{m['colours'][-1]})")
    lo, hi = m["range"] or ("?", "?")
    return (f"| {size} | {setting} {lo}–{hi} | {name} | {m['puzzles']}/{m['attempts']} | "
            f"{num(m['puzzles_per_second'], '{:.1f}')} | {num(m['seconds_per_puzzle'], '{:.3f}')} | "
            f"{colours} | {num(m['lengths']['median'], '{:g}')} | {pct(m['short_share'])} | "
            f"{pct(m['straight_share'])} | {num(m['run_mean'])} | {pct(m['longest_share'])} | "
            f"{pct(m['border_end_share'])} | {m['repaired']} | {m['unique']}/{m['puzzles']} |")


HEADER = ("| size | colours asked | generator | puzzles/attempts | puzzles/s | s/puzzle | "
          "colours median (range) | median path | paths ≤ 3 | straight | run | longest | "
          "border ends | repaired | unique |\n" + "|---" * 15 + "|")


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--sizes", default=DEFAULT_SIZES)
    parser.add_argument("--settings", default="default,low", help="default, low or both")
    parser.add_argument("--count", type=int, default=10, help="puzzles per size, setting, generator")
    parser.add_argument("--budget", type=float, default=15.0,
                        help="generation seconds per size, setting and generator")
    parser.add_argument("--attempts", type=int, default=100,
                        help="attempts per size, setting and generator")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rules", default="flow", help="the profile puzzles are unique under")
    parser.add_argument("--baseline", default=None, help="a second satlink checkout to compare")
    parser.add_argument("--out", default=None, help="write the figures as JSON")
    args = parser.parse_args()
    if args.worker:
        serve(answer)
        return
    run = Run("generator_look", args)
    # imported here, by the driver alone: a worker imports this script beside a baseline
    # checkout's benchmarks/, which may not have it
    from benchmarks.attempts import generator_workers

    generators = generator_workers(Path(__file__), args.baseline)
    results: dict = {}
    lines = []
    try:
        for size in args.sizes.split(","):
            for setting in args.settings.split(","):
                colours = None if setting == "default" else low_end(size)
                r = measure(generators, size, colours, args)
                results[f"{size} {setting}"] = r
                for name, m in r.items():
                    lines.append(row(size, setting, name, m))
                    print(lines[-1], file=sys.stderr, flush=True)
    finally:
        for g in generators:
            g.close()
    print(f"{args.rules}, one core; {platform.python_version()}; "
          + ", ".join(f"{g.name} = {g.origin}" for g in generators))
    print(HEADER)
    print("\n".join(lines))
    print("\npublished (issue 12): " + "; ".join(f"{k} colours {c}, paths ≤ 3 {s}"
                                              for k, (c, s) in PUBLISHED.items()))
    run.write(args.out, [{"case": case, **row} for case, by_generator in results.items()
                         for row in keyed(by_generator, "generator")],
              origins={g.name: g.origin for g in generators})


if __name__ == "__main__":
    main()
