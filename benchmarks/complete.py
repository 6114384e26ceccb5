"""How often ``satlink.generate.complete`` completes a designer's draft, and how fast.

Drafts: square boards of 5x5, 7x7 and 9x9 with two pairs placed at random (fixed seed), as a
designer starts; each completed under ``flow`` and ``fill`` within ``--seconds``.

    PYTHONPATH=. python benchmarks/complete.py --drafts 6 --seconds 5 --out benchmarks/results/complete.json
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path

from satlink import Board
from satlink.generate.complete import complete


def draft(rng: random.Random, size: int) -> Board:
    rows = [["."] * size for _ in range(size)]
    for i, cell in enumerate(rng.sample(range(size * size), 4)):
        rows[cell // size][cell % size] = "AB"[i // 2]
    return Board.from_rows(["".join(r) for r in rows])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--drafts", type=int, default=6)
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--out", type=Path, default=None)
    args = parser.parse_args()
    rows = []
    print("| size | rules | completed | median s (completed) |\n| --- | --- | --- | --- |")
    for size in (5, 7, 9):
        drafts = [draft(random.Random(f"{size}:{n}"), size) for n in range(args.drafts)]
        for rules in ("flow", "fill"):
            done, times = 0, []
            for n, board in enumerate(drafts):
                start = time.perf_counter()
                result = complete(board, rules, seconds=args.seconds, seed=n)
                if result.board is not None:
                    done += 1
                    times.append(time.perf_counter() - start)
            median = round(statistics.median(times), 2) if times else None
            rows.append({"size": size, "rules": rules, "drafts": len(drafts), "completed": done,
                         "median_seconds": median})
            print(f"| {size}x{size} | {rules} | {done}/{len(drafts)} | {median} |", flush=True)
    if args.out:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(json.dumps({"python": sys.version.split()[0], "rows": rows}, indent=1))


if __name__ == "__main__":
    main()
