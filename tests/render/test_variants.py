"""Pictures and terminal drawings of the Flow Free variants: hexagons, holes, walls, bridges
and warps, each on a small board with a known solution."""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET

import pytest

from satlink.board import Board
from satlink.geometry import Geometry
from satlink.render.colours import hex_colour
from satlink.render.layout import Layout
from satlink.render.svg import board_svg
from satlink.solution import Solution
from testbed.variants import VARIANTS, solved

SVG = "{http://www.w3.org/2000/svg}"
CELL = 24

def colour_of(board: Board, label: str) -> str:
    return hex_colour(board.labels.index(label))


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def of_class(root: ET.Element, tag: str, cls: str) -> list[ET.Element]:
    return [e for e in root.iter(SVG + tag) if e.get("class") == cls]


def points(element: ET.Element) -> list[tuple[float, float]]:
    return [tuple(float(v) for v in p.split(",")) for p in element.get("points").split()]


def segments(root: ET.Element, colour: str) -> list[float]:
    """Lengths of the segments of the path polylines drawn in ``colour``."""
    out = []
    for line in root.iter(SVG + "polyline"):
        if line.get("stroke") == colour:
            pts = points(line)
            out += [math.dist(p, q) for p, q in zip(pts, pts[1:], strict=False)]
    return out


def test_plain_boards_keep_their_grid() -> None:
    board = Board.from_rows(["A.B", "#..", "A.B"])
    root = parse(board_svg(board))
    assert root.get("viewBox") == f"-1 -1 {3 * CELL + 2} {3 * CELL + 2}"
    assert not of_class(root, "rect", "cell") and not of_class(root, "polygon", "cell")
    assert len(list(root.iter(SVG + "line"))) == 8  # 4 + 4 grid lines
    assert [r.get("fill") for r in root.iter(SVG + "rect")] == ["#1b1b1f", "#55555c"]


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_svg_of_every_variant_parses_and_has_one_tile_per_open_cell(name: str) -> None:
    board, solution = solved(name)
    for sol in (None, solution):
        root = parse(board_svg(board, sol, highlight={0, 7}, title=name))
        tiles = of_class(root, "polygon" if board.geometry.kind == "hex" else "rect", "cell")
        assert len(tiles) == len(board.open_cells())
        layout = Layout(board, CELL)
        assert (int(root.get("width")), int(root.get("height"))) == (layout.width, layout.height)
        assert len(root.findall(SVG + "circle")) == 2 * len(board.labels)


def test_hexagons_are_flat_topped_columns_with_odd_columns_raised() -> None:
    board, _ = solved("hex")
    root = parse(board_svg(board))
    tiles = of_class(root, "polygon", "cell")
    assert all(len(points(t)) == 6 for t in tiles)
    top = points(tiles[0])  # cell 1: row 0, odd column, the first open cell
    ys = sorted(y for _, y in top)
    assert ys[0] == ys[1]  # a flat top
    layout = Layout(board, CELL)
    assert layout.centre(1)[1] == layout.centre(0)[1] - CELL / 2
    for a, b in board.edges:  # neighbours one cell apart, sharing a side
        assert math.isclose(math.dist(layout.centre(a), layout.centre(b)), CELL)


def test_holes_are_left_out_and_walls_lie_on_the_shared_side() -> None:
    for name in ("hex", "walls"):
        board, solution = solved(name)
        layout = Layout(board, CELL)
        root = parse(board_svg(board, solution))
        walls = of_class(root, "line", "wall")
        assert len(walls) == len(board.geometry.walls)
        for line, (a, b) in zip(walls, sorted(board.geometry.walls), strict=True):
            ends = [(float(line.get("x1")), float(line.get("y1"))),
                    (float(line.get("x2")), float(line.get("y2")))]
            for end in ends:  # a corner of both cells
                assert min(math.dist(end, p) for p in layout.outline(a)) < 0.01
                assert min(math.dist(end, p) for p in layout.outline(b)) < 0.01
            assert math.dist(*ends) > CELL / 2
        hole_centres = {layout.centre(c) for c in range(board.size) if board.is_solid(c)}
        assert hole_centres
        for tile in of_class(root, "polygon", "cell") + of_class(root, "rect", "cell"):
            if tile.tag == SVG + "rect":
                x, y = float(tile.get("x")), float(tile.get("y"))
                centre = (x + CELL / 2, y + CELL / 2)
            else:
                pts = points(tile)
                centre = (sum(p[0] for p in pts) / 6, sum(p[1] for p in pts) / 6)
            assert all(math.dist(centre, h) > CELL / 2 for h in hole_centres)


