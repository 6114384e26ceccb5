"""The one JSON record per board that ``check --json``, ``solve --json`` and ``validate`` write.

Scripts depend on these keys; the README's contract table documents them.  New keys may be
added; existing keys keep their meaning.  Every record is built here, so the commands cannot
drift apart: the board's identity (``source``, ``index``, size, ``grid``, ``geometry`` for
Flow Free variants, ``rules``), the ``status``, how it was solved (``solver``, ``encoding``,
``card``, ``cycles``, ``lemmas``), solver counters under ``stats`` and puzzle quality under
``quality``.

Version 2 (from 1): solver counters are always under ``stats`` (``validate`` used ``stats``
for quality and put ``variables``/``clauses`` at the top level); quality is under ``quality``
in every command's records; ``lemmas`` lists the lemmas actually added.

Version 3 (from 2): the solver effort is ``quality.effort`` (was ``quality.difficulty``, a
name the human grade, ``quality.grade``, could be taken for).  :func:`upgrade` reads a
version-2 record (a results file to resume, a catalogue's stored quality) under today's names.
"""

from __future__ import annotations

import json
from functools import lru_cache

from satlink.board import Board
from satlink.geometry import geometry_to_json
from satlink.quality.figures import quality, upgrade_quality
from satlink.rules import Rules
from satlink.solver.verdict import Status, Verdict

RECORD_VERSION = 3
DIFF_CELLS_LISTED = 10_000
"""``diff_cells`` is listed when at most this many cells differ (or when asked for in full);
``diff_count`` and ``diff_box`` always summarise it (a 1002x1002 board listed every cell)."""


LONG_PATH = 10_000
"""Paths from this many cells up are written by :func:`dumps` from a table of each cell's
text rather than as a list of lists: a 1002x1002 board's two solutions took longer to write
than to find."""
SMALL_BOARD = 4_096
"""On boards of at most this many cells every path of a lazy record is written from the
table, which is kept for the last sizes written (a batch's boards are of a few sizes): JSON's
encoder took longer over a 15x15 board's 225 ``[row, col]`` lists than the record's other
keys together."""


class LongCoords:
    """The ``[[row, col], ...]`` of a long path in a record made with ``lazy=True``: kept as
    its nodes until :func:`dumps` writes it (the same text ``json.dumps`` would write)."""

    __slots__ = ("board", "nodes")

    def __init__(self, board: Board, nodes: tuple[int, ...]):
        self.board, self.nodes = board, nodes

    def tolist(self) -> list[list[int]]:
        return self.board.coords(self.nodes)

    def text(self, table: list[str]) -> str:
        board = self.board
        if board.n_nodes == board.size:  # every node a cell: the table's texts, no test per cell
            return "[" + ", ".join(map(table.__getitem__, self.nodes)) + "]"
        size, cell = board.size, board.node_cell
        return "[" + ", ".join([table[x] if x < size else table[cell(x)] for x in self.nodes]) + "]"


_encoder = json.JSONEncoder(ensure_ascii=False)
"""``json.dumps(..., ensure_ascii=False)`` makes an encoder per call; this one is made once."""
_string = json.encoder.encode_basestring  # (a label as the encoder writes it, ensure_ascii off)


def dumps(record: dict) -> str:
    """``json.dumps(record, ensure_ascii=False)``, with every :class:`LongCoords` of its
    ``solutions`` written from one table of the board's cells."""
    solutions = record.get("solutions", ())
    long = next((coords for solution in solutions for coords in solution.values()
                 if isinstance(coords, LongCoords)), None)
    if long is None:
        return _encoder.encode(record)
    import os

    board = long.board
    table = _cell_texts(board.width, board.height) if board.size <= SMALL_BOARD else (
        _cell_table(board.width, board.height))
    # the record with one placeholder for its solutions, written once; the solutions' text
    # put in its place (the placeholder is the only string of the record that holds it)
    mark = f"satlink-solutions-{os.urandom(8).hex()}"
    first, after = _encoder.encode(dict(record, solutions=mark)).split(f'"{mark}"', 1)
    return "".join([first, *_solutions_pieces(solutions, table), after])


def _solutions_pieces(solutions: list[dict], table: list[str]) -> list[str]:
    """The JSON text of a record's ``solutions`` in pieces, each :class:`LongCoords` from
    ``table``: joined once by the caller, so a giant board's paths are held as text once, not
    once more per solution and per list (one more copy of two 1002x1002 solutions is ~25 MB)."""
    pieces = ["["]
    for i, solution in enumerate(solutions):
        pieces.append(", {" if i else "{")
        for j, (label, coords) in enumerate(solution.items()):
            text = coords.text(table) if isinstance(coords, LongCoords) else _encoder.encode(coords)
            pieces += (", " if j else "", _string(label), ": ", text)
        pieces.append("}")
    pieces.append("]")
    return pieces


