"""Where each stage of the deductions before SAT pays: the measurements behind
:func:`satlink.solver.presolve.plan_for` (issue 30: "look-ahead only where it pays; measure
the cut-off, do not guess it").

Every board of each corpus group is checked (``satlink.check``, in this process, with the
compiled engine) under each candidate plan, the plans interleaved board by board with their
order rotated; a plan is :class:`satlink.solver.presolve.Plan` (which passes, how many
look-ahead hypotheses, how many case-split states).  Per group and plan the table gives the
total and median seconds a board, how many boards were decided without SAT, and the ratio of
the total to the ``sat`` plan (deductions off) measured in the same run.  Verdicts must agree
across plans (a disagreement is printed and fails the run).

    python benchmarks/deduction_gates.py --groups hand-made,inputs9 --repeat 3
    python benchmarks/deduction_gates.py --groups inputs6 --plans fixpoint,split64 --repeat 1

Results: ``--out`` (JSON), and the table on stdout.
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

from benchmarks.harness import Run, in_turn
from satlink import check
from satlink.formats import read_file
from satlink.solver import presolve as presolve_module
from satlink.solver.presolve import Plan, plan_for

CORPUS = Path(__file__).resolve().parent.parent.parent / "shared" / "corpus"
NUMBERLINK = CORPUS / "thomasahle-numberlink" / "puzzles"
GROUPS = {
    "hand-made": [*(NUMBERLINK / f"inputs{i}" for i in (1, 2, 4)),
                  *sorted((CORPUS / "mzucker-flow_solver" / "puzzles").glob("*.txt"))],
    "inputs9": [NUMBERLINK / "inputs9"],
    "inputs10": [NUMBERLINK / "inputs10"],
    "inputs6": [NUMBERLINK / "inputs6"],
}
PLANS = {
    "sat": None,
    "local": Plan(global_passes=False),
    "fixpoint": Plan(),
    "la100": Plan(lookahead_budget=100),
    "la400": Plan(lookahead_budget=400),
    "la1600": Plan(lookahead_budget=1600),
    "split16": Plan(split_budget=16),
    "split64": Plan(split_budget=64),
    "split256": Plan(split_budget=256),
    "la-work": lambda board: Plan(lookahead_budget=_work(board)),
    "la-work+split": lambda board: Plan(lookahead_budget=_work(board),
                                        split_budget=64 if board.n_nodes <= 400 else 0),
    "default": "default",
    # look-ahead budgets with hypotheses undone from the trail (each costing a fraction of a
    # copy-and-deduce): more work on the boards of at most 400 nodes, or look-ahead at any size
    "la-work4x": lambda board: _with_default_splits(
        board, _work(board, work=400_000, most=1_000)),
    # resumed look-ahead (presolve's) needs 1,130 hypotheses for inputs4's first 24x14
    "la-work4x-1200": lambda board: _with_default_splits(
        board, _work(board, work=400_000, most=1_200)),
    # the same look-ahead without the case splits after it on boards of at most 400 nodes
    # (on the hand-made boards they decide none that look-ahead leaves)
    "la-work4x-nosplit": lambda board: _without_small_splits(
        board, _work(board, work=400_000, most=1_000)),
    "la-any400": lambda board: _with_default_splits(board, 400),
    "la-any1000": lambda board: _with_default_splits(board, 1_000),
    "la-any3000": lambda board: _with_default_splits(board, 3_000),
}


def _with_default_splits(board, lookahead: int) -> Plan:
    """The default plan for ``board`` with ``lookahead`` hypotheses instead of its own."""
    from satlink.deduce.engines import engine_for
    from satlink.rules import parse_rules

    chosen = plan_for(board, parse_rules("flow"), engine_for(board.n_nodes))
    return chosen._replace(lookahead_budget=lookahead) if chosen.run else chosen


def _without_small_splits(board, lookahead: int) -> Plan:
    """The default plan for ``board`` with ``lookahead`` hypotheses and, on a board of at most
    ``LOOKAHEAD_MAX_NODES`` nodes, no case splits."""
    chosen = _with_default_splits(board, lookahead)
    return chosen._replace(split_budget=0) if board.n_nodes <= 400 else chosen


def _work(board, work: int = 100_000, most: int = 400) -> int:
    """Look-ahead hypotheses for ``work`` node-hypotheses (each copies and deduces the board)."""
    return min(most, work // board.n_nodes) if board.n_nodes <= 400 else 0


def boards(group: str, max_cells: int) -> list[tuple[str, object]]:
    out = []
    for path in GROUPS[group]:
        for entry in read_file(str(path), max_cells=10**7):
            if entry.board is not None and entry.board.width * entry.board.height <= max_cells:
                out.append((f"{path.name}#{entry.index}", entry.board))
    return out


def run(board, rules: str, plan, timeout: float) -> tuple[str, float, bool]:
    """(status, seconds, decided without SAT) of one check under ``plan``."""
    from satlink.solver.method import Method

    if plan is None:
        method = Method(presolve=False)
    else:
        method = Method()
        if plan == "default":
            chosen = plan_for
        elif callable(plan):
            chosen = lambda board, *rest: plan(board)  # noqa: E731
        else:
            chosen = lambda *args: plan  # noqa: E731
        presolve_module.plan_for = chosen
    begun = time.perf_counter()
    verdict = check(board, rules, timeout=timeout, method=method)
    seconds = time.perf_counter() - begun
    presolve_module.plan_for = plan_for
    return verdict.status.value, seconds, verdict.stats.sat_calls == 0 and not verdict.timed_out



def each_in_turn(items: list, sides: list[str], repeat: int, check_one) -> tuple[dict, dict, int]:
    """Each board of ``items`` (``(name, board)``) checked by every side, ``repeat`` rounds,
    the sides' order rotating by board and round (``check_one(board, side)`` gives its status,
    CPU seconds and whether it needed no SAT call): the seconds per side and board, whether
    each side's last check needed no SAT, and how many boards got two verdicts (each printed;
    a timeout is no verdict)."""
    times = {side: [[] for _ in items] for side in sides}
    without = {side: [False] * len(items) for side in sides}
    statuses: list[set[str]] = [set() for _ in items]
    for turn in range(repeat):
        for i, (_name, board) in enumerate(items):
            for side in in_turn(sides, i + turn):
                status, seconds, no_sat = check_one(board, side)
                times[side][i].append(seconds)
                without[side][i] = no_sat
                if status != "timeout":
                    statuses[i].add(status)
    differ = 0
    for i, found in enumerate(statuses):
        if len(found) > 1:
            differ += 1
            print(f"  DISAGREE {items[i][0]}: {sorted(found)}", file=sys.stderr)
    return times, without, differ


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--groups", default="hand-made,inputs9,inputs10")
    parser.add_argument("--plans", default=",".join(PLANS))
    parser.add_argument("--rules", default="flow")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--timeout", type=float, default=60.0)
    parser.add_argument("--max-cells", type=int, default=10**7)
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()
    bench = Run("deduction_gates", args)
    plans = args.plans.split(",")
    results: dict = {"rules": args.rules, "repeat": args.repeat, "groups": {}}
    disagreements = 0
    print(f"rules {args.rules}, repeat {args.repeat} (median per board), in one process")
    for group in args.groups.split(","):
        items = boards(group, args.max_cells)
        times, decided, differ = each_in_turn(
            items, plans, args.repeat,
            lambda board, plan: run(board, args.rules, PLANS[plan], args.timeout))
        disagreements += differ
        base = sum(statistics.median(t) for t in times[plans[0]])
        rows = []
        unique = {tuple(board.rows) for _name, board in items}
        print(f"\n{group}: {len(items)} boards ({len(unique)} unique)")
        print(f"  {'plan':10} {'total s':>9} {'median ms':>10} {'max ms':>9} {'no SAT':>7} "
              f"{'unique':>7} {'vs ' + plans[0]:>9}")
        for plan in plans:
            per_board = [statistics.median(t) for t in times[plan]]
            total = sum(per_board)
            row = {"plan": plan, "total": total, "median": statistics.median(per_board),
                   "max": max(per_board), "without_sat": sum(decided[plan]),
                   "unique_without_sat": len({tuple(board.rows) for (_n, board), d
                                              in zip(items, decided[plan], strict=True) if d}),
                   "unique": len(unique),
                   "ratio": total / base if base else None,
                   "per_board": dict(zip((n for n, _ in items), per_board, strict=True))}
            rows.append(row)
            print(f"  {plan:10} {total:9.3f} {row['median'] * 1000:10.2f} {row['max'] * 1000:9.1f} "
                  f"{row['without_sat']:7d} {row['unique_without_sat']:7d} {row['ratio']:9.2f}")
        results["groups"][group] = rows
    bench.write(args.out, [{"group": group, **row} for group, rows in results["groups"].items()
                           for row in rows], disagreements=disagreements)
    return 1 if disagreements else 0


if __name__ == "__main__":
    sys.exit(main())
