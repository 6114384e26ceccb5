"""Boards as the studio's page sends them, and the drawing geometry it draws them with.

The page holds a board as a record does (``grid`` rows and, for a variant, the JSON
``geometry`` of :func:`satlink.geometry.geometry_to_json`), so every request reads it through
:meth:`satlink.Board.from_json`, the same validation as every file format: a bad board is a
located :class:`BoardProblem` (row and column of the cell), never an exception the server
does not expect.

The page lays out and draws boards with satlink/render/board.js, the drawing module the
validation report uses too; :func:`layout_json` is the same layout from
:class:`satlink.render.layout.Layout` (the SVG and PNG renderers'), which
tests/render/test_board_module.py holds board.js to, point by point.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from satlink.board import Board, BoardError
from satlink.geometry import Geometry, GeometryError
from satlink.render.colours import hex_colour, text_colour
from satlink.render.layout import BRIDGE_GAP, BRIDGE_INSET, Layout
from satlink.rules import DEFAULT_RULES, Rules, RulesError, parse_rules

LAYOUT_CELL = 40
"""Pixels per cell of the layouts sent to the page (the SVG scales to fit)."""
PALETTE = 64
"""Colours sent with a layout; labels past them reuse the palette."""


class BoardProblem(ValueError):
    """A request's board (or rules) that cannot be used, located when it can be: ``row`` and
    ``col`` from 0, as the page draws cells."""

    def __init__(self, message: str, row: int | None = None, col: int | None = None):
        super().__init__(message)
        self.message, self.row, self.col = message, row, col

    def as_dict(self) -> dict:
        return {"message": self.message, "row": self.row, "col": self.col}


@dataclass(frozen=True)
class Limits:
    """What one request may cost: board cells and seconds (``check``'s ``--max-cells`` and
    ``--timeout``: the whole request's, from its arrival to its answer), and bytes of its
    answer."""

    max_cells: int = 10_000
    timeout: float = 10.0
    max_answer: int = 64 * 2**20


def read_board(data: object, limits: Limits) -> Board:
    """The board of a request body's ``board`` object ``{"grid": [...], "geometry": ...}``."""
    if not isinstance(data, dict):
        raise BoardProblem("a board is an object with 'grid' (and 'geometry' for a variant)")
    grid = data.get("grid")
    if not isinstance(grid, list) or not grid or not all(isinstance(r, str) for r in grid):
        raise BoardProblem("'grid' must be a non-empty list of row strings")
    cells = len(grid) * max(len(r) for r in grid)
    if cells > limits.max_cells:
        raise BoardProblem(f"the board has {cells:,} cells, more than this studio's limit of "
                           f"{limits.max_cells:,} (--max-cells)")
    try:
        return Board.from_json(grid, data.get("geometry"))
    except BoardError as exc:
        raise BoardProblem(exc.message, exc.row, exc.col) from None
    except GeometryError as exc:
        width = len(grid[0])
        row, col = divmod(exc.cell, width) if exc.cell is not None else (None, None)
        raise BoardProblem(exc.message, row, col) from None


def read_rules(text: object) -> Rules:
    """A rule profile named in a request (the default profile when absent)."""
    if text is None:
        return DEFAULT_RULES
    if not isinstance(text, str):
        raise BoardProblem("'rules' must be a profile name such as 'flow' or 'fill,notouch'")
    try:
        return parse_rules(text)
    except RulesError as exc:
        raise BoardProblem(str(exc)) from None


def board_json(board: Board) -> dict:
    """The board as the page holds it (and as :func:`read_board` reads it back)."""
    from satlink.geometry import geometry_to_json

    out: dict = {"grid": list(board.rows)}
    if not board.geometry.is_plain:
        out["geometry"] = geometry_to_json(board.geometry, board.width)
    return out


def _pt(point: tuple[float, float]) -> list[float]:
    return [round(point[0], 2), round(point[1], 2)]


def layout_json(width: int, height: int, kind: str, wrap: bool) -> dict:
    """Pixel positions for an empty ``width`` x ``height`` board of this cell kind: cells
    (centre, outline), the side between each pair of neighbours (walls are drawn there and
    clicked there), how a path is drawn along each neighbour pair (one segment, or two stubs
    across a warp), the tunnels of a warp board, and the palette.  Walls, holes and bridges
    do not move anything, so one layout serves every edit of a board of this size."""
    board = Board(tuple("." * width for _ in range(height)), Geometry(kind, wrap))
    lay = Layout(board, LAYOUT_CELL)
    geometry = board.geometry
    cells = [{"c": _pt(lay.centre(x)), "poly": [_pt(p) for p in lay.outline(x)]}
             for x in range(board.size)]
    pairs = []
    for a in range(board.size):
        for b in geometry.adjacent(width, height, a):
            if b <= a:
                continue
            runs = lay.runs((a, b))
            wrapped = lay.is_wrap(a, b)
            sides = [[_pt(p) for p in lay.side(a, b)]]
            if wrapped:
                sides.append([_pt(p) for p in lay.side(b, a)])
            pairs.append({"a": a, "b": b, "axis": geometry.axis_of(width, height, a, b),
                          "wrap": wrapped, "runs": [[_pt(p) for p in run] for run in runs],
                          "sides": sides,
                          "tunnels": ([[_pt(p) for p in lay.tunnel(a, b)],
                                       [_pt(p) for p in lay.tunnel(b, a)]] if wrapped else [])})
    deck = lay.deck(0)  # its half length and half width: the same on every axis
    return {"width": width, "height": height, "kind": kind, "wrap": wrap,
            "px": [lay.width, lay.height], "cell": LAYOUT_CELL, "pad": lay.pad,
            "path_width": round(lay.path_width, 2), "cells": cells, "pairs": pairs,
            "deck": [round(math.dist(deck[0], deck[1]) / 2, 2),
                     round(math.dist(deck[1], deck[2]) / 2, 2)],
            "bridge": {"inset": BRIDGE_INSET, "gap": BRIDGE_GAP},
            "palette": [hex_colour(i) for i in range(PALETTE)],
            "ink": ["#{:02x}{:02x}{:02x}".format(*text_colour(i)) for i in range(PALETTE)]}
