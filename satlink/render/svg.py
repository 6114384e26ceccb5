"""A board, its solution and highlighted cells as one self-contained SVG string.

Plain boards are a grid of squares with solid cells filled grey.  Variant boards (see
:mod:`satlink.render.layout` for the geometry) draw each open cell as its own tile, a square or
a flat-topped hexagon, on a darker canvas, so holes are simply left out; walls are thick light
lines on the side two cells share; a bridge is a deck carrying the horizontal crossing over a
gap in the vertical one, with a railing along each edge (on hexagons two decks, the falling
crossing over the rising one and the vertical one over both); warps are marked by tunnels at the
border and a path through a wrap edge is drawn as two stubs, never across the board.

Elements of variant boards carry a class (``cell``, ``wall``, ``tunnel``, ``bridge``,
``railing``, ``over``) so that styles and tests can find them.
"""

from __future__ import annotations

from html import escape

from satlink.board import Board
from satlink.render.colours import display_label, hex_colour, text_colour
from satlink.render.layout import Layout, Point
from satlink.solution import Solution

CANVAS = "#111114"
CELL = "#1b1b1f"
GRID = "#444"
TUNNEL = "#80808c"
WALL = "#e2e2e8"
RAILING = "#a0a0ac"


def _n(value: float) -> str:
    """A coordinate with at most two decimals (whole numbers keep one, as plain boards do)."""
    value = round(value, 2)
    return str(value)


def _points(points: list[Point]) -> str:
    return " ".join(f"{_n(x)},{_n(y)}" for x, y in points)


def board_svg(board: Board, solution: Solution | None = None, highlight: set[int] | None = None,
              cell: int = 24, title: str | None = None) -> str:
    layout = Layout(board, cell)
    colour = {label: hex_colour(i) for i, label in enumerate(board.labels)}
    plain = board.geometry.is_plain
    if plain:
        w, h = board.width * cell, board.height * cell
        out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{w + 2}" height="{h + 2}" '
               f'viewBox="-1 -1 {w + 2} {h + 2}" class="board">']
    else:
        out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{layout.width}" '
               f'height="{layout.height}" viewBox="0 0 {layout.width} {layout.height}" class="board">']
    if title:
        out.append(f"<title>{escape(title)}</title>")
    out += _plain_grid(board, highlight, cell) if plain else _variant_cells(layout, highlight)
    if solution is not None:
        for label, path in solution.paths.items():
            for run in layout.runs(path):
                out.append(f'<polyline points="{_points(run)}" fill="none" stroke="{colour[label]}" '
                           f'stroke-width="{layout.path_width:.1f}" stroke-linecap="round" '
                           'stroke-linejoin="round"/>')
    if not plain:
        out += _bridges(layout, solution, colour)
        out += _walls(layout)
    for i, label in enumerate(board.labels):
        ink = "#{:02x}{:02x}{:02x}".format(*text_colour(i))
        for c in board.endpoints[label]:
            cx, cy = (_n(v) for v in layout.centre(c))
            out.append(f'<circle cx="{cx}" cy="{cy}" r="{cell * 0.38:.1f}" fill="{colour[label]}"/>')
            text = display_label(board, label)
            size = cell * (0.45 if len(text) < 3 else 0.32)
            out.append(f'<text x="{cx}" y="{cy}" font-size="{size:.0f}" fill="{ink}" '
                       f'text-anchor="middle" dominant-baseline="central" '
                       f'font-family="sans-serif">{escape(text)}</text>')
    out.append("</svg>")
    return "".join(out)


def _plain_grid(board: Board, highlight: set[int] | None, cell: int) -> list[str]:
    """The square grid of a plain board, solid cells grey."""
    w, h = board.width * cell, board.height * cell
    out = [f'<rect x="0" y="0" width="{w}" height="{h}" fill="#1b1b1f"/>']
    for c in range(board.size):
        r, k = board.coord(c)
        x, y = k * cell, r * cell
        if board.is_solid(c):
            out.append(f'<rect x="{x}" y="{y}" width="{cell}" height="{cell}" fill="#55555c"/>')
        if highlight and c in highlight:
            out.append(f'<rect class="diff" x="{x}" y="{y}" width="{cell}" height="{cell}" '
                       'fill="#ffe14d" fill-opacity="0.45"/>')
    for i in range(board.width + 1):
        out.append(f'<line x1="{i * cell}" y1="0" x2="{i * cell}" y2="{h}" stroke="#444" stroke-width="1"/>')
    for i in range(board.height + 1):
        out.append(f'<line x1="0" y1="{i * cell}" x2="{w}" y2="{i * cell}" stroke="#444" stroke-width="1"/>')
    return out


