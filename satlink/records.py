"""The stable JSON record printed per board by ``solve --json`` and ``check --json``.

Scripts depend on these keys; the README documents them.  New keys may be added; existing
keys keep their meaning.
"""

from __future__ import annotations

from satlink.board import Board
from satlink.check import Method, Verdict
from satlink.formats import Entry

RECORD_VERSION = 1


def verdict_record(entry: Entry, verdict: Verdict, solver: str) -> dict:
    board: Board = entry.board
    method: Method = verdict.stats.extra.get("method") or Method(solver=solver)
    record = {
        "source": entry.source,
        "index": entry.index,
        "width": board.width,
        "height": board.height,
        "labels": len(board.labels),
        "rules": str(verdict.rules),
        "status": verdict.status,
        "solutions": [s.to_coords(board) for s in verdict.solutions],
        "seconds": round(verdict.seconds, 6),
        "solver": solver,
        "encoding": method.encoding,
        "card": method.card,
        "cycles": method.cycles,
        "lemmas": list(_lemmas(verdict)),
        "grid": list(board.rows),
        "stats": verdict.stats.as_dict(),
        "version": RECORD_VERSION,
    }
    if verdict.status == "multiple":
        record["diff_cells"] = [list(board.coord(c)) for c in verdict.diff_cells]
    if verdict.count is not None:
        record["count"] = verdict.count
    return record


def error_record(entry: Entry, rules: str) -> dict:
    err = entry.error
    return {
        "source": entry.source,
        "index": entry.index,
        "width": None,
        "height": None,
        "rules": rules,
        "status": "invalid",
        "solutions": [],
        "seconds": 0.0,
        "error": err.as_dict() if err else {"message": "unknown error"},
        "version": RECORD_VERSION,
    }


def _lemmas(verdict: Verdict) -> tuple[str, ...]:
    return tuple(verdict.stats.extra.get("lemmas", ()))
