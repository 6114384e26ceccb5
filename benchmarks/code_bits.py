"""Colour codes with and without difference bits: the threshold ``DIRECT_CODE_BITS``.

``satlink/cnf/colour.py`` says "these cells' codes are not all equal" (rules ``notouch`` and
``no2x2``) directly, one clause per possible code, when codes have at most
``DIRECT_CODE_BITS`` bits, and through k difference variables per pair of cells above that.
This script checks the same boards with several thresholds in one process, interleaved
board by board (one untimed pass, then ``--repeat`` timed ones), forced moves off so that
every board goes through the encoding; ratio = time / the first threshold's time. Verdicts
must agree (the script says so).

    python benchmarks/code_bits.py --bits 0,2 --rules flow FILES...
    python benchmarks/code_bits.py --bits 2,3 --rules flow ../shared/corpus/mzucker-flow_solver/puzzles/*.txt

Threshold 0 is "difference bits for every code length" (the encoding before the threshold).
For memory on huge boards, compare whole processes instead (``benchmarks/README.md``).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

if (CHECKOUT := str(Path(__file__).resolve().parents[1])) not in sys.path:  # started as a file
    sys.path.insert(1 + len(os.environ.get("PYTHONPATH", "").split(os.pathsep)), CHECKOUT)

import argparse
import time

from rich.console import Console
from rich.table import Table

import satlink.cnf.colour as colour
from benchmarks.harness import Run
from satlink import check
from satlink.formats import read_file
from satlink.solver.method import Method


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("files", nargs="+")
    parser.add_argument("--bits", default="0,2", help="comma list of thresholds to compare")
    parser.add_argument("--rules", default="flow")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--timeout", type=float, default=120.0)
    parser.add_argument("--out")
    args = parser.parse_args()
    run = Run("code_bits", args)
    thresholds = [int(b) for b in args.bits.split(",")]
    boards = [(f"{e.source}#{e.index}", e.board) for path in args.files
              for e in read_file(path) if e.board is not None]
    method = Method(presolve=False)
    seconds = {b: 0.0 for b in thresholds}
    conflicts = {b: 0 for b in thresholds}
    variables = {b: 0 for b in thresholds}
    disagreements = []
    for rep in range(args.repeat + 1):
        for name, board in boards:
            statuses = set()
            for bits in thresholds:
                colour.DIRECT_CODE_BITS = bits
                start = time.perf_counter()
                verdict = check(board, args.rules, timeout=args.timeout, method=method)
                spent = time.perf_counter() - start
                statuses.add(verdict.status)
                if rep:  # the first pass is untimed
                    seconds[bits] += spent
                    conflicts[bits] += verdict.stats.conflicts
                    variables[bits] += verdict.stats.variables
            if len(statuses) > 1 and rep == 0:
                disagreements.append(name)
    table = Table(title=f"{len(boards)} boards, rules {args.rules}, {args.repeat} timed passes")
    for column in ("DIRECT_CODE_BITS", "seconds", "ratio", "conflicts", "variables/board"):
        table.add_column(column, justify="right")
    base = seconds[thresholds[0]] or 1.0
    results = []
    for bits in thresholds:
        row = {"bits": bits, "seconds": seconds[bits], "ratio": seconds[bits] / base,
               "conflicts": conflicts[bits],
               "variables_per_board": variables[bits] / max(1, len(boards) * args.repeat)}
        results.append(row)
        table.add_row(str(bits), f"{row['seconds']:.3f}", f"{row['ratio']:.2f}",
                      str(row["conflicts"]), f"{row['variables_per_board']:.0f}")
    Console().print(table)
    print("verdicts agree" if not disagreements else f"DISAGREEMENTS: {disagreements}")
    run.write(args.out, results, disagreements=disagreements)


if __name__ == "__main__":
    main()
