"""The chessboard count on the state under ``fill``: the deductions before SAT with and without
it, board by board, in one process, interleaved.

Per board, ``presolve`` (the deductions: fixpoint, look-ahead, and the depth-first search where
a plan gives it a budget) under ``--rules`` (``fill`` by default) by each plan of ``--plans``:

* ``main``: the plan without the count (main's);
* ``count``: the count (technique ``parity``) in every fixpoint, look-ahead's hypotheses and
  the case splits included (in no plan: measured, it decides nothing more);
* ``count+search``, ``search``: either, and the depth-first search on the trail, ``--budget``
  states (on boards of any short side; the count in its states is measured by
  ``dfs_search.py --orders sweep,sweep+parity``).

Each board by each plan in turn (the order rotating by board and round), ``--repeat`` rounds,
CPU seconds (``time.process_time``) per board's median, ``--timeout`` seconds a board.  ``no
SAT``: boards the deductions decided (solved, decided, contradiction); two plans deciding one
board differently is a disagreement (printed, exit status 1).

``--refutations`` instead runs presolve's look-ahead loop (``settle_deferring``, resumed, its
budget as planned) on every board of at most ``--max-cells`` cells with and without the count
in the fixpoint and the hypotheses, and counts the moves refuted by the kind of contradiction
that closed them, the hypotheses tried and the edges decided.

    python benchmarks/fill_parity.py --groups hand-made --repeat 1
    python benchmarks/fill_parity.py --groups inputs9 --plans main,count --repeat 3
    python benchmarks/fill_parity.py --groups hand-made --refutations --max-cells 400
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

if (CHECKOUT := str(Path(__file__).resolve().parents[1])) not in sys.path:  # started as a file
    sys.path.insert(1 + len(os.environ.get("PYTHONPATH", "").split(os.pathsep)), CHECKOUT)

import argparse
import statistics
import time

from benchmarks.deduction_gates import GROUPS, boards
from benchmarks.harness import Run, in_turn
from satlink.deduce.engines import engine_named
from satlink.rules import parse_rules
from satlink.solver.presolve import PARTIAL, SKIPPED, PresolveTimeout, plan_for, presolve

PLANS = ("main", "count", "count+search", "search")
"""Every plan ``--plans`` knows; the first one given is the others' baseline."""
GROUPS.setdefault("inputs4", [GROUPS["hand-made"][2]])


def plan_named(name: str, board, rules, budget: int):
    """The plan ``name`` on ``board``: today's plan with the count and the search set."""
    plan = plan_for(board, rules, engine_named("compiled"))
    searched = "search" in name
    return plan._replace(parity="count" in name,
                         search_budget=budget if searched else plan.search_budget)


def deduced(board, rules, plan, timeout: float) -> tuple[str, str, float]:
    """(outcome, stage, CPU seconds) of the deductions by ``plan``."""
    cpu = time.process_time()
    try:
        found = presolve(board, rules, time.monotonic() + timeout,
                         using=engine_named("compiled"), plan=plan)
        outcome, stage = found.outcome, found.stage
    except PresolveTimeout:
        outcome, stage = "timeout", ""
    return outcome, stage, time.process_time() - cpu


def verdict(outcome: str) -> str | None:
    """What an outcome says of the board, for the comparison (None: nothing decided)."""
    return None if outcome in (PARTIAL, SKIPPED, "timeout") else outcome


