"""Issue 24's pieces: when does solving piece by piece beat the whole board?

Two tables, each timing ``check`` in this process, the two routes interleaved board by board
(whole, split, split, whole, ...), medians of ``--repeat`` runs, and the ratio split/whole
taken run by run:

* **one piece** (why :data:`satlink.solver.pieces.KEPT_SHARE` is what it is): every corpus
  board of at most ``MAX_NODES`` (400) nodes the forced moves leave partly open, through the
  split route against the whole board, by the share of open nodes the one piece keeps;
* **several pieces** (why :data:`satlink.solver.pieces.MIN_UNDECIDED` is what it is): each
  of those boards ``--copies`` times side by side, a solid column between copies, the labels
  renamed: independent pieces, against the same board whole, by undecided edges.

Both under each of ``--rules`` (``fill`` has the longest searches), the gates lifted
(``KEPT_SHARE`` 1, ``MIN_UNDECIDED`` 0) so that every such board takes the split route.

Verdicts and counts are checked equal between the routes on every board.

    python benchmarks/pieces.py --repeat 5 --rules flow,fill --out /tmp/pieces.json
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

if (CHECKOUT := str(Path(__file__).resolve().parents[1])) not in sys.path:  # started as a file
    sys.path.insert(1 + len(os.environ.get("PYTHONPATH", "").split(os.pathsep)), CHECKOUT)

import argparse
import statistics
import time

from benchmarks.harness import Run
from satlink import Board, check
from satlink.board import label_for
from satlink.formats import read_file
from satlink.rules import parse_rules
from satlink.solver import pieces
from satlink.solver.method import Method
from satlink.solver.presolve import PARTIAL, presolve

HERE = Path(__file__).resolve().parent.parent

WHOLE, SPLIT = Method(pieces=False), Method()



MAX_NODES = 400
"""The boards of issue 24's measurement: the Python engine's forced moves stopped at this size
then; the compiled engine deduces at every size, so the side-by-side copies are kept whatever
their size."""

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


def timed(board: Board, method: Method, rules: str, count: int) -> tuple[float, str, int, int]:
    start = time.perf_counter()
    verdict = check(board, rules, method=method, count=count)
    return (time.perf_counter() - start, f"{verdict.status.value} {verdict.count}",
            verdict.stats.pieces, len(board.labels))


def pair(board: Board, repeat: int, rules: str = "flow", count: int = 2) -> dict:
    """Interleaved runs of both routes; the split/whole ratio run by run, its median."""
    whole, split = [], []
    for r in range(repeat):
        order = [(WHOLE, whole), (SPLIT, split)] if r % 2 == 0 else [(SPLIT, split), (WHOLE, whole)]
        for method, into in order:
            into.append(timed(board, method, rules, count))
    statuses = {w[1] for w in whole} | {s[1] for s in split}
    if len(statuses) != 1:
        raise SystemExit(f"verdicts differ: {statuses}")
    return {"whole_ms": statistics.median(w[0] for w in whole) * 1e3,
            "split_ms": statistics.median(s[0] for s in split) * 1e3,
            "ratio": statistics.median(s[0] / w[0] for s, w in zip(split, whole, strict=True)),
            "pieces": split[0][2], "status": split[0][1]}


def bands(rows: list[dict], key: str, edges: list[float]) -> list[str]:
    """Table lines: rows grouped by ``key`` between consecutive ``edges``."""
    out = []
    for low, high in zip(edges, edges[1:], strict=False):
        chosen = [r for r in rows if low <= r[key] < high]
        if chosen:
            out.append(f"{low:g}-{high:g} | {len(chosen)} | "
                       f"{statistics.median(r['whole_ms'] for r in chosen):.1f} | "
                       f"{statistics.median(r['split_ms'] for r in chosen):.1f} | "
                       f"{statistics.median(r['ratio'] for r in chosen):.2f} | "
                       f"{sum(r['whole_ms'] for r in chosen) / 1e3:.2f} | "
                       f"{sum(r['split_ms'] for r in chosen) / 1e3:.2f}")
    return out


HEADER = ("| boards | whole ms (median) | split ms (median) | split/whole (median) "
          "| total whole s | total split s")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--corpus", default=str(HERE.parent / "shared" / "corpus"))
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--copies", type=int, default=2)
    parser.add_argument("--rules", default="flow,fill")
    parser.add_argument("--tables", default="one,copies", help="one, copies or both")
    parser.add_argument("--out", default=None)
    args = parser.parse_args(argv)
    bench = Run("pieces", args)
    saved = pieces.KEPT_SHARE, pieces.MIN_UNDECIDED
    pieces.KEPT_SHARE, pieces.MIN_UNDECIDED = 1.0, 0  # the route forced, the gates measured
    results: dict = {"one_piece": [], "copies": []}
    try:
        for rules in args.rules.split(","):
            profile = parse_rules(rules)
            partial = []
            for name, board in corpus_boards(Path(args.corpus)):
                if board.n_nodes <= MAX_NODES and board.geometry.is_plain:
                    result = presolve(board, profile)
                    if result.outcome == PARTIAL:
                        partial.append((name, board, result))
            for _, board, _ in partial[:3]:  # warm: imports, first solver
                check(board, rules, method=WHOLE)
            one = []
            for name, board, result in partial if "one" in args.tables else []:
                split = pieces.split(board, result.states)
                one.append({"board": name, "rules": rules, "kept": split.kept if split else 1.0,
                            **pair(board, args.repeat, rules)})
            results["one_piece"] += one
            print(f"{rules}: one piece, the split route against the whole board, by the share "
                  "of open nodes the piece keeps")
            print("kept share " + HEADER)
            print("\n".join(bands(one, "kept", [0, 0.8, 0.95, 1.01])))
            many = []
            for name, board, _ in partial if "copies" in args.tables else []:
                composite = side_by_side(board, args.copies)
                split = pieces.split(composite, presolve(composite, profile).states)
                undecided = sum(p.undecided for p in split.pieces) if split else 0
                many.append({"board": name, "rules": rules, "copies": args.copies,
                             "undecided": undecided, **pair(composite, args.repeat, rules)})
            results["copies"] += many
            print(f"{rules}: {args.copies} copies side by side ({args.copies} independent "
                  "pieces), by undecided edges")
            print("undecided edges " + HEADER)
            print("\n".join(bands(many, "undecided", [0, 200, 400, 10**6])))
            print()
    finally:
        pieces.KEPT_SHARE, pieces.MIN_UNDECIDED = saved
    bench.write(args.out, [{"part": part, **row} for part, rows in results.items() for row in rows])
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