def _cell_table(width: int, height: int) -> list[str]:
    """Each cell's ``[row, col]`` as JSON writes it, by cell number: a row's start joined to
    each column's end, not two numbers formatted per cell (half the time on a 1002x1002
    board, whose table is a million texts)."""
    ends = [f"{c}]" for c in range(width)]
    table: list[str] = []
    for r in range(height):
        start = f"[{r}, "
        table += [start + end for end in ends]
    return table


_cell_texts = lru_cache(maxsize=8)(_cell_table)
""":func:`_cell_table` of a small board, kept for the last sizes written."""


MANY_PATHS = 1_000
"""Solutions of this many paths up have their coordinates read from one table of every node's
``[row, col]``, made at once: a call per path cost seconds on a board of 100,000 pairs."""


def _coords(board: Board, solution, lazy: bool) -> dict:
    paths = solution.paths
    if len(paths) >= MANY_PATHS:
        table = board.coords(range(board.n_nodes))  # each node is on one path at most
        return {label: LongCoords(board, path) if lazy and len(path) >= LONG_PATH
                else [table[x] for x in path] for label, path in paths.items()}
    if not lazy:
        return solution.to_coords(board)
    shortest = 1 if board.size <= SMALL_BOARD else LONG_PATH
    return {label: LongCoords(board, path) if len(path) >= shortest else board.coords(path)
            for label, path in paths.items()}


def board_record(source: str, index: int, board: Board | None, rules: Rules,
                 status: Status) -> dict:
    """The keys every record has; ``board`` is None when it could not be read.  A variant
    board's record also has ``geometry`` (absent: a plain square board), so that ``grid`` and
    ``geometry`` read back as the same board."""
    record = {
        "source": source,
        "index": index,
        "width": board.width if board else None,
        "height": board.height if board else None,
        "labels": len(board.labels) if board else None,
        "rules": str(rules),
        "status": Status(status),
        "solutions": [],
        "seconds": 0.0,
        "grid": list(board.rows) if board else None,
        "version": RECORD_VERSION,
    }
    if board is not None and not board.geometry.is_plain:
        record["geometry"] = geometry_to_json(board.geometry, board.width)
    return record


def verdict_record(source: str, index: int, board: Board, verdict: Verdict, *,
                   all_diff_cells: bool = False, grade: bool = False, lazy: bool = False) -> dict:
    """A solved or checked board: the verdict, how it was reached and what it cost
    (``lazy``: long paths as :class:`LongCoords`, for a record written at once by
    :func:`dumps`).  Writing a record re-solves nothing: the human grade, which runs the
    deductions again, is added under ``quality`` only when asked for (``grade``)."""
    record = board_record(source, index, board, verdict.rules, verdict.status)
    method = verdict.method
    record.update(
        solutions=[_coords(board, s, lazy) for s in verdict.solutions],
        seconds=round(verdict.seconds, 6),
        solver=method.solver,
        encoding=method.encoding,
        card=method.card,
        cycles=method.cycles,
        lemmas=list(verdict.lemmas),
        presolve=method.presolve,
        stats=verdict.stats.as_dict(),
    )
    if verdict.status == Status.MULTIPLE:
        record.update(diff_summary(board, verdict.diff_cells, all_diff_cells))
    if verdict.count is not None:
        record["count"] = verdict.count
        record["count_complete"] = verdict.count_complete
    if verdict.timed_out:
        record["timed_out"] = True
    if verdict.solutions:
        record["quality"] = quality(board, verdict.solutions[0], verdict, grade=grade)
    return record


def invalid_record(source: str, index: int, error: dict, rules: Rules) -> dict:
    """A board that could not be read; ``error`` locates it (file, board, line, column)."""
    record = board_record(source, index, None, rules, Status.INVALID)
    record["error"] = error
    return record


def upgrade(record: dict) -> dict:
    """A record of an earlier version as this version writes it: version 2's
    ``quality.difficulty`` is ``quality.effort``.  Records of this version (and records
    without a version, version 1's layout, which is not converted) are returned as they are;
    ``record`` itself is never changed."""
    version = record.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or not 2 <= version < 3:
        return record
    upgraded = dict(record)
    if isinstance(record.get("quality"), dict):
        upgraded["quality"] = upgrade_quality(record["quality"])
    upgraded["version"] = RECORD_VERSION
    return upgraded


def diff_summary(board: Board, nodes: list[int], listed: bool = False) -> dict:
    """``diff_count``, ``diff_box`` (``[[row, col], [row, col]]``, the top-left and bottom-right
    corners of the smallest rectangle holding every differing cell; null when none differ)
    and, up to :data:`DIFF_CELLS_LISTED` cells or when ``listed``, ``diff_cells``."""
    summary: dict = {"diff_count": len(nodes), "diff_box": None}
    if nodes:  # the box from the cells' numbers: a million differing cells, no list of pairs
        w = board.width
        cells = [board.node_cell(x) for x in nodes] if max(nodes) >= board.size else nodes
        columns = [x % w for x in cells]
        summary["diff_box"] = [[min(cells) // w, min(columns)], [max(cells) // w, max(columns)]]
    if listed or len(nodes) <= DIFF_CELLS_LISTED:
        summary["diff_cells"] = board.coords(nodes)
    return summary
