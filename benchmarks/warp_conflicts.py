"""SAT conflicts of a fresh check on warp boards, method by method: is there a cheaper one?

The studio's slowest row was warps 15x15, where the deductions decide few edges and the SAT
search does the work.  Conflicts, unlike seconds, do not depend on the machine's load, so
this script sums them over studio-like edits (the puzzle, 3 holes painted, 2 endpoint
moves) of generated unique warp puzzles, for each method given, and checks the verdicts
agree.  Seconds inside ``solve()`` are printed too, as a ratio to the first method.

    python benchmarks/warp_conflicts.py --boards 10 \
        --methods ";lemmas=all;solver=cadical195;solver=minisat22;encoding=onehot-edge"
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

if (CHECKOUT := str(Path(__file__).resolve().parents[1])) not in sys.path:  # started as a file
    sys.path.insert(1 + len(os.environ.get("PYTHONPATH", "").split(os.pathsep)), CHECKOUT)

import argparse
import random
import statistics

from benchmarks.harness import Run
from benchmarks.studio_latency import puzzle
from satlink.board import Board
from satlink.solver.check import check
from satlink.solver.method import Method


def edits(board: dict, seed: int) -> list[Board]:
    """The puzzle, three boards with one hole painted, two with one endpoint moved."""
    rng = random.Random(seed)
    grid = board["grid"]
    free = [(r, c) for r, row in enumerate(grid) for c, ch in enumerate(row) if ch == "."]
    out = [grid]
    for r, c in [free[len(free) // 2]] + rng.sample(free, 2):
        rows = [list(x) for x in grid]
        rows[r][c] = "#"
        out.append(["".join(x) for x in rows])
    ends = [(r, c) for r, row in enumerate(grid) for c, ch in enumerate(row) if ch not in ".#"]
    h, w = len(grid), len(grid[0])
    for r, c in rng.sample(ends, 2):
        r2, c2 = rng.choice([((r + dr) % h, (c + dc) % w)
                             for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))])
        if grid[r2][c2] != ".":
            continue
        rows = [list(x) for x in grid]
        rows[r2][c2], rows[r][c] = rows[r][c], "."
        out.append(["".join(x) for x in rows])
    return [Board.from_json(rows, board.get("geometry")) for rows in out]


def method_of(spec: str) -> Method:
    """``key=value,...`` (lemma lists joined with ``+``) as a Method; empty: the default."""
    fields = dict(part.split("=", 1) for part in spec.split(",") if part)
    return Method(**{k: v.replace("+", ",") for k, v in fields.items()})


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boards", type=int, default=10, help="generated warp puzzles")
    parser.add_argument("--size", type=int, default=15)
    parser.add_argument("--methods", default=";lemmas=all;solver=cadical195;solver=minisat22")
    parser.add_argument("--out", type=Path, default=None)
    args = parser.parse_args()
    bench = Run("warp_conflicts", args)
    methods = {spec or "default": method_of(spec) for spec in args.methods.split(";")}
    boards = [b for seed in range(args.boards)
              for b in edits(puzzle(args.size, {"wrap": True}, 100 + seed), seed)]
    conflicts = {name: [] for name in methods}
    seconds = {name: [] for name in methods}
    disagreements = 0
    for board in boards:
        statuses = set()
        for name, method in methods.items():
            verdict = check(board, "flow", timeout=60, method=method)
            statuses.add(verdict.status)
            conflicts[name].append(verdict.stats.conflicts)
            seconds[name].append(verdict.stats.sat_seconds)
        disagreements += len(statuses) > 1
    first = next(iter(methods))
    rows = []
    for name in methods:
        c = conflicts[name]
        row = {"method": name, "boards": len(c), "conflicts": sum(c),
               "median": statistics.median(c), "max": max(c),
               "sat_seconds_ratio": round(sum(seconds[name]) / max(sum(seconds[first]), 1e-9), 2)}
        rows.append(row)
        print(f"{name:36} n={len(c)} conflicts {sum(c):7} median {row['median']:7.1f}"
              f" max {max(c):6}  solve() seconds / {first}: {row['sat_seconds_ratio']:.2f}")
    print(f"{disagreements} boards with differing verdicts")
    bench.write(args.out, rows)


if __name__ == "__main__":
    main()
