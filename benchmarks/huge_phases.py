"""Where one ``satlink check <board> --json`` process spends its CPU, phase by phase, on a
huge board (the 1002x1002 boards of inputs6): this checkout and, with ``--base``, another one,
run in turn, ``--repeat`` times each; medians of CPU seconds and their shares of the process.

    python benchmarks/huge_phases.py --base <main, built> --boards board1.txt,board2.txt \\
        --repeat 3 --out benchmarks/results/huge_phases.json

Each run is a fresh process started in the checkout (as ``python -m satlink`` is): it wraps the
functions that make each phase (reading; the compiled graph, which the state's construction
asks for; the state; the first fixpoint; the case splits; the solutions' paths; the referee;
the cells where two solutions differ; the record; its JSON text), runs the command's own
``main`` and reports CPU seconds (``time.process_time``, steadier than wall time on a shared
machine) by phase; "start-up, imports" is the CPU spent before the command starts, "rest" what
no phase holds (routes, verdict, click).  The interpreter's exit is not counted.  cProfile
would inflate the Python phases against the core's, so it is not used.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

if (CHECKOUT := str(Path(__file__).resolve().parents[1])) not in sys.path:  # started as a file
    sys.path.insert(1 + len(os.environ.get("PYTHONPATH", "").split(os.pathsep)), CHECKOUT)

import argparse
import json
import statistics
import subprocess

from benchmarks.harness import Run

HERE = Path(__file__).resolve().parent.parent

CHILD = """
import json, os, resource, sys, time
T = {}
def wrap(owner, name, phase):
    inner = getattr(owner, name)
    def timed(*args, **kwargs):
        start = time.process_time()
        try:
            return inner(*args, **kwargs)
        finally:
            T[phase] = T.get(phase, 0.0) + time.process_time() - start
    setattr(owner, name, timed)
import satlink.cli as cli
import satlink.cli.check as cli_check
import satlink.render.console as console
import satlink.records as records
import satlink.solver.check as check
import satlink.solver.presolve as presolve
from satlink.deduce.compiled import CompiledEngine
T["start-up, imports"] = time.process_time()
wrap(cli_check, "read_entries", "read")
for method, phase in (("graph", "graph"), ("state", "state"), ("fixpoint", "fixpoint"),
                      ("split", "split"), ("solution", "solutions")):
    wrap(CompiledEngine, method, phase)
wrap(presolve, "solution_errors", "referee")
wrap(check, "diff_cells", "diff")
wrap(console, "verdict_record", "record")
wrap(records, "dumps", "write")
sys.argv = ["satlink", "check", sys.argv[1], "--json"]
sys.stdout = open(os.devnull, "w")
try:
    cli.main()
except SystemExit:
    pass
total = time.process_time()
T["state"] = T.get("state", 0.0) - T.get("graph", 0.0)  # the graph is made inside state()
T["rest"] = total - sum(T.values())
print(json.dumps({"total": total, "phases": T,
                  "peak_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}),
      file=sys.stderr)
"""


def phases(checkout: Path, board: str) -> dict:
    """One process in ``checkout`` (its own ``satlink``, imported from there) on ``board``."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    proc = subprocess.run([sys.executable, "-c", CHILD, board], cwd=checkout, env=env,
                          capture_output=True, text=True, check=True)
    return json.loads(proc.stderr.strip().splitlines()[-1])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--boards", required=True, help="comma list of board files (one board each)")
    parser.add_argument("--base", help="another checkout of satlink, built")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--out")
    args = parser.parse_args(argv)
    run = Run("huge_phases", args)
    sides = {"new": HERE, **({"base": Path(args.base).resolve()} if args.base else {})}
    rows = []
    for board in args.boards.split(","):
        for r in range(args.repeat):
            for label in (list(sides) if r % 2 == 0 else list(reversed(sides))):
                rows.append({"board": board, "version": label, "repeat": r,
                             **phases(sides[label], str(Path(board).resolve()))})
                print(f"  {Path(board).name} {label} {rows[-1]['total']:.2f} s CPU",
                      file=sys.stderr)
    for board in args.boards.split(","):
        print(f"\n{Path(board).name} (CPU seconds, medians of {args.repeat}; share of the process)")
        columns = {label: [x for x in rows if x["board"] == board and x["version"] == label]
                   for label in sides}
        names = list(dict.fromkeys(n for x in rows for n in x["phases"]))
        print(" | ".join(["phase", *columns]))
        for name in [*names, "total"]:
            cells = []
            for found in columns.values():
                total = statistics.median(x["total"] for x in found)
                value = statistics.median(x["total"] if name == "total" else
                                          x["phases"].get(name, 0.0) for x in found)
                cells.append(f"{value:.2f} ({100 * value / total:.0f} %)")
            print(" | ".join([name, *cells]))
    run.write(args.out, rows)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
