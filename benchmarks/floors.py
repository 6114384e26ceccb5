"""Issue 24's floors: what a board costs in satlink before any search, against the Go solver.

The issue's goal is a per-board time within 5x the Go solver's (thomasahle/numberlink, about
0.4 ms a hand-made board and 4 ms a 40x20 one, start-up included).  This script measures the
parts of satlink's per-board cost that no search strategy removes, each on the same boards,
in this process (medians of ``--repeat`` passes over the corpus, per board):

* reading: the file's text to entries (:func:`satlink.formats.read_file`), Board included;
* board graph: the edges, incidences and arrays the forced moves and the encoding read;
* forced moves: :func:`satlink.solver.presolve.presolve` (boards up to ``MAX_NODES``);
* solver: creating and deleting an empty glucose4 instance;
* referee: checking one solution (:func:`satlink.solution_errors`);
* record: the verdict's JSON record (:func:`satlink.records.verdict_record`);
* check: the whole ``check`` (all of the above but reading, plus encoding and search);

and, once, whole processes: ``python -c pass``, importing satlink's command line, and
``python -m satlink check`` of a one-board file.

    python benchmarks/floors.py ../shared/corpus/thomasahle-numberlink/puzzles/inputs9
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

if (CHECKOUT := str(Path(__file__).resolve().parents[1])) not in sys.path:  # started as a file
    sys.path.insert(1 + len(os.environ.get("PYTHONPATH", "").split(os.pathsep)), CHECKOUT)

import argparse
import statistics
import subprocess
import tempfile
import time

from benchmarks.harness import Run, repeated
from satlink import Board, check, solution_errors
from satlink.formats import read_file
from satlink.records import verdict_record
from satlink.rules import parse_rules
from satlink.solver.presolve import presolve

HERE = Path(__file__).resolve().parent.parent


def per_board(fn, items: list, repeat: int) -> float:
    """Median over ``repeat`` passes of one pass's time, per item, in ms."""
    _, timing = repeated(lambda: [fn(item) for item in items], repeat)
    return timing["wall"] / len(items) * 1e3


def process(args: list[str], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        subprocess.run(args, cwd=HERE, capture_output=True, check=True)
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1e3


def graph_of(board: Board) -> None:
    fresh = Board(board.rows, board.geometry)
    graph = fresh.graph
    graph.edges, graph.incidence, graph.neighbours, graph.arrays  # noqa: B018


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("files", nargs="+")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--out", default=None)
    args = parser.parse_args(argv)
    bench = Run("floors", args)
    from pysat.solvers import Solver

    flow = parse_rules("flow")
    boards = [e.board for f in args.files for e in read_file(f) if e.error is None]
    verdicts = [check(b, flow) for b in boards]
    solved = [(b, v.solutions[0]) for b, v in zip(boards, verdicts, strict=True) if v.solutions]
    rows = {
        "reading (text to Board)": per_board(lambda f: list(read_file(f)), args.files,
                                             args.repeat) * len(args.files) / len(boards),
        "board graph": per_board(graph_of, boards, args.repeat),
        "forced moves": per_board(lambda b: presolve(b, flow), boards, args.repeat),
        "solver create + delete": per_board(lambda _: Solver("glucose4").delete(), boards,
                                            args.repeat),
        "referee": per_board(lambda bs: solution_errors(bs[0], bs[1], flow), solved,
                             args.repeat),
        "record": per_board(lambda bv: verdict_record("floors", 1, bv[0], bv[1], grade=False),
                            list(zip(boards, verdicts, strict=True)), args.repeat),
        "check (whole)": per_board(lambda b: check(b, flow), boards, args.repeat),
    }
    with tempfile.TemporaryDirectory() as tmp:
        one = Path(tmp) / "one.txt"
        one.write_text("2 2\nAB\nAB\n")
        rows["process: python -c pass"] = process([sys.executable, "-c", "pass"], args.repeat)
        rows["process: import satlink.cli"] = process([sys.executable, "-c", "import satlink.cli"],
                                                      args.repeat)
        rows["process: check of a 2x2 board"] = process(
            [sys.executable, "-m", "satlink", "check", str(one)], args.repeat)
    print(f"{len(boards)} boards of {', '.join(Path(f).name for f in args.files)}")
    print("part | ms (per board; processes: once)")
    for name, ms in rows.items():
        print(f"{name} | {ms:.2f}")
    bench.write(args.out, [{"part": name, "ms": ms} for name, ms in rows.items()],
                boards=len(boards))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
