"""Print open boards with two or three labels (W H format): the hard case for lazy cycle cuts
under ``fill``, where every empty region invites a detached cycle.

Each label runs from the left edge to the right edge of an otherwise empty n x n board.

    python benchmarks/open_boards.py > open.txt
    satlink bench open.txt --rules fill --encodings binary-edge,acyclic --solvers cadical195 \
        --cycles lazy,propagator --timeout 20
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

if (CHECKOUT := str(Path(__file__).resolve().parents[1])) not in sys.path:  # started as a file
    sys.path.insert(1 + len(os.environ.get("PYTHONPATH", "").split(os.pathsep)), CHECKOUT)

import argparse


def open_boards(sizes: tuple[int, ...] = (8, 12, 16, 20, 24, 30),
                labels: tuple[int, ...] = (2, 3)) -> list[str]:
    boards = []
    for n in sizes:
        for count in labels:
            grid = [["."] * n for _ in range(n)]
            for i in range(count):
                grid[i * (n // count)][0] = grid[i * (n // count)][n - 1] = "ABC"[i]
            boards.append(f"{n} {n}\n" + "\n".join("".join(row) for row in grid))
    return boards


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", default="8,12,16,20,24,30", help="board sides, comma list")
    parser.add_argument("--labels", default="2,3", help="label counts, comma list")
    args = parser.parse_args(argv)
    sizes = tuple(int(n) for n in args.sizes.split(","))
    labels = tuple(int(n) for n in args.labels.split(","))
    sys.stdout.write("\n".join(open_boards(sizes, labels)) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
