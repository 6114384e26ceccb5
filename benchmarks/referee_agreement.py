"""The compiled referee against the Python one, at scale: every solution of random boards of
every geometry family (the brute-force oracle's, under the loosest profile), with mistakes
planted in each, judged under every profile; and satlink's solution of each corpus board.
Any difference is printed and the run exits 1.

    python -m benchmarks.referee_agreement --per-family 1250 --out benchmarks/results/referee_agreement.json
    python -m benchmarks.referee_agreement --per-family 0 --corpus-files inputs1,inputs9

``tests/referee/test_compiled.py`` runs the same comparison on fewer boards.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

if (CHECKOUT := str(Path(__file__).resolve().parents[1])) not in sys.path:  # started as a file
    sys.path.insert(1 + len(os.environ.get("PYTHONPATH", "").split(os.pathsep)), CHECKOUT)

import argparse
import random
import time

from benchmarks.harness import Run, corpus_files
from satlink import check
from satlink.formats import read_file
from testbed.referees import disagreements, family_boards, oracle_solutions
from testbed.variants import FAMILIES

CORPUS_FILES = ("inputs1,inputs2,inputs3,inputs4,inputs5,inputs7,inputs8,inputs9,inputs10,"
                "mzucker")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--per-family", type=int, default=1250)
    parser.add_argument("--planted", type=int, default=3, help="mistakes planted per solution")
    parser.add_argument("--solutions", type=int, default=20, help="oracle solutions per board")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--corpus-files", default=CORPUS_FILES,
                        help="comma list: thomasahle inputsN files and/or mzucker")
    parser.add_argument("--timeout", type=float, default=60, help="per corpus board")
    parser.add_argument("--out", default=None)
    args = parser.parse_args()
    bench = Run("referee_agreement", args)
    rows, differ = [], []
    for f, family in enumerate(FAMILIES):
        rng, tally, start = random.Random(args.seed + f), {}, time.perf_counter()
        boards = 0
        for board in family_boards(args.seed + 100 * f, family, args.per_family):
            differ += disagreements(rng, board, oracle_solutions(board, args.solutions), args.planted, tally)
            boards += 1
        judged = sum(tally.values())
        valid = sum(n for (_, ok), n in tally.items() if ok)
        rows.append({"family": family, "boards": boards, "judged": judged, "valid": valid,
                     "differences": len(differ), "seconds": time.perf_counter() - start})
        print(f"{family:<12} {boards:>6} boards  {judged:>8} verdicts ({valid} valid)  "
              f"differences so far {len(differ)}", flush=True)
    corpus_boards = corpus_judged = 0
    rng, tally = random.Random(args.seed), {}
    for path in corpus_files(args.corpus_files):
        for entry in read_file(str(path), max_cells=10**8):
            if entry.error is not None:
                continue
            verdict = check(entry.board, "flow", timeout=args.timeout)
            corpus_boards += 1
            differ += disagreements(rng, entry.board, list(verdict.solutions), args.planted, tally)
    corpus_judged = sum(tally.values())
    if corpus_boards:
        rows.append({"family": "corpus", "boards": corpus_boards, "judged": corpus_judged,
                     "valid": sum(n for (_, ok), n in tally.items() if ok),
                     "differences": len(differ)})
        print(f"corpus       {corpus_boards:>6} boards  {corpus_judged:>8} verdicts  "
              f"differences so far {len(differ)}", flush=True)
    for kind, profile, candidate in differ[:20]:
        print(f"DIFFERENT: {kind} under {profile}: {dict(candidate.paths)}", file=sys.stderr)
    results = bench.write(args.out, rows, differences=len(differ))
    print(f"{len(differ)} differences; load average before {results['load_before'][0]:.1f}, "
          f"after {results['load_after'][0]:.1f}")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
