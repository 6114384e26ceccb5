"""Which degree checks could close the ``fill`` search's states: random dives down the band
sweep's tree, and at each live state the chessboard count and an exact degree test.

A dive starts from the fixpoint of every technique and repeats: take the path end first in the
band's sweep (the search's own choice), turn a random one of its undecided edges on, and run
the fixpoint of the search's cheap passes; it ends at a contradiction or a finished board.
Every live state on the way is asked, in this order, for

* the chessboard count (technique ``parity``, :mod:`satlink.deduce.shades`);
* the b-factor test: whether H (the nodes with a remaining need r > 0 and the undecided
  edges between them) has a subgraph in which every node has degree r (testbed/b_factor.py),
  by augmenting paths on the bipartite H (a board with an odd cycle in H is skipped).  Every
  completion is such a subgraph, so a state without one has no solution: the strongest test
  of degrees alone.

The dive stops at the first state either closes.  Python, for a measurement only: the b-factor
test is not in the engine.

    python benchmarks/fill_dives.py --boards "inputs4#1,inputs4#2,extreme_12x12_28" --dives 400
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

if (CHECKOUT := str(Path(__file__).resolve().parents[1])) not in sys.path:  # started as a file
    sys.path.insert(1 + len(os.environ.get("PYTHONPATH", "").split(os.pathsep)), CHECKOUT)

import argparse
import random

from benchmarks.deduction_gates import boards
from benchmarks.harness import Run
from satlink.deduce import Contradiction, Puzzle
from satlink.deduce.dfs import sweep_rank
from satlink.deduce.engines import engine_named
from satlink.rules import parse_rules
from testbed.b_factor import has_b_factor


def dives(board, count: int, rng: random.Random) -> dict[str, int]:
    eng, profile = engine_named("compiled"), parse_rules("fill")
    p = Puzzle(board, profile)
    root = eng.state(p)
    found = {"live states": 0, "closed by the fixpoint": 0, "by the count": 0,
             "by the b-factor": 0, "not bipartite": 0, "solutions": 0}
    try:
        eng.fixpoint(root, ("corner", "notouch", "region", "bottleneck"))
    except Contradiction:
        return found
    rank = sweep_rank(board)
    for _ in range(count):
        st = root.copy()
        while not eng.finished(st):
            x = min(st.heads(), key=rank.__getitem__)
            es = bytes(st.es)
            try:
                st.set_on(rng.choice([e for e, _y in p.inc[x] if es[e] == 0]))
                eng.fixpoint(st, ("corner", "notouch"))
            except Contradiction:
                found["closed by the fixpoint"] += 1
                break
            if eng.finished(st):
                found["solutions"] += 1
                break
            found["live states"] += 1
            try:
                eng.run(st, "parity")
            except Contradiction:
                found["by the count"] += 1
                break
            factor = has_b_factor(p, bytes(st.es))
            found["not bipartite"] += factor is None
            if factor is False:
                found["by the b-factor"] += 1
                break
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--group", default="hand-made")
    parser.add_argument("--boards", default="inputs4#1,inputs4#2,extreme_9x9_01,"
                        "extreme_10x10_01,extreme_12x12_28,jumbo_14x14_02",
                        help="the group's boards, by name (a file's name without .txt#1)")
    parser.add_argument("--dives", type=int, default=400)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()
    bench = Run("fill_dives", args)
    load = os.getloadavg()
    print(f"load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")
    rng, rows, wanted = random.Random(args.seed), [], args.boards.split(",")
    for name, board in boards(args.group, 10**7):
        if any(name == part or name.startswith(part + ".") for part in wanted):
            found = dives(board, args.dives, rng)
            rows.append({"board": name, **found})
            print(f"  {name:26} {board.width}x{board.height:<4} {found}", flush=True)
    bench.write(args.out, rows, load=load)
    return 0


if __name__ == "__main__":
    sys.exit(main())
