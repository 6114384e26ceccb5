"""Draw a board and its solution in the terminal, one colour per path.

Each path cell shows a box-drawing piece that points at its two path neighbours, so a path
that runs beside itself is still readable, which a bare colour grid is not.
"""

from __future__ import annotations

from rich.text import Text

from satlink.board import EMPTY, SOLID, Board, Solution

PALETTE = ("red", "blue", "yellow", "green", "dark_orange", "cyan", "magenta", "bright_red",
           "purple", "grey70", "white", "bright_green", "tan", "dodger_blue2", "dark_cyan",
           "pink1", "gold3", "orchid", "chartreuse3", "steel_blue1")

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


def draw_plain(board: Board, solution: Solution | None = None) -> str:
    return "\n".join("".join(ch for ch, _ in row) for row in cell_glyphs(board, solution))


def draw_rich(board: Board, solution: Solution | None = None) -> Text:
    colour = {label: PALETTE[i % len(PALETTE)] for i, label in enumerate(board.labels)}
    text = Text()
    for r, row in enumerate(cell_glyphs(board, solution)):
        if r:
            text.append("\n")
        for c, (ch, label) in enumerate(row):
            endpoint = board.label_at(r * board.width + c) is not None
            style = colour[label] if label else "grey42"
            text.append(ch, style=f"bold {style}" if endpoint else style)
    return text
