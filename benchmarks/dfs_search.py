"""The depth-first search on the trail against SAT, board by board, in one process, interleaved.

Per group of boards, three routes through ``satlink.check`` (``--rules flow`` by default):
``sat`` (no deductions: SAT alone), ``before`` (the deductions without the depth-first search:
the route of main before it) and ``after`` (the default plan, with it).  Each board is checked
by each route in turn (the order rotating by board and round), ``--repeat`` rounds, CPU
seconds (``time.process_time``) per board's median; a board whose verdicts differ between
routes is a disagreement (printed, and the exit status is 1).  ``no SAT``: boards decided
with no SAT call.

``--orders`` instead times the search alone from the fixpoint the plan leaves (no look-ahead),
per order and budget: the states it visits and its CPU seconds, against SAT's whole check of
the same board in the same round.

    python benchmarks/dfs_search.py --groups inputs9,hand-made --repeat 3
    python benchmarks/dfs_search.py --groups inputs9 --orders fewest-node,fewest,sweep --budget 20000
    python benchmarks/dfs_search.py --groups inputs9 --orders fewest-node,sweep --passes region
    python benchmarks/dfs_search.py --groups inputs9 --orders fewest-node,sweep --lookahead 300
    python benchmarks/dfs_search.py --groups hand-made --rules fill --orders sweep,sweep+memo \
        --against check --timeout 10 --max-cells 400 --passes all --budget 100000 --repeat 1

``--orders`` takes ``fewest-node`` (fewest undecided edges, ties in node order), ``fewest``
(ties in the band's sweep), ``sweep`` (the band along the long side) and ``diagonal`` (the
anti-diagonals from the top left corner), each with ``+memo`` for the memory of failed states
(profiles without notouch and no2x2) and ``+parity`` for the chessboard count
(:mod:`satlink.deduce.shades`) in every fixpoint, the root's and each state's (under fill).
``--against check`` times today's whole route
(``check`` with the default plan, within ``--timeout``) instead of SAT alone.
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

from benchmarks.deduction_gates import GROUPS, boards, each_in_turn
from benchmarks.harness import Run, in_turn
from satlink import check
from satlink.solver import presolve as presolve_module
from satlink.solver.method import Method

GROUPS.setdefault("inputs4", [GROUPS["hand-made"][2]])
for _name in ("inputs3", "inputs5", "inputs7", "inputs8"):  # long narrow boards, tiny ones
    GROUPS.setdefault(_name, [GROUPS["inputs9"][0].parent / _name])


def route(board, rules: str, name: str, timeout: float) -> tuple[str, float, bool]:
    """(status, CPU seconds, decided with no SAT call) of one check by route ``name``."""
    method = Method(presolve=name != "sat")
    if name == "before":
        presolve_module.SEARCH_MAX_SHORT_SIDE = presolve_module.SEARCH_WIDE_SHORT_SIDE = -1
    cpu = time.process_time()
    try:
        verdict = check(board, rules, timeout=timeout, method=method)
    finally:
        presolve_module.SEARCH_MAX_SHORT_SIDE, presolve_module.SEARCH_WIDE_SHORT_SIDE = SHORT_SIDE
    seconds = time.process_time() - cpu
    return verdict.status.value, seconds, verdict.stats.sat_calls == 0 and not verdict.timed_out


SHORT_SIDE = presolve_module.SEARCH_MAX_SHORT_SIDE, presolve_module.SEARCH_WIDE_SHORT_SIDE
ROUTES = ("sat", "before", "after")


def compare_routes(groups: list[str], rules: str, repeat: int, timeout: float) -> tuple[list, int]:
    rows, disagreements = [], 0
    for group in groups:
        items = boards(group, 10**7)
        times, without, differ = each_in_turn(
            items, list(ROUTES), repeat, lambda board, name: route(board, rules, name, timeout))
        disagreements += differ
        medians = {r: [statistics.median(t) for t in times[r]] for r in ROUTES}
        print(f"\n{group}: {len(items)} boards, {rules}, CPU seconds (median of {repeat})")
        print(f"  {'route':8} {'total s':>8} {'per board ms':>13} {'no SAT':>7} {'vs sat':>7} "
              f"{'vs before':>9}")
        for name in ROUTES:
            total = sum(medians[name])
            row = {"group": group, "route": name, "boards": len(items), "total": total,
                   "without_sat": sum(without[name]),
                   "vs_sat": total / sum(medians["sat"]),
                   "vs_before": total / sum(medians["before"]),
                   "per_board": dict(zip((n for n, _ in items), medians[name], strict=True))}
            rows.append(row)
            print(f"  {name:8} {total:8.3f} {total / len(items) * 1000:13.1f} "
                  f"{row['without_sat']:7d} {row['vs_sat']:7.2f} {row['vs_before']:9.2f}")
    return rows, disagreements


PASSES = {"cheap": ("corner", "notouch"), "region": ("corner", "notouch", "region"),
          "all": ("corner", "notouch", "region", "bottleneck")}


MEMO_BYTES = 256 << 20
"""The failed states' memory of an order named ``...+memo`` (``--orders sweep+memo``)."""


