"""The compiled frontier sweep of this checkout against another's (main's, by default), board by
board: states summed over the levels, the widest level, CPU seconds and peak memory of the
sweep on the board as the deductions left it, capped at 2 — what a change to the sweep's
pruning buys.  One process per board and side, one thread, the sides taken in turn.

The baseline is built where it lies (``--baseline``: a checkout with its extension built in
place, e.g. ``git archive main | tar -x -C /tmp/main && cd /tmp/main && python setup.py
build_ext --inplace``).  Both sides must count alike; a difference is printed and fails the run.

    PYTHONPATH=. python benchmarks/frontier_cut.py --baseline /tmp/main \\
        --out benchmarks/results/frontier-cut.json
    PYTHONPATH=. python benchmarks/frontier_cut.py --baseline /tmp/main --cuts off \\
        --boards inputs4#3,extreme_12x12_28#1,extreme_12x12_30#1 --repeats 2
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

from benchmarks.harness import ROOT, Run, checkout_env, in_turn

CORPUS = Path(__file__).resolve().parent.parent.parent / "shared" / "corpus"
INPUTS4 = CORPUS / "thomasahle-numberlink" / "puzzles" / "inputs4"
MZUCKER = CORPUS / "mzucker-flow_solver" / "puzzles"
BOARDS = [(INPUTS4, 3, "fill"), (INPUTS4, 4, "fill"), (INPUTS4, 5, "fill"), (INPUTS4, 7, "fill"),
          (MZUCKER / "extreme_12x12_28.txt", 1, "nikoli"),
          (MZUCKER / "extreme_12x12_30.txt", 1, "nikoli")]
"""The boards the issue names where the sweep is slow: inputs4's 24x14 boards (a 15-node
frontier) under fill, mzucker's two 12x12 boards under nikoli."""


def child(path: str, index: int, rules: str, timeout: float, cuts: bool,
          carry: bool | None = None) -> None:
    """One sweep in this process (imports from the side's checkout); prints one JSON line.
    ``cuts``: the compiled sweep's planarity and reach cuts, where the checkout has them;
    ``carry``: its carrying of states through forced steps, on, off or (None) the checkout's
    default (the branch's side only)."""
    import inspect
    import resource
    import time

    import satlink.solver.routes as routes
    from satlink.formats import read_file
    from satlink.frontier import schedule as scheduling
    from satlink.frontier.cost import MAX_BYTES, states_within
    from satlink.frontier.engines import sweep_engine
    from satlink.frontier.state import Model
    from satlink.rules import parse_rules
    from satlink.solver.method import DEFAULT_METHOD
    from satlink.solver.routes.deductions import Deductions
    from satlink.solver.routes.job import Clock, Job

    board = list(read_file(path))[index - 1].board
    profile = parse_rules(rules)
    outcome = Deductions().run(Job(board, profile, DEFAULT_METHOD, 2, Clock(None), routes.ROUTES))
    if outcome.finished:
        print(json.dumps({"ended": "deductions"}))
        return
    decided = list(outcome.next_job.forced.states)
    plan = scheduling.build(board, profile)
    model = Model(plan.n_labels, profile.fill, profile.notouch, profile.no2x2)
    begun = time.process_time()
    engine = sweep_engine("compiled")
    try:
        from satlink.frontier.compiled import CompiledSweep

        engine = CompiledSweep(planar=cuts, reach=cuts,
                               **({} if carry is None else {"carry": carry}))
    except TypeError:  # a checkout without the cuts (or without carrying)
        pass
    bounds_bytes = "max_bytes" in inspect.signature(engine.run).parameters  # else states
    result = engine.run(plan, model, 2, 2, decided, time.monotonic() + timeout,
                        MAX_BYTES if bounds_bytes else states_within(MAX_BYTES, plan, model))
    print(json.dumps({"ended": result.ended, "count": result.count, "width": plan.width,
                      "peak_states": result.peak_states, "states": sum(result.sizes),
                      "cpu_seconds": round(time.process_time() - begun, 3),
                      "peak_rss_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
                                           / 1024, 1)}))


def run_side(checkout: Path, path: Path, index: int, rules: str, timeout: float,
             cuts: str, carry: str = "default") -> dict:
    done = subprocess.run([sys.executable, str(Path(__file__).resolve()), "--child", str(path),
                           str(index), rules, str(timeout), cuts, carry],
                          env=checkout_env(checkout),
                          cwd=checkout, capture_output=True, text=True, timeout=timeout + 120)
    if done.returncode:
        return {"ended": "error", "error": done.stderr.strip().splitlines()[-1:]}
    return json.loads(done.stdout.strip().splitlines()[-1])


