"""The referee's time per solution check, Python against compiled, by board size, in one
process.

Every verdict's solution goes through :func:`satlink.referee.solution_errors`, so its
per-check cost is part of each board's floor.  Boards are read and solved once (not timed);
then each size group's solutions are checked ``--rounds`` times by the Python referee
(:func:`satlink.referee.paths.solution_errors`, the reference) and by the compiled one
(:func:`satlink.referee.solution_errors` with the extension built: packing the paths and the
C++ check), taking turns group by group, five times over; the median per check is printed
(``--out`` writes JSON).

    PYTHONPATH=. python benchmarks/referee_speed.py
    PYTHONPATH=. python benchmarks/referee_speed.py --files inputs9,inputs10 --rules fill
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

if (CHECKOUT := str(Path(__file__).resolve().parents[1])) not in sys.path:  # started as a file
    sys.path.insert(1 + len(os.environ.get("PYTHONPATH", "").split(os.pathsep)), CHECKOUT)

import argparse
from collections.abc import Callable

from benchmarks.harness import Run, corpus_files, in_turn, repeated
from satlink import check
from satlink.formats import read_file
from satlink.referee import compiled, solution_errors
from satlink.referee import paths as reference

GROUPS = ((100, "up to 10x10"), (225, "up to 15x15"), (900, "up to 30x30"),
          (2500, "up to 50x50"), (10**12, "larger"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--files", default="inputs1,inputs2,inputs4,mzucker,inputs9,inputs10",
                        help="thomasahle inputsN files and/or mzucker, comma-separated")
    parser.add_argument("--rules", default="flow")
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--timeout", type=float, default=60)
    parser.add_argument("--out", type=Path, default=None)
    args = parser.parse_args()
    if not compiled.available():
        parser.error("the compiled referee is not built (or SATLINK_REFEREE=python)")
    bench = Run("referee_speed", args)
    groups: dict[str, list] = {name: [] for _, name in GROUPS}
    for path in corpus_files(args.files):
        for entry in read_file(str(path)):
            if entry.board is None:
                continue
            verdict = check(entry.board, args.rules, timeout=args.timeout)
            if verdict.solutions:
                name = next(n for limit, n in GROUPS if entry.board.size <= limit)
                groups[name].append((entry.board, verdict.solutions[0]))
    rows = []
    for turn, (name, solved) in enumerate((n, s) for n, s in groups.items() if s):
        def checks(referee: Callable, solved: list = solved) -> Callable[[], None]:
            def one_pass() -> None:
                for _ in range(args.rounds):
                    for board, solution in solved:
                        assert not referee(board, solution, args.rules)
            return one_pass

        ms = {}
        for side, referee in in_turn((("python", reference.solution_errors),
                                      ("compiled", solution_errors)), turn):
            _, timing = repeated(checks(referee), 5)
            ms[side] = 1000 * timing["wall"] / (args.rounds * len(solved))
        cells = sum(board.size for board, _ in solved) / len(solved)
        rows.append({"group": name, "boards": len(solved), "mean_cells": round(cells),
                     "python_ms": round(ms["python"], 4), "compiled_ms": round(ms["compiled"], 4),
                     "ratio": round(ms["compiled"] / ms["python"], 4)})
        print(f"{name:<12} {len(solved):>4} boards (mean {cells:7.0f} cells): python "
              f"{ms['python']:8.3f} ms, compiled {ms['compiled']:8.3f} ms a check, "
              f"compiled/python {ms['compiled'] / ms['python']:.3f}", flush=True)
    results = bench.write(args.out, rows)
    print(f"load average before {results['load_before'][0]:.1f}, after {results['load_after'][0]:.1f}")


if __name__ == "__main__":
    main()