def test_bridge_carries_the_horizontal_path_over_a_gap_in_the_vertical_one() -> None:
    board, solution = solved("bridge")
    root = parse(board_svg(board, solution))
    children = list(root)
    a_colour, b_colour = colour_of(board, "A"), colour_of(board, "B")
    deck = of_class(root, "rect", "bridge")
    over = of_class(root, "line", "over")
    assert len(deck) == 1 and len(over) == 1
    assert over[0].get("stroke") == b_colour  # B crosses horizontally, over the deck
    vertical = next(e for e in children if e.tag == SVG + "polyline" and e.get("stroke") == a_colour)
    assert children.index(vertical) < children.index(deck[0]) < children.index(over[0])
    cx, cy = Layout(board, CELL).centre(12)
    assert (cx, cy - CELL) in points(vertical) and (cx, cy + CELL) in points(vertical)
    height = float(deck[0].get("height"))
    assert height > float(over[0].get("stroke-width")) + 2  # a visible gap on each side
    assert float(deck[0].get("width")) < CELL  # the vertical path shows either side of it
    assert len(of_class(root, "line", "railing")) == 2
    puzzle = parse(board_svg(board))
    assert len(of_class(puzzle, "rect", "bridge")) == 1 and not of_class(puzzle, "line", "over")


def test_warp_steps_are_stubs_at_both_borders_never_across_the_board() -> None:
    board, solution = solved("warp")
    layout = Layout(board, CELL)
    root = parse(board_svg(board, solution))
    a_colour = colour_of(board, "A")
    lines = [e for e in root.iter(SVG + "polyline") if e.get("stroke") == a_colour]
    assert len(lines) == 3  # A wraps twice: three pieces
    for label in board.labels:
        assert max(segments(root, colour_of(board, label))) <= CELL + 1e-6
    stubs = [p for line in lines for p in (points(line)[0], points(line)[-1])]
    outside = [p for p in stubs if not (layout.pad <= p[0] <= layout.width - layout.pad
                                        and layout.pad <= p[1] <= layout.height - layout.pad)]
    assert len(outside) == 4  # each wrap step leaves at one border and enters at the other
    assert all(0 < x < layout.width and 0 < y < layout.height for x, y in outside)
    wrap_edges = layout.wrap_edges()
    # 5x4 board: 4 row seams and 5 column seams, 4 of them walled
    assert len(wrap_edges) == 4 + 5 - 4
    assert len(of_class(root, "polygon", "tunnel")) == 2 * len(wrap_edges)
    walls = of_class(root, "line", "wall")
    assert len(walls) == 2 * len(board.geometry.walls)  # every wall here is a walled seam



def rgb(code: str) -> tuple[int, int, int]:
    return int(code[1:3], 16), int(code[3:5], 16), int(code[5:7], 16)


def near(pixel: tuple[int, ...], colour: tuple[int, int, int], slack: int = 12) -> bool:
    return all(abs(p - c) <= slack for p, c in zip(pixel, colour, strict=False))


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_png_of_every_variant_has_the_svg_size(name: str, tmp_path) -> None:
    from PIL import Image

    from satlink.render.png import board_png

    board, solution = solved(name)
    for sol in (None, solution):
        out = tmp_path / f"{name}.png"
        board_png(board, sol, str(out), cell=30)
        with Image.open(out) as image:
            layout = Layout(board, 30)
            assert image.size == (layout.width, layout.height)
            root = parse(board_svg(board, sol, cell=30))
            assert image.size == (int(root.get("width")), int(root.get("height")))


def test_png_draws_holes_bridges_and_wrap_stubs() -> None:
    from satlink.render import svg
    from satlink.render.png import variant_image

    cell = 48
    board, solution = solved("walls")
    image = variant_image(board, solution, cell)
    layout = Layout(board, cell)
    x, y = layout.centre(10)  # a hole
    assert near(image.getpixel((round(x), round(y))), rgb(svg.CANVAS))
    x, y = layout.centre(3)
    lit = variant_image(board, None, cell, highlight={3}).getpixel((round(x), round(y)))
    yellow, tile = rgb("#ffe14d"), rgb(svg.CELL)  # as the SVG's 45% yellow over the tile
    assert near(lit, tuple(round(0.45 * a + 0.55 * b) for a, b in zip(yellow, tile, strict=True)), 3)
    assert lit[3] == 255

    board, solution = solved("bridge")
    image = variant_image(board, solution, cell)
    layout = Layout(board, cell)
    x, y = layout.centre(12)
    (x0, y0), _, (x1, y1), _ = layout.deck(12)
    gap = (y0 + (y - layout.path_width / 2)) / 2
    assert near(image.getpixel((round(x), round(y))), rgb(colour_of(board, "B")))
    assert near(image.getpixel((round(x), round(gap))), rgb(svg.CELL))
    assert near(image.getpixel((round(x), round(y - cell * 0.45))), rgb(colour_of(board, "A")))

    board, solution = solved("warp")
    image = variant_image(board, solution, cell)
    layout = Layout(board, cell)
    a = rgb(colour_of(board, "A"))
    for here, there in ((5, 9), (9, 5), (4, 19), (19, 4)):  # A's two wrap steps, both ends
        sx, sy = layout.stub(here, there)
        assert near(image.getpixel((round(sx), round(sy))), a)
        assert not (layout.pad < sx < layout.width - layout.pad
                    and layout.pad < sy < layout.height - layout.pad)


