"""Memory over a long life: many checks in one process, and a long studio session, with the
resident set size (RSS) at the start and at the end.

A process that checks boards one after another (the studio, ``generate``, ``validate``'s
workers) must end about as large as it started: whatever one board leaves behind is paid
again for every board after it.  Two soaks, each in this one process:

* ``checks``: ``--checks`` calls of :func:`satlink.check`, each on a fresh :class:`Board`
  made from the rows of a hand-made corpus board (``../shared/corpus``: thomasahle
  inputs1, 2, 4 and mzucker's levels, up to ``--max-cells``) or a generated one
  (``--sizes``), taken in turn;
* ``studio``: ``--edits`` live checks (``/api/check``, one tab's channel, ``seq`` rising)
  against the studio application driven in-process (Starlette's TestClient), each an edit of
  the generated boards opened in turn, twenty edits on each: a hole painted on a random empty
  cell and erased, an endpoint moved to a free neighbour and back.

RSS is read from ``/proc/self/status`` (``VmRSS``, now, not the peak) after a warm-up
(``--warmup`` work items: modules imported, caches of fixed size filled) and at the end;
``growth`` is (end - start) / start.  The checks soak also holds a weak reference to every
board it checked (:class:`Census`) and counts those still alive after a collection at the
end (0 expected).

    PYTHONPATH=. python benchmarks/soak.py --out benchmarks/results/soak.json
    PYTHONPATH=. python benchmarks/soak.py --checks 2000 --edits 400 --sizes 7x7
"""

from __future__ import annotations

import argparse
import gc
import random
import sys
import time
import warnings
import weakref
from pathlib import Path

from benchmarks.harness import Run
from satlink.bench.corpus import corpus_boards, generated_boards
from satlink.board import Board
from satlink.solver.check import check

CORPUS = Path(__file__).resolve().parents[2] / "shared" / "corpus"
HAND_MADE = ["thomasahle-numberlink/puzzles/inputs1", "thomasahle-numberlink/puzzles/inputs2",
             "thomasahle-numberlink/puzzles/inputs4", "mzucker-flow_solver/puzzles"]


