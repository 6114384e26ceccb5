"""The 1002x1002 boards of thomasahle's inputs6 (read in place): a definite verdict for each,
with time and peak memory, and a proven-unique 1002x1002 board made from the first one.

The first board has exactly two solutions under ``flow`` (4-arm spirals from the corners to
the centre).  To get a unique board of the same size, this script cuts one path of the first
solution at an edge the second solution lacks and gives the two halves their own labels
(satlink's generator repairs ambiguous candidates the same way), then proves the new board
unique.  Each check runs in a fresh process, so the peak memory is that board's alone.

    python benchmarks/huge.py ../shared/corpus/thomasahle-numberlink/puzzles/inputs6 \
        --out benchmarks/results/huge.json
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

if (CHECKOUT := str(Path(__file__).resolve().parents[1])) not in sys.path:  # started as a file
    sys.path.insert(1 + len(os.environ.get("PYTHONPATH", "").split(os.pathsep)), CHECKOUT)

import argparse

from rich.console import Console
from rich.table import Table

from benchmarks.harness import Run
from benchmarks.isolated import run_isolated
from satlink import Board, Solution
from satlink.board import label_for
from satlink.formats import read_file
from satlink.solver.method import Method
from satlink.solver.verdict import Status


def run_check(board: Board, rules: str, solver: str) -> dict:
    return run_isolated(board, rules, Method(solver=solver), None)


def split_board(board: Board, first: Solution, second: Solution) -> Board:
    """Cut the first solution's first path at its middle-most edge that the second solution
    lacks; the two halves get their own labels."""
    other = second.edges()
    label = board.labels[0]
    path = first.paths[label]
    middle = len(path) // 2
    cut = min((i for i in range(2, len(path) - 3)
               if (min(path[i], path[i + 1]), max(path[i], path[i + 1])) not in other),
              key=lambda i: abs(i - middle))
    new = next(label_for(i) for i in range(len(board.labels) + 1)
               if label_for(i) not in board.labels)
    cells = list("".join(board.rows))
    cells[path[cut]] = label
    cells[path[cut + 1]] = new
    cells[path[-1]] = new
    w = board.width
    return Board.from_rows(["".join(cells[r * w:(r + 1) * w]) for r in range(board.height)])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("path", help="thomasahle-numberlink/puzzles/inputs6")
    parser.add_argument("--rules", default="flow")
    parser.add_argument("--solver", default="glucose4")
    parser.add_argument("--out", default=None)
    args = parser.parse_args(argv)
    bench = Run("huge", args)
    console = Console(width=150)
    entries = [e for e in read_file(args.path, max_cells=10**7) if e.board is not None]
    rows = []
    for entry in entries:
        b = entry.board
        row = {"board": f"inputs6#{entry.index}", "size": f"{b.width}x{b.height}",
               "labels": len(b.labels), **run_check(b, args.rules, args.solver)}
        rows.append(row)
        console.print(f"{row['board']} {row['size']} {row['status']} {row['wall_seconds']:.1f} s "
                      f"peak {row.get('peak_mb', 0):.0f} MB")
        if entry.index == 1 and row["status"] == Status.MULTIPLE:
            first, second = (Solution.from_coords(b, s) for s in row["solutions"])
            split = split_board(b, first, second)
            made = {"board": "inputs6#1 split", "size": f"{b.width}x{b.height}",
                    "labels": len(split.labels), **run_check(split, args.rules, args.solver)}
            rows.append(made)
            console.print(f"{made['board']} {made['status']} {made['wall_seconds']:.1f} s")
    table = Table(title=f"huge boards under '{args.rules}' with {args.solver}, one process each")
    for col in ("board", "size", "labels", "verdict", "wall s", "encode s", "SAT s", "peak MB",
                "clauses"):
        table.add_column(col)
    for r in rows:
        table.add_row(r["board"], r["size"], str(r["labels"]), r.get("status", "?"),
                      f"{r['wall_seconds']:.1f}", f"{r.get('encode_seconds', 0):.1f}",
                      f"{r.get('sat_seconds', 0):.1f}", f"{r.get('peak_mb', 0):.0f}",
                      str(r.get("clauses", "-")))
    console.print(table)
    bench.write(args.out, [{k: v for k, v in r.items() if k != "solutions"} for r in rows])
    return 0


if __name__ == "__main__":
    sys.exit(main())
