"""A board and its solution as a PNG image, drawn with Pillow (no browser, no Cairo).

Variant boards are drawn as the SVG draws them (same :class:`~satlink.render.layout.Layout`,
same colours and parts: hexagons, holes left out, walls, bridge decks, warp tunnels and wrap
stubs) at four times the size and scaled down, so slanted hexagon sides and round path ends
are smooth (big pictures at a smaller factor, see :data:`SUPERSAMPLE_PIXELS`); the labels are
written afterwards at the final size.
"""

from __future__ import annotations

from satlink.board import Board
from satlink.render.colours import display_label, path_colour, text_colour
from satlink.render.layout import Layout, Point
from satlink.solution import Solution

SUPERSAMPLE = 4
SUPERSAMPLE_PIXELS = 32_000_000
"""Largest drawing area (pixels) while supersampling; a big picture is drawn at a smaller
factor, down to none, so that it needs at most about 128 MB more than the picture itself."""


def supersample(width: int, height: int) -> int:
    """The scale to draw a ``width`` x ``height`` picture at (4 when it is small enough)."""
    for k in range(SUPERSAMPLE, 1, -1):
        if width * height * k * k <= SUPERSAMPLE_PIXELS:
            return k
    return 1


def _rgb(code: str) -> tuple[int, int, int]:
    code = code.lstrip("#")
    if len(code) == 3:
        code = "".join(ch * 2 for ch in code)
    return int(code[0:2], 16), int(code[2:4], 16), int(code[4:6], 16)


def board_png(board: Board, solution: Solution | None, path: str, cell: int = 24) -> None:
    if not board.geometry.is_plain:
        variant_image(board, solution, cell).save(path, format="PNG")
        return
    from PIL import Image, ImageDraw

    image = Image.new("RGB", (board.width * cell + 1, board.height * cell + 1), (27, 27, 31))
    draw = ImageDraw.Draw(image)
    colour = {label: path_colour(i) for i, label in enumerate(board.labels)}
    for c in range(board.size):
        r, k = board.coord(c)
        box = (k * cell, r * cell, (k + 1) * cell, (r + 1) * cell)
        draw.rectangle(box, outline=(68, 68, 68), fill=(85, 85, 92) if board.is_solid(c) else None)
    half = cell // 2
    if solution is not None:
        for label, cells in solution.paths.items():
            points = [(board.coord(c)[1] * cell + half, board.coord(c)[0] * cell + half) for c in cells]
            draw.line(points, fill=colour[label], width=max(2, int(cell * 0.4)), joint="curve")
    radius = cell * 0.38
    for i, label in enumerate(board.labels):
        for c in board.endpoints[label]:
            r, k = board.coord(c)
            cx, cy = k * cell + half, r * cell + half
            draw.ellipse((cx - radius, cy - radius, cx + radius, cy + radius), fill=colour[label])
            draw.text((cx, cy), display_label(board, label), fill=text_colour(i), anchor="mm")
    image.save(path, format="PNG")


def variant_image(board: Board, solution: Solution | None, cell: int = 24,
                  highlight: set[int] | None = None):
    """A variant board as a Pillow image of the SVG's size (see the module docstring)."""
    from PIL import Image, ImageDraw, ImageFont

    from satlink.render import svg

    layout = Layout(board, cell)
    k = supersample(layout.width, layout.height)
    big = Image.new("RGBA", (layout.width * k, layout.height * k), (0, 0, 0, 0))
    draw = ImageDraw.Draw(big)

    def sc(points: list[Point]) -> list[Point]:
        return [(x * k, y * k) for x, y in points]

    def line(points: list[Point], fill, width: float, round_ends: bool) -> None:
        draw.line(sc(points), fill=fill, width=max(1, round(width * k)), joint="curve")
        if round_ends:
            r = width * k / 2
            for x, y in sc([points[0], points[-1]]):
                draw.ellipse((x - r, y - r, x + r, y + r), fill=fill)

    draw.rounded_rectangle((0, 0, layout.width * k - 1, layout.height * k - 1),
                           radius=max(2, round(cell * 0.2)) * k, fill=_rgb(svg.CANVAS))
    for c in board.open_cells():
        draw.polygon(sc(layout.outline(c)), fill=_rgb(svg.CELL), outline=_rgb(svg.GRID), width=max(1, k // 2))
    # the SVG's highlight, yellow at 45% over the tile, mixed here (blending into an RGBA
    # image would make the tile itself translucent)
    lit = tuple(round(0.45 * y + 0.55 * t) for y, t in zip((255, 225, 77), _rgb(svg.CELL), strict=True))
    for c in sorted(highlight or ()):
        if c is not None and not board.is_solid(c):
            draw.polygon(sc(layout.outline(c)), fill=lit)
    for a, b in layout.wrap_edges():
        for here, there in ((a, b), (b, a)):
            draw.polygon(sc(layout.tunnel(here, there, mouth=1.0)), fill=_rgb(svg.CELL))
            line(layout.tunnel(here, there), _rgb(svg.TUNNEL), 1.5, round_ends=False)
    colour = {label: path_colour(i) for i, label in enumerate(board.labels)}
    if solution is not None:
        for label, nodes in solution.paths.items():
            for run in layout.runs(nodes):
                line(run, colour[label], layout.path_width, round_ends=True)
    over = svg.bridge_crossings(board, solution)
    rail = max(1.0, cell * 0.06)
    for b in board.geometry.bridges:
        for axis in layout.deck_axes():
            corners = layout.deck(b, axis)
            if layout.hexagonal:
                draw.polygon(sc(corners), fill=_rgb(svg.CELL))
            else:  # square decks as they were always drawn (the same pixels)
                (x0, y0), (x1, y1) = corners[0], corners[2]
                draw.rectangle((x0 * k, y0 * k, x1 * k, y1 * k), fill=_rgb(svg.CELL))
            if (b, axis) in over:
                line(list(layout.crossing(b, axis)), colour[over[b, axis]], layout.path_width,
                     round_ends=False)
            for ends in ((corners[0], corners[1]), (corners[3], corners[2])):
                line(list(ends), _rgb(svg.RAILING), rail, round_ends=True)
    wall = max(2.0, cell * 0.14)
    for a, b in sorted(board.geometry.walls):
        sides = [layout.side(a, b)] + ([layout.side(b, a)] if layout.is_wrap(a, b) else [])
        for side in sides:
            line(list(side), _rgb(svg.WALL), wall, round_ends=True)
    radius = cell * 0.38 * k
    for label in board.labels:
        for c in board.endpoints[label]:
            x, y = sc([layout.centre(c)])[0]
            draw.ellipse((x - radius, y - radius, x + radius, y + radius), fill=colour[label])
    image = big if k == 1 else big.resize((layout.width, layout.height), Image.Resampling.LANCZOS)
    draw = ImageDraw.Draw(image)
    for i, label in enumerate(board.labels):
        text = display_label(board, label)
        font = ImageFont.load_default(size=max(6, round(cell * (0.45 if len(text) < 3 else 0.32))))
        for c in board.endpoints[label]:
            draw.text(layout.centre(c), text, fill=text_colour(i), anchor="mm", font=font)
    return image
