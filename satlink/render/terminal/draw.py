"""A board and its solution drawn for the terminal: plain text, or rich text in colour
(the drawing itself is :mod:`.glyphs` on plain boards and :mod:`.canvas` on the variants)."""

from __future__ import annotations

from rich.text import Text

from satlink.board import Board
from satlink.render.colours import hex_colour
from satlink.render.terminal.canvas import variant_lines
from satlink.render.terminal.glyphs import cell_glyphs, is_wide, plain_text, widened
from satlink.solution import Solution


def draw_plain(board: Board, solution: Solution | None = None) -> str:
    if not board.geometry.is_plain:
        return "\n".join("".join(ch for ch, _ in line) for line in variant_lines(board, solution))
    if any(map(is_wide, board.labels)):  # only a label can be wide: every cell is widened
        rows = widened(cell_glyphs(board, solution))
        return "\n".join("".join(ch for ch, _ in row) for row in rows)
    return plain_text(board, solution)


def draw_rich(board: Board, solution: Solution | None = None) -> Text:
    if not board.geometry.is_plain:
        text = Text()
        for y, line in enumerate(variant_lines(board, solution)):
            if y:
                text.append("\n")
            for ch, style in line:
                text.append(ch, style=style)
        return text
    colour = {label: hex_colour(i) for i, label in enumerate(board.labels)}
    text = Text()
    for r, row in enumerate(widened(cell_glyphs(board, solution))):
        if r:
            text.append("\n")
        for c, (ch, label) in enumerate(row):
            endpoint = board.label_at(r * board.width + c) is not None
            style = colour[label] if label else "grey42"
            text.append(ch, style=f"bold {style}" if endpoint else style)
    return text
