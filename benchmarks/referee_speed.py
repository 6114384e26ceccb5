"""The referee's time per solution check, in one process, on the corpus's solved boards.

Every verdict's solution goes through :func:`satlink.referee.solution_errors`, and the split
route (issue 24) checks every combined solution, so its per-check cost is part of each
board's floor.  Boards are read and solved once (not timed); then every solution is checked
``--rounds`` times, five times over, and the median per check is printed (``--out`` writes
JSON).  To compare two checkouts, run it under each one's ``PYTHONPATH`` in turn:

    git archive 3d69dd5 | (mkdir -p /tmp/ref-old && tar -x -C /tmp/ref-old)
    for i in 1 2 3; do PYTHONPATH=/tmp/ref-old python benchmarks/referee_speed.py
                       python benchmarks/referee_speed.py; done
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

if (CHECKOUT := str(Path(__file__).resolve().parents[1])) not in sys.path:  # started as a file
    sys.path.insert(1 + len(os.environ.get("PYTHONPATH", "").split(os.pathsep)), CHECKOUT)

import argparse

from benchmarks.harness import Run, repeated
from satlink import check
from satlink.formats import read_file
from satlink.referee import solution_errors

CORPUS = Path(__file__).resolve().parents[2] / "shared" / "corpus" / "mzucker-flow_solver" / "puzzles"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", type=Path, default=CORPUS, help="folder of *.txt boards")
    parser.add_argument("--rules", default="flow")
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--out", type=Path, default=None)
    args = parser.parse_args()
    bench = Run("referee_speed", args)
    solved = []
    for path in sorted(args.corpus.glob("*.txt")):
        for entry in read_file(str(path)):
            if entry.board is not None:
                verdict = check(entry.board, args.rules)
                if verdict.solutions:
                    solved.append((entry.board, verdict.solutions[0]))
    if not solved:
        parser.error(f"no solved board in {args.corpus}")
    def one_pass() -> None:
        for _ in range(args.rounds):
            for board, solution in solved:
                solution_errors(board, solution, args.rules)

    _, timing = repeated(one_pass, 5)
    ms = 1000 * timing["wall"] / (args.rounds * len(solved))
    print(f"{len(solved)} boards under {args.rules}: referee {ms:.3f} ms a check (median of 5)")
    bench.write(args.out, [{"boards": len(solved), "rules": args.rules,
                            "ms_per_check": round(ms, 4)}])


if __name__ == "__main__":
    main()