def rss_mb() -> float:
    """The resident set size of this process now, in MB."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError("no VmRSS in /proc/self/status (Linux only)")


def settled_rss() -> float:
    gc.collect()
    return rss_mb()


def fresh(board: Board) -> Board:
    """A new Board object equal to ``board`` (nothing cached on it yet)."""
    return Board.from_rows(board.rows, board.geometry)


class Census:
    """How many of the objects shown to it are still alive, at a cost that does not grow
    with the number freed (a list of weak references would itself grow by one a board)."""

    def __init__(self) -> None:
        self.shown = self.freed = 0

    def show(self, thing: object) -> None:
        self.shown += 1
        weakref.finalize(thing, self._free)

    def _free(self) -> None:
        self.freed += 1

    @property
    def alive(self) -> int:
        return self.shown - self.freed


def soak_checks(pool: list, checks: int, warmup: int) -> dict:
    census = Census()
    start = settled_rss()
    begun = time.perf_counter()
    for i in range(checks):
        item = pool[i % len(pool)]
        board = fresh(item.board)
        check(board, item.rules, timeout=10)
        census.show(board)
        del board
        if i + 1 == warmup:
            warm = settled_rss()
    end = settled_rss()
    return {"soak": "checks", "items": checks, "boards": len(pool),
            "seconds": round(time.perf_counter() - begun, 2), "rss_first_mb": round(start, 1),
            "rss_start_mb": round(warm, 1), "rss_end_mb": round(end, 1),
            "growth": round((end - warm) / warm, 4),
            "boards_alive": census.alive}


def edits_of(board: Board, rng: random.Random) -> list[list[str]]:
    """A designer trying things on ``board``: a hole painted on a random empty cell and
    erased again, or an endpoint moved to a free neighbour and back (each state a row list,
    every other one the board as it was)."""
    rows = [list(r) for r in board.rows]
    empty = [(r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch == "."]
    ends = [(r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch not in ".#"]
    out = []
    for _ in range(10):
        tried = [row[:] for row in rows]
        if rng.random() < 0.5:
            r, c = rng.choice(empty)
            tried[r][c] = "#"
        else:
            r, c = rng.choice(ends)
            free = [(r + dr, c + dc) for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))
                    if 0 <= r + dr < len(rows) and 0 <= c + dc < len(rows[0])
                    and rows[r + dr][c + dc] == "."]
            if free:
                r2, c2 = rng.choice(free)
                tried[r2][c2], tried[r][c] = tried[r][c], "."
        out += [tried, [row[:] for row in rows]]
    return out


def soak_studio(boards: list[Board], edits: int, warmup: int, seed: int) -> dict:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from starlette.testclient import TestClient

    from satlink.studio import Limits, create_app
    from testbed.studio_server import token_of

    rng = random.Random(seed)
    app = create_app(Limits(max_cells=2500, timeout=10.0), root=Path.cwd())
    statuses: dict[str, int] = {}
    with TestClient(app, base_url="http://127.0.0.1", headers=token_of(app)) as client:
        start = settled_rss()
        begun = time.perf_counter()
        pending: list[list[list[str]]] = []
        for i in range(edits):
            if not pending:  # the next board opened, twenty edits on it
                pending = edits_of(boards[(i // 20) % len(boards)], rng)
            rows = pending.pop(0)
            answer = client.post("/api/check", json={
                "board": {"grid": ["".join(r) for r in rows]}, "rules": "flow",
                "channel": "tab:soak", "seq": i + 1})
            data = answer.json()
            key = data.get("status") or f"http {answer.status_code}"
            statuses[key] = statuses.get(key, 0) + 1
            if i + 1 == warmup:
                warm = settled_rss()
        end = settled_rss()
    return {"soak": "studio", "items": edits, "boards": len(boards),
            "seconds": round(time.perf_counter() - begun, 2), "rss_first_mb": round(start, 1),
            "rss_start_mb": round(warm, 1), "rss_end_mb": round(end, 1),
            "growth": round((end - warm) / warm, 4), "statuses": statuses}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--checks", type=int, default=10_000)
    parser.add_argument("--edits", type=int, default=2_000)
    parser.add_argument("--warmup", type=int, default=None,
                        help="work items before the start RSS is read (default: one pass over "
                             "the boards, at least 1 %%)")
    parser.add_argument("--sizes", default="6x6,8x8,10x10,12x12",
                        help="sizes of the generated boards (comma list)")
    parser.add_argument("--per-size", type=int, default=10)
    parser.add_argument("--corpus", default=str(CORPUS))
    parser.add_argument("--max-cells", type=int, default=400,
                        help="hand-made boards up to this many cells (the largest take seconds "
                             "a check)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--only", default="checks,studio", help="soaks to run (comma list)")
    parser.add_argument("--out", default=None)
    args = parser.parse_args(argv)
    bench = Run("soak", args)
    hand, skipped = corpus_boards([str(Path(args.corpus) / p) for p in HAND_MADE], None, None)
    hand = [b for b in hand if b.board.width * b.board.height <= args.max_cells]
    made = generated_boards(args.sizes, args.per_size, args.seed, None)
    pool = hand + made  # cycled through, one fresh Board object a check
    print(f"{len(hand)} hand-made boards ({len(skipped)} unreadable), {len(made)} generated; "
          f"RSS {rss_mb():.1f} MB", file=sys.stderr)
    rows = []
    only = set(args.only.split(","))
    if "checks" in only:
        warmup = args.warmup or max(len(pool), args.checks // 100)
        rows.append(soak_checks(pool, args.checks, min(warmup, args.checks)))
    if "studio" in only:
        warmup = args.warmup or max(len(made), args.edits // 100)
        studio_boards = [b.board for b in made if b.board.geometry.is_plain]
        rows.append(soak_studio(studio_boards, args.edits, min(warmup, args.edits), args.seed))
    print(f"{'soak':8} {'items':>6} {'seconds':>8} {'first MB':>9} {'start MB':>9} {'end MB':>8} "
          f"{'growth':>7}  notes")
    for row in rows:
        note = (f"{row['boards_alive']} boards alive" if "boards_alive" in row
                else ", ".join(f"{k} {v}" for k, v in sorted(row["statuses"].items())))
        print(f"{row['soak']:8} {row['items']:>6} {row['seconds']:>8} {row['rss_first_mb']:>9} "
              f"{row['rss_start_mb']:>9} {row['rss_end_mb']:>8} {row['growth']:>7.1%}  {note}")
    bench.write(args.out, rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())
