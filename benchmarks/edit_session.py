"""The studio's check alone: a fresh ``check`` per edit against one kept solver per board.

``satlink.solver.session.EditSession`` answers boards that differ only in their holes and
endpoints with one solver, loaded on the second board of one size, geometry and number of
labels (:mod:`satlink.cnf.switches`).  This script
runs, on generated unique puzzles (the boards of ``studio_latency.py``, fixed seeds, plus
``--extra`` more per variant), three kinds of edit sequence, each edit checked both ways in
turn (the order alternating), so both columns come from one run at one load:

* ``toggle``: one hole painted and erased again on one cell (``studio_latency.py``'s edit);
* ``walk``: a hole painted or erased on a random empty cell each time;
* ``move``: an endpoint moved to a free neighbour and back.

Verdicts are compared edit by edit (a disagreement is printed and counted).  Figures: p50,
p95 and the sum of the verdicts' own ``seconds``, and the median of the per-edit ratios.

    python benchmarks/edit_session.py --only warps:15,hex:15,bridges:15,square:15 \
        --edits 40 --extra 3 --out benchmarks/results/edit-session.json
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
from benchmarks.studio_latency import CASES, pct, puzzle
from satlink.board import Board
from satlink.solver.check import check
from satlink.solver.session import EditSession

PATTERNS = ("toggle", "walk", "move")


def edit_sequence(board: dict, pattern: str, n: int, seed: int) -> list[Board]:
    """``n`` boards, each one edit of the one before."""
    rng = random.Random(seed)
    rows = [list(r) for r in board["grid"]]
    bridges = [tuple(b) for b in (board.get("geometry") or {}).get("bridges", [])]
    free = [(r, c) for r, row in enumerate(rows) for c, ch in enumerate(row)
            if ch == "." and (r, c) not in bridges]
    middle = free[len(free) // 2]
    moved: tuple[tuple[int, int], tuple[int, int]] | None = None
    out = []
    for _ in range(n):
        if pattern == "toggle":
            r, c = middle
            rows[r][c] = "#" if rows[r][c] == "." else "."
        elif pattern == "walk":
            r, c = rng.choice(free)
            rows[r][c] = "#" if rows[r][c] == "." else "."
        elif moved is not None:  # move back
            (r, c), (r2, c2) = moved
            rows[r][c], rows[r2][c2] = rows[r2][c2], "."
            moved = None
        else:
            ends = [(r, c) for r, row in enumerate(rows) for c, ch in enumerate(row)
                    if ch not in ".#"]
            r, c = rng.choice(ends)
            near = [(r + dr, c + dc) for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))
                    if (r + dr, c + dc) in free and rows[r + dr][c + dc] == "."]
            if not near:
                continue
            r2, c2 = rng.choice(near)
            rows[r2][c2], rows[r][c] = rows[r][c], "."
            moved = ((r, c), (r2, c2))
        out.append(Board.from_json(["".join(row) for row in rows], board.get("geometry")))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--edits", type=int, default=40, help="edits per board and pattern")
    parser.add_argument("--extra", type=int, default=0,
                        help="more generated puzzles per case (other seeds)")
    parser.add_argument("--only", default="", help="cases as variant:size, e.g. warps:15")
    parser.add_argument("--patterns", default=",".join(PATTERNS))
    parser.add_argument("--out", type=Path, default=None)
    args = parser.parse_args()
    bench = Run("edit_session", args)
    wanted = [w for w in args.only.split(",") if w]
    rows = []
    disagreements = 0
    for seed, (name, n, variant) in enumerate(CASES):
        if wanted and name not in wanted and f"{name}:{n}" not in wanted:
            continue
        boards = [puzzle(n, variant, seed)] + [puzzle(n, variant, 100 + seed * 10 + k)
                                               for k in range(args.extra)]
        for pattern in args.patterns.split(","):
            fresh, kept, ratios = [], [], []
            reused = 0
            for number, board in enumerate(boards):
                session = EditSession()
                start = Board.from_json(board["grid"], board.get("geometry"))
                check(start, board.get("rules"), session=session)  # the opened board
                for i, edited in enumerate(edit_sequence(board, pattern, args.edits, number)):
                    order = [None, session] if i % 2 else [session, None]
                    got = {}
                    for s in order:
                        verdict = check(edited, board.get("rules"), timeout=60, session=s)
                        got[s is not None] = verdict
                    if got[True].status != got[False].status:
                        disagreements += 1
                        print(f"DISAGREE {name} {pattern} board {number} edit {i}: "
                              f"{got[False].status} / {got[True].status}", flush=True)
                    fresh.append(got[False].seconds)
                    kept.append(got[True].seconds)
                    ratios.append(got[True].seconds / max(got[False].seconds, 1e-6))
                reused += session.reused
                session.close()
            row = {"variant": name, "size": f"{n}x{n}", "pattern": pattern, "boards": len(boards),
                   "edits": len(fresh), "reused": reused,
                   "fresh_p50_ms": round(1000 * statistics.median(fresh), 1),
                   "fresh_p95_ms": round(1000 * pct(fresh, 0.95), 1),
                   "kept_p50_ms": round(1000 * statistics.median(kept), 1),
                   "kept_p95_ms": round(1000 * pct(kept, 0.95), 1),
                   "sum_ratio": round(sum(kept) / sum(fresh), 2),
                   "median_ratio": round(statistics.median(ratios), 2)}
            rows.append(row)
            print(f"{name:8} {row['size']:6} {pattern:6} n={row['edits']:4} reused {reused:4}"
                  f"  fresh p50 {row['fresh_p50_ms']:6.1f} p95 {row['fresh_p95_ms']:6.1f} ms"
                  f"  kept p50 {row['kept_p50_ms']:6.1f} p95 {row['kept_p95_ms']:6.1f} ms"
                  f"  kept/fresh sum {row['sum_ratio']:.2f} median {row['median_ratio']:.2f}",
                  flush=True)
    print(f"{disagreements} verdicts differed")
    bench.write(args.out, rows, disagreements=disagreements)
    if disagreements:
        sys.exit(1)


if __name__ == "__main__":
    main()
