"""Boards with some cells picked out: what an explanation or a hint is about.

Built on the public drawing functions (:func:`satlink.render.terminal.draw_rich`,
:func:`satlink.render.svg.board_svg`): in the terminal the picked cells get a background
colour on plain boards, and without colours (or on a variant board, whose drawing spaces its
cells out) a second grid beside the board marks them with ``*``; in SVG they are the
highlighted cells of :func:`~satlink.render.svg.board_svg`.
"""

from __future__ import annotations

from collections.abc import Iterable

from rich.text import Text

from satlink.board import Board
from satlink.render.svg import board_svg
from satlink.render.terminal import draw_plain, draw_rich, is_wide
from satlink.solution import Solution

HIGHLIGHT = "on dark_red"


def marks(board: Board, cells: Iterable[int]) -> list[str]:
    """One text row per board row: ``*`` on picked cells, ``#`` solid, ``.`` else."""
    picked = set(cells)
    return ["".join("*" if r * board.width + c in picked else "#" if ch == "#" else "."
                    for c, ch in enumerate(row)) for r, row in enumerate(board.rows)]


def highlighted_text(board: Board, solution: Solution | None, cells: Iterable[int],
                     color: bool = True) -> Text:
    """The board (with ``solution`` if given) and its picked ``cells``."""
    picked = sorted(set(cells))
    simple = board.geometry.is_plain and not any(is_wide(label) for label in board.labels)
    if color and simple:
        text = draw_rich(board, solution)
        for cell in picked:
            r, c = board.coord(cell)
            start = r * (board.width + 1) + c
            text.stylize(HIGHLIGHT, start, start + 1)
        return text
    drawing = (draw_rich(board, solution) if color else Text(draw_plain(board, solution)))
    if not picked:
        return drawing
    lines = drawing.split("\n")
    grid = marks(board, picked)
    out = Text()
    width = max((line.cell_len for line in lines), default=0)
    for i in range(max(len(lines), len(grid))):
        if i:
            out.append("\n")
        line = lines[i] if i < len(lines) else Text("")
        out.append_text(line)
        if i < len(grid):
            out.append(" " * (width - line.cell_len + 3) + grid[i])
    return out


def highlighted_svg(board: Board, solution: Solution | None, cells: Iterable[int],
                    title: str | None = None) -> str:
    return board_svg(board, solution, highlight=set(cells), title=title)


__all__ = ["highlighted_svg", "highlighted_text", "marks"]
