"""Turn pack files into validation tasks, in input order.

A task is a :class:`Task`, plain picklable data (it travels to worker processes and Dask
workers): a board travels as its ``rows`` and, for a Flow Free variant, its ``geometry`` (the
JSON object); its rule profile as the parsed :class:`~satlink.rules.Rules`.  Invalid boards and
duplicates are decided here, in the main process and in file order, so the verdicts do not
depend on which worker finishes first: the first occurrence of a puzzle is validated, later
copies (under rotation, reflection and relabelling) become ``duplicate-of`` it.
"""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, replace

from satlink.board import SOLID, Board
from satlink.canonical import canonical_hash
from satlink.formats import DEFAULT_MAX_CELLS, Entry, read_file
from satlink.geometry import geometry_to_json
from satlink.rules import Rules


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


@dataclass(frozen=True)
class Task:
    """One board to validate, as plain data: where it is, its content hash, the rules it is
    judged under, the board (``rows``, ``geometry``; None when it could not be read, then
    ``error`` says why), its shipped ``solution`` as coordinates, the earlier board it
    repeats, and how many repair proposals to look for."""

    source: str
    index: int
    hash: str
    rules: Rules
    rows: tuple[str, ...] | None = None
    geometry: dict | None = None
    solution: dict | None = None
    error: dict | None = None
    duplicate_of: dict | None = None
    repairs: int = 0

    @property
    def key(self) -> tuple[str, int, str, str]:
        """What --resume matches a record by: the board (where it is, its content) and the
        rules it is judged under (a verdict under flow says nothing about nikoli)."""
        return (self.source, self.index, self.hash, str(self.rules))

    def board(self) -> Board | None:
        """The task's board, rebuilt with its geometry (None for a board that could not be
        read)."""
        return Board.from_json(self.rows, self.geometry) if self.rows else None

    def asking(self, repairs: int) -> Task:
        """The same task, asking for ``repairs`` proposals."""
        return replace(self, repairs=repairs)


def plan(files: Iterable[str], rules: Rules | None = None, in_format: str | None = None,
         max_cells: int = DEFAULT_MAX_CELLS) -> list[Task]:
    """One task per board, in file order; ``rules`` (``--rules``) overrides each board's own."""
    tasks: list[Task] = []
    boards: list[tuple[int, Board]] = []
    for path in files:
        for entry in read_file(path, in_format, max_cells):
            task = Task(entry.source, entry.index, content_hash(entry), entry.rules_under(rules))
            if entry.error is not None:
                task = replace(task, error=entry.error.as_dict())
            else:
                board = entry.board
                task = replace(task, rows=board.rows,
                               geometry=(None if board.geometry.is_plain
                                         else geometry_to_json(board.geometry, board.width)),
                               solution=(None if entry.solution is None
                                         else entry.solution.to_coords(board)))
                boards.append((len(tasks), board))
            tasks.append(task)
    return _mark_duplicates(tasks, boards)


def _mark_duplicates(tasks: list[Task], boards: list[tuple[int, Board]]) -> list[Task]:
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
    for (at, board), key in zip(boards, keys, strict=True):
        if key not in shared:
            continue
        canonical = duplicate_key(board)
        task = tasks[at]
        if canonical in first_seen:
            source, index = first_seen[canonical]
            tasks[at] = replace(task, duplicate_of={"source": source, "index": index})
        else:
            first_seen[canonical] = (task.source, task.index)
    return tasks
