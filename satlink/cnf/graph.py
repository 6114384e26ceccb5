"""The board graph as numpy arrays, so clause families are built as whole arrays, not clause
by clause.  On a 1002x1002 board the encoding has tens of millions of clauses; built in
Python loops that alone took minutes, built as arrays it takes seconds.

Rows are graph *nodes* (cells, then the bridges' vertical crossings).  ``incident[n, j]`` is
the variable of node ``n``'s ``j``-th edge and ``neighbour[n, j]`` the node at its other end,
in ascending neighbour order (on the square grid: north, west, east, south), padded with 0 and
-1.  Nothing here knows about directions: a hexagonal or wrapped board is just wider rows or
other neighbours.
"""

from __future__ import annotations

from functools import cached_property

import numpy as np

from satlink.board import EMPTY, SOLID, Board


class GraphArrays:
    """Node kinds, edges and incidences of one board as arrays."""

    def __init__(self, board: Board):
        self.board = board
        n = self.n_nodes = board.n_nodes
        codes = np.frombuffer("".join(board.rows).encode("utf-32-le"), dtype=np.uint32)
        codes = np.concatenate([codes, np.full(n - board.size, ord(EMPTY), dtype=np.uint32)])
        self.solid = codes == ord(SOLID)
        self.plain = codes == ord(EMPTY)
        self.endpoint = ~(self.solid | self.plain)
        edges = board.edge_array()
        self.edges = edges
        var = np.arange(1, len(edges) + 1, dtype=np.int64)
        ends = np.concatenate([edges[:, 0], edges[:, 1]])
        others = np.concatenate([edges[:, 1], edges[:, 0]])
        order = np.lexsort((others, ends))
        ends, others, var2 = ends[order], others[order], np.concatenate([var, var])[order]
        degree = np.bincount(ends, minlength=n)
        width = max(int(degree.max()) if n else 0, 1)
        slot = np.arange(len(ends)) - (np.cumsum(degree) - degree)[ends]
        self.incident = np.zeros((n, width), dtype=np.int64)
        self.incident[ends, slot] = var2
        self.neighbour = np.full((n, width), -1, dtype=np.int64)
        self.neighbour[ends, slot] = others

    @cached_property
    def open_cells(self) -> np.ndarray:
        """Open nodes: non-solid cells and the bridges' vertical crossings."""
        return np.flatnonzero(~self.solid)


def compact_rows(rows: np.ndarray) -> dict[int, np.ndarray]:
    """Group the rows of a zero-padded matrix by their number of nonzero entries and move
    those entries to the front: ``{d: (m, d) array}``."""
    nonzero = rows != 0
    order = np.argsort(~nonzero, axis=1, kind="stable")
    packed = np.take_along_axis(rows, order, axis=1)
    counts = nonzero.sum(axis=1)
    return {int(d): packed[counts == d][:, :d] for d in np.unique(counts)}
