"""Boards of very many labels: every cell an endpoint, each pair side by side in its row.

Trivially unique (each pair is joined by the edge between its cells, and every cell is
used), so whatever time a command takes on one is spent on the label count alone: the
deduction state, the referee, the records.  A 500x500 board has 125,000 pairs, about as many
as there are label characters (every printable character but ``.``, ``#`` and spaces).
"""

from __future__ import annotations

import random
from functools import cache

from satlink.board import Board, is_label


@cache
def label_characters(count: int) -> tuple[str, ...]:
    """The first ``count`` characters that are labels, by code point."""
    found: list[str] = []
    code = 0
    while len(found) < count:
        if code > 0x10FFFF:
            raise ValueError(f"there are fewer than {count} label characters")
        char = chr(code)
        if is_label(char):
            found.append(char)
        code += 1
    return tuple(found)


def pairs_side_by_side(width: int, height: int) -> list[str]:
    """The rows of a ``width`` x ``height`` board (``width`` even) of ``width * height / 2``
    pairs, each on two neighbouring cells of a row."""
    if width % 2:
        raise ValueError("the width must be even: every cell belongs to a pair")
    labels = iter(label_characters(width * height // 2))
    return ["".join(2 * next(labels) for _ in range(width // 2)) for _ in range(height)]


def crowded_board(width: int, height: int) -> Board:
    return Board.from_rows(pairs_side_by_side(width, height))


def without_pairs(rng: random.Random, rows: list[str], count: int) -> list[str]:
    """``rows`` with ``count`` pairs taken off, their cells left empty: boards on which the
    rules have colours to work out and, under ``fill``, cells to cover (mostly impossible:
    an empty cell among pairs side by side has no path to join)."""
    gone = set(rng.sample(sorted({c for row in rows for c in row} - {"."}), count))
    return ["".join("." if c in gone else c for c in row) for row in rows]


__all__ = ["crowded_board", "label_characters", "pairs_side_by_side", "without_pairs"]
