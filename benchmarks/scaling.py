"""How cost grows with board size: time and peak memory per configuration, each run in its
own process (so peak RSS belongs to that run alone).

Boards: satlink's generator at each size (grown candidates, solvable by construction), plus
any corpus files given (e.g. the 1002x1002 boards of thomasahle's inputs6).  For each size
the configurations run one after another on the same boards (ratios in the same run).

    python benchmarks/scaling.py --sizes 10x10,20x20,50x50,100x100,200x200 \
        --configs binary-edge/glucose4,binary-edge/cadical195,acyclic/cadical195 \
        --timeout 120 --out benchmarks/results/scaling.json
    python benchmarks/scaling.py --growth unionfind --sizes 100x100,200x200,400x400
    python benchmarks/scaling.py --sizes '' --corpus ../shared/corpus/thomasahle-numberlink/puzzles/inputs6 \
        --configs binary-edge/glucose4 --timeout 300

A configuration is ENCODING/SOLVER[/CYCLES] (e.g. binary-edge/cadical195/propagator).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

if (CHECKOUT := str(Path(__file__).resolve().parents[1])) not in sys.path:  # started as a file
    sys.path.insert(1 + len(os.environ.get("PYTHONPATH", "").split(os.pathsep)), CHECKOUT)

import argparse

from rich.console import Console
from rich.table import Table

from benchmarks.harness import Run
from benchmarks.isolated import run_isolated
from satlink.bench.corpus import corpus_boards, generated_boards
from satlink.solver.method import Method


def measure(board, config: str, rules: str, timeout: float) -> dict:
    encoding, solver, *rest = config.split("/")
    method = Method(encoding=encoding, solver=solver, cycles=rest[0] if rest else "lazy")
    row = run_isolated(board, rules, method, timeout)
    row.pop("solutions", None)
    return row


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", default="10x10,20x20,50x50,100x100")
    parser.add_argument("--per-size", type=int, default=2)
    parser.add_argument("--corpus", nargs="*", default=[])
    parser.add_argument("--configs", default="binary-edge/glucose4,acyclic/glucose4")
    parser.add_argument("--rules", default="flow")
    parser.add_argument("--timeout", type=float, default=120)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--growth", default="grow", choices=["grow", "unionfind"],
                        help="growth algorithm (unionfind: fast at 200x200 and beyond)")
    parser.add_argument("--out", default=None)
    args = parser.parse_args(argv)
    bench = Run("scaling", args)
    boards = (generated_boards(args.sizes, args.per_size, args.seed, args.rules, None, args.growth)
              if args.sizes else [])
    if args.corpus:
        found, skipped = corpus_boards(args.corpus, args.rules, None)
        boards += found
    configs = [c.strip() for c in args.configs.split(",") if c.strip()]
    console = Console(width=170)
    rows = []
    for item in boards:
        for config in configs:
            row = {"board": item.name, "cells": item.board.width * item.board.height,
                   "size": f"{item.board.width}x{item.board.height}",
                   "labels": len(item.board.labels), "config": config,
                   **measure(item.board, config, args.rules, args.timeout)}
            rows.append(row)
            console.print(f"{row['board']:>22} {config:>30} {row.get('status'):>10} "
                          f"{row.get('seconds', row['wall_seconds']):8.2f} s  "
                          f"encode {row.get('encode_seconds', 0):7.2f} s  "
                          f"sat {row.get('sat_seconds', 0):7.2f} s  "
                          f"peak {row.get('peak_mb', 0):7.0f} MB  clauses {row.get('clauses', '-')}")
    table = Table(title=f"scaling under '{args.rules}' (medians per size; python = 1 - sat/total)")
    for col in ("size", "config", "verdicts", "total s", "encode s", "sat s", "python", "peak MB",
                "clauses"):
        table.add_column(col)
    groups: dict[tuple[str, str], list[dict]] = {}
    for r in rows:
        groups.setdefault((r["size"], r["config"]), []).append(r)
    for (size, config), group in groups.items():
        def med(key: str, g=group) -> float:
            values = sorted(r.get(key, 0) or 0 for r in g)
            return values[len(values) // 2]
        total, sat = med("seconds"), med("sat_seconds")
        table.add_row(size, config, ",".join(sorted({str(r.get("status")) for r in group})),
                      f"{total:.2f}", f"{med('encode_seconds'):.2f}", f"{sat:.2f}",
                      f"{100 * (1 - sat / total):.0f}%" if total else "-",
                      f"{med('peak_mb'):.0f}", str(int(med("clauses"))))
    console.print(table)
    bench.write(args.out, rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())
