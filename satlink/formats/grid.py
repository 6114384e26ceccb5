"""Bare grid: one row per line; ``.`` empty, ``#`` solid, any other character a label.

Several boards in one file are separated by blank lines (the mzucker and NumberLink-PyPI
files hold one board each).  The format carries no solution and no geometry: holes are solid
cells, other Flow Free variants (walls, bridges, warps, hexagonal cells) are refused.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from satlink.formats.entry import Entry, board_entry, refuse_variant

NAME = "grid"


def read(lines: Sequence[str], source: str, max_cells: int) -> Iterator[Entry]:
    block: list[str] = []
    start = 0
    index = 0
    for number, line in enumerate([*lines, ""], start=1):
        if line.strip():
            if not block:
                start = number
            block.append(line.rstrip("\r\n"))
            continue
        if block:
            index += 1
            yield board_entry(block, source, index, start, max_cells)
            block = []


def write(entries: Sequence[Entry]) -> str:
    for number, entry in enumerate(entries, start=1):
        refuse_variant(entry.board, number, NAME)
    return "\n\n".join(board.text() for board in (e.board for e in entries)) + "\n"
