"""Which property of a grown candidate predicts how it opens (issue 33)?

Grows ``--count`` candidates per size with the default generator (the walk's output, before
any steering or uniqueness proof: what the steering starts from), measures each with issue
33's forced-moves-only share (``opening.py``: the share of non-endpoint cells J, H and C
colour) and a few properties of the candidate and its grown solution, and prints per size
each property's rank correlation with the share (Spearman) and how well it separates the
candidates the rules solve completely from the rest (AUC: 0.5 is no better than chance, 1
or 0 separates them fully).

    python benchmarks/opening_predictors.py --sizes 7x7,9x9 --count 300 \\
        --out benchmarks/results/opening_predictors.json
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

if (CHECKOUT := str(Path(__file__).resolve().parents[1])) not in sys.path:  # started as a file
    sys.path.insert(1 + len(os.environ.get("PYTHONPATH", "").split(os.pathsep)), CHECKOUT)

import argparse

from benchmarks.difficulty import above, spearman
from benchmarks.harness import Run, keyed
from benchmarks.opening import opening
from satlink.board import Board
from satlink.generate.growing import grown
from satlink.generate.params import make_params
from satlink.generate.request import ParamsRequest
from satlink.quality.looks import look


def properties(board: Board, paths: list[list[int]]) -> dict[str, float]:
    """Properties of a candidate a generator could steer on."""
    w, h = board.width, board.height

    def on_border(x: int) -> bool:
        r, c = divmod(x, w)
        return r in (0, h - 1) or c in (0, w - 1)

    def corner(x: int) -> bool:
        r, c = divmod(x, w)
        return r in (0, h - 1) and c in (0, w - 1)

    ends = [x for p in paths for x in (p[0], p[-1])]
    end_set = set(ends)
    short = [p for p in paths if len(p) <= 3]
    first_moves = 0  # endpoints with one way on at the start (rule H applies at once)
    for x in ends:
        free = [y for y in board.neighbors(x) if y not in end_set]
        first_moves += len(free) <= 1
    hugging = 0  # cells of paths that run along the border with both ends on it
    for p in paths:
        if on_border(p[0]) and on_border(p[-1]) and all(on_border(x) for x in p):
            hugging += len(p)
    shape = look(board, _solution(board, paths))
    return {
        "colours": len(paths),
        "border_ends": sum(map(on_border, ends)) / len(ends),
        "corner_ends": sum(map(corner, ends)),
        "short_paths": len(short) / len(paths),
        "short_on_border": sum(1 for p in short if any(map(on_border, p))) / len(paths),
        "ends_with_one_way": first_moves / len(ends),
        "border_hugging_cells": hugging / (w * h),
        "longest_share": shape["longest_share"],
        "straight_share": shape["straight_share"],
        "mean_length": sum(map(len, paths)) / len(paths) / (w * h),
    }


def _solution(board: Board, paths: list[list[int]]):
    from satlink.solution import Solution

    return Solution.from_paths({board.label_at(p[0]): p for p in paths})


def auc(xs: list[float], complete: list[bool]) -> float | None:
    """P(a completely solved candidate's value > an unsolved one's), ties counted half."""
    yes = [x for x, c in zip(xs, complete, strict=True) if c]
    no = [x for x, c in zip(xs, complete, strict=True) if not c]
    return above(yes, no) if yes and no else None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", default="7x7,9x9")
    parser.add_argument("--count", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", default=None)
    args = parser.parse_args()
    run = Run("opening_predictors", args)
    import random

    results = {}
    print("| size | property | Spearman with share | AUC complete vs not | mean (complete) | "
          "mean (not) |\n|---|---|---|---|---|---|")
    for size in args.sizes.split(","):
        params = make_params(ParamsRequest(size, seed=args.seed))
        rows = []
        for number in range(args.count):
            rng = random.Random(f"{params.seed}:{number}")
            system, _ = grown(params, rng)
            board = system.board()
            o = opening(list(board.rows))
            rows.append({"share": o.share, "complete": o.complete,
                         **properties(board, system.paths)})
        shares = [r["share"] for r in rows]
        complete = [r["complete"] for r in rows]
        summary = {"candidates": len(rows), "mean_share": sum(shares) / len(rows),
                   "complete": sum(complete) / len(rows), "properties": {}}
        print(f"| {size} | (share: mean {100 * summary['mean_share']:.0f} %, solved completely "
              f"{100 * summary['complete']:.0f} % of {len(rows)}) | | | | |")
        for name in rows[0]:
            if name in ("share", "complete"):
                continue
            xs = [r[name] for r in rows]
            rho, area = spearman(xs, shares), auc(xs, complete)
            yes = [x for x, c in zip(xs, complete, strict=True) if c]
            no = [x for x, c in zip(xs, complete, strict=True) if not c]
            summary["properties"][name] = {"spearman": rho, "auc": area}
            print(f"| {size} | {name} | {'–' if rho is None else f'{rho:+.2f}'} | "
                  f"{'–' if area is None else f'{area:.2f}'} | "
                  f"{sum(yes) / len(yes) if yes else float('nan'):.3f} | "
                  f"{sum(no) / len(no) if no else float('nan'):.3f} |", flush=True)
        results[size] = summary
    run.write(args.out, keyed(results, "size"))


if __name__ == "__main__":
    main()
