"""Explaining drafts the way a designer makes them (issue 21): how many get a located reason,
how fast, and which kind.

Drafts:

* **random**: endpoints placed at random on empty square boards of 5x5 to 10x10, with
  published-like colour counts (``cells/10`` to ``cells/6`` pairs), ``--per-size`` per size;
* **corpus**: every board of the mzucker corpus (hand-made Flow Free levels) with one endpoint
  moved to a random empty cell, ``--moves`` per board.

Each draft is explained under ``flow`` (:func:`satlink.explain.explain`, ``--budget`` seconds,
no step-by-step trace of unique boards): the table gives per group the drafts, how many are
unsolvable, the share of unsolvable ones with a located reason, the seconds until that reason
was known (median, max) and for the whole explanation (verdict, reason, rule responsible,
core or MaxSAT bound), and which kind of reason came first.  Goal: every unsolvable draft gets
a located reason in <= 1 s at 10x10.

    python benchmarks/explain.py --out benchmarks/results/explain.json
    python benchmarks/explain.py --per-size 10 --moves 1
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
import time
from collections import Counter

from benchmarks.harness import Run
from satlink.board import Board, label_for
from satlink.explain import explain
from satlink.formats import read_file
from satlink.rules import parse_rules

CORPUS = Path("/work/shared/corpus/mzucker-flow_solver/puzzles")


def random_drafts(rng: random.Random, per_size: int) -> list[tuple[str, Board]]:
    out = []
    for n in range(5, 11):
        cells = n * n
        for _ in range(per_size):
            pairs = rng.randint(max(2, cells // 10), max(2, cells // 6))
            spots = rng.sample(range(cells), 2 * pairs)
            grid = [["."] * n for _ in range(n)]
            for k in range(pairs):
                for c in spots[2 * k:2 * k + 2]:
                    grid[c // n][c % n] = label_for(k)
            out.append((f"random {n}x{n}", Board.from_rows(["".join(r) for r in grid])))
    return out


def moved_drafts(rng: random.Random, moves: int, corpus: Path) -> list[tuple[str, Board]]:
    out = []
    for path in sorted(corpus.glob("*.txt")):
        for entry in read_file(str(path)):
            board = entry.board
            if board is None:
                continue
            for _ in range(moves):
                group = "corpus <=9x9" if board.size <= 81 else "corpus 10x10+"
                out.append((group, one_endpoint_moved(board, rng)))
    return out


def one_endpoint_moved(board: Board, rng: random.Random) -> Board:
    """``board`` with one endpoint, drawn at random, moved to a random empty cell: the draft
    a designer makes of a finished level (also ``benchmarks/repair.py``'s corpus drafts)."""
    rows = [list(r) for r in board.rows]
    ends = [c for label in board.labels for c in board.endpoints[label]]
    empty = [c for c in range(board.size) if board.char(c) == "."]
    a, b = rng.choice(ends), rng.choice(empty)
    w = board.width
    rows[b // w][b % w], rows[a // w][a % w] = rows[a // w][a % w], "."
    return board.with_rows("".join(r) for r in rows)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--per-size", type=int, default=30)
    parser.add_argument("--moves", type=int, default=3)
    parser.add_argument("--budget", type=float, default=10.0)
    parser.add_argument("--seed", type=int, default=21)
    parser.add_argument("--corpus", type=Path, default=CORPUS)
    parser.add_argument("--out", type=Path, default=None)
    args = parser.parse_args()
    bench = Run("explain", args)
    rng = random.Random(args.seed)
    drafts = random_drafts(rng, args.per_size) + moved_drafts(rng, args.moves, args.corpus)
    rows = []
    for group, board in drafts:
        begun = time.perf_counter()
        result = explain(board, parse_rules("flow"), budget=args.budget, steps=False)
        seconds = time.perf_counter() - begun
        rows.append({"group": group, "size": [board.width, board.height],
                     "pairs": len(board.labels), "status": result.status,
                     "reason": result.reason, "responsible": result.responsible,
                     "seconds": seconds, "seconds_to_reason": result.seconds_to_reason,
                     "budget_spent": result.budget_spent, "grid": list(board.rows)})
    groups = list(dict.fromkeys(r["group"] for r in rows))
    header = (f"{'group':<15}{'drafts':>7}{'unsolv.':>8}{'located':>9}{'reason s med':>13}"
              f"{'max':>7}{'total s med':>12}{'max':>7}  reasons (unsolvable)")
    print(header)
    print("-" * len(header))
    table = []
    for group in groups + ["all"]:
        mine = [r for r in rows if group in ("all", r["group"])]
        bad = [r for r in mine if r["status"] == "unsolvable"]
        located = [r for r in bad if r["reason"] in ("deduction", "core", "empty-cells")]
        to_reason = [r["seconds_to_reason"] for r in located]
        total = [r["seconds"] for r in bad] or [0.0]
        kinds = Counter(r["reason"] for r in bad)
        line = {"group": group, "drafts": len(mine), "unsolvable": len(bad),
                "located": len(located),
                "reason_median": statistics.median(to_reason) if to_reason else None,
                "reason_max": max(to_reason) if to_reason else None,
                "total_median": statistics.median(total), "total_max": max(total),
                "kinds": dict(kinds),
                "responsible": dict(Counter(r["responsible"][0] if r["responsible"] else "-"
                                            for r in bad))}
        table.append(line)
        share = f"{100 * len(located) / len(bad):.0f}%" if bad else "-"
        kinds_text = ", ".join(f"{k} {v}" for k, v in kinds.most_common())
        print(f"{group:<15}{len(mine):>7}{len(bad):>8}{share:>9}"
              f"{line['reason_median'] or 0:>13.3f}{line['reason_max'] or 0:>7.3f}"
              f"{line['total_median']:>12.3f}{line['total_max']:>7.3f}  {kinds_text}")
    print("\nrule responsible (unsolvable):")
    for line in table:
        print(f"  {line['group']:<15}" + ", ".join(f"{k} {v}" for k, v in
                                                  sorted(line["responsible"].items())))
    late = [r for r in rows if r["status"] == "unsolvable" and r["size"] == [10, 10]
            and (r["seconds_to_reason"] is None or r["seconds_to_reason"] > 1.0)]
    print(f"\n10x10 unsolvable drafts without a located reason within 1 s: {len(late)}")
    bench.write(args.out, rows, table=table)


if __name__ == "__main__":
    main()
