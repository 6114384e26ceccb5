"""Flow Free level line: ``HEADER;PATH;PATH;...``, a puzzle *plus its reference solution*.

Cells are numbered row-major (``row * W + col``); each PATH lists the cells of one colour's
path from one endpoint to the other (a path over a bridge lists the bridge cell).  HEADER is
comma-separated; trailing empty fields may be left out:

1. size: ``N`` (N x N) or ``W:H``, optionally prefixed by ``X_`` (hexagonal cells) or ``W_``
   (warps: the board wraps around both axes), optionally followed by display flags such as
   ``+B``, ``:I`` or ``+I:B`` (no effect on the rules);
2. a number (usually 0);
3. the level number;
4. the number of paths;
5. bridges: ``:``-separated cells;
6. holes: ``:``-separated cells, each possibly followed by a display suffix such as ``_0B``;
7. walls: ``:``-separated pairs ``a|b`` of neighbouring cells that are not joined.

Holes are solid cells; so the writer writes a board's solid cells as holes (Flow Free has no
other way to express them).  The header as read is kept in :attr:`Entry.original` and written
back verbatim while the board is unchanged, so a read and a write give the line back byte for
byte; otherwise the writer builds a canonical header (``0`` in field 2, the board's number in
the file as the level number, no flags or suffixes).
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from satlink.board import EMPTY, SOLID, Board, Solution, label_for
from satlink.formats.entry import (
    Entry,
    board_entry,
    board_lines,
    error_entry,
    first_content_line,
    later_board_lines,
    natural,
    number_text,
    snippet,
    too_many_cells,
)
from satlink.formats.errors import WriteError
from satlink.geometry import HEX, SQUARE, Geometry, GeometryError
from satlink.rules import parse_rules

NAME = "flowfree"
LINE = re.compile(r"^\s*[^;,\s]+,[0-9]+,[0-9]+,[0-9]+[^;]*;")
SIZE_PREFIXES = {"X": "hexagonal cells", "W": "warps"}
SIZE = re.compile(r"([0-9]+)(?::([0-9]+))?((?:[+:][A-Za-z][A-Za-z0-9]*)*)")
HOLE = re.compile(r"([0-9]+)(_[A-Za-z0-9]*)?")
HEADER_FIELDS = ("size", "number", "level number", "number of paths", "bridges", "holes", "walls")


@dataclass(frozen=True)
class Header:
    """The header of a line as written, and the board it describes (see :attr:`Entry.original`)."""

    text: str
    board: Board


class _LineError(Exception):
    def __init__(self, message: str, column: int | None):
        super().__init__(message)
        self.message, self.column = message, column


@dataclass
class _Level:
    width: int
    height: int
    geometry: Geometry
    holes: set[int]
    paths: list[list[int]]


def looks_like(lines: Sequence[str]) -> bool:
    """A level line first; or a first line that is one in shape (fields and ``;``) but
    damaged, followed by level lines: then the damaged line is the invalid board."""
    first = first_content_line(lines)
    if LINE.match(first):
        return True
    return ";" in first and "," in first.split(";")[0] \
        and any(LINE.match(line) for line in later_board_lines(lines))


def read(lines: Sequence[str], source: str, max_cells: int) -> Iterator[Entry]:
    for number, index, line in board_lines(lines):
        text = line.rstrip("\r\n")
        try:
            level = _parse_line(text, max_cells)
        except _LineError as exc:
            yield error_entry(exc.message, source, index, number, exc.column)
            continue
        width = level.width
        grid = [[EMPTY] * width for _ in range(level.height)]
        for hole in level.holes:
            grid[hole // width][hole % width] = SOLID
        labels = {}
        for i, path in enumerate(level.paths):
            label = label_for(i)
            labels[label] = path
            for cell in (path[0], path[-1]):
                grid[cell // width][cell % width] = label
        entry = board_entry(["".join(row) for row in grid], source, index, number, max_cells,
                            geometry=level.geometry)
        entry.line = number
        if entry.board is not None:
            entry.solution = Solution.from_cells(entry.board, labels)
            entry.rules = parse_rules("flow")
            entry.original[NAME] = Header(text.split(";", 1)[0], entry.board)
        elif entry.error is not None:  # the grid is made up: no grid row/column to point at
            entry.error.line, entry.error.column = number, None
        yield entry


def _parse_line(line: str, max_cells: int) -> _Level:
    sections = line.split(";")
    header = sections[0].split(",")
    if len(header) < 4:
        raise _LineError("header needs size,0,number,npaths", 1)
    if len(header) > len(HEADER_FIELDS):
        raise _LineError(f"header has {len(header)} fields; a level line has at most "
                         f"{len(HEADER_FIELDS)} ({', '.join(HEADER_FIELDS)})",
                         _field_column(header, len(HEADER_FIELDS)))
    kind, wrap, width, height = _parse_size(header[0])
    if width * height > max_cells:  # checked before anything is built
        raise _LineError(too_many_cells(width * height, max_cells), 1)
    size = width * height
    for pos in (1, 2):
        if natural(header[pos].strip()) is None:
            raise _LineError(f"{HEADER_FIELDS[pos]} {snippet(header[pos])} is not a number",
                             _field_column(header, pos))
    npaths = natural(header[3].strip())
    if npaths is None:
        raise _LineError(f"npaths {snippet(header[3])} is not a number", _field_column(header, 3))
    fields = header + [""] * (len(HEADER_FIELDS) - len(header))

    bridge_columns: dict[int, int] = {}  # cell -> column of its first mention
    for cell, column in _cells(fields, 4, size, width, height):
        bridge_columns.setdefault(cell, column)
    if bridge_columns and kind == HEX:
        raise _LineError("unsupported variant: bridges on a hexagonal board",
                         _field_column(fields, 4))
    holes: dict[int, int] = {}
    for cell, column in _cells(fields, 5, size, width, height):
        holes.setdefault(cell, column)
    for cell, column in bridge_columns.items():
        if cell in holes:
            raise _LineError(f"bridge on a hole (cell {cell})", column)
    walls = []
    plain = Geometry(kind, wrap)
    for (a, b), column in _walls(fields[6], _field_column(fields, 6), size, width, height):
        if b not in plain.adjacent(width, height, a):
            raise _LineError(f"wall {a}|{b} is between cells that are not neighbours", column)
        walls.append((a, b))
    try:
        geometry = Geometry.of(kind, wrap, walls, bridge_columns)
    except GeometryError as exc:
        raise _LineError(exc.message, 1) from None

    paths = []
    ends: dict[int, int] = {}  # end cell -> number of the path it ends (from 1)
    column = len(sections[0]) + 2
    for section in sections[1:]:
        if not section.strip():
            column += len(section) + 1
            continue
        path = []
        offset = column
        number = len(paths) + 1
        for text in section.split(","):
            cell = natural(text.strip())
            if cell is None:
                raise _LineError(f"cell {snippet(text.strip())} is not a number", offset)
            if cell >= size:
                raise _LineError(f"cell {number_text(text.strip())} is outside the {width}x{height}"
                                 " board", offset)
            if cell in holes:
                raise _LineError(f"path {number} runs through hole {cell}", offset)
            path.append(cell)
            offset += len(text) + 1
        if len(path) < 2:
            raise _LineError("a path needs at least two cells", column)
        paths.append(path)
        if path[0] == path[-1]:
            raise _LineError(f"path {number} starts and ends on cell {path[0]}", column)
        for cell in (path[0], path[-1]):
            if cell in ends:
                raise _LineError(f"cell {cell} is an end of path {ends[cell]} and of path {number}",
                                 column)
            if cell in bridge_columns:
                raise _LineError(f"path {number} ends on bridge {cell}: a bridge is never an "
                                 "endpoint", column)
            ends[cell] = number
        column += len(section) + 1
    if len(paths) != npaths:
        raise _LineError(f"header says {number_text(header[3].strip())} paths, the line has"
                         f" {len(paths)}", 1)
    return _Level(width, height, geometry, set(holes), paths)


def _field_column(header: list[str], pos: int) -> int:
    """Column (from 1) where header field ``pos`` (from 0) starts."""
    return len(",".join(header[:pos])) + (2 if pos else 1)


def _items(text: str, column: int) -> Iterator[tuple[str, int]]:
    """The ``:``-separated items of a header field with their columns; none if it is empty."""
    if not text.strip():
        return
    for item in text.split(":"):
        yield item, column
        column += len(item) + 1


def _cell(text: str, column: int, what: str, size: int, width: int, height: int) -> int:
    cell = natural(text.strip())
    if cell is None:
        raise _LineError(f"{what} {snippet(text.strip())} is not a cell number", column)
    if cell >= size:
        raise _LineError(f"{what} {number_text(text.strip())} is outside the {width}x{height} board",
                         column)
    return cell


def _cells(fields: list[str], pos: int, size: int, width: int,
           height: int) -> Iterator[tuple[int, int]]:
    """(cell, column) of each item of the bridges (4) or holes (5) field; a hole's display
    suffix (``_0B``) is skipped here and kept in the header text."""
    what = HEADER_FIELDS[pos][:-1]
    for item, column in _items(fields[pos], _field_column(fields, pos)):
        match = HOLE.fullmatch(item.strip()) if pos == 5 else None
        yield _cell(match.group(1) if match else item, column, what, size, width, height), column


def _walls(text: str, column: int, size: int, width: int,
           height: int) -> Iterator[tuple[tuple[int, int], int]]:
    for item, start in _items(text, column):
        parts = item.split("|")
        if len(parts) != 2:
            raise _LineError(f"wall {snippet(item.strip())} is not a pair a|b of cells", start)
        a = _cell(parts[0], start, "wall cell", size, width, height)
        b = _cell(parts[1], start + len(parts[0]) + 1, "wall cell", size, width, height)
        yield (a, b), start


def _parse_size(text: str) -> tuple[str, bool, int, int]:
    """(kind, wrap, width, height) of the size field (prefixes, ``N`` or ``W:H``, flags)."""
    *prefixes, rest = text.strip().split("_")
    column = len(text) - len(text.lstrip()) + 1
    for prefix in prefixes:
        if prefix not in SIZE_PREFIXES:
            raise _LineError(f"unknown size prefix {snippet(prefix + '_')} (known: "
                             + ", ".join(f"{p}_ {name}" for p, name in SIZE_PREFIXES.items())
                             + ")", column)
        if prefixes.count(prefix) > 1:
            raise _LineError(f"size prefix {prefix}_ is given twice", column)
        column += len(prefix) + 1
    kind = HEX if "X" in prefixes else SQUARE
    wrap = "W" in prefixes
    if kind == HEX and wrap:
        raise _LineError("unsupported variant: warps on a hexagonal board", 1)
    match = SIZE.fullmatch(rest)
    if not match:
        raise _LineError(f"size {snippet(text)} is not N or W:H (with an optional X_ or W_ "
                         "prefix and display flags such as +B)", 1)
    width = natural(match.group(1))
    height = natural(match.group(2)) if match.group(2) is not None else width
    if width < 1 or height < 1:
        raise _LineError(f"size {snippet(text)} has no cells", 1)
    return kind, wrap, width, height


def header_for(board: Board, number: int, npaths: int) -> str:
    """The canonical header of a board: size (with ``X_``/``W_``), ``0``, the level number,
    the number of paths, then bridges, holes (the solid cells) and walls where there are any."""
    geometry = board.geometry
    prefix = "X_" if geometry.kind == HEX else "W_" if geometry.wrap else ""
    size = str(board.width) if board.width == board.height else f"{board.width}:{board.height}"
    fields = [prefix + size, "0", str(number), str(npaths),
              ":".join(map(str, geometry.bridges)),
              ":".join(str(c) for c in range(board.size) if board.is_solid(c)),
              ":".join(f"{a}|{b}" for a, b in sorted(geometry.walls))]
    while len(fields) > 4 and not fields[-1]:
        fields.pop()
    return ",".join(fields)


def write(entries: Sequence[Entry]) -> str:
    """One line per board: the kept header while the board is unchanged (else the canonical
    one), then the paths in the solution's order, bridge crossings written as their cells."""
    lines = []
    for number, entry in enumerate(entries, start=1):
        board, solution = entry.board, entry.solution
        if solution is None:
            raise WriteError(
                f"board {number}: the flowfree format carries the solution; this board has none"
                " (solve it first: satlink solve --out FILE.flow)"
            )
        missing = [label for label in board.labels if label not in solution.paths]
        if missing or len(solution.paths) != len(board.labels):
            raise WriteError(f"board {number}: the solution does not have one path per label "
                             "(the flowfree format writes the paths)")
        kept = entry.original.get(NAME)
        if isinstance(kept, Header) and kept.board == board:
            header = kept.text
        else:
            header = header_for(board, number, len(solution.paths))
        cells = solution.to_cells(board)
        lines.append(header + ";" + ";".join(",".join(map(str, path)) for path in cells.values()))
    return "\n".join(lines) + "\n"
