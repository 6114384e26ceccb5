"""Turn pack files into validation tasks, in input order.

A task is a plain dict (it travels to worker processes and Dask workers): a board travels as
its ``rows`` and, for a Flow Free variant, its ``geometry`` (the JSON object).  Invalid boards and
duplicates are decided here, in the main process and in file order, so the verdicts do not
depend on which worker finishes first: the first occurrence of a puzzle is validated, later
copies (under rotation, reflection and relabelling) become ``duplicate-of`` it.
"""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from collections.abc import Iterable

from satlink.board import SOLID, Board
from satlink.canonical import canonical_hash
from satlink.formats import DEFAULT_MAX_CELLS, Entry, read_file
from satlink.geometry import geometry_to_json
from satlink.rules import Rules, parse_rules


def content_hash(entry: Entry) -> str:
    """Identifies a board's exact content (for --resume), independent of its position: the
    rows, the geometry of a variant board and the shipped solution (a plain board without
    one hashes as it always did)."""
    text = "\n".join(entry.board.rows) if entry.board is not None else str(entry.error)
    if entry.board is not None and not entry.board.geometry.is_plain:
        text += "\n" + _geometry_text(entry.board)
    if entry.board is not None and entry.solution is not None:  # it decides solution-mismatch
        text += "\nsolution " + json.dumps(entry.solution.to_coords(entry.board), sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def _geometry_text(board: Board) -> str:
    return json.dumps(geometry_to_json(board.geometry, board.width), sort_keys=True)


def duplicate_key(board: Board) -> str:
    """Boards with the same key are the same puzzle: equal up to relabelling and the
    symmetries their geometry really has (see :mod:`satlink.canonical`)."""
    return canonical_hash(board)


def task_key(task: dict) -> tuple[str, int, str, str]:
    """What --resume matches a record by: the board (where it is, its content) and the
    rules it is judged under (a verdict under flow says nothing about nikoli)."""
    return (task["source"], task["index"], task["hash"], task["rules"])


def plan(files: Iterable[str], rules: Rules | str | None = None, in_format: str | None = None,
         max_cells: int = DEFAULT_MAX_CELLS) -> list[dict]:
    """One task per board, in file order; ``rules`` (``--rules``) overrides each board's own."""
    chosen = parse_rules(rules) if rules else None
    tasks: list[dict] = []
    boards: list[tuple[dict, Board]] = []
    for path in files:
        for entry in read_file(path, in_format, max_cells):
            task = {"source": entry.source, "index": entry.index, "hash": content_hash(entry),
                    "rules": str(entry.rules_under(chosen)), "rows": None, "geometry": None,
                    "solution": None, "error": None, "duplicate_of": None}
            if entry.error is not None:
                task["error"] = entry.error.as_dict()
            else:
                board = entry.board
                task["rows"] = list(board.rows)
                if not board.geometry.is_plain:
                    task["geometry"] = geometry_to_json(board.geometry, board.width)
                if entry.solution is not None:
                    task["solution"] = entry.solution.to_coords(board)
                boards.append((task, board))
            tasks.append(task)
    _mark_duplicates(boards)
    return tasks


def _mark_duplicates(boards: list[tuple[dict, Board]]) -> None:
    """Set ``duplicate_of`` on every later copy of a puzzle, in file order.  The canonical
    form is costly on a huge board (seconds at 1002x1002), so it is made only for boards that
    share an invariant of the symmetries with another board: a board alone is no copy."""
    def invariant(board: Board) -> tuple:
        g = board.geometry
        return (min(board.width, board.height), max(board.width, board.height),
                len(board.labels), sum(row.count(SOLID) for row in board.rows), g.kind, g.wrap,
                len(g.walls), len(g.bridges))

    keys = [invariant(board) for _, board in boards]
    shared = {key for key, n in Counter(keys).items() if n > 1}
    first_seen: dict[str, tuple[str, int]] = {}
    for (task, board), key in zip(boards, keys, strict=True):
        if key not in shared:
            continue
        canonical = duplicate_key(board)
        if canonical in first_seen:
            source, index = first_seen[canonical]
            task["duplicate_of"] = {"source": source, "index": index}
        else:
            first_seen[canonical] = (task["source"], task["index"])
