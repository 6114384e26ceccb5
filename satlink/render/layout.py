"""Where the parts of a board go in a picture, shared by the SVG and PNG renderers.

Square cells are ``cell`` pixels wide.  Hexagons are flat-topped and stand in columns, odd
columns half a cell higher than even ones (as :mod:`satlink.geometry` numbers them); the
centres of neighbouring hexagons are ``cell`` pixels apart, as on a square board, so a
hexagon's side is ``cell / sqrt(3)`` and a path is as thick on both.

A step along a wrap edge (warps) is never drawn across the board: the path runs out through
its border side as a short stub into the margin, and comes back as another stub at the
opposite border.  Every wrap edge the board has is marked on both sides by a *tunnel*, a
short open-ended tab outside the border, so the puzzle shows where paths may leave.

Plain boards keep the layout they always had (no margin); every variant gets a margin, wide
enough for the tunnels on a warp board and for the wall strokes on the border otherwise.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from satlink.board import Board
from satlink.geometry import HEX
from satlink.graph import Cell

Point = tuple[float, float]

PATH_WIDTH = 0.4
"""A path's stroke, as a fraction of the cell."""
PATH_WIDTH_HEX = 0.36
DISC_HEX = 0.32
"""A path's stroke and an endpoint's disc on hexagons: a hexagon has 87% of a square's area at
the same distance between centres, so the square's stroke and disc crowd it (the studio's
hexagonal boards looked squeezed); satlink/render/board.js draws with the same figures."""
TUNNEL_DEPTH = 0.34
TUNNEL_WIDTH = 0.6
WRAP_MARGIN = 0.45
BRIDGE_INSET = 0.1
BRIDGE_GAP = 0.09

_AXIS_DIRECTIONS = {
    False: ((1.0, 0.0), (0.0, 1.0)),
    True: ((0.0, 1.0), (math.cos(math.pi / 6), 0.5), (math.cos(math.pi / 6), -0.5)),
}
"""Unit vectors along a cell's axes, numbered as :attr:`satlink.geometry.Geometry.axes`
numbers them (y down): square horizontal, vertical; hexagon vertical, falling, rising (the
centres of neighbouring hexagons are 30 degrees off the horizontal)."""

def _unit(dx: float, dy: float) -> Point:
    length = math.hypot(dx, dy) or 1.0
    return dx / length, dy / length