def compare(groups: list[str], rules: str, plans: list[str], budget: int, repeat: int,
            timeout: float, max_cells: int) -> tuple[list, int]:
    profile = parse_rules(rules)
    rows, disagreements = [], 0
    for group in groups:
        items = boards(group, max_cells)
        cpu = {p: [[] for _ in items] for p in plans}
        found: dict[str, list] = {p: [("", "")] * len(items) for p in plans}
        for turn in range(repeat):
            for i, (_name, board) in enumerate(items):
                for name in in_turn(plans, i + turn):
                    plan = plan_named(name, board, profile, budget)
                    outcome, stage, seconds = deduced(board, profile, plan, timeout)
                    cpu[name][i].append(seconds)
                    found[name][i] = (outcome, stage)
        print(f"\n{group}: {len(items)} boards, {rules}, presolve by plan (search budget "
              f"{budget}), CPU seconds (median of {repeat})")
        for i, (name, board) in enumerate(items):
            said = {verdict(found[p][i][0]) for p in plans} - {None}
            if len(said) > 1:
                disagreements += 1
                print(f"  DISAGREE {name}: {sorted(said)}", file=sys.stderr)
            cells = "  ".join(f"{p} {found[p][i][0]}/{found[p][i][1]} "
                              f"{statistics.median(cpu[p][i]):.3f}s" for p in plans)
            print(f"    {name:26} {board.width}x{board.height:<4} {cells}")
        print(f"  {'plan':14} {'no SAT':>7} {'total s':>8} {'vs main':>8}")
        base = sum(statistics.median(t) for t in cpu[plans[0]])
        for p in plans:
            total = sum(statistics.median(t) for t in cpu[p])
            row = {"group": group, "plan": p, "boards": len(items), "budget": budget,
                   "without_sat": sum(verdict(o) is not None for o, _ in found[p]),
                   "total": total, f"vs_{plans[0]}": total / base if base else None,
                   "per_board": {n: [*found[p][i], statistics.median(cpu[p][i])]
                                 for i, (n, _) in enumerate(items)}}
            rows.append(row)
            print(f"  {p:14} {row['without_sat']:7d} {total:8.3f} "
                  f"{total / base if base else float('nan'):8.2f}")
    return rows, disagreements


def refutations(groups: list[str], rules: str, max_cells: int) -> list[dict]:
    """Per side (without, with the count): the look-ahead's refutations by kind, hypotheses
    tried, edges decided, boards finished (a root contradiction counts as ``root:<kind>``)."""
    from collections import Counter

    from satlink.deduce import Contradiction, Puzzle
    from satlink.deduce.lookahead import TRIAL_PASSES, LookaheadBudget, settle_deferring

    eng, profile, rows = engine_named("compiled"), parse_rules(rules), []
    for group in groups:
        items = boards(group, max_cells)
        for counted in (False, True):
            extra = ("parity",) if counted else ()
            passes, found = ("corner", "notouch", "region", "bottleneck", *extra), Counter()
            for _name, board in items:
                plan = plan_for(board, profile, eng)
                st = eng.state(Puzzle(board, profile))
                budget = LookaheadBudget(plan.lookahead_budget, resume=True,
                                         passes=TRIAL_PASSES + extra,
                                         refuted=lambda _move, why, kinds=found:
                                         kinds.update([why.kind]))
                try:
                    eng.fixpoint(st, passes)
                    found["finished"] += bool(settle_deferring(eng, st, passes, budget))
                except Contradiction as why:
                    found["root:" + why.kind] += 1
                found["tried"] += budget.tried
                found["decided edges"] += sum(1 for s in bytes(st.es) if s)
            rows.append({"group": group, "count": counted, "boards": len(items), **found})
            print(f"{group} ({len(items)} boards), {'with' if counted else 'without'} the "
                  f"count: {dict(sorted(found.items()))}")
    return rows


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--groups", default="hand-made,inputs9")
    parser.add_argument("--rules", default="fill")
    parser.add_argument("--plans", default="main,count")
    parser.add_argument("--budget", type=int, default=8_000,
                        help="states of the depth-first search (plans with ``search``)")
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--timeout", type=float, default=10.0)
    parser.add_argument("--max-cells", type=int, default=10**7,
                        help="only the boards of at most this many cells")
    parser.add_argument("--refutations", action="store_true",
                        help="count look-ahead's refutations with and without the count")
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()
    bench = Run("fill_parity", args)
    load = os.getloadavg()
    print(f"load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")
    if args.refutations:
        bench.write(args.out, refutations(args.groups.split(","), args.rules, args.max_cells),
                    load=load)
        return 0
    rows, disagreements = compare(args.groups.split(","), args.rules, args.plans.split(","),
                                  args.budget, args.repeat, args.timeout, args.max_cells)
    end = os.getloadavg()
    print(f"load average at the end {end[0]:.2f} {end[1]:.2f} {end[2]:.2f}")
    bench.write(args.out, rows, disagreements=disagreements, load=load, load_end=end)
    return 1 if disagreements else 0


if __name__ == "__main__":
    sys.exit(main())
