"""The board graph: nodes, edges, neighbours and incidences, built once per board.

Every stage reads the board through this one value: the CNF encodings (as numpy arrays,
:attr:`BoardGraph.arrays`), the deduction engine (:attr:`BoardGraph.incidence`), model
decoding and cycle cuts.  Only the referee (:mod:`satlink.referee`) keeps away from it on
purpose: it checks claimed paths against the board's cells and geometry with code of its own,
so that a mistake here cannot hide behind itself.

The *nodes* are the cells ``0 .. W*H-1`` plus, for each bridge, a second node ``W*H + i`` for
its vertical crossing.  The *edges* are ordered pairs ``(a, b)`` with ``a < b``; edge ``e``
is SAT variable ``e + 1`` in every encoding (:func:`edge_variable`), which is what makes a
model's edge set, a DIMACS export's ``c edge`` lines and the forced moves' units agree.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cached_property
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import numpy as np

    from satlink.geometry import Geometry

EMPTY = "."
SOLID = "#"

Cell = int
"""A cell is its row-major index ``row * width + col``; as a graph node, a bridge's vertical
crossing is ``width * height + i``."""

Edge = tuple[int, int]
"""An undirected edge, always stored with the smaller node first."""

FIRST_EDGE_VARIABLE = 1
"""SAT variable of edge 0; edge ``e`` is variable ``e + FIRST_EDGE_VARIABLE`` everywhere."""


def edge(a: Cell, b: Cell) -> Edge:
    """The canonical (sorted) form of the undirected edge between ``a`` and ``b``."""
    return (a, b) if a < b else (b, a)


def edge_variable(e: int) -> int:
    """The SAT variable of edge ``e`` (its index in :attr:`BoardGraph.edges`)."""
    return e + FIRST_EDGE_VARIABLE


def edge_literal(e: int, on: bool) -> int:
    """The literal saying edge ``e`` is used (``on``) or not."""
    return e + FIRST_EDGE_VARIABLE if on else -(e + FIRST_EDGE_VARIABLE)


def edge_of_variable(var: int) -> int:
    """The edge index of an edge variable (the inverse of :func:`edge_variable`)."""
    return var - FIRST_EDGE_VARIABLE


class BoardGraph:
    """One board's adjacency graph.  ``kinds`` holds each node's character (``.`` empty, ``#``
    solid, a label) as one string, the bridges' vertical crossings as ``.``; ``edges`` come
    from the board (:class:`satlink.board.Board` builds them from its geometry)."""

    def __init__(self, width: int, height: int, geometry: Geometry, kinds: str,
                 edges: Sequence[Edge]):
        self.width, self.height, self.geometry = width, height, geometry
        self.n_nodes = len(kinds)
        self.kinds = kinds
        self.edges: tuple[Edge, ...] = tuple(edges)
        neighbours: list[list[Cell]] = [[] for _ in range(self.n_nodes)]
        for a, b in self.edges:
            neighbours[a].append(b)
            neighbours[b].append(a)
        self.neighbours: tuple[tuple[Cell, ...], ...] = tuple(tuple(sorted(n)) for n in neighbours)

    @cached_property
    def open_blocks(self) -> list[tuple[int, ...]]:
        """The geometry's ``no2x2`` blocks (2x2 squares, hexagon triangles) without solid or
        bridge cells, each in cycle order (on the square grid: top-left, top-right,
        bottom-right, bottom-left); built on first use, by the profiles that have ``no2x2``."""
        kinds, skip = self.kinds, set(self.geometry.bridges)
        return [blk for blk in self.geometry.blocks(self.width, self.height)
                if not any(kinds[x] == SOLID or x in skip for x in blk)]

    @cached_property
    def incidence(self) -> list[list[tuple[int, Cell]]]:
        """Per node, ``(edge index, node at its other end)`` in edge order: what the deduction
        engine walks (built on first use; the encodings use :attr:`arrays`)."""
        inc: list[list[tuple[int, Cell]]] = [[] for _ in range(self.n_nodes)]
        for e, (a, b) in enumerate(self.edges):
            inc[a].append((e, b))
            inc[b].append((e, a))
        return inc

    @cached_property
    def edge_index(self) -> dict[Edge, int]:
        """Edge -> its index (built on first use)."""
        return {ab: e for e, ab in enumerate(self.edges)}

    @cached_property
    def arrays(self) -> GraphArrays:
        """The graph as numpy arrays, for the vectorised clause families (built on first use:
        a board the forced moves decide never loads numpy)."""
        return GraphArrays(self)


class GraphArrays:
    """Node kinds, edges and incidences of one board graph as arrays, so clause families are
    built as whole arrays, not clause by clause.

    Rows are graph nodes.  ``incident[n, j]`` is the variable of node ``n``'s ``j``-th edge and
    ``neighbour[n, j]`` the node at its other end, in ascending neighbour order (on the square
    grid: north, west, east, south), padded with 0 and -1.  ``edge_var[e]`` is edge ``e``'s
    variable.  Nothing here knows about directions: a hexagonal or wrapped board is just wider
    rows or other neighbours.
    """

    def __init__(self, graph: BoardGraph):
        import numpy as np

        n = self.n_nodes = graph.n_nodes
        codes = np.frombuffer(graph.kinds.encode("utf-32-le"), dtype=np.uint32)
        self.solid = codes == ord(SOLID)
        self.plain = codes == ord(EMPTY)
        self.endpoint = ~(self.solid | self.plain)
        edges = np.asarray(graph.edges, dtype=np.int64).reshape(-1, 2)
        self.edges = edges
        var = self.edge_var = np.arange(FIRST_EDGE_VARIABLE, len(edges) + FIRST_EDGE_VARIABLE,
                                        dtype=np.int64)
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
        import numpy as np

        return np.flatnonzero(~self.solid)
