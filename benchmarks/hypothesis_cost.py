"""What one look-ahead hypothesis costs the compiled engine, this checkout against a baseline
checkout, interleaved round by round (base, new, new, base, ...): each side in its own process.

On boards of about 100, 300 and 700 cells (hand-made: 10x10; 15x15 and 24x14; 36x20 and the
first boards of inputs9, 40x20), the state after the fixpoint of every technique is copied and
depth-1 look-ahead steps run on the copy as presolve runs them (the fixpoint after each refuted
move, not timed) until ``--budget`` hypotheses were tried, none is refuted or the board is
finished; the steps' CPU time (the process's, less disturbed by a shared machine than
the wall clock) over the hypotheses tried is the cost of one hypothesis (a move, its
consequences by the trial passes, and putting the state back: a copy of the board before, the
undo of its trail since).  Per size group: the median over boards of
each board's median microseconds a hypothesis, and the ratio new / base in the same run.

    git worktree add --detach ../base main && (cd ../base && python setup.py build_ext --inplace -q)
    python benchmarks/hypothesis_cost.py --base ../base --repeat 5 \
        --out benchmarks/results/hypothesis_cost.json
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

from benchmarks.harness import Run, corpus_files, in_turn

HERE = Path(__file__).resolve().parent.parent
GROUPS = {"~100": ((10, 10),), "~300": ((15, 15), (24, 14)), "~700": ((36, 20), (40, 20))}
FILES = "inputs2,inputs4,mzucker,inputs9"
PER_SIZE = 3
"""At most this many boards of each size (inputs9 has 101 of 40x20)."""

IN_PROCESS = """
import json, sys, time
from satlink.formats import read_file
from satlink.deduce import BudgetSpent, Contradiction, Puzzle
from satlink.deduce.engines import engine_named
from satlink.deduce.lookahead import LookaheadBudget
from satlink.grading.compare import ALL_PASSES
from satlink.rules import parse_rules
eng = engine_named("compiled")
files, sizes, per_size, budget, rules = json.loads(sys.argv[1])
sizes = {tuple(s): g for g, group in sizes.items() for s in group}
taken, out = {}, []
for f in files:
    for entry in read_file(f):
        b = entry.board
        group = None if b is None else sizes.get((b.width, b.height))
        if group is None or taken.get((b.width, b.height), 0) >= per_size:
            continue
        taken[(b.width, b.height)] = taken.get((b.width, b.height), 0) + 1
        st = eng.state(Puzzle(b, parse_rules(rules)))
        try:
            eng.fixpoint(st, ALL_PASSES)
        except Contradiction:
            continue
        if eng.finished(st):
            continue
        trial = st.copy()
        search = LookaheadBudget(budget)
        seconds = 0.0
        try:
            while True:
                begun = time.process_time()
                try:
                    refuted = eng.lookahead(trial, 1, search)
                finally:
                    seconds += time.process_time() - begun
                if not refuted:
                    break
                eng.fixpoint(trial, ALL_PASSES)  # as presolve does; not timed
                if eng.finished(trial):
                    break
        except (BudgetSpent, Contradiction):
            pass
        out.append({"board": f"{f.split('/')[-1]}#{entry.index}", "group": group,
                    "cells": b.width * b.height, "tried": search.tried, "seconds": seconds})
print(json.dumps(out))
"""


def measure(checkout: Path, files: list[str], budget: int, rules: str) -> list[dict]:
    env = dict(os.environ, PYTHONPATH=str(checkout), SATLINK_ENGINE="compiled")
    args = json.dumps([files, GROUPS, PER_SIZE, budget, rules])
    done = subprocess.run([sys.executable, "-c", IN_PROCESS, args], env=env, cwd=checkout,
                          capture_output=True, text=True, check=True)
    return json.loads(done.stdout)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--base", type=Path, required=True, help="a baseline checkout, built")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--budget", type=int, default=400)
    parser.add_argument("--rules", default="flow")
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()
    bench = Run("hypothesis_cost", args)
    files = [str(f) for f in corpus_files(FILES)]
    sides = {"base": args.base.resolve(), "new": HERE}
    per_hypothesis: dict[str, dict[str, list[float]]] = {side: {} for side in sides}
    meta: dict[str, dict] = {}
    for turn in range(args.repeat):
        for side in in_turn(list(sides), turn):
            for row in measure(sides[side], files, args.budget, args.rules):
                if row["tried"]:
                    per_hypothesis[side].setdefault(row["board"], []).append(
                        row["seconds"] / row["tried"])
                    meta[row["board"]] = row
    rows = []
    print(f"rules {args.rules}, budget {args.budget}, repeat {args.repeat}, "
          f"load before {bench.load_before}")
    print(f"  {'cells':6} {'boards':>6} {'hyp.':>6} {'base us':>9} {'new us':>9} {'new/base':>9}")
    for group in GROUPS:
        boards = [b for b, row in meta.items() if row["group"] == group
                  and b in per_hypothesis["base"] and b in per_hypothesis["new"]]
        if not boards:
            continue
        base = statistics.median(statistics.median(per_hypothesis["base"][b]) for b in boards)
        new = statistics.median(statistics.median(per_hypothesis["new"][b]) for b in boards)
        ratio = statistics.median(statistics.median(per_hypothesis["new"][b])
                                  / statistics.median(per_hypothesis["base"][b]) for b in boards)
        tried = statistics.median(meta[b]["tried"] for b in boards)
        rows.append({"group": group, "boards": len(boards), "tried": tried,
                     "base_us": base * 1e6, "new_us": new * 1e6, "ratio": ratio})
        print(f"  {group:6} {len(boards):6d} {tried:6.0f} {base * 1e6:9.1f} {new * 1e6:9.1f} "
              f"{ratio:9.3f}")
    print(f"load after {os.getloadavg()}")
    bench.write(args.out, rows)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
