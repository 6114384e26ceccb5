"""``W H`` stream: a header line ``W H`` then H rows; ``#`` comment lines and blank lines between
boards; the line ``0 0`` ends the input (the thomasahle/numberlink files).

Inside a board the H rows are taken verbatim, so a row may start with ``#`` (a solid cell);
only lines between boards can be comments.  No geometry: holes are solid cells, other Flow
Free variants (walls, bridges, warps, hexagonal cells) are refused by the writer.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence

from satlink.formats.entry import (
    Entry,
    board_entry,
    error_entry,
    natural,
    refuse_variant,
    too_many_cells,
)

NAME = "wh"
HEADER = re.compile(r"^\s*([0-9]+)\s+([0-9]+)\s*$")


def looks_like(lines: Sequence[str]) -> bool:
    for line in lines:
        if not line.strip() or line.startswith("#"):
            continue
        return bool(HEADER.match(line))
    return False


def read(lines: Sequence[str], source: str, max_cells: int) -> Iterator[Entry]:
    i = 0
    index = 0
    while i < len(lines):
        line = lines[i]
        if not line.strip() or line.startswith("#"):
            i += 1
            continue
        index += 1
        match = HEADER.match(line)
        if not match:
            yield error_entry(f"expected a 'W H' header, found {line.strip()[:30]!r}", source,
                              index, i + 1, 1)
            i += 1
            while i < len(lines) and not HEADER.match(lines[i]):
                i += 1  # resynchronise on the next header
            continue
        width, height = natural(match.group(1)), natural(match.group(2))
        if width == 0 and height == 0:
            return
        if width * height > max_cells:  # checked before any row is looked at
            yield error_entry(too_many_cells(width * height, max_cells), source, index, i + 1)
            end = min(i + 1 + height, len(lines))
            i += 1
            while i < end and not HEADER.match(lines[i]):
                i += 1  # skip its rows, but never past the next header (no row looks like one)
            continue
        if width == 0 or height == 0:
            yield error_entry(f"board size {width}x{height} has no cells", source, index, i + 1, 1)
            i += 1
            continue
        rows = [r.rstrip("\r\n") for r in lines[i + 1 : i + 1 + height]]
        if len(rows) < height:
            yield error_entry(f"file ends after {len(rows)} of {height} rows", source, index,
                              len(lines) + 1)
            return
        bad = next((r for r, row in enumerate(rows) if len(row) != width), None)
        if bad is not None:
            yield error_entry(
                f"ragged row: row {bad + 1} has {len(rows[bad])} cells, the header says {width}",
                source, index, i + 2 + bad, min(len(rows[bad]), width) + 1)
        else:
            yield board_entry(rows, source, index, i + 2, max_cells)
        i += 1 + height


def write(entries: Sequence[Entry]) -> str:
    for number, entry in enumerate(entries, start=1):
        refuse_variant(entry.board, number, NAME)
    parts = [f"{board.width} {board.height}\n{board.text()}\n" for board in (e.board for e in entries)]
    return "".join(parts) + "0 0\n"
