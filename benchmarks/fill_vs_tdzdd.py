"""satlink under plain ``fill`` against TdZdd's exact counter ``ddnumlin`` (issue 30: "ahead of
ddnumlin wherever both decide").

Every corpus board of at most ``--cells`` cells (mzucker, thomasahle inputs1-5, 7-9) is
decided by ``ddnumlin -a -k 0 -m 0`` (plain fill, no blank cell; a process per board, its wall
time) and by ``satlink.check(board, "fill")`` in this process (the median of ``--repeat``
runs); the verdicts must agree (ddnumlin's count 0, 1 or more).  Boards one cell wide are
left out: ddnumlin counts no solution for two endpoints side by side there (inputs5 #13,
``a`` above ``a``, which is one solution, the two-cell path).  The table gives, over the
boards both decide, the median and total per-board time of each and their ratio, and the
boards each could not decide within ``--timeout``.  satlink's in-process time leaves out its
process start (about 0.1 s, once per file, not per board); ddnumlin's includes its own.

    ../shared/peers/build.sh /tmp/peers
    python benchmarks/fill_vs_tdzdd.py --ddnumlin /tmp/peers/ddnumlin \
        --out benchmarks/results/fill_vs_tdzdd.json
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

if (CHECKOUT := str(Path(__file__).resolve().parents[1])) not in sys.path:  # started as a file
    sys.path.insert(1 + len(os.environ.get("PYTHONPATH", "").split(os.pathsep)), CHECKOUT)

import argparse
import statistics

from benchmarks.harness import Run
from satlink import check
from satlink.formats import read_file
from testbed.peers import ddnumlin_count

CORPUS = Path(__file__).resolve().parent.parent.parent / "shared" / "corpus"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--ddnumlin", default="/tmp/peers/ddnumlin")
    parser.add_argument("--cells", type=int, default=400)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--timeout", type=float, default=30.0)
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()
    bench = Run("fill_vs_tdzdd", args)
    files = sorted((CORPUS / "mzucker-flow_solver" / "puzzles").glob("*.txt"))
    files += [CORPUS / "thomasahle-numberlink" / "puzzles" / f"inputs{i}"
              for i in (1, 2, 3, 4, 5, 7, 8, 9)]
    rows = []
    for path in files:
        for entry in read_file(str(path)):
            board = entry.board
            if (board is None or board.width * board.height > args.cells
                    or not board.geometry.is_plain or min(board.width, board.height) < 2):
                continue
            count, peer = ddnumlin_count(args.ddnumlin, list(board.rows), args.timeout)
            times, status = [], None
            for _ in range(args.repeat):
                verdict = check(board, "fill", timeout=args.timeout)
                times.append(verdict.seconds)
                status = verdict.status.value
            expected = None if count is None else {0: "unsolvable", 1: "unique"}.get(count, "multiple")
            rows.append({"board": f"{path.name}#{entry.index}", "cells": board.width * board.height,
                         "satlink": statistics.median(times), "status": status,
                         "tdzdd": peer, "count": count,
                         "agree": expected is None or status == "timeout" or status == expected})
    both = [r for r in rows if r["count"] is not None and r["status"] != "timeout"]
    mine = [r["satlink"] for r in both]
    theirs = [r["tdzdd"] for r in both]
    counts = {"boards": len(rows), "both decide": len(both),
              "ddnumlin undecided": sum(r["count"] is None for r in rows),
              "satlink timeouts": sum(r["status"] == "timeout" for r in rows),
              "verdicts disagree": sum(not r["agree"] for r in rows),
              "satlink slower": sum(r["satlink"] > r["tdzdd"] for r in both)}
    print(f"{len(rows)} boards of at most {args.cells} cells; both decide {len(both)}; "
          f"ddnumlin could not: {counts['ddnumlin undecided']}; satlink timed out: "
          f"{counts['satlink timeouts']}; verdicts disagree: {counts['verdicts disagree']}")
    summary = []
    if both:
        summary = [{"per board": what, "satlink s": pick(mine), "ddnumlin s": pick(theirs),
                    "satlink / ddnumlin": pick(mine) / pick(theirs)}
                   for what, pick in (("median", statistics.median), ("total", sum))]
        print("| per board | satlink (fill, in-process) | ddnumlin (process) | satlink / ddnumlin |")
        print("| --- | --- | --- | --- |")
        print(f"| median | {1000 * statistics.median(mine):.1f} ms | "
              f"{1000 * statistics.median(theirs):.1f} ms | "
              f"{statistics.median(mine) / statistics.median(theirs):.2f} |")
        print(f"| total | {sum(mine):.2f} s | {sum(theirs):.2f} s | {sum(mine) / sum(theirs):.2f} |")
        slower = [r for r in both if r["satlink"] > r["tdzdd"]]
        print(f"boards where satlink is slower: {len(slower)} "
              + ", ".join(f"{r['board']} ({1000 * r['satlink']:.0f} vs {1000 * r['tdzdd']:.0f} ms)"
                          for r in slower[:8]))
    bench.write(args.out, rows, counts=[counts], summary=summary)
    return 0 if all(r["agree"] for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
