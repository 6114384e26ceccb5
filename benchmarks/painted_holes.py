"""A designer's edit under ``fill``: one cell of a unique puzzle painted solid, checked by two
checkouts, interleaved.

The studio's latency benchmark (``studio_latency.py``) paints holes on a generated 15x15
puzzle and times each verdict in the browser; this is the same question without the browser,
so that where the time goes is visible per edit: for each variant a puzzle unique under
``flow`` is generated (the same generator and seed as ``studio_latency.py``), and for each of
``--edits`` random empty cells the puzzle with that cell solid is checked under ``--rules`` by
this checkout and by ``--base`` (each in a worker process of its own, start-up paid once, the
order alternating by edit), with ``--timeout`` seconds a check.  Reported per variant and side:
the verdicts, timeouts, the median and 95th percentile of CPU seconds per edit, and the
deductions' stage that decided (``stats.presolve_stage``: ``parity`` is the chessboard count).
A verdict that differs where neither side timed out is a disagreement (exit status 1).

    git archive cddf828 | (mkdir -p /tmp/base && tar -x -C /tmp/base)   # then build it there
    python benchmarks/painted_holes.py --base /tmp/base --edits 12 --timeout 10 \\
        --out benchmarks/results/painted-holes.json
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

if (CHECKOUT := str(Path(__file__).resolve().parents[1])) not in sys.path:  # started as a file
    sys.path.insert(1 + len(os.environ.get("PYTHONPATH", "").split(os.pathsep)), CHECKOUT)

import argparse
import random
import statistics
import time
from collections import Counter

from benchmarks.harness import ROOT, CheckoutWorker, Run, in_turn, serve

VARIANTS = {"square": {}, "bridges": {"bridges": 3}, "hex": {"grid": "hex"},
            "warps": {"wrap": True}}


def answer(request: dict) -> dict:
    """The worker's side: check one board, CPU seconds and what decided it."""
    from satlink.board import Board
    from satlink.solver.check import check

    board = Board.from_json(request["grid"], request.get("geometry"))
    start = time.process_time()
    verdict = check(board, request["rules"], timeout=request["timeout"])
    return {"status": str(verdict.status), "cpu": time.process_time() - start,
            "route": verdict.stats.route,
            "stage": getattr(verdict.stats, "presolve_stage", "")}


def painted(grid: list[str], edits: int, seed: int) -> list[tuple[int, int]]:
    """``edits`` empty cells, in a random order fixed by ``seed``."""
    empties = [(r, c) for r, row in enumerate(grid) for c, ch in enumerate(row) if ch == "."]
    random.Random(seed).shuffle(empties)
    return empties[:edits]


def with_hole(grid: list[str], cell: tuple[int, int]) -> list[str]:
    r, c = cell
    return [row if i != r else row[:c] + "#" + row[c + 1:] for i, row in enumerate(grid)]


def summary(rows: list[dict], side: str) -> dict:
    mine = [row[side] for row in rows]
    cpu = sorted(x["cpu"] for x in mine)
    return {"statuses": dict(Counter(x["status"] for x in mine)),
            "timeouts": sum(x["status"] == "timeout" for x in mine),
            "p50": statistics.median(cpu) if cpu else 0.0,
            "p95": cpu[min(len(cpu) - 1, int(0.95 * len(cpu)))] if cpu else 0.0,
            "stages": dict(Counter(decided_by(x) for x in mine))}


def decided_by(found: dict) -> str:
    """The deductions' stage where they decided the board (``parity``: the chessboard count),
    else the route (a timeout's: the one that ran out)."""
    return found["stage"] if found["route"] == "deductions" and found["stage"] else found["route"]


def flat(table: dict) -> list[dict]:
    """The per-variant summaries as one flat table (what ``benchmarks/publish.py`` takes)."""
    return [{"variant": name, "side": side, "edits": sum(s["statuses"].values()),
             "verdicts": ", ".join(f"{n} {k}" for k, n in sorted(s["statuses"].items())),
             "timeouts": s["timeouts"], "p50_s": round(s["p50"], 3), "p95_s": round(s["p95"], 3),
             "decided_by": ", ".join(f"{k} {n}" for k, n in sorted(s["stages"].items()))}
            for name, sides in table.items() for side, s in sides.items()]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--base", type=Path, help="a baseline checkout, built (required)")
    parser.add_argument("--variants", default="square,bridges,hex,warps")
    parser.add_argument("--size", type=int, default=15)
    parser.add_argument("--edits", type=int, default=12)
    parser.add_argument("--rules", default="fill")
    parser.add_argument("--timeout", type=float, default=10.0)
    parser.add_argument("--seed", type=int, default=1, help="the generator's seed")
    parser.add_argument("--out")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        serve(answer)
        return 0
    if args.base is None:
        parser.error("--base is required")
    from benchmarks.studio_latency import puzzle

    run = Run("painted_holes", args)
    script = Path(__file__)
    rows: list[dict] = []
    with CheckoutWorker("after", ROOT, script) as after, \
            CheckoutWorker("before", args.base, script) as before:
        sides = {"after": after, "before": before}
        for name in args.variants.split(","):
            made = puzzle(args.size, VARIANTS[name], args.seed, args.rules)
            for k, cell in enumerate(painted(made["grid"], args.edits, args.seed)):
                request = {"grid": with_hole(made["grid"], cell),
                           "geometry": made.get("geometry"), "rules": args.rules,
                           "timeout": args.timeout}
                row = {"variant": name, "cell": list(cell)}
                for side in in_turn(list(sides), k):
                    row[side] = sides[side].ask(request)
                rows.append(row)
                print(f"{name} {cell}: after {row['after']['status']} {row['after']['cpu']:.2f} s"
                      f" ({row['after']['stage']}), before {row['before']['status']} "
                      f"{row['before']['cpu']:.2f} s", flush=True)
    table, wrong = {}, []
    print(f"\n{args.size}x{args.size}, one cell painted solid, --rules {args.rules}, "
          f"{args.timeout:g} s a check (CPU seconds per edit)")
    print("| variant | side | verdicts | timeouts | p50 s | p95 s | decided by |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for name in args.variants.split(","):
        mine = [row for row in rows if row["variant"] == name]
        table[name] = {side: summary(mine, side) for side in ("before", "after")}
        for side in ("before", "after"):
            s = table[name][side]
            print(f"| {name} | {side} | {s['statuses']} | {s['timeouts']} | {s['p50']:.3f} | "
                  f"{s['p95']:.3f} | {s['stages']} |")
        wrong += [row for row in mine if "timeout" not in (row["after"]["status"],
                                                           row["before"]["status"])
                  and row["after"]["status"] != row["before"]["status"]]
    print(f"disagreements: {len(wrong)}")
    run.write(args.out, rows, table=table, summary=flat(table), disagreements=wrong)
    return 1 if wrong else 0


if __name__ == "__main__":
    raise SystemExit(main())