def _variant_cells(layout: Layout, highlight: set[int] | None) -> list[str]:
    """The canvas, one tile per open cell (holes left out), and the tunnels of a warp board."""
    board = layout.board
    radius = max(2, round(layout.cell * 0.2))
    out = [f'<rect x="0" y="0" width="{layout.width}" height="{layout.height}" rx="{radius}" '
           f'fill="{CANVAS}"/>']
    shape = "polygon" if layout.hexagonal else "rect"
    for c in board.open_cells():
        if layout.hexagonal:
            out.append(f'<polygon class="cell" points="{_points(layout.outline(c))}" '
                       f'fill="{CELL}" stroke="{GRID}" stroke-width="1"/>')
        else:
            (x0, y0), _, (x1, y1), _ = layout.outline(c)
            out.append(f'<rect class="cell" x="{_n(x0)}" y="{_n(y0)}" width="{_n(x1 - x0)}" '
                       f'height="{_n(y1 - y0)}" fill="{CELL}" stroke="{GRID}" stroke-width="1"/>')
    for c in sorted(highlight or ()):
        if c is None or board.is_solid(c):
            continue
        if shape == "polygon":
            out.append(f'<polygon class="diff" points="{_points(layout.outline(c))}" '
                       'fill="#ffe14d" fill-opacity="0.45"/>')
        else:
            (x0, y0), _, (x1, y1), _ = layout.outline(c)
            out.append(f'<rect class="diff" x="{_n(x0)}" y="{_n(y0)}" width="{_n(x1 - x0)}" '
                       f'height="{_n(y1 - y0)}" fill="#ffe14d" fill-opacity="0.45"/>')
    for a, b in layout.wrap_edges():
        for here, there in ((a, b), (b, a)):
            mouth = _points(layout.tunnel(here, there, mouth=1.0))
            out.append(f'<polygon class="tunnel" points="{mouth}" fill="{CELL}"/>')
            out.append(f'<polyline points="{_points(layout.tunnel(here, there))}" fill="none" '
                       f'stroke="{TUNNEL}" stroke-width="1.5" stroke-linejoin="round"/>')
    return out


def _bridges(layout: Layout, solution: Solution | None, colour: dict[str, str]) -> list[str]:
    """Each bridge's decks (:meth:`Layout.deck_axes`, bottom first), each hiding the
    crossings beneath it, with its railings and its own crossing drawn again on top."""
    board = layout.board
    over = bridge_crossings(board, solution)
    rail = max(1.0, layout.cell * 0.06)
    out = []
    for cell in board.geometry.bridges:
        for axis in layout.deck_axes():
            corners = layout.deck(cell, axis)
            if layout.hexagonal:
                out.append(f'<polygon class="bridge" points="{_points(corners)}" fill="{CELL}"/>')
            else:
                (x0, y0), (x1, y1) = corners[0], corners[2]
                out.append(f'<rect class="bridge" x="{_n(x0)}" y="{_n(y0)}" '
                           f'width="{_n(x1 - x0)}" height="{_n(y1 - y0)}" fill="{CELL}"/>')
            if (cell, axis) in over:
                (ax, ay), (bx, by) = layout.crossing(cell, axis)
                out.append(f'<line class="over" x1="{_n(ax)}" y1="{_n(ay)}" x2="{_n(bx)}" '
                           f'y2="{_n(by)}" stroke="{colour[over[cell, axis]]}" '
                           f'stroke-width="{layout.path_width:.1f}"/>')
            for (xa, ya), (xb, yb) in ((corners[0], corners[1]), (corners[3], corners[2])):
                out.append(f'<line class="railing" x1="{_n(xa)}" y1="{_n(ya)}" x2="{_n(xb)}" '
                           f'y2="{_n(yb)}" stroke="{RAILING}" stroke-width="{rail:.1f}" '
                           'stroke-linecap="round"/>')
    return out


def bridge_crossings(board: Board, solution: Solution | None) -> dict[tuple[int, int], str]:
    """``{(bridge cell, axis): label}`` for each bridge crossing the solution uses."""
    over: dict[tuple[int, int], str] = {}
    for label, path in (solution.paths.items() if solution is not None else ()):
        for node in path:
            axis = board.node_axis(node)
            if axis is not None:
                over[board.node_cell(node), axis] = label
    return over


def _walls(layout: Layout) -> list[str]:
    """Walls as thick lines on the shared side; a walled wrap edge on both borders."""
    board = layout.board
    width = max(2.0, layout.cell * 0.14)
    out = []
    for a, b in sorted(board.geometry.walls):
        sides = [layout.side(a, b)]
        if layout.is_wrap(a, b):
            sides.append(layout.side(b, a))
        for (x1, y1), (x2, y2) in sides:
            out.append(f'<line class="wall" x1="{_n(x1)}" y1="{_n(y1)}" x2="{_n(x2)}" y2="{_n(y2)}" '
                       f'stroke="{WALL}" stroke-width="{width:.1f}" stroke-linecap="round"/>')
    return out
