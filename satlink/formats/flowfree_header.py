"""The header of a Flow Free level line: its fields as read, and the canonical one written.

The fields (see :mod:`satlink.formats.flowfree`) are the size (cell shape, warps, width and
height), the bridges, the holes and the walls; reading them builds the board's geometry.
Every error names the column where the offending text starts, so a level line's error can be
pointed at as a grid's can.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from satlink.board import Board
from satlink.formats.entry import natural, number_text, snippet, too_many_cells
from satlink.geometry import HEX, SQUARE, Geometry, GeometryError

SIZE_PREFIXES = {"X": "hexagonal cells", "W": "warps"}
SIZE = re.compile(r"([0-9]+)(?::([0-9]+))?((?:[+:][A-Za-z][A-Za-z0-9]*)*)")
HOLE = re.compile(r"([0-9]+)(_[A-Za-z0-9]*)?")
HEADER_FIELDS = ("size", "number", "level number", "number of paths", "bridges", "holes", "walls")


@dataclass(frozen=True)
class Header:
    """The header of a line as written, and the board it describes (see :attr:`Entry.original`)."""

    text: str
    board: Board


class LineError(Exception):
    """What is wrong with a level line, and the column (from 1) where it is."""

    def __init__(self, message: str, column: int | None):
        super().__init__(message)
        self.message, self.column = message, column


@dataclass(frozen=True)
class HeaderFields:
    """What a header says: the board's size and geometry, its holes and bridges (each cell
    with the column of its first mention) and how many paths the line has."""

    width: int
    height: int
    geometry: Geometry
    holes: dict[int, int]
    bridges: dict[int, int]
    npaths: int


def parse_header(header: list[str], max_cells: int) -> HeaderFields:
    """The fields of a header split at its commas."""
    if len(header) < 4:
        raise LineError("header needs size,0,number,npaths", 1)
    if len(header) > len(HEADER_FIELDS):
        raise LineError(f"header has {len(header)} fields; a level line has at most "
                        f"{len(HEADER_FIELDS)} ({', '.join(HEADER_FIELDS)})",
                        _field_column(header, len(HEADER_FIELDS)))
    kind, wrap, width, height = _parse_size(header[0])
    if width * height > max_cells:  # checked before anything is built
        raise LineError(too_many_cells(width * height, max_cells), 1)
    size = width * height
    for pos in (1, 2):
        if natural(header[pos].strip()) is None:
            raise LineError(f"{HEADER_FIELDS[pos]} {snippet(header[pos])} is not a number",
                            _field_column(header, pos))
    npaths = natural(header[3].strip())
    if npaths is None:
        raise LineError(f"npaths {snippet(header[3])} is not a number", _field_column(header, 3))
    fields = header + [""] * (len(HEADER_FIELDS) - len(header))

    bridge_columns: dict[int, int] = {}  # cell -> column of its first mention
    for cell, column in _cells(fields, 4, size, width, height):
        bridge_columns.setdefault(cell, column)
    holes: dict[int, int] = {}
    for cell, column in _cells(fields, 5, size, width, height):
        holes.setdefault(cell, column)
    for cell, column in bridge_columns.items():
        if cell in holes:
            raise LineError(f"bridge on a hole (cell {cell})", column)
    walls = []
    plain = Geometry(kind, wrap)
    for (a, b), column in _walls(fields[6], _field_column(fields, 6), size, width, height):
        if b not in plain.adjacent(width, height, a):
            raise LineError(f"wall {a}|{b} is between cells that are not neighbours", column)
        walls.append((a, b))
    try:
        geometry = Geometry.of(kind, wrap, walls, bridge_columns)
    except GeometryError as exc:
        raise LineError(exc.message, 1) from None
    return HeaderFields(width, height, geometry, holes, bridge_columns, npaths)


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
        raise LineError(f"{what} {snippet(text.strip())} is not a cell number", column)
    if cell >= size:
        raise LineError(f"{what} {number_text(text.strip())} is outside the {width}x{height} board",
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
            raise LineError(f"wall {snippet(item.strip())} is not a pair a|b of cells", start)
        a = _cell(parts[0], start, "wall cell", size, width, height)
        b = _cell(parts[1], start + len(parts[0]) + 1, "wall cell", size, width, height)
        yield (a, b), start


def _parse_size(text: str) -> tuple[str, bool, int, int]:
    """(kind, wrap, width, height) of the size field (prefixes, ``N`` or ``W:H``, flags)."""
    *prefixes, rest = text.strip().split("_")
    column = len(text) - len(text.lstrip()) + 1
    for prefix in prefixes:
        if prefix not in SIZE_PREFIXES:
            raise LineError(f"unknown size prefix {snippet(prefix + '_')} (known: "
                            + ", ".join(f"{p}_ {name}" for p, name in SIZE_PREFIXES.items())
                             + ")", column)
        if prefixes.count(prefix) > 1:
            raise LineError(f"size prefix {prefix}_ is given twice", column)
        column += len(prefix) + 1
    kind = HEX if "X" in prefixes else SQUARE
    wrap = "W" in prefixes
    if kind == HEX and wrap:
        raise LineError("unsupported variant: warps on a hexagonal board", 1)
    match = SIZE.fullmatch(rest)
    if not match:
        raise LineError(f"size {snippet(text)} is not N or W:H (with an optional X_ or W_ "
                        "prefix and display flags such as +B)", 1)
    width = natural(match.group(1))
    height = natural(match.group(2)) if match.group(2) is not None else width
    if width < 1 or height < 1:
        raise LineError(f"size {snippet(text)} has no cells", 1)
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
