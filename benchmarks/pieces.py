"""Issue 24's pieces: when does solving piece by piece beat the whole board?

Two tables, each timing ``check`` in this process, the two routes interleaved board by board
(whole, split, split, whole, ...), medians of ``--repeat`` runs, and the ratio split/whole
taken run by run:

* **one piece** (why :data:`satlink.solver.pieces.KEPT_SHARE` is what it is): every corpus
  board the forced moves leave partly open, forced through the split route
  (``KEPT_SHARE`` = 1) against the whole board, by the share of open nodes the one piece
  keeps;
* **several pieces** (where the route pays): each of those boards k times side by side, a
  solid column between copies, the labels renamed: k independent pieces the default route
  splits, against the same board whole.

Verdicts and counts are checked equal between the routes on every board.

    python benchmarks/pieces.py --repeat 5 --out /tmp/pieces.json
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(HERE))

from satlink import Board, check  # noqa: E402
from satlink.board import label_for  # noqa: E402
from satlink.formats import read_file  # noqa: E402
from satlink.rules import parse_rules  # noqa: E402
from satlink.solver import pieces  # noqa: E402
from satlink.solver.method import Method  # noqa: E402
from satlink.solver.presolve import MAX_NODES, PARTIAL, presolve  # noqa: E402

WHOLE, SPLIT = Method(pieces=False), Method()


def corpus_boards(corpus: Path) -> list[tuple[str, Board]]:
    files = sorted((corpus / "mzucker-flow_solver" / "puzzles").glob("*.txt"))
    files += [corpus / "thomasahle-numberlink" / "puzzles" / f"inputs{i}" for i in (1, 2, 4, 5)]
    out = []
    for path in files:
        for entry in read_file(str(path)):
            if entry.error is None:
                out.append((f"{path.name}#{entry.index}", entry.board))
    return out


def side_by_side(board: Board, copies: int) -> Board:
    """``copies`` of a plain board in one row, a solid column between them, labels renamed."""
    rows = []
    for r, row in enumerate(board.rows):
        parts = []
        for k in range(copies):
            rename = {label: label_for(k * len(board.labels) + i)
                      for i, label in enumerate(board.labels)}
            parts.append("".join(rename.get(ch, ch) for ch in row))
        rows.append("#".join(parts))
        del r
    return Board.from_rows(rows)


def timed(board: Board, method: Method) -> tuple[float, str, int, int]:
    start = time.perf_counter()
    verdict = check(board, "flow", method=method)
    return time.perf_counter() - start, verdict.status.value, verdict.stats.pieces, len(board.labels)


def pair(board: Board, repeat: int) -> dict:
    """Interleaved runs of both routes; the split/whole ratio run by run, its median."""
    whole, split = [], []
    for r in range(repeat):
        order = [(WHOLE, whole), (SPLIT, split)] if r % 2 == 0 else [(SPLIT, split), (WHOLE, whole)]
        for method, into in order:
            into.append(timed(board, method))
    statuses = {w[1] for w in whole} | {s[1] for s in split}
    if len(statuses) != 1:
        raise SystemExit(f"verdicts differ: {statuses}")
    return {"whole_ms": statistics.median(w[0] for w in whole) * 1e3,
            "split_ms": statistics.median(s[0] for s in split) * 1e3,
            "ratio": statistics.median(s[0] / w[0] for s, w in zip(split, whole, strict=True)),
            "pieces": split[0][2], "status": split[0][1]}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--corpus", default=str(HERE.parent / "shared" / "corpus"))
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--copies", default="2,4")
    parser.add_argument("--out", default=None)
    args = parser.parse_args(argv)
    flow = parse_rules("flow")
    partial = []
    for name, board in corpus_boards(Path(args.corpus)):
        if board.n_nodes <= 400 and board.geometry.is_plain:
            result = presolve(board, flow)
            if result.outcome == PARTIAL:
                partial.append((name, board, result))
    for _, board, _ in partial[:3]:  # warm: imports, first solver
        check(board, method=WHOLE)
    results: dict = {"one_piece": [], "copies": []}
    saved = pieces.KEPT_SHARE
    pieces.KEPT_SHARE = 1.0
    try:
        for name, board, result in partial:
            split = pieces.split(board, result.states)
            row = {"board": name, "kept": split.kept if split else 1.0, **pair(board, args.repeat)}
            results["one_piece"].append(row)
    finally:
        pieces.KEPT_SHARE = saved
    print("one piece, split forced (KEPT_SHARE = 1) against the whole board")
    print("kept share | boards | whole ms (median) | split ms (median) | split/whole (median)")
    bands = [(0.0, 0.8), (0.8, 0.95), (0.95, 1.01)]
    for low, high in bands:
        rows = [r for r in results["one_piece"] if low <= r["kept"] < high]
        if rows:
            print(f"{low:.2f}-{min(high, 1):.2f} | {len(rows)} | "
                  f"{statistics.median(r['whole_ms'] for r in rows):.1f} | "
                  f"{statistics.median(r['split_ms'] for r in rows):.1f} | "
                  f"{statistics.median(r['ratio'] for r in rows):.2f}")
    print()
    print("k copies side by side (k independent pieces), default route against the whole board")
    print("copies | boards | whole ms (median) | split ms (median) | split/whole (median) | "
          "total whole s | total split s")
    for copies in [int(c) for c in args.copies.split(",")]:
        rows = []
        for name, board, _ in partial:
            composite = side_by_side(board, copies)
            if composite.n_nodes > MAX_NODES:  # no forced moves there: neither route splits
                continue
            rows.append({"board": name, "copies": copies, **pair(composite, args.repeat)})
        results["copies"] += rows
        if rows:
            print(f"{copies} | {len(rows)} | {statistics.median(r['whole_ms'] for r in rows):.1f} | "
                  f"{statistics.median(r['split_ms'] for r in rows):.1f} | "
                  f"{statistics.median(r['ratio'] for r in rows):.2f} | "
                  f"{sum(r['whole_ms'] for r in rows) / 1e3:.2f} | "
                  f"{sum(r['split_ms'] for r in rows) / 1e3:.2f}")
    if args.out:
        Path(args.out).write_text(json.dumps(results, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