def measure(args) -> list[dict]:
    sides = {"branch": ROOT, "baseline": Path(args.baseline).resolve()}
    rows = []
    wanted = [b for b in BOARDS if not args.boards or f"{b[0].stem}#{b[1]}" in args.boards]
    for turn, (path, index, rules) in enumerate(wanted * args.repeats):
        if not path.exists():
            continue
        row = {"board": f"{path.name} #{index}", "rules": rules, "load_1m": os.getloadavg()[0]}
        for side in in_turn(list(sides), turn):
            row[side] = run_side(sides[side], path, index, rules, args.timeout, args.cuts,
                                 args.carry if side == "branch" else "default")
        decided = [row[s] for s in sides if row[s].get("ended") == "complete"]
        row["agree"] = len({r["count"] for r in decided}) <= 1
        rows.append(row)
        print(line(row), flush=True)
    return rows


def line(row: dict) -> str:
    def side(r: dict) -> str:
        if r.get("ended") != "complete":
            return f"{r.get('ended'):>10}"
        return f"{r['count']} {r['states']:>10} {r['peak_states']:>8} {r['cpu_seconds']:7.2f}s"

    b, a = row["branch"], row["baseline"]
    ratio = (f"{b['cpu_seconds'] / a['cpu_seconds']:.2f}x" if "cpu_seconds" in b
             and a.get("cpu_seconds") else "-")
    return (f"{row['board']:<24} {row['rules']:<7} branch {side(b)} | baseline {side(a)} | "
            f"cpu {ratio} load {row['load_1m']:.1f}" + ("" if row["agree"] else "  DIFFERENT"))


def totals(rows: list[dict]) -> dict:
    both = [r for r in rows
            if r["branch"].get("ended") == r["baseline"].get("ended") == "complete"]
    if not both:
        return {}
    return {"boards": len(both),
            "cpu_branch": round(sum(r["branch"]["cpu_seconds"] for r in both), 2),
            "cpu_baseline": round(sum(r["baseline"]["cpu_seconds"] for r in both), 2),
            "states_ratio_median": round(statistics.median(
                r["branch"]["states"] / r["baseline"]["states"] for r in both), 3),
            "peak_ratio_median": round(statistics.median(
                r["branch"]["peak_states"] / r["baseline"]["peak_states"] for r in both), 3),
            "cpu_ratio_median": round(statistics.median(
                r["branch"]["cpu_seconds"] / r["baseline"]["cpu_seconds"] for r in both), 3),
            "different": sum(not r["agree"] for r in rows)}


def flat(row: dict) -> dict:
    """One row as the published table shows it (flat: every value a scalar)."""
    b, a = row["branch"], row["baseline"]
    out = {"board": row["board"], "rules": row["rules"], "width": b.get("width"),
           "count": b.get("count"), "ended": b.get("ended"), "ended_baseline": a.get("ended"),
           "states": b.get("states"), "states_baseline": a.get("states"),
           "peak_states": b.get("peak_states"), "peak_states_baseline": a.get("peak_states"),
           "cpu_seconds": b.get("cpu_seconds"), "cpu_seconds_baseline": a.get("cpu_seconds"),
           "peak_rss_mb": b.get("peak_rss_mb"), "peak_rss_mb_baseline": a.get("peak_rss_mb"),
           "load_1m": round(row["load_1m"], 1)}
    both = b.get("ended") == a.get("ended") == "complete"  # a ratio of two timeouts says nothing
    for name in ("states", "peak_states", "cpu_seconds"):
        mine, theirs = out[name], out[f"{name}_baseline"]
        out[f"{name}_ratio"] = round(mine / theirs, 3) if both and mine and theirs else None
    return out


def main() -> int:
    if len(sys.argv) > 1 and sys.argv[1] == "--child":
        carry = sys.argv[7] if len(sys.argv) > 7 else "default"
        child(sys.argv[2], int(sys.argv[3]), sys.argv[4], float(sys.argv[5]), sys.argv[6] == "on",
              None if carry == "default" else carry == "on")
        return 0
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--baseline", required=True)
    parser.add_argument("--timeout", type=float, default=120.0)
    parser.add_argument("--repeats", type=int, default=1)
    parser.add_argument("--cuts", choices=("on", "off"), default="on",
                        help="this checkout's sweep with its cuts (the baseline's has none)")
    parser.add_argument("--carry", choices=("on", "off", "default"), default="default",
                        help="this checkout's sweep carrying states through forced steps "
                             "(default: as the checkout does, under fill)")
    parser.add_argument("--boards", type=lambda text: set(text.split(",")), default=set(),
                        help="only these boards, as file#index (inputs4#3,extreme_12x12_30#1)")
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()
    run = Run("frontier_cut", args)
    rows = measure(args)
    summary = totals(rows)
    print(json.dumps(summary))
    run.write(args.out, rows, table=[flat(r) for r in rows], totals=[summary] if summary else [])
    return 1 if summary.get("different") else 0


if __name__ == "__main__":
    raise SystemExit(main())
