"""Explanations as pictures: ``explain --png`` and cells picked out in place on variant boards
in the terminal."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from PIL import Image

from satlink.board import Board
from satlink.cli import main
from satlink.geometry import HEX, Geometry
from satlink.render.highlight import HIGHLIGHT, highlighted_text
from satlink.render.png import variant_image
from satlink.render.terminal import draw_plain
from satlink.render.terminal.canvas import cell_spans

VARIANTS = {
    "hex": (["A.B", "...", "B.A"], Geometry.of(HEX)),
    "wrap+wall": (["A.B", "...", "B.A"], Geometry.of(wrap=True, walls=[(0, 1)])),
    "bridge": ([".A.", "B.B", ".A."], Geometry.of(bridges=[4])),
    "hex bridge": ([".A.", "B.B", ".A."], Geometry.of(HEX, bridges=[4])),
    "holes": (["A.#", "...", "#.A"], Geometry.of(walls=[(3, 4)])),
}


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_variant_cells_are_picked_out_in_place(name) -> None:
    rows, geometry = VARIANTS[name]
    board = Board.from_rows(rows, geometry)
    picked = [1, 4]
    text = highlighted_text(board, None, picked, color=True)
    assert text.plain == draw_plain(board)  # the drawing itself, nothing beside it
    lines = text.plain.split("\n")
    starts = [sum(len(line) + 1 for line in lines[:y]) for y in range(len(lines))]
    spans = cell_spans(board)
    want = {starts[y] + x + k for c in picked for x, y, w in [spans[c]] for k in range(w)}
    lit = {i for span in text.spans if HIGHLIGHT in str(span.style)
           for i in range(span.start, span.end)}
    assert lit == want
    for c in range(board.size):  # each cell's span shows that cell's glyph
        x, y, _ = spans[c]
        ch = lines[y][x]
        assert ch == (board.label_at(c) or ("█" if board.is_solid(c) else "┼"
                                            if c in board.crossings else "·"))


@pytest.mark.parametrize("grid,geometry", [
    ('{"grid": ["A..B", "....", "B..A"]}', "plain"),
    ('{"grid": ["A..B", "....", "B..A"], "geometry": {"kind": "hex"}}', "hex"),
])
def test_explain_png_draws_the_board_with_its_reason_under_it(tmp_path, grid, geometry):
    out = tmp_path / "why.png"
    result = CliRunner().invoke(main, ["explain", "-", "--png", str(out), "--no-steps"],
                                input=grid + "\n", catch_exceptions=False)
    assert result.exit_code == 0
    image = Image.open(out)
    assert image.format == "PNG"
    obj = json.loads(grid)
    board = Board.from_json(obj["grid"], obj.get("geometry"))
    drawn = variant_image(board, None, 32)
    assert image.width == drawn.width and image.height > drawn.height + 20  # the caption strip
