"""Can the forced moves alone decide a board, given one case split?  The deduction engine
(:mod:`satlink.deduce`: forced, corner, notouch) run to its fixpoint, then once for each
undecided edge out of the first endpoint that has none yet, turned on (the endpoint takes
exactly one of them, so the branches are every case): a branch that ends in a contradiction
has no solution, a branch that ends complete is one (checked by the referee).  Every branch
contradicting proves the board unsolvable; exactly one complete branch and the others
contradicting prove it unique; two complete branches are two solutions.

This is the experiment behind issue 24's "decide the 1002x1002 boards by forced moves": it
prints, per board, the set-up, the fixpoint and each branch's seconds, its outcome and the
process's peak memory, so the route can be weighed against SAT (``benchmarks/perf.py``).

    python benchmarks/forced_probe.py /tmp/board2.txt          # one board per file
    python benchmarks/forced_probe.py --spiral 106              # a made 106x106 spiral board
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

if (CHECKOUT := str(Path(__file__).resolve().parents[1])) not in sys.path:  # started as a file
    sys.path.insert(1 + len(os.environ.get("PYTHONPATH", "").split(os.pathsep)), CHECKOUT)

import argparse
import gc
import resource
import time

from benchmarks.harness import Run
from satlink import Board, solution_errors
from satlink.deduce import Contradiction, Puzzle, State, corner, finished, fixpoint, notouch
from satlink.formats import read_file
from satlink.rules import parse_rules


def spiral_board(n: int, swapped: bool = False) -> Board:
    """inputs6's layout at side ``n``: labels in the four corners and a 2x2 block of their
    partners in the centre (``swapped``: two partners exchanged, as in board 2)."""
    grid = [["."] * n for _ in range(n)]
    m = n // 2 - 1
    grid[0][0], grid[0][n - 1], grid[n - 1][0], grid[n - 1][n - 1] = "a", "b", "c", "d"
    grid[m][m], grid[m][m + 1] = "a", "b"
    grid[m + 1][m], grid[m + 1][m + 1] = ("d", "c") if swapped else ("c", "d")
    return Board.from_rows(["".join(row) for row in grid])


def probe(board: Board, rules: str) -> dict:
    profile = parse_rules(rules)
    passes = [corner, notouch]
    begun = time.perf_counter()
    puzzle = Puzzle(board, profile)
    state = State(puzzle)
    row: dict = {"size": f"{board.width}x{board.height}", "setup": time.perf_counter() - begun}
    begun = time.perf_counter()
    try:
        fixpoint(state, passes)
    except Contradiction as failed:
        row.update(fixpoint=time.perf_counter() - begun, verdict="unsolvable",
                   why=failed.kind)
        return row
    row["fixpoint"] = time.perf_counter() - begun
    row["undecided_after_fixpoint"] = state.es.count(0)  # works on older checkouts too
    if finished(state):
        valid = not solution_errors(board, state.solution(), profile)
        row["verdict"] = "unique" if valid else "refused by the referee"
        return row
    # an endpoint with no edge yet takes exactly one of its undecided edges: the branches
    # below are every case
    start = next(x for label in board.labels for x in board.endpoints[label]
                 if not state.on[x] and state.unk[x])
    branches = []
    for e, _ in puzzle.inc[start]:
        if state.es[e]:
            continue
        begun = time.perf_counter()
        trial = state.copy()
        try:
            trial.set_on(e)
            fixpoint(trial, passes)
            if finished(trial):
                valid = not solution_errors(board, trial.solution(), profile)
                outcome = "solution" if valid else "refused by the referee"
            else:
                outcome = f"open ({trial.es.count(0)} edges undecided)"
        except Contradiction as failed:
            outcome = f"contradiction ({failed.kind})"
        branches.append({"edge": e, "outcome": outcome, "seconds": time.perf_counter() - begun})
    row["branches"] = branches
    solutions = sum(b["outcome"] == "solution" for b in branches)
    if all(b["outcome"] == "solution" or b["outcome"].startswith("contradiction")
           for b in branches):
        row["verdict"] = {0: "unsolvable", 1: "unique"}.get(solutions, "multiple")
    else:
        row["verdict"] = "undecided"
    return row


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("files", nargs="*")
    parser.add_argument("--spiral", type=int, action="append", default=[],
                        help="also a made spiral board of this side (and its swapped twin)")
    parser.add_argument("--rules", default="flow")
    parser.add_argument("--out", default=None)
    args = parser.parse_args(argv)
    bench = Run("forced_probe", args)
    gc.disable()  # as satlink check does while it works on a board
    boards = [(f"{path}#{e.index}", e.board) for path in args.files
              for e in read_file(path, max_cells=10**7) if e.board is not None]
    for n in args.spiral:
        boards += [(f"spiral {n}", spiral_board(n)), (f"spiral {n} swapped", spiral_board(n, True))]
    rows = []
    for name, board in boards:
        row = {"board": name, **probe(board, args.rules)}
        row["total"] = row["setup"] + row["fixpoint"] + sum(b["seconds"] for b in row.get("branches", []))
        rows.append(row)
        branches = "; ".join(f"{b['outcome']} {b['seconds']:.2f} s" for b in row.get("branches", []))
        print(f"{name}: {row['size']} set-up {row['setup']:.2f} s, fixpoint {row['fixpoint']:.2f} s, "
              f"branches: {branches or '-'}; verdict {row['verdict']}, total {row['total']:.2f} s",
              flush=True)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"peak memory of this process: {peak:.0f} MB")
    bench.write(args.out, rows, peak_mb=peak)
    return 0


if __name__ == "__main__":
    sys.exit(main())
