"""The quality figures of a record (``satlink.quality.figures.quality``) against the
computation they replaced (``testbed/quality_reference.py``: a list of
runs per path, ``bends`` a second walk, ``statistics.mean``), in one process, in turn: CPU
microseconds per record on the solutions ``check`` finds for the files.

    python benchmarks/quality_speed.py --files mzucker /tmp/small200.txt --rounds 3
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

if (CHECKOUT := str(Path(__file__).resolve().parents[1])) not in sys.path:  # started as a file
    sys.path.insert(1 + len(os.environ.get("PYTHONPATH", "").split(os.pathsep)), CHECKOUT)

import argparse
import time

from benchmarks.harness import Run, corpus_files, in_turn


def per_record(figures, solved: list, repeats: int = 5) -> float:
    """The best of five: CPU microseconds per record."""
    best = float("inf")
    for _ in range(5):
        start = time.process_time()
        for _ in range(repeats):
            for board, solution, verdict in solved:
                figures(board, solution, verdict)
        best = min(best, (time.process_time() - start) / len(solved) / repeats * 1e6)
    return best


def main() -> None:
    from satlink.formats import read_file
    from satlink.quality.figures import quality
    from satlink.solver.check import check
    from testbed.quality_reference import reference_quality

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("extra", nargs="*", help="more board files")
    parser.add_argument("--files", default="mzucker", help="corpus files (benchmarks.harness)")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--out", default=None)
    args = parser.parse_args()
    bench = Run("quality_speed", args)
    paths = [str(p) for p in corpus_files(args.files)] + args.extra
    solved = [(entry.board, verdict.solutions[0], verdict) for path in paths
              for entry in read_file(path) if entry.error is None
              for verdict in [check(entry.board, "flow")] if verdict.solutions]
    seen: dict[str, list[float]] = {"reference": [], "quality": []}
    sides = [("reference", reference_quality), ("quality", quality)]
    for turn in range(args.rounds):
        for name, figures in in_turn(sides, turn):
            seen[name].append(per_record(figures, solved))
    row = {"records": len(solved), **{f"{name}_us": round(min(v), 1) for name, v in seen.items()}}
    row["quality_over_reference"] = round(row["quality_us"] / row["reference_us"], 3)
    print(row)
    bench.write(args.out, [row])


if __name__ == "__main__":
    main()
