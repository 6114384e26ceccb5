"""JSON boards: one object per line (or one object / an array of objects for the whole file).

Schema (stable; documented in the README)::

    {"width": W, "height": H, "grid": ["row", ...], "rules": "fill,notouch",
     "solution": {"A": [[r, c], ...], ...},
     "geometry": {"kind": "square", "wrap": false, "walls": [[[r, c], [r, c]], ...],
                  "bridges": [[r, c], ...]}}

``rules``, ``solution`` and ``geometry`` are optional; ``r`` counts from the top and ``c``
from the left, both from 0.  ``geometry`` (see :func:`satlink.geometry.geometry_to_json`) is
written only for Flow Free variants: absent, the board is a plain square board.  A path over a
bridge lists the bridge's cell; which crossing it takes follows from the step into it.  The
records ``satlink check --json`` prints carry ``grid`` (and ``geometry``) too, so they can be
read back as boards.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence

from satlink.board import Board
from satlink.formats.entry import MAX_DIGITS, Entry, board_entry, error_entry, first_content_line
from satlink.geometry import GeometryError, geometry_from_json, geometry_to_json
from satlink.rules import RulesError, parse_rules
from satlink.solution import Solution

NAME = "json"
MAX_DEPTH = 100
"""Deeper nesting than this is reported where it starts when the parser gives up (no board
needs more than 4 levels)."""


class HugeNumber:
    """A JSON integer of more than :data:`MAX_DIGITS` digits, kept as text: Python refuses to
    convert thousands of digits, and no size or coordinate is that long."""

    def __init__(self, text: str):
        self.text = text

    def __repr__(self) -> str:
        return f"a number of {len(self.text.lstrip('-'))} digits"


def _parse_int(text: str) -> int | HugeNumber:
    return HugeNumber(text) if len(text.lstrip("-").lstrip("0")) > MAX_DIGITS else int(text)


def _loads(text: str):
    """``json.loads`` that never raises for big integers; nesting too deep for the parser is
    a :class:`json.JSONDecodeError` at the place it gets too deep."""
    try:
        return json.loads(text, parse_int=_parse_int)
    except RecursionError:
        raise json.JSONDecodeError("nested too deeply", text, _too_deep_at(text)) from None


def _too_deep_at(text: str) -> int:
    """Index of the first bracket more than :data:`MAX_DEPTH` levels deep (0 if none)."""
    depth, in_string, escaped = 0, False, False
    for i, ch in enumerate(text):
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                return i
        elif ch in "]}":
            depth -= 1
    return 0


def looks_like(lines: Sequence[str]) -> bool:
    return first_content_line(lines).lstrip().startswith(("{", "["))


def read(lines: Sequence[str], source: str, max_cells: int) -> Iterator[Entry]:
    text = "".join(lines)
    try:
        whole = _loads(text)
    except json.JSONDecodeError:
        whole = None
    if isinstance(whole, dict):
        yield _entry(whole, source, 1, 1, max_cells)
        return
    if isinstance(whole, list) and all(isinstance(x, dict) for x in whole):
        for i, obj in enumerate(whole, start=1):
            yield _entry(obj, source, i, None, max_cells)
        return
    index = 0
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        index += 1
        try:
            obj = _loads(line.rstrip("\r\n"))
        except json.JSONDecodeError as exc:
            yield error_entry(f"invalid JSON: {exc.msg}", source, index, number, exc.colno)
            continue
        if not isinstance(obj, dict):
            yield error_entry("expected a JSON object for a board", source, index, number, 1)
            continue
        yield _entry(obj, source, index, number, max_cells)


def _entry(obj: dict, source: str, index: int, line: int | None, max_cells: int) -> Entry:
    grid = obj.get("grid")
    if not isinstance(grid, list) or not grid or not all(isinstance(r, str) for r in grid):
        return error_entry("'grid' must be a non-empty list of row strings", source, index, line)
    for key, actual in (("width", len(grid[0])), ("height", len(grid))):
        if key in obj and (type(obj[key]) is not int or obj[key] != actual):
            return error_entry(f"'{key}' is {_short(obj[key])} but the grid has {actual}", source,
                               index, line)
    try:
        geometry = geometry_from_json(obj.get("geometry"), len(grid[0]), len(grid))
    except GeometryError as exc:
        return error_entry(f"'geometry': {exc.message}", source, index, line)
    entry = board_entry(list(grid), source, index, line or 1, max_cells, geometry=geometry)
    if entry.error is not None:
        # rows live inside one JSON line (or an array): the place is a grid row and column,
        # and the line is the object's (None when not known)
        err = entry.error
        if err.column is not None and err.line is not None:
            err.grid_row, err.grid_column = err.line - (line or 1) + 1, err.column
        err.line, err.column = line, None
        entry.line = line
        return entry
    entry.line = line
    rules = obj.get("rules")
    if rules is not None and not isinstance(rules, str):
        return error_entry("'rules' must be a string such as \"fill,notouch\"", source, index, line)
    if rules is not None:
        try:
            entry.rules = parse_rules(rules)
        except RulesError as exc:
            return error_entry(f"'rules': {exc}", source, index, line)
    solution = obj.get("solution")
    if solution is not None and entry.painting is not None:
        return error_entry("'solution' on a painted grid: the painting is the solution (leave "
                           "'solution' out, or give the puzzle's endpoints only)", source, index,
                           line)
    if solution is not None:
        try:
            entry.solution = _solution(entry.board, solution)
        except _SolutionError as exc:
            return error_entry(f"'solution' {exc}", source, index, line)
    return entry


class _SolutionError(ValueError):
    pass


def _solution(board: Board, value: object) -> Solution:
    """A shipped solution, checked as far as reading goes: a path for labels on the board only,
    each a list of [row, col] whole numbers on the board, from one endpoint to the other.
    Whether the paths join up and fill the board is for ``validate`` to judge."""
    if not isinstance(value, dict):
        raise _SolutionError("must map each label to a list of [row, col]")
    paths: dict[str, tuple[int, ...]] = {}
    for label, path in value.items():
        if label not in board.endpoints:
            raise _SolutionError(f"has a path for {_short(label)}, which is not a label on the board")
        if not isinstance(path, list) or not path:
            raise _SolutionError(f"path {label!r} must be a non-empty list of [row, col]")
        cells = []
        for number, point in enumerate(path, start=1):
            where = f"path {label!r}, point {number}"
            if (not isinstance(point, list) or len(point) != 2
                    or not all(type(x) is int for x in point)):
                raise _SolutionError(f"{where}: {_short(point)} is not [row, col] (two whole numbers)")
            row, col = point
            cell = board.cell_at(row, col)
            if cell is None:
                raise _SolutionError(f"{where}: [{row}, {col}] is off the {board.width}x{board.height}"
                                     " board")
            cells.append(cell)
        ends = board.endpoints[label]
        if {cells[0], cells[-1]} != set(ends) or len(cells) < 2:
            def show(cell: int) -> str:
                return str(list(board.coord(cell)))
            raise _SolutionError(f"path {label!r} runs from {show(cells[0])} to {show(cells[-1])}, "
                                 f"not between its endpoints {show(ends[0])} and {show(ends[1])}")
        paths[label] = tuple(cells)
    return Solution.from_cells(board, paths)


def _short(value: object, limit: int = 40) -> str:
    """``repr(value)`` for a message, cut short if long (and safe on deep nesting)."""
    try:
        text = repr(value)
    except RecursionError:
        text = f"a deeply nested {type(value).__name__}"
    return text if len(text) <= limit else text[:limit] + "..."


def board_object(entry: Entry) -> dict:
    """The JSON object for one board (used by the writer and by ``check --json`` records)."""
    board = entry.board
    obj: dict = {"width": board.width, "height": board.height, "grid": list(board.rows)}
    if not board.geometry.is_plain:
        obj["geometry"] = geometry_to_json(board.geometry, board.width)
    if entry.rules:
        obj["rules"] = str(entry.rules)
    if entry.solution is not None:
        obj["solution"] = entry.solution.to_coords(board)
    if entry.quality:
        obj["quality"] = entry.quality
    return obj


def write(entries: Sequence[Entry]) -> str:
    return "".join(json.dumps(board_object(e), ensure_ascii=False) + "\n" for e in entries)
