"""Boards with some cells picked out: what an explanation or a hint is about.

Built on the public drawing functions (:func:`satlink.render.terminal.draw_rich`,
:func:`satlink.render.svg.board_svg`): in the terminal the picked cells get a background
colour in place (on a variant board, whose drawing spaces its cells out, where
:func:`~satlink.render.terminal.canvas.cell_spans` places them), and without colours a second
grid beside the board marks them with ``*``; in SVG they are the
highlighted cells of :func:`~satlink.render.svg.board_svg`, and in PNG the same picture
with the reason written under it.
"""

from __future__ import annotations

from collections.abc import Iterable

from rich.text import Text

from satlink.board import Board
from satlink.render.svg import board_svg
from satlink.render.terminal import draw_plain, draw_rich, is_wide
from satlink.render.terminal.canvas import cell_spans, variant_lines
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
    if color and not board.geometry.is_plain:
        return _variant_in_place(board, solution, picked)
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


def _variant_in_place(board: Board, solution: Solution | None, picked: list[int]) -> Text:
    """A variant board's drawing with the picked cells' glyphs on the highlight colour,
    where :func:`~satlink.render.terminal.canvas.cell_spans` says each cell is drawn."""
    spans = cell_spans(board)
    lit = {(x + k, y) for cell in picked for x, y, width in [spans[cell]] for k in range(width)}
    text = Text()
    for y, line in enumerate(variant_lines(board, solution)):
        if y:
            text.append("\n")
        for x, (ch, style) in enumerate(line):
            if (x, y) in lit:
                style = f"{style or ''} {HIGHLIGHT}".strip()
            text.append(ch, style=style)
    return text


def highlighted_svg(board: Board, solution: Solution | None, cells: Iterable[int],
                    title: str | None = None) -> str:
    return board_svg(board, solution, highlight=set(cells), title=title)


def highlighted_png(board: Board, solution: Solution | None, cells: Iterable[int], path: str,
                    title: str | None = None, cell: int = 32) -> None:
    """The SVG's picture as a PNG (:func:`satlink.render.png.variant_image` draws plain and
    variant boards alike, the picked cells lit as in the SVG), with ``title`` written in a
    strip below it: a PNG has no tooltip, and a picture passed around should carry its
    reason."""
    import textwrap

    from PIL import Image, ImageDraw, ImageFont

    from satlink.render import svg
    from satlink.render.png import _rgb, variant_image

    picture = variant_image(board, solution, cell, set(cells))
    font = ImageFont.load_default(size=13)
    lines = textwrap.wrap(title or "", width=max(24, picture.width // 7))
    strip = 18 * len(lines) + (10 if lines else 0)
    out = Image.new("RGB", (max(picture.width, 1), picture.height + strip), _rgb(svg.CANVAS))
    out.paste(picture, (0, 0), picture)
    draw = ImageDraw.Draw(out)
    for i, line in enumerate(lines):
        draw.text((6, picture.height + 5 + 18 * i), line, fill=(230, 230, 230), font=font)
    out.save(path, format="PNG")


__all__ = ["highlighted_png", "highlighted_svg", "highlighted_text", "marks"]
