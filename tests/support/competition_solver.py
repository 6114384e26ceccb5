"""A tiny SAT solver that speaks the SAT competitions' protocol, for the harness's tests.

    python competition_solver.py [--sleep S] [--hog MIB] [--exit-zero] [--wrong-model] [--quiet] FILE.cnf

Reads the DIMACS file, prints ``s SATISFIABLE`` with ``v`` lines ending in ``0`` (exit
status 10) or ``s UNSATISFIABLE`` (exit status 20), and a statistics section with a
``c conflicts: N`` line (left out when N is 0, as CaDiCaL does) unless ``--quiet``.  The
search is PySAT's MiniSat: what is under test is the protocol around it.
``--sleep S`` first sleeps S seconds ignoring every deadline (the harness must kill it);
``--hog MIB`` first fills that much memory (a memory limit must stop it);
``--exit-zero`` and ``--wrong-model`` break the protocol on purpose; ``--always-unsat``
answers UNSATISFIABLE whatever the formula (a wrong answer that keeps the protocol);
``--burn S`` first spends S seconds of CPU time (S < 0: without end) and ``--touch MIB``
fills that much memory page by page and holds it, after which the solver appends to
``--report FILE`` one line: its own CPU seconds and peak resident KiB, as it measured them;
``--version`` prints a version line.
"""

from __future__ import annotations

import argparse
import sys
import time

VERSION = "competition_solver 1.0 (satlink tests)"


def read_dimacs(path: str) -> tuple[int, list[list[int]]]:
    n_vars, clauses, current = 0, [], []
    with open(path, encoding="ascii") as handle:
        for line in handle:
            if line.startswith("c") or not line.strip():
                continue
            if line.startswith("p"):
                n_vars = int(line.split()[2])
                continue
            for token in line.split():
                literal = int(token)
                if literal == 0:
                    clauses.append(current)
                    current = []
                else:
                    current.append(literal)
    return n_vars, clauses


def main() -> int:
    if "--version" in sys.argv:
        print(VERSION)
        return 0
    parser = argparse.ArgumentParser()
    parser.add_argument("cnf")
    parser.add_argument("--sleep", type=float, default=0.0)
    parser.add_argument("--exit-zero", action="store_true")
    parser.add_argument("--wrong-model", action="store_true")
    parser.add_argument("--quiet", action="store_true")
    parser.add_argument("--hog", type=int, default=0)
    parser.add_argument("--always-unsat", action="store_true")
    parser.add_argument("--burn", type=float, default=0.0)
    parser.add_argument("--touch", type=int, default=0)
    parser.add_argument("--report", default=None)
    args = parser.parse_args()
    time.sleep(args.sleep)
    hog = bytearray(args.hog * 1024 * 1024)  # noqa: F841 - held until the end
    touched = bytearray(args.touch * 1024 * 1024)
    for page in range(0, len(touched), 4096):  # resident, not merely reserved
        touched[page] = 1
    begun = time.process_time()
    while args.burn and (args.burn < 0 or time.process_time() - begun < args.burn):
        sum(range(10_000))
    if args.report:
        import resource

        own = resource.getrusage(resource.RUSAGE_SELF)
        with open(args.report, "a", encoding="ascii") as handle:
            handle.write(f"{own.ru_utime + own.ru_stime} {own.ru_maxrss}\n")
    from pysat.solvers import Solver

    n_vars, clauses = read_dimacs(args.cnf)
    with Solver(name="minisat22", bootstrap_with=clauses) as solver:
        sat = solver.solve()
        model = solver.get_model() if sat else None
        conflicts = solver.accum_stats().get("conflicts", 0)
    if not args.quiet:  # as CaDiCaL does: a statistics section that leaves out zero counters
        print("c --- [ statistics ] ---")
        if conflicts:
            print(f"c conflicts: {conflicts}")
    if not sat or args.always_unsat:
        print("s UNSATISFIABLE")
        return 0 if args.exit_zero else 20
    values = {abs(lit): lit for lit in model or []}
    literals = [values.get(v, -v) for v in range(1, n_vars + 1)]
    if args.wrong_model:
        literals = [-lit for lit in literals]
    print("s SATISFIABLE")
    for start in range(0, len(literals), 10):
        print("v " + " ".join(map(str, literals[start:start + 10])))
    print("v 0")
    return 0 if args.exit_zero else 10


if __name__ == "__main__":
    sys.exit(main())
