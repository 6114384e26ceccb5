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

from satlink.board import EMPTY, SOLID, label_for
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
)
from satlink.formats.errors import WriteError
from satlink.formats.flowfree_header import Header, LineError, header_for, parse_header
from satlink.geometry import Geometry
from satlink.rules import parse_rules
from satlink.solution import Solution

NAME = "flowfree"
FLOW_FREE_RULES = parse_rules("flow")
"""The rules Flow Free plays by (the profile is named after it): every board of its levels is
judged under them, and an export for it is checked under them."""
LINE = re.compile(r"^\s*[^;,\s]+,[0-9]+,[0-9]+,[0-9]+[^;]*;")


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
        except LineError as exc:
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
            entry.rules = FLOW_FREE_RULES
            entry.original[NAME] = Header(text.split(";", 1)[0], entry.board)
        elif entry.error is not None:  # the grid is made up: no grid row/column to point at
            entry.error.line, entry.error.column = number, None
        yield entry


def _parse_line(line: str, max_cells: int) -> _Level:
    """The header (:mod:`satlink.formats.flowfree_header`), then the paths."""
    sections = line.split(";")
    header = sections[0].split(",")
    fields = parse_header(header, max_cells)
    width, height, holes = fields.width, fields.height, fields.holes
    bridge_columns = fields.bridges
    size = width * height

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
                raise LineError(f"cell {snippet(text.strip())} is not a number", offset)
            if cell >= size:
                raise LineError(f"cell {number_text(text.strip())} is outside the {width}x{height}"
                                " board", offset)
            if cell in holes:
                raise LineError(f"path {number} runs through hole {cell}", offset)
            path.append(cell)
            offset += len(text) + 1
        if len(path) < 2:
            raise LineError("a path needs at least two cells", column)
        paths.append(path)
        if path[0] == path[-1]:
            raise LineError(f"path {number} starts and ends on cell {path[0]}", column)
        for cell in (path[0], path[-1]):
            if cell in ends:
                raise LineError(f"cell {cell} is an end of path {ends[cell]} and of path {number}",
                                column)
            if cell in bridge_columns:
                raise LineError(f"path {number} ends on bridge {cell}: a bridge is never an "
                                "endpoint", column)
            ends[cell] = number
        column += len(section) + 1
    if len(paths) != fields.npaths:
        raise LineError(f"header says {number_text(header[3].strip())} paths, the line has"
                        f" {len(paths)}", 1)
    return _Level(width, height, fields.geometry, set(holes), paths)


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