def widths(board: Board, solution: Solution | None) -> tuple[set[int], set[int]]:
    """Display widths of the lines of the plain and the rich drawing."""
    from rich.console import Console

    from satlink.render.terminal import draw_plain, draw_rich

    console = Console(width=400)
    plain = {console.measure(line).maximum for line in draw_plain(board, solution).splitlines()}
    rich = {line.cell_len for line in draw_rich(board, solution).split("\n")}
    return plain, rich


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_terminal_drawing_of_every_variant_is_aligned(name: str) -> None:
    from satlink.render.terminal import draw_plain, draw_rich

    board, solution = solved(name)
    for sol in (None, solution):
        plain, rich = widths(board, sol)
        assert len(plain) == 1 and plain == rich
        assert draw_rich(board, sol).plain == draw_plain(board, sol)
    lines = draw_plain(board, solution).splitlines()
    frame = 2 if board.geometry.wrap else 0
    if board.geometry.kind == "hex":
        assert len(lines) == 2 * board.height
        assert len(lines[0]) == 4 * (board.width - 1) + 1
    else:
        assert len(lines) == 2 * board.height - 1 + frame
        assert len(lines[0]) == 2 * board.width - 1 + frame


def test_terminal_bridge_is_a_crossing_in_the_colour_of_the_path_over_it() -> None:
    from satlink.render.terminal import draw_plain, draw_rich

    board, solution = solved("bridge")
    lines = draw_plain(board, solution).splitlines()
    assert lines[4] == "B───┼───B"  # B crosses along row 2
    assert [line[4] for line in lines] == list("A│││┼│││A")  # A runs down column 2, under
    text = draw_rich(board, solution)
    at = text.plain.index("┼")
    styles = {str(span.style) for span in text.spans if span.start <= at < span.end}
    assert styles == {colour_of(board, "B")}
    assert "┼" in draw_plain(board)  # the puzzle shows where the bridge is


def test_terminal_walls_are_heavy_bars_between_cells() -> None:
    from satlink.render.terminal import draw_plain

    board, solution = solved("walls")
    lines = draw_plain(board, solution).splitlines()
    assert [line[3] for line in lines[:3]] == ["┃", "┃", "┃"]  # walls 1|2 and 6|7, joined
    assert lines[5][1:8] == "╺━━━━━╸"  # walls below cells 11, 12, 13, joined
    assert lines[4][0] == "█" and lines[8][8] == "█"  # the holes


def test_terminal_warp_steps_are_stubs_at_both_borders() -> None:
    from satlink.render.terminal import draw_plain

    board, solution = solved("warp")
    lines = draw_plain(board, solution).splitlines()
    assert lines[3][0] == "─" and lines[3][-1] == "─"  # A leaves row 1 at the left
    assert lines[0][9] == "│" and lines[-1][9] == "│"  # and column 4 at the top
    assert lines[1][0] == "┃" and lines[1][-1] == "┃"  # walled seam 0|4 on both borders
    assert lines[7][0] == "╌" and lines[-1][1] == "╎"  # open wrap edges, unused
    assert "─" * 6 not in lines[3]  # never drawn across the board


def test_terminal_hexagons_raise_odd_columns_half_a_row() -> None:
    from satlink.render.terminal import draw_plain

    board, solution = solved("hex")
    lines = draw_plain(board, solution).splitlines()
    puzzle = draw_plain(board).splitlines()
    assert puzzle[0][20] == "A" and puzzle[1][16] == "B"  # (0, 5) odd, (0, 4) even
    assert puzzle[1][0] == "█" and puzzle[-2][20] == "█"  # the holes
    assert puzzle[4][8] == "━"  # wall between (1, 2) and (2, 2)
    assert puzzle[4][15] == "╱"  # wall between (2, 3) and (2, 4)
    assert lines[0][4:7] == "┌─╮" and lines[1][6:11] == "╰───╯"  # B's staircase 1 -> 2 -> 3


def test_terminal_variants_stay_aligned_with_double_width_labels() -> None:
    from satlink.board import label_for

    wide = [label_for(70 + i) for i in range(3)]
    rows = [f"{wide[0]}.{wide[1]}", "...", f"{wide[0]}.{wide[1]}", f"..{wide[2]}", f"{wide[2]}.."]
    for geometry in (Geometry.of("hex", walls=[(0, 3)]), Geometry.of(wrap=True, walls=[(1, 4)]),
                     Geometry.of(bridges=[4], walls=[(1, 2)])):
        board = Board.from_rows(rows, geometry)
        from satlink import solve

        verdict = solve(board, "nikoli")
        assert verdict.solutions, geometry
        for sol in (None, verdict.solutions[0]):
            plain, rich = widths(board, sol)
            assert len(plain) == 1 and plain == rich


def test_big_pictures_are_supersampled_less() -> None:
    from satlink.render.png import SUPERSAMPLE_PIXELS, supersample

    assert supersample(300, 300) == 4
    assert supersample(2000, 2000) == 2
    assert supersample(10_000, 10_000) == 1
    for side in (100, 1500, 2500, 4000):
        assert side * side * supersample(side, side) ** 2 <= max(SUPERSAMPLE_PIXELS, side * side)
