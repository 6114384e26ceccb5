"""Where the time goes under ``fill`` and ``nikoli`` (issue 36): each SAT call of a whole-board
search measured apart, on the boards the issue names.

For each board and profile, one incremental solver on the profile's CNF (the default
``binary-edge`` encoding, no forced moves, lazy cycle cuts), run as the solver loop runs it:

* ``first``: the call that finds the first solution (or its deadline), with its SAT calls and
  cycle cuts;
* ``second``: the next call, with that solution blocked (a second solution or UNSAT);
* ``given``: a fresh solver, the ``flow`` solution blocked from the start, one call: what is
  left once a stricter profile has handed over the first solution.

Each call has its own ``--limit`` (seconds).  The table says, per board, which call the time
goes to and whether cycle cuts play any part::

    python benchmarks/profile_time.py --limit 10 --out benchmarks/results/profile_time.json
    python benchmarks/profile_time.py --only mzucker --match 12x12_28,11x11_07 \
        --encodings binary-edge,onehot-edge,shape,acyclic --profiles fill,nikoli,notouch
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

if (CHECKOUT := str(Path(__file__).resolve().parents[1])) not in sys.path:  # started as a file
    sys.path.insert(1 + len(os.environ.get("PYTHONPATH", "").split(os.pathsep)), CHECKOUT)

import argparse
import threading
import time

from benchmarks.harness import Run
from satlink.formats import read_file
from satlink.rules import parse_rules
from satlink.solver.check import check
from satlink.solver.cycles import cycle_cut
from satlink.solver.decode import read_model
from satlink.solver.encode import encode
from satlink.solver.method import Method

HERE = Path(__file__).resolve().parent.parent

CORPUS = HERE.parent / "shared" / "corpus"
SETS = {
    "inputs4": [CORPUS / "thomasahle-numberlink" / "puzzles" / "inputs4"],
    "inputs2": [CORPUS / "thomasahle-numberlink" / "puzzles" / "inputs2"],
    "mzucker": sorted((CORPUS / "mzucker-flow_solver" / "puzzles").glob("*1[0-4]x*.txt")),
    "inputs9": [CORPUS / "thomasahle-numberlink" / "puzzles" / "inputs9"],
}


def boards(names: list[str], first: int, match: str):
    for name in names:
        for path in SETS[name]:
            for entry in list(read_file(str(path), max_cells=10**7))[:first]:
                label = f"{path.name}#{entry.index}"
                if entry.error is None and (not match or any(m in label for m in match.split(","))):
                    yield label, entry.board


def calls(board, rules: str, method: Method, limit: float, blocked=None) -> list[dict]:
    """Up to two cycle-free solutions of one incremental solver, each call timed."""
    from pysat.solvers import Solver

    encoding = encode(board, parse_rules(rules), method)
    var = encoding.variables.edge_var
    ends = encoding.variables.graph.edges
    solver = Solver(name="glucose4", bootstrap_with=encoding.clauses.clauses)
    if blocked is not None:
        solver.add_clause([-var[e] for e in blocked])
    out = []
    for _ in range(1 if blocked is not None else 2):
        begun, sat_calls, cuts = time.perf_counter(), 0, 0
        before = solver.accum_stats().get("conflicts", 0)
        timer = threading.Timer(limit, solver.interrupt)
        timer.start()
        while True:
            sat_calls += 1
            sat = solver.solve_limited(expect_interrupt=True)
            if not sat:
                break
            read = read_model(board, ends, solver.get_model())
            if not read.cycles:
                break
            chosen = read.edges()
            for cells in read.cycles:
                solver.add_clause(cycle_cut(encoding, cells, chosen))
                cuts += 1
        timer.cancel()
        solver.clear_interrupt()
        answer = {None: "timeout", False: "unsat", True: "sat"}[sat]
        out.append({"answer": answer, "seconds": round(time.perf_counter() - begun, 3),
                    "sat_calls": sat_calls, "cuts": cuts,
                    "conflicts": solver.accum_stats().get("conflicts", 0) - before})
        if not sat:
            break
        solver.add_clause([-var[e] for e in read.edges()])
    solver.delete()
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", default="inputs4,inputs2,mzucker",
                        help=f"comma list of {', '.join(SETS)}")
    parser.add_argument("--first", type=int, default=10**6, help="boards per file")
    parser.add_argument("--match", default="", help="comma list: boards whose name#index "
                        "holds one of these (e.g. 12x12_28,inputs4#2)")
    parser.add_argument("--profiles", default="fill,nikoli")
    parser.add_argument("--encodings", default="binary-edge")
    parser.add_argument("--limit", type=float, default=10.0, help="seconds per SAT call")
    parser.add_argument("--out", help="JSON results")
    args = parser.parse_args()
    bench = Run("profile_time", args)
    rows = []
    print("| board | size | profile | encoding | first | second | given the flow solution |")
    print("|---|---|---|---|---|---|---|")
    for name, board in boards(args.only.split(","), args.first, args.match):
        flow = check(board, "flow", timeout=args.limit)
        for rules in args.profiles.split(","):
            for enc in args.encodings.split(","):
                method = Method(encoding=enc, presolve=False)
                own = calls(board, rules, method, args.limit)
                given = (calls(board, rules, method, args.limit, flow.solutions[0].edges())
                         if flow.solutions else [])
                rows.append({"board": name, "size": f"{board.width}x{board.height}",
                             "rules": rules, "encoding": enc, "calls": own, "given": given,
                             "flow": flow.status.value})

                def cell(c):
                    return (f"{c['answer']} {c['seconds']:.2f} s, {c['sat_calls']} calls, "
                            f"{c['cuts']} cuts, {c['conflicts']} confl.")
                print(f"| {name} | {board.width}x{board.height} | {rules} | {enc} | "
                      f"{cell(own[0])} | {cell(own[1]) if len(own) > 1 else '–'} | "
                      f"{cell(given[0]) if given else '–'} |", flush=True)
    bench.write(args.out, rows)


if __name__ == "__main__":
    main()
