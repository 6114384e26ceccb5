"""The frontier route in ``check``, on against off: timeouts and CPU time on the hand-made
boards, one process per board and side, one thread, the two sides taken in turn board by
board (:func:`benchmarks.harness.in_turn`), the load average read beside every run.

Each run is ``satlink.check`` with the default method, ``frontier`` on or off
(``Method(frontier=False)``, ``check --no-frontier``), in a fresh child process; its CPU
seconds are the child's own (``time.process_time()`` around the check: the interpreter's start
and imports left out) and its status, deciding route and ``stats.frontier`` come from the
verdict.  The summary gives, per profile and side, the boards left undecided at the timeout,
total and median CPU seconds, and the boards the route ran on; rows whose sides disagree on a
decided verdict are printed and make the exit status 1.

    PYTHONPATH=. python benchmarks/frontier_route.py --timeout 10 \\
        --out benchmarks/results/frontier-route.json
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
import time

from benchmarks.frontier import entries, path_of
from benchmarks.harness import Run, in_turn
from satlink.formats import read_file

SIDES = ("on", "off")
DECIDED = ("unique", "multiple", "unsolvable")


def child(path: str, index: int, rules: str, timeout: float, side: str) -> None:
    """In the child: one check, one JSON line."""
    from satlink.solver.check import check
    from satlink.solver.method import Method

    board = next(e.board for e in read_file(path) if e.index == index)
    method = Method(frontier=side == "on")
    begun = time.process_time()
    verdict = check(board, rules, timeout=timeout, method=method)
    cpu = time.process_time() - begun
    print(json.dumps({"status": str(verdict.status), "seconds": verdict.seconds,
                      "cpu_seconds": cpu, "route": verdict.stats.route,
                      "frontier": verdict.stats.frontier}))


def run_side(path: Path, index: int, rules: str, timeout: float, side: str) -> dict:
    load = os.getloadavg()[0]
    try:
        done = subprocess.run([sys.executable, __file__, "--child", str(path), str(index), rules,
                               str(timeout), side], capture_output=True, text=True,
                              timeout=3 * timeout + 60)
    except subprocess.TimeoutExpired:
        return {"status": "killed", "load_1m": load}
    if done.returncode != 0:
        return {"status": "crashed", "error": done.stderr.strip().splitlines()[-1:],
                "load_1m": load}
    row = json.loads(done.stdout.strip().splitlines()[-1])
    row["load_1m"] = load
    return row


def measure(args) -> list[dict]:
    jobs = [(name, label, e.index, rules) for name in args.sets.split(",")
            for label, e in entries(name) if e.board is not None
            for rules in args.profiles.split(",")]
    rows = []
    for turn, (name, label, index, rules) in enumerate(jobs):
        path = path_of(label if name == "mzucker" else name)
        row: dict = {"board": label, "rules": rules}
        for side in in_turn(list(SIDES), turn):
            row[side] = run_side(path, index, rules, args.timeout, side)
        decided = {row[s]["status"] for s in SIDES if row[s]["status"] in DECIDED}
        row["agree"] = len(decided) <= 1
        rows.append(row)
        print(line(row), flush=True)
    return rows


def line(row: dict) -> str:
    parts = [f"{row['board']:22} {row['rules']:6}"]
    for side in SIDES:
        got = row[side]
        ran = got.get("frontier") or {}
        parts.append(f"{side}: {got['status']:10} {got.get('cpu_seconds') or 0:6.2f} s cpu "
                     f"{got.get('route', ''):15} load {got['load_1m']:.1f}"
                     + (f" [sweep {ran['ended']} w{ran['width']} {ran['seconds']:.2f} s]"
                        if ran else ""))
    return " | ".join(parts) + ("" if row["agree"] else "  DISAGREE")


def totals(rows: list[dict]) -> list[dict]:
    out = []
    for rules in sorted({r["rules"] for r in rows}):
        mine = [r for r in rows if r["rules"] == rules]
        entry: dict = {"rules": rules, "boards": len(mine)}
        for side in SIDES:
            have = [r[side] for r in mine]
            cpu = [g.get("cpu_seconds") or 0.0 for g in have]
            loads = [g["load_1m"] for g in have]
            entry[side] = {
                "undecided": sum(g["status"] not in DECIDED for g in have),
                "cpu_total_s": round(sum(cpu), 2),
                "cpu_median_s": round(statistics.median(cpu), 3),
                "route_ran": sum(bool(g.get("frontier")) for g in have),
                "route_decided": sum(g.get("route") == "frontier" for g in have),
                "load_1m": [round(min(loads), 1), round(max(loads), 1)]}
        out.append(entry)
    return out


def main() -> int:
    if len(sys.argv) > 1 and sys.argv[1] == "--child":
        path, index, rules, timeout, side = sys.argv[2:7]
        child(path, int(index), rules, float(timeout), side)
        return 0
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sets", default="inputs1,inputs2,inputs4,mzucker")
    parser.add_argument("--profiles", default="fill,nikoli")
    parser.add_argument("--timeout", type=float, default=10.0)
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()
    bench = Run("frontier_route", args)
    rows = measure(args)
    summary = totals(rows)
    for entry in summary:
        print(json.dumps(entry))
    bench.write(args.out, rows, summary=summary)
    return 0 if all(r["agree"] for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
