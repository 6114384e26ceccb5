"""Draw a board and its solution in the terminal, one colour per path.

Each path cell shows a box-drawing piece that points at its two path neighbours, so a path
that runs beside itself is still readable, which a bare colour grid is not.  Labels past the
ASCII alphabet are CJK ideographs, two columns wide in a terminal: a board that has one is
drawn with every cell two columns wide (a horizontal piece continues into its second
column), so the grid stays aligned.  Colours are the same as in SVG/PNG pictures.
"""

from __future__ import annotations

import unicodedata

from rich.text import Text

from satlink.board import EMPTY, SOLID, Board, Solution
from satlink.render.colours import hex_colour

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
    for label, path in solution.paths.items():
        for i, cell in enumerate(path):
            if board.label_at(cell) is not None:
                continue
            mask = 0
            for other in (path[i - 1] if i else None, path[i + 1] if i + 1 < len(path) else None):
                if other is None:
                    continue
                delta = other - cell
                mask |= 1 if delta == -w else 2 if delta == w else 4 if delta == -1 else 8
            r, c = divmod(cell, w)
            glyphs[r][c] = (PIECES.get(mask, "?"), label)
    return glyphs


def is_wide(ch: str) -> bool:
    """Two terminal columns (CJK ideographs and the like)."""
    return unicodedata.east_asian_width(ch) in ("W", "F")


def _widened(glyphs: list[list[tuple[str, str | None]]]) -> list[list[tuple[str, str | None]]]:
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


def draw_plain(board: Board, solution: Solution | None = None) -> str:
    rows = _widened(cell_glyphs(board, solution))
    return "\n".join("".join(ch for ch, _ in row) for row in rows)


def draw_rich(board: Board, solution: Solution | None = None) -> Text:
    colour = {label: hex_colour(i) for i, label in enumerate(board.labels)}
    text = Text()
    for r, row in enumerate(_widened(cell_glyphs(board, solution))):
        if r:
            text.append("\n")
        for c, (ch, label) in enumerate(row):
            endpoint = board.label_at(r * board.width + c) is not None
            style = colour[label] if label else "grey42"
            text.append(ch, style=f"bold {style}" if endpoint else style)
    return text