def search_alone(board, rules: str, order: str, budget: int, passes: str = "cheap",
                 lookahead: int = 0) -> tuple[int, bool, int, float]:
    """(solutions, decided, states, CPU seconds) of the search from the fixpoint of every
    technique (and ``lookahead`` hypotheses of resumed look-ahead at the root), with the
    fixpoint of ``passes`` at each state; an order ending in ``+memo`` with the memory of
    failed states (``MEMO_BYTES``)."""
    order, *flags = order.split("+")
    memo = "memo" if "memo" in flags else ""
    counted = ("parity",) if "parity" in flags else ()  # the chessboard count at each state
    from satlink.deduce import Contradiction, Puzzle
    from satlink.deduce.dfs import DepthFirst, depth_first, diagonal_rank, sweep_rank
    from satlink.deduce.engines import engine_named
    from satlink.rules import parse_rules

    eng, profile = engine_named("compiled"), parse_rules(rules)
    cpu = time.process_time()
    st = eng.state(Puzzle(board, profile))
    try:
        eng.fixpoint(st, PASSES["all"] + counted)
        if lookahead:
            from satlink.deduce.lookahead import LookaheadBudget

            eng.settle(st, PASSES["all"] + counted, LookaheadBudget(lookahead, resume=True))
    except Contradiction:
        return 0, True, 0, time.process_time() - cpu
    rank = (() if order == "fewest-node" else
            diagonal_rank(board) if order == "diagonal" else sweep_rank(board))
    search = DepthFirst(budget, 2, PASSES[passes] + counted,
                        "fewest" if order.startswith("fewest") else "sweep", rank,
                        memo_bytes=MEMO_BYTES if memo == "memo" else 0)
    depth_first(eng, st, search)
    return len(search.solutions), search.decided, search.nodes, time.process_time() - cpu


def compare_orders(groups: list[str], rules: str, orders: list[str], budget: int,
                   repeat: int, passes: str, lookahead: int, against: str = "sat",
                   timeout: float = 600, max_cells: int = 10**7) -> list:
    rows = []
    for group in groups:
        items = boards(group, max_cells)
        sides = ["sat", *orders]
        cpu = {s: [[] for _ in items] for s in sides}
        found: dict[str, list] = {s: [None] * len(items) for s in orders}
        baseline: list[str] = [""] * len(items)
        for turn in range(repeat):
            for i, (_name, board) in enumerate(items):
                for side in in_turn(sides, i + turn):
                    if side == "sat":
                        status, seconds, _ = route(board, rules,
                                                   "after" if against == "check" else "sat",
                                                   timeout)
                        cpu[side][i].append(seconds)
                        baseline[i] = status
                    else:
                        *result, seconds = search_alone(board, rules, side, budget, passes,
                                                        lookahead)
                        cpu[side][i].append(seconds)
                        found[side][i] = result
        sat = sum(statistics.median(t) for t in cpu["sat"])
        print(f"\n{group}: {len(items)} boards, {rules}, the search alone (budget {budget}, "
              f"passes {passes}, root look-ahead {lookahead}) against "
              f"{'the default check' if against == 'check' else 'SAT alone'} (timeout "
              f"{timeout:g} s), CPU seconds (median of {repeat})")
        for i, (name, board) in enumerate(items):  # states: D decided (solutions), > not
            states = "  ".join(
                f"{o} {'D' if found[o][i][1] else '>'}{found[o][i][2]} ({found[o][i][0]})"
                for o in orders)
            print(f"    {name:26} {board.width}x{board.height:<4} {baseline[i]:11} "
                  f"{statistics.median(cpu['sat'][i]):6.2f}s  {states}")
        print(f"  {'order':12} {'decided':>8} {'states med':>10} {'max':>7} {'total s':>8} "
              f"{'vs sat':>7}")
        print(f"  {'sat':12} {len(items):8d} {'':>10} {'':>7} {sat:8.3f} {1:7.2f}")
        for order in orders:
            states = [r[2] for r in found[order]]
            total = sum(statistics.median(t) for t in cpu[order])
            row = {"group": group, "order": order, "budget": budget, "passes": passes,
                   "lookahead": lookahead,
                   "decided": sum(bool(r[1]) for r in found[order]),
                   "states_median": statistics.median(states), "states_max": max(states),
                   "total": total, "sat_total": sat, "vs_sat": total / sat,
                   "against": against, "baseline": dict(zip((n for n, _ in items), baseline,
                                                            strict=True)),
                   "per_board": {n: r for (n, _), r in zip(items, found[order], strict=True)}}
            rows.append(row)
            print(f"  {order:12} {row['decided']:8d} {row['states_median']:10.0f} "
                  f"{row['states_max']:7d} {total:8.3f} {row['vs_sat']:7.2f}")
    return rows


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--groups", default="inputs9,hand-made,inputs10")
    parser.add_argument("--rules", default="flow")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--timeout", type=float, default=60.0)
    parser.add_argument("--orders", help="fewest-node, fewest, sweep (comma-separated): time "
                        "the search alone in these orders instead of the routes")
    parser.add_argument("--budget", type=int, default=20_000)
    parser.add_argument("--passes", choices=sorted(PASSES), default="cheap",
                        help="(--orders) the fixpoint at each state besides the forced moves")
    parser.add_argument("--lookahead", type=int, default=0,
                        help="(--orders) look-ahead hypotheses at the root before the search")
    parser.add_argument("--against", choices=("sat", "check"), default="sat",
                        help="(--orders) the side timed beside the search: SAT alone, or the "
                        "default check (within --timeout)")
    parser.add_argument("--max-cells", type=int, default=10**7,
                        help="only the boards of at most this many cells")
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()
    bench = Run("dfs_search", args)
    load = os.getloadavg()
    print(f"load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")
    groups = args.groups.split(",")
    if args.orders:
        rows = compare_orders(groups, args.rules, args.orders.split(","), args.budget,
                              args.repeat, args.passes, args.lookahead, args.against,
                              args.timeout, args.max_cells)
        bench.write(args.out, rows, load=load)
        return 0
    rows, disagreements = compare_routes(groups, args.rules, args.repeat, args.timeout)
    bench.write(args.out, rows, disagreements=disagreements, load=load)
    return 1 if disagreements else 0


if __name__ == "__main__":
    sys.exit(main())
