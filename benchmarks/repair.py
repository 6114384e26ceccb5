"""Repair that finishes: random drafts (5x5-8x8, ~cells/8 pairs, fixed seed) repaired by
chains of edits; share unique within 3 edits and the budget, median edits and seconds.

    python benchmarks/repair.py [--drafts 40] [--seconds 10] [--out repair.json]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
from pathlib import Path

from satlink.repair.chains import repair_chain

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests.boards: the drafts the tests use
from tests.boards import random_draft  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--drafts", type=int, default=40)
    ap.add_argument("--seconds", type=float, default=10.0)
    ap.add_argument("--rules", default="flow")
    ap.add_argument("--out", default="repair.json")
    args = ap.parse_args()
    rng = random.Random(21)
    rows = []
    for _ in range(args.drafts):
        size = rng.choice([5, 6, 7, 8])
        chain = repair_chain(random_draft(rng, size), args.rules, seconds=args.seconds)
        rows.append({"size": size, "status": str(chain.status), "repaired": chain.repaired,
                     "edits": len(chain.steps), "seconds": round(chain.seconds, 2)})
    ok = [r for r in rows if r["repaired"] and r["edits"] <= 3 and r["seconds"] <= 10]
    share = len(ok) / len(rows)
    print("| drafts | repaired <= 3 edits, <= 10 s | median edits | median s |")
    print("|---|---|---|---|")
    print(f"| {len(rows)} | {share:.0%} | "
          f"{statistics.median([r['edits'] for r in ok]) if ok else '-'} | "
          f"{statistics.median([r['seconds'] for r in ok]) if ok else '-'} |")
    with open(args.out, "w") as f:
        json.dump({"share": share, "drafts": rows}, f, indent=1)


if __name__ == "__main__":
    main()
