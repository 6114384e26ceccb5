"""Actions a designer needs in the studio, from a blank board to a saved unique puzzle: by
drawing the paths, against by placing endpoints (issue 32).

Each designer has a drawing in mind: a random painting of the board (paths grown by the
seeds' union-find generator and walked longer, as ``generate`` starts; the paths a person
sketches are of that kind).  The actions are the page's, counted as the studio answers them
(the same library calls, with the studio's 2 s budgets):

* **draw**: one drag per path; if the puzzle of the drawing's ends is not unique, one click
  on the first fix offered that keeps the drawing (``/api/fix``: :func:`fix_painting`); else
  the chain (one click, then one per step); then Save (the file's name typed, one click).
* **endpoints, puzzle known**: two clicks per pair at the ends of the drawing in mind, then
  the same repairs (Proposals and a click on the first, else the chain), then Save.
* **endpoints, blind**: as many pairs placed at random (the issue's designer, placing ends
  without a whole solution in mind), then "Nearest unique board" / Chain and one click per
  step, then Save; the puzzle that comes out is the chain's, not the designer's.

    python benchmarks/design_actions.py --boards 40 --out benchmarks/results/design-actions.json
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

if (CHECKOUT := str(Path(__file__).resolve().parents[1])) not in sys.path:  # started as a file
    sys.path.insert(1 + len(os.environ.get("PYTHONPATH", "").split(os.pathsep)), CHECKOUT)

import argparse
import json
import random
import statistics

from benchmarks.harness import Run
from satlink.board import Board
from satlink.formats.painted import read_painting
from satlink.painted.fix import PaintFixOptions, fix_painting
from satlink.repair import RepairOptions, repair_proposals
from satlink.repair.chains import repair_chain
from satlink.repair.plans import ChainOptions
from satlink.rules import parse_rules
from satlink.solver.check import check
from satlink.solver.verdict import Status
from testbed.paintings import grown, painted_rows

SAVE = 2  # the file's name typed, Save clicked
SECONDS = 2.0  # the studio's default budget of a repair or a fix


def repaired(board: Board, rules: str) -> int | None:
    """Clicks to make ``board`` unique with the studio's repairs (0: already unique; None:
    not within the budgets)."""
    verdict = check(board, rules)
    if verdict.status == Status.UNIQUE:
        return 0
    found = repair_proposals(board, parse_rules(rules),
                             RepairOptions(budget=60, timeout=0.25, remove=True),
                             verdict=verdict) if verdict.status == Status.MULTIPLE else None
    if found is not None and found.proposals:
        return 2  # Proposals, then the first
    chain = repair_chain(board, parse_rules(rules), ChainOptions(seconds=SECONDS))
    return 1 + len(chain.steps) if chain.repaired else None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boards", type=int, default=40)
    parser.add_argument("--size", type=int, default=7)
    parser.add_argument("--rules", default="flow")
    parser.add_argument("--out", type=Path, default=None)
    args = parser.parse_args()
    bench = Run("design_actions", args)
    rows = []
    seed = 0
    while len(rows) < args.boards:
        seed += 1
        system = grown("square", args.size, args.size, seed, walk=True)
        if system is None or system.solids:
            continue
        painting = read_painting(painted_rows(system), system.layout.geometry)
        board, drawn = painting.board, painting.solution()
        pairs = len(board.labels)
        verdict = check(board, args.rules, count=2)
        row = {"seed": seed, "pairs": pairs, "drawing": str(verdict.status)}
        draw = pairs
        if verdict.status == Status.MULTIPLE:
            fix = fix_painting(board, drawn, parse_rules(args.rules),
                               PaintFixOptions(seconds=SECONDS))
            extra = 1 if fix.proposals else repaired(board, args.rules)
            draw = None if extra is None else draw + extra
        elif verdict.status != Status.UNIQUE:
            extra = repaired(board, args.rules)
            draw = None if extra is None else draw + extra
        row["draw"] = None if draw is None else draw + SAVE
        known = repaired(board, args.rules)
        row["endpoints_known"] = None if known is None else 2 * pairs + known + SAVE
        rng = random.Random(seed)
        cells = rng.sample(range(board.size), 2 * pairs)
        grid = [["."] * board.width for _ in range(board.height)]
        for i, x in enumerate(cells):
            grid[x // board.width][x % board.width] = board.labels[i // 2]
        blind = repaired(Board(tuple("".join(r) for r in grid)), args.rules)
        row["endpoints_blind"] = None if blind is None else 2 * pairs + blind + SAVE
        rows.append(row)
        print(json.dumps(row), flush=True)
    print(f"\n{len(rows)} drawings of {args.size}x{args.size} under {args.rules}; actions from the "
          "blank board to a saved unique puzzle (median, and how many got there):")
    for key in ("draw", "endpoints_known", "endpoints_blind"):
        done = [r[key] for r in rows if r[key] is not None]
        print(f"  {key:16} median {statistics.median(done) if done else '-':>5}  "
              f"range {min(done, default='-')}-{max(done, default='-')}  "
              f"reached {len(done)}/{len(rows)}")
    unique = sum(r["drawing"] == "unique" for r in rows)
    print(f"  drawings whose ends were already a unique puzzle: {unique}/{len(rows)}")
    bench.write(args.out, rows)


if __name__ == "__main__":
    main()
