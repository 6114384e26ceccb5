"""A plain board's cells as characters: a label, ``█``, ``·``, or the box-drawing piece
that points at a path cell's two path neighbours."""

from __future__ import annotations

import unicodedata
from collections.abc import Iterator

from satlink.board import EMPTY, SOLID, Board
from satlink.solution import Solution

# bit mask of path directions: up=1, down=2, left=4, right=8
PIECES = {1: "╵", 2: "╷", 4: "╴", 8: "╶", 3: "│", 12: "─", 10: "┌", 6: "┐", 9: "└", 5: "┘"}


def cell_glyphs(board: Board, solution: Solution | None) -> list[list[tuple[str, str | None]]]:
    """(character, label) for every cell; label None for empty and solid cells."""
    glyphs: list[list[tuple[str, str | None]]] = [
        [(("█" if ch == SOLID else "·") if ch in (EMPTY, SOLID) else ch, board.label_at(r * board.width + c))
         for c, ch in enumerate(row)]
        for r, row in enumerate(board.rows)
    ]
    if solution is None:
        return glyphs
    w = board.width
    for piece, cell, label in path_pieces(board, solution):
        r, c = divmod(cell, w)
        glyphs[r][c] = (piece, label)
    return glyphs


def path_pieces(board: Board, solution: Solution) -> Iterator[tuple[str, int, str]]:
    """(box-drawing piece, cell, label) for every cell of a path that is not an endpoint."""
    w = board.width
    bits = {-1: 4, w: 2, -w: 1}  # the step to a neighbour: left, down, up (else right: 8)
    ends = {cell for pair in board.endpoints.values() for cell in pair}
    for label, path in solution.paths.items():
        last = len(path) - 1
        for i, cell in enumerate(path):
            if cell in ends:
                continue
            mask = bits.get(path[i - 1] - cell, 8) if i else 0
            if i < last:
                mask |= bits.get(path[i + 1] - cell, 8)
            yield PIECES.get(mask, "?"), cell, label


def is_wide(ch: str) -> bool:
    """Two terminal columns (CJK ideographs and the like)."""
    return unicodedata.east_asian_width(ch) in ("W", "F")


def widened(glyphs: list[list[tuple[str, str | None]]]) -> list[list[tuple[str, str | None]]]:
    """Every cell two columns wide, when some label needs two."""
    if not any(is_wide(ch) for row in glyphs for ch, _ in row):
        return glyphs
    def wide(ch: str) -> str:
        if is_wide(ch):
            return ch
        return ch + ("─" if ch in RIGHTWARD else "█" if ch == "█" else " ")
    return [[(wide(ch), label) for ch, label in row] for row in glyphs]


RIGHTWARD = {PIECES[m] for m in PIECES if m & 8}
"""Pieces that continue to the right: their second column is a horizontal line."""

PLAIN_GLYPHS = str.maketrans({EMPTY: "·", SOLID: "█"})


def plain_text(board: Board, solution: Solution | None) -> str:
    """What :func:`cell_glyphs` draws, joined, made row by row at C speed (a 1002x1002 board
    is a million cells); for boards whose labels are all one column wide."""
    if solution is None:
        return "\n".join(row.translate(PLAIN_GLYPHS) for row in board.rows)
    w = board.width
    cells = list("".join(board.rows).translate(PLAIN_GLYPHS))
    for piece, cell, _ in path_pieces(board, solution):
        cells[cell] = piece
    canvas = "".join(cells)
    return "\n".join(canvas[i:i + w] for i in range(0, len(canvas), w))