class Layout:
    """Pixel positions for one board drawn at ``cell`` pixels per cell."""

    def __init__(self, board: Board, cell: int):
        self.board = board
        self.cell = cell
        geometry = board.geometry
        self.hexagonal = geometry.kind == HEX
        self.wrap = geometry.wrap
        if geometry.is_plain:
            self.pad = 0.0
        elif self.wrap:
            self.pad = float(round(cell * WRAP_MARGIN))
        else:
            self.pad = float(max(2, round(cell * 0.1)))
        self.path_width = cell * (PATH_WIDTH_HEX if self.hexagonal else PATH_WIDTH)
        self.radius = cell / math.sqrt(3)
        w, h = board.width, board.height
        if self.hexagonal:
            inner_w = 2 * self.radius + 1.5 * self.radius * (w - 1)
            inner_h = cell * h + (cell / 2 if w > 1 else 0)
        else:
            inner_w, inner_h = cell * w, cell * h
        self.width = math.ceil(inner_w + 2 * self.pad)
        self.height = math.ceil(inner_h + 2 * self.pad)

    # -- cells ---------------------------------------------------------------------------
    def centre(self, cell: Cell) -> Point:
        """The centre of a cell (or of the cell a bridge node lies in)."""
        r, c = self.board.coord(cell)
        if self.hexagonal:
            lowered = self.cell / 2 if c % 2 == 0 and self.board.width > 1 else 0
            return (self.pad + self.radius + 1.5 * self.radius * c,
                    self.pad + self.cell / 2 + r * self.cell + lowered)
        return self.pad + c * self.cell + self.cell / 2, self.pad + r * self.cell + self.cell / 2

    def outline(self, cell: Cell) -> list[Point]:
        """The corners of a cell, clockwise from the right (hexagons) or the top left."""
        x, y = self.centre(cell)
        if self.hexagonal:
            return [(x + self.radius * math.cos(math.radians(a)),
                     y + self.radius * math.sin(math.radians(a))) for a in range(0, 360, 60)]
        half = self.cell / 2
        return [(x - half, y - half), (x + half, y - half), (x + half, y + half), (x - half, y + half)]

    # -- neighbours ----------------------------------------------------------------------
    def is_wrap(self, a: Cell, b: Cell) -> bool:
        """Whether neighbours ``a`` and ``b`` are joined across the border (a wrap edge)."""
        if not self.wrap:
            return False
        (ra, ca), (rb, cb) = self.board.coord(a), self.board.coord(b)
        return abs(ra - rb) + abs(ca - cb) != 1

    def direction(self, a: Cell, b: Cell) -> Point:
        """Unit vector from ``a`` towards its neighbour ``b``; across the border for a wrap
        edge (leaving the last column goes right, not back across the board)."""
        (xa, ya), (xb, yb) = self.centre(a), self.centre(b)
        dx, dy = _unit(xb - xa, yb - ya)
        if self.is_wrap(a, b):
            dx, dy = -dx, -dy
        return dx, dy

    def side(self, a: Cell, b: Cell) -> tuple[Point, Point]:
        """The side of ``a`` that faces its neighbour ``b`` (on the border for a wrap edge)."""
        corners = self.outline(a)
        x, y = self.centre(a)
        dx, dy = self.direction(a, b)
        best = max(range(len(corners)), key=lambda i: (
            (corners[i][0] + corners[i - 1][0]) / 2 - x) * dx
            + ((corners[i][1] + corners[i - 1][1]) / 2 - y) * dy)
        return corners[best - 1], corners[best]

    def wrap_edges(self) -> list[tuple[Cell, Cell]]:
        """The board's wrap edges as pairs of cells (walled ones are not edges)."""
        out = []
        for a, b in self.board.edges:
            ca, cb = self.board.node_cell(a), self.board.node_cell(b)
            if self.is_wrap(ca, cb):
                out.append((ca, cb))
        return out

    def tunnel(self, a: Cell, b: Cell, mouth: float = 0.0) -> list[Point]:
        """The tab outside ``a``'s border side through which the wrap edge to ``b`` leaves:
        four corners, the first and last ``mouth`` pixels inside the border (a filled tab
        reaching a little into the cell hides the cell's outline there)."""
        (x1, y1), (x2, y2) = self.side(a, b)
        mx, my = (x1 + x2) / 2, (y1 + y2) / 2
        tx, ty = _unit(x2 - x1, y2 - y1)
        dx, dy = self.direction(a, b)
        half, depth = self.cell * TUNNEL_WIDTH / 2, self.cell * TUNNEL_DEPTH
        return [(mx - tx * half - dx * mouth, my - ty * half - dy * mouth),
                (mx - tx * half + dx * depth, my - ty * half + dy * depth),
                (mx + tx * half + dx * depth, my + ty * half + dy * depth),
                (mx + tx * half - dx * mouth, my + ty * half - dy * mouth)]

    # -- paths ---------------------------------------------------------------------------
    def stub(self, a: Cell, b: Cell) -> Point:
        """Where a path leaving ``a`` along the wrap edge to ``b`` stops: inside the tunnel,
        so that its round end reaches the tunnel's mouth."""
        x, y = self.centre(a)
        dx, dy = self.direction(a, b)
        reach = self.cell / 2 + self.cell * TUNNEL_DEPTH - self.path_width / 2
        return x + dx * reach, y + dy * reach

    def runs(self, path: Sequence[Cell]) -> list[list[Point]]:
        """A path as polylines through its cells' centres, split at each wrap step into a
        stub leaving one border and a stub entering at the other."""
        cells = [self.board.node_cell(node) for node in path]
        runs: list[list[Point]] = [[self.centre(cells[0])]] if cells else []
        for a, b in zip(cells, cells[1:], strict=False):
            if self.is_wrap(a, b):
                runs[-1].append(self.stub(a, b))
                runs.append([self.stub(b, a)])
            runs[-1].append(self.centre(b))
        return runs

    # -- bridges -------------------------------------------------------------------------
    def deck_axes(self) -> tuple[int, ...]:
        """The axes that get a deck, bottom first: all but the last axis, whose crossing
        runs beneath them as a plain path (on square cells the horizontal crossing rides over
        the vertical one; on hexagons the falling one over the rising one, the vertical one
        over both), so every crossing shows, straight through its cell."""
        return tuple(range(len(self.board.geometry.axes) - 2, -1, -1))

    def axis_direction(self, axis: int) -> Point:
        """Unit vector along ``axis`` of a cell (:data:`_AXIS_DIRECTIONS`)."""
        return _AXIS_DIRECTIONS[self.hexagonal][axis]

    def deck(self, cell: Cell, axis: int = 0) -> list[Point]:
        """The corners of a bridge's deck along ``axis``: the crossing on that axis runs
        along it, and it hides the crossings beneath (the gap either side of the path).  Its
        first two corners and its last two are its long edges, where the railings go."""
        x, y = self.centre(cell)
        ux, uy = self.axis_direction(axis)
        half_l = self.cell / 2 - self.cell * BRIDGE_INSET
        half_w = self.path_width / 2 + self.cell * BRIDGE_GAP
        nx, ny = -uy, ux
        return [(x - ux * half_l + nx * sign * half_w, y - uy * half_l + ny * sign * half_w)
                if end < 0 else
                (x + ux * half_l + nx * sign * half_w, y + uy * half_l + ny * sign * half_w)
                for sign, end in ((-1, -1), (-1, 1), (1, 1), (1, -1))]

    def crossing(self, cell: Cell, axis: int = 0) -> tuple[Point, Point]:
        """The crossing of a bridge along ``axis``, from side to side of its cell."""
        x, y = self.centre(cell)
        ux, uy = self.axis_direction(axis)
        half = self.cell / 2
        return (x - ux * half, y - uy * half), (x + ux * half, y + uy * half)
