"""The board as numpy arrays, so clause families are built as whole arrays, not clause by
clause.  On a 1002x1002 board the encoding has tens of millions of clauses; built in Python
loops that alone took minutes, built as arrays it takes seconds.

``edge_dir[cell, d]`` is the variable of the edge from ``cell`` toward direction ``d``
(0 north, 1 west, 2 east, 3 south — the order in which a cell's edges are created), 0 where
there is none (board edge or solid cell).
"""

from __future__ import annotations

from functools import cached_property

import numpy as np

from satlink.board import EMPTY, SOLID, Board

NORTH, WEST, EAST, SOUTH = range(4)
STEP = {NORTH: (-1, 0), WEST: (0, -1), EAST: (0, 1), SOUTH: (1, 0)}


class GridArrays:
    """Cell kinds, coordinates and edge variables of one board as arrays."""

    def __init__(self, board: Board):
        self.board = board
        self.width, self.height = board.width, board.height
        n = self.n_nodes = board.width * board.height
        codes = np.frombuffer("".join(board.rows).encode("utf-32-le"), dtype=np.uint32)
        self.solid = codes == ord(SOLID)
        self.plain = codes == ord(EMPTY)
        self.endpoint = ~(self.solid | self.plain)
        edges = np.asarray(board.edges, dtype=np.int64).reshape(-1, 2)
        self.edges = edges
        var = np.arange(1, len(edges) + 1, dtype=np.int64)
        w = board.width
        horizontal = edges[:, 0] // w == edges[:, 1] // w
        edge_dir = np.zeros((n, 4), dtype=np.int64)
        a, b = edges[:, 0], edges[:, 1]
        edge_dir[a[horizontal], EAST] = var[horizontal]
        edge_dir[b[horizontal], WEST] = var[horizontal]
        edge_dir[a[~horizontal], SOUTH] = var[~horizontal]
        edge_dir[b[~horizontal], NORTH] = var[~horizontal]
        self.edge_dir = edge_dir

    @cached_property
    def open_cells(self) -> np.ndarray:
        return np.flatnonzero(~self.solid)

    def neighbour(self, cells: np.ndarray, d: int) -> np.ndarray:
        """The cell one step from each of ``cells`` toward ``d`` (-1 off the board)."""
        dr, dc = STEP[d]
        r, c = np.divmod(cells, self.width)
        r2, c2 = r + dr, c + dc
        inside = (r2 >= 0) & (r2 < self.height) & (c2 >= 0) & (c2 < self.width)
        return np.where(inside, r2 * self.width + c2, -1)


def compact_rows(rows: np.ndarray) -> dict[int, np.ndarray]:
    """Group the rows of a zero-padded matrix by their number of nonzero entries and move
    those entries to the front: ``{d: (m, d) array}``."""
    nonzero = rows != 0
    order = np.argsort(~nonzero, axis=1, kind="stable")
    packed = np.take_along_axis(rows, order, axis=1)
    counts = nonzero.sum(axis=1)
    return {int(d): packed[counts == d][:, :d] for d in np.unique(counts)}
