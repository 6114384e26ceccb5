"""What the compiled deduction engine changes where the engine is used (issue 30's "proof"),
this checkout against a baseline checkout, interleaved run by run (base, new, new, base, ...):

* ``grade``: :func:`satlink.grading.grade` on every hand-made board it grades (inputs1, 2, 4
  and mzucker, up to 400 nodes), in one process: seconds for all;
* ``check-grade``: ``satlink check FILES --json --grade`` on the same files, whole process;
* ``trace``: the step-by-step explanation (:func:`satlink.explain.trace.trace`) of each;
* ``hint``: the studio's hint from a drawing (the first path half drawn), per board: p50/p95;
* ``generate-easy`` / ``generate-medium``: ``satlink generate --size 20x20 --grade BAND``,
  seconds a puzzle;
* ``start``: a ``satlink check`` process on a 2x2 board.

    git worktree add --detach ../base 87e2fed
    python benchmarks/engine_speed.py --base ../base --repeat 3 --out benchmarks/results/engine_speed.json
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
import tempfile
import time

from benchmarks.harness import Run, keyed

HERE = Path(__file__).resolve().parent.parent
CORPUS = HERE.parent / "shared" / "corpus"
HAND_MADE = [str(CORPUS / "thomasahle-numberlink" / "puzzles" / f"inputs{i}") for i in (1, 2, 4)]
HAND_MADE += sorted(str(p) for p in (CORPUS / "mzucker-flow_solver" / "puzzles").glob("*.txt"))

IN_PROCESS = """
import json, statistics, sys, time
from satlink.formats import read_file
from satlink.grading import grade
from satlink.explain.trace import trace
from satlink.explain.hint import hint, read_progress
from satlink.deduce import Contradiction
from satlink.rules import parse_rules
FLOW = parse_rules("flow")  # below the library's entry points rules are parsed, not strings
what, files = sys.argv[1], json.loads(sys.argv[2])
boards = [e.board for f in files for e in read_file(f) if e.board is not None
          and e.board.n_nodes <= 400]
times = []
for board in boards:
    begun = time.perf_counter()
    try:
        if what == "grade":
            grade(board, FLOW)
        elif what == "trace":
            trace(board, FLOW)
        else:
            done = grade(board, FLOW)
            if done.solution is None:
                continue
            label = board.labels[0]
            path = done.solution.paths[label]
            drawn = {"paths": {label: board.coords(path[: max(2, len(path) // 2)])}}
            pieces = read_progress(json.dumps(drawn), board)
            begun = time.perf_counter()
            hint(board, FLOW, pieces)
    except Contradiction:
        pass
    times.append(time.perf_counter() - begun)
times.sort()
print(json.dumps({"total": sum(times), "boards": len(times),
                  "p50": times[len(times) // 2], "p95": times[int(len(times) * 0.95)]}))
"""


def in_process(checkout: Path, what: str) -> dict:
    out = subprocess.run([sys.executable, "-c", IN_PROCESS, what, json.dumps(HAND_MADE)],
                         cwd=checkout, capture_output=True, text=True, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def whole(checkout: Path, argv: list[str], per: int = 1) -> dict:
    begun = time.perf_counter()
    subprocess.run([sys.executable, "-m", "satlink", *argv], cwd=checkout,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return {"total": (time.perf_counter() - begun) / per}


def workloads(count: int, tiny: str) -> dict:
    return {
        "grade": lambda c: in_process(c, "grade"),
        "check-grade": lambda c: whole(c, ["check", *HAND_MADE, "--json", "--grade"]),
        "trace": lambda c: in_process(c, "trace"),
        "hint": lambda c: in_process(c, "hint"),
        "generate-easy": lambda c: whole(c, ["generate", "--size", "20x20", "--grade", "easy",
                                             "--count", str(count), "--seed", "3"], count),
        "generate-medium": lambda c: whole(c, ["generate", "--size", "20x20", "--grade",
                                               "medium", "--count", str(count), "--seed", "3"],
                                           count),
        "start": lambda c: whole(c, ["check", tiny]),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--base", type=Path, required=True)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--count", type=int, default=3, help="puzzles per generate run")
    parser.add_argument("--only", default="", help="comma list of workloads")
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()
    bench = Run("engine_speed", args)
    for checkout in (args.base, HERE):
        subprocess.run([sys.executable, "-m", "compileall", "-q", str(checkout / "satlink")],
                       check=True, stdout=subprocess.DEVNULL)
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as tiny:
        tiny.write("AB\nAB\n")
    chosen = workloads(args.count, tiny.name)
    if args.only:
        chosen = {k: v for k, v in chosen.items() if k in args.only.split(",")}
    results = {}
    print(f"{'workload':16} {'base':>10} {'new':>10} {'base/new':>9}  (median of {args.repeat})")
    for name, work in chosen.items():
        runs: dict[str, list[dict]] = {"base": [], "new": []}
        for r in range(args.repeat):
            order = [("base", args.base), ("new", HERE)]
            for side, checkout in (order if r % 2 == 0 else order[::-1]):
                runs[side].append(work(checkout))
        figure = "p95" if name == "hint" else "total"
        base = statistics.median(run[figure] for run in runs["base"])
        new = statistics.median(run[figure] for run in runs["new"])
        results[name] = {"figure": figure, "base": base, "new": new, "ratio": base / new,
                         "runs": runs}
        print(f"{name:16} {base:10.4f} {new:10.4f} {base / new:8.1f}x")
    table = [{"workload": name, "figure": r["figure"], "base s": r["base"], "new s": r["new"],
              "base / new": r["ratio"]} for name, r in results.items()]
    bench.write(args.out, keyed(results, "workload"), table=table)
    return 0


if __name__ == "__main__":
    sys.exit(main())
