"""Flow Free level line: ``size,0,number,npaths;p1c1,p1c2,...;p2c1,...``.

Cells are numbered row-major; each path lists its cells from one endpoint to the other, so a
line is a puzzle *plus its reference solution*.  ``size`` is ``N`` or ``W:H``.  Variants that
satlink does not support yet are reported, never crashed on: extra header fields after
``npaths`` (bridges, holes, walls), size prefixes ``X_`` (hexagonal) / ``W_`` (warps) and the
suffix ``+B`` (bridges).
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence

from satlink.board import EMPTY, Solution, label_for
from satlink.formats.entry import (
    Entry,
    board_entry,
    board_lines,
    error_entry,
    first_content_line,
    natural,
    number_text,
    snippet,
    too_many_cells,
)
from satlink.formats.errors import WriteError
from satlink.rules import parse_rules

NAME = "flowfree"
LINE = re.compile(r"^\s*[^;,\s]+,[0-9]+,[0-9]+,[0-9]+[^;]*;")
EXTRA_FIELDS = ("bridges", "holes", "walls")
SIZE_PREFIXES = {"X": "hexagonal", "W": "warps", "H": "hexagonal"}


class _LineError(Exception):
    def __init__(self, message: str, column: int):
        super().__init__(message)
        self.message, self.column = message, column


def looks_like(lines: Sequence[str]) -> bool:
    first = first_content_line(lines)
    return bool(LINE.match(first))


def read(lines: Sequence[str], source: str, max_cells: int) -> Iterator[Entry]:
    for number, index, line in board_lines(lines):
        try:
            width, height, paths = _parse_line(line.rstrip("\r\n"), max_cells)
        except _LineError as exc:
            yield error_entry(exc.message, source, index, number, exc.column)
            continue
        grid = [[EMPTY] * width for _ in range(height)]
        labels = {}
        for i, path in enumerate(paths):
            label = label_for(i)
            labels[label] = path
            for cell in (path[0], path[-1]):
                grid[cell // width][cell % width] = label
        entry = board_entry(["".join(row) for row in grid], source, index, number, max_cells)
        entry.line = number
        if entry.board is not None:
            entry.solution = Solution.from_paths(labels)
            entry.rules = parse_rules("flow")
        elif entry.error is not None:
            entry.error.line, entry.error.column = number, None
        yield entry


def _parse_line(line: str, max_cells: int) -> tuple[int, int, list[list[int]]]:
    sections = line.split(";")
    header = sections[0].split(",")
    if len(header) < 4:
        raise _LineError("header needs size,0,number,npaths", 1)
    width, height = _parse_size(header[0].strip())
    if width * height > max_cells:  # checked before anything is built
        raise _LineError(too_many_cells(width * height, max_cells), 1)
    column = len(sections[0]) + 2
    for pos, value in enumerate(header[4:]):
        if value.strip() and value.strip() != "0":
            name = EXTRA_FIELDS[pos] if pos < len(EXTRA_FIELDS) else f"header field {pos + 5}"
            raise _LineError(f"unsupported variant: {name}", len(",".join(header[: 4 + pos])) + 2)
    npaths = natural(header[3].strip())
    if npaths is None:
        raise _LineError(f"npaths {snippet(header[3])} is not a number", len(",".join(header[:3])) + 2)
    paths = []
    ends: dict[int, int] = {}  # end cell -> number of the path it ends (from 1)
    for section in sections[1:]:
        if not section.strip():
            column += len(section) + 1
            continue
        path = []
        offset = column
        for field in section.split(","):
            cell = natural(field.strip())
            if cell is None:
                raise _LineError(f"cell {snippet(field.strip())} is not a number", offset)
            if cell >= width * height:
                raise _LineError(f"cell {number_text(field.strip())} is outside the {width}x{height}"
                                 " board", offset)
            path.append(cell)
            offset += len(field) + 1
        if len(path) < 2:
            raise _LineError("a path needs at least two cells", column)
        paths.append(path)
        if path[0] == path[-1]:
            raise _LineError(f"path {len(paths)} starts and ends on cell {path[0]}", column)
        for cell in (path[0], path[-1]):
            if cell in ends:
                raise _LineError(f"cell {cell} is an end of path {ends[cell]} and of path {len(paths)}",
                                 column)
            ends[cell] = len(paths)
        column += len(section) + 1
    if len(paths) != npaths:
        raise _LineError(f"header says {number_text(header[3].strip())} paths, the line has"
                         f" {len(paths)}", 1)
    return width, height, paths


def _parse_size(text: str) -> tuple[int, int]:
    if text.endswith("+B"):
        raise _LineError("unsupported variant: bridges", len(text) - 1)
    if "_" in text:
        prefix = text.split("_", 1)[0]
        variant = SIZE_PREFIXES.get(prefix) or f"size prefix {snippet(prefix + '_')}"
        raise _LineError(f"unsupported variant: {variant}", 1)
    numbers = [natural(part) for part in text.split(":")]
    if len(numbers) not in (1, 2) or None in numbers:
        raise _LineError(f"size {snippet(text)} is not N or W:H", 1)
    width, height = numbers[0], numbers[-1]
    if width < 1 or height < 1:
        raise _LineError(f"size {snippet(text)} has no cells", 1)
    return width, height


def write(entries: Sequence[Entry]) -> str:
    lines = []
    for number, entry in enumerate(entries, start=1):
        board, solution = entry.board, entry.solution
        if solution is None:
            raise WriteError(
                f"board {number}: the flowfree format carries the solution; this board has none"
                " (solve it first: satlink solve --out FILE.flow)"
            )
        if board.solid_count():
            raise WriteError(f"board {number}: the flowfree format cannot express solid cells")
        size = str(board.width) if board.width == board.height else f"{board.width}:{board.height}"
        paths = [",".join(map(str, solution.paths[label])) for label in board.labels]
        lines.append(f"{size},0,{number},{len(paths)};" + ";".join(paths))
    return "\n".join(lines) + "\n"
