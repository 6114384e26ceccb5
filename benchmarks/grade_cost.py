"""What the generator's grade costs per puzzle at 20x20 (issue 22): the full grade (look-ahead
and all, as before) against the grade the generator now stores above 16x16, which stops once
the band is known (``satlink.generate.pipeline._graded``).

``--count`` puzzles per size are generated (``--play any``: the walk's own mix, mostly hard
at 20x20), then each is graded both ways, interleaved (full, band, full, band, ...), ``--repeat``
times; reported: seconds per puzzle (median of the repeats, then mean and max over puzzles),
the ratio, and whether both gave the same band.

    python benchmarks/grade_cost.py --sizes 20x20 --count 8
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

if (CHECKOUT := str(Path(__file__).resolve().parents[1])) not in sys.path:  # started as a file
    sys.path.insert(1 + len(os.environ.get("PYTHONPATH", "").split(os.pathsep)), CHECKOUT)

import argparse
import time
from statistics import mean, median

from benchmarks.harness import Run, keyed

HERE = Path(__file__).resolve().parents[1]


def main() -> None:
    from satlink.generate.params import make_params
    from satlink.generate.pipeline import _graded, attempt
    from satlink.generate.request import ParamsRequest
    from satlink.grading import grade

    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", default="20x20")
    parser.add_argument("--count", type=int, default=8)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", default=None)
    args = parser.parse_args()
    bench = Run("grade_cost", args)
    results = {}
    print("| size | puzzles | full grade s (mean / max) | generator's grade s (mean / max) | "
          "ratio of means | same band |")
    print("|---|---|---|---|---|---|")
    for size in args.sizes.split(","):
        params = make_params(ParamsRequest(size, seed=args.seed, play="any"))
        boards = []
        number = 0
        while len(boards) < args.count and number < 10 * args.count:
            result = attempt(params, number)
            number += 1
            if result.accepted:
                boards.append(result.board())
        full, band, same = [], [], 0
        for board in boards:
            times = {"full": [], "band": []}
            for _ in range(args.repeat):
                start = time.perf_counter()
                whole = grade(board, params.rules)
                times["full"].append(time.perf_counter() - start)
                start = time.perf_counter()
                quick = _graded(board, params)
                times["band"].append(time.perf_counter() - start)
            full.append(median(times["full"]))
            band.append(median(times["band"]))
            same += whole.band == quick["band"]
        r = results[size] = {"puzzles": len(boards), "full": full, "band": band, "same": same}
        print(f"| {size} | {r['puzzles']} | {mean(full):.3f} / {max(full):.3f} | "
              f"{mean(band):.3f} / {max(band):.3f} | {mean(full) / mean(band):.0f}x | "
              f"{same}/{len(boards)} |", flush=True)
    bench.write(args.out, keyed(results, "size"))


if __name__ == "__main__":
    main()
