"""Canonical form of a board under the 8 rotations/reflections and relabelling.

Two boards are the same puzzle when one is a rotation or reflection of the other with the
labels renamed.  The canonical form is the smallest of the eight transformed grids, each
written with labels renumbered by first appearance; its hash identifies the puzzle.
"""

from __future__ import annotations

import hashlib

from satlink.board import EMPTY, SOLID, Board


def transforms(rows: tuple[str, ...]) -> list[tuple[str, ...]]:
    """The 8 images of a grid under the dihedral group of the square."""
    out = []
    grid = rows
    for _ in range(4):
        out.append(grid)
        out.append(tuple(row[::-1] for row in grid))  # mirror
        grid = tuple("".join(col) for col in zip(*grid[::-1], strict=True))  # rotate 90°
    return out


def _relabelled(rows: tuple[str, ...]) -> str:
    numbers: dict[str, int] = {}
    parts = []
    for row in rows:
        for ch in row:
            if ch == EMPTY:
                parts.append(".")
            elif ch == SOLID:
                parts.append("#")
            else:
                parts.append(str(numbers.setdefault(ch, len(numbers))))
        parts.append("/")
    return ",".join(parts)


def canonical_form(board: Board) -> str:
    return min(f"{len(t[0])}x{len(t)}:{_relabelled(t)}" for t in transforms(board.rows))


def canonical_hash(board: Board) -> str:
    return hashlib.sha256(canonical_form(board).encode()).hexdigest()[:32]
