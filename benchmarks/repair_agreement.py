"""Whether the studio's Proposals and Chain ever contradict each other (issue 32, item 2).

Random drafts (2 or 3 pairs on 4x4 and 5x5 boards) that are ``multiple`` or ``unsolvable``
under flow, fill and nikoli are sent to the studio's own ``/api/repair`` (Starlette's test
client, no browser), once for single edits and once for a chain, each with ``--seconds``.
A contradiction is Proposals coming back empty while Chain answers with one edit that makes
the board unique; the table also counts drafts where either found something, and Proposals'
statements by kind.

    python benchmarks/repair_agreement.py --drafts 150 \
        --out benchmarks/results/repair-agreement.json
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

if (CHECKOUT := str(Path(__file__).resolve().parents[1])) not in sys.path:  # started as a file
    sys.path.insert(1 + len(os.environ.get("PYTHONPATH", "").split(os.pathsep)), CHECKOUT)

import argparse
import json
import random
import warnings
from collections import Counter

from benchmarks.harness import Run
from satlink.board import Board
from satlink.solver.check import check
from satlink.studio import Limits, create_app
from testbed.studio_server import token_of

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient


def drafts(rng: random.Random, n: int):
    made = 0
    while made < n:
        size, pairs = rng.choice([4, 5]), rng.choice([2, 3])
        cells = rng.sample(range(size * size), 2 * pairs)
        rows = [["."] * size for _ in range(size)]
        for i, x in enumerate(cells):
            rows[x // size][x % size] = "ABC"[i // 2]
        grid = ["".join(r) for r in rows]
        for rules in ("flow", "fill", "nikoli"):
            if str(check(Board.from_rows(grid), rules).status) in ("multiple", "unsolvable"):
                made += 1
                yield grid, rules


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--drafts", type=int, default=150)
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--out", type=Path, default=None)
    args = parser.parse_args()
    bench = Run("repair_agreement", args)
    app = create_app(Limits(max_cells=400, timeout=30.0), root=Path.cwd())
    rows, kinds = [], Counter()
    with TestClient(app, base_url="http://127.0.0.1", headers=token_of(app)) as client:
        for grid, rules in drafts(random.Random(args.seed), args.drafts):
            body = {"board": {"grid": grid}, "rules": rules, "seconds": args.seconds}
            found = client.post("/api/repair", json=body).json()
            chain = client.post("/api/repair", json={**body, "chain": True}).json()["chain"]
            one = chain["repaired"] and len(chain["steps"]) == 1
            row = {"grid": grid, "rules": rules, "proposals": len(found["proposals"]),
                   "complete": found["complete"], "chain_steps": len(chain["steps"]),
                   "chain_repaired": chain["repaired"], "statement": found["statement"],
                   "contradiction": one and not found["proposals"]}
            kinds[found["statement"].split(":")[0].split(" (")[0][:40]] += 1
            rows.append(row)
            if row["contradiction"]:
                print("contradiction:", json.dumps(row), flush=True)
    n = len(rows)
    print(f"{n} drafts, Proposals and Chain each within {args.seconds:g} s")
    print(f"  contradictions (no proposal, a one-edit chain): "
          f"{sum(r['contradiction'] for r in rows)}")
    print(f"  proposals found: {sum(r['proposals'] > 0 for r in rows)}; chain repaired: "
          f"{sum(r['chain_repaired'] for r in rows)} (one edit: "
          f"{sum(r['chain_repaired'] and r['chain_steps'] == 1 for r in rows)})")
    for kind, count in kinds.most_common():
        print(f"  {count:4}  {kind}")
    bench.write(args.out, rows)


if __name__ == "__main__":
    main()
