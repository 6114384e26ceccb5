"""The board graph: nodes, edges, neighbours and incidences, built once per board.

Every stage reads the board through this one value: the CNF encodings (as numpy arrays,
:attr:`BoardGraph.arrays`), the deduction engine (:attr:`BoardGraph.incidence`), model
decoding and cycle cuts.  Only the referee (:mod:`satlink.referee`) keeps away from it on
purpose: it checks claimed paths against the board's cells and geometry with code of its own,
so that a mistake here cannot hide behind itself.

The *nodes* are the cells ``0 .. W*H-1`` plus, for each bridge, one node per axis past axis 0
(:meth:`BoardGraph.crossing`): on square cells ``W*H + i`` for the i-th bridge's vertical
crossing, on hexagons ``W*H + 2i`` and ``W*H + 2i + 1`` for its two diagonal ones.
The *edges* are ordered pairs ``(a, b)`` with ``a < b``, and the edge list is **sorted**
(:data:`EDGE_ORDER`, on every geometry: on the plain square grid that is cell by cell, each
cell's step right before its step down).  Edge ``e`` is SAT variable ``e + 1`` in every
encoding (:func:`edge_variable`), which is what makes a model's edge set, a DIMACS export's
``c edge`` lines, the forced moves' units and the compiled engine's edge numbers agree: the
compiled engine is handed this list (:meth:`BoardGraph.edge_buffer`) and refuses one out of
order, so no other place defines an order of its own.
"""

from __future__ import annotations

from array import array
from collections.abc import Mapping, Sequence
from functools import cached_property, lru_cache
from itertools import chain
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import numpy as np

    from satlink.geometry import Geometry

EMPTY = "."
SOLID = "#"

Cell = int
"""A cell is its row-major index ``row * width + col``; as a graph node, a bridge's crossing on
an axis other than 0 is numbered from ``width * height`` up (:meth:`BoardGraph.crossing`)."""

Edge = tuple[int, int]
"""An undirected edge, always stored with the smaller node first."""

EDGE_ORDER = "sorted"
"""The one order of a board's edges: ``(a, b)`` pairs, ``a < b``, sorted.  The builders below
(cell by cell on small plain boards, vectorised on large ones, through the geometry on
variants) each make this order; ``tests/test_graph.py`` holds them to it and the compiled
engine checks it at its door."""

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


NUMPY_CELLS = 10_000
"""Plain boards at least this large get their edges from numpy: the same edges in the same
order, without a Python loop over every cell (``benchmarks/README.md``, "`--timeout 1` on a
1002×1002 board")."""


def square_edge_ends(flat: str, w: int, h: int) -> np.ndarray:
    """The plain square edges in :data:`EDGE_ORDER`, vectorised, flattened (``a0, b0, a1, b1,
    ...``) as int32: each open cell's step right (to ``+1``) before its step down (to ``+w``).
    Made small on purpose (no int64 copy of the board's cells): on a 1002x1002 board this is
    what the compiled engine is handed, and its peak memory counts."""
    import numpy as np

    codes = np.frombuffer(flat.encode("utf-32-le"), dtype=np.uint32).reshape(h, w)
    open_ = codes != ord(SOLID)
    steps = np.zeros((h, w, 2), dtype=bool)  # [..., 0]: right, [..., 1]: down
    steps[:, :-1, 0] = open_[:, :-1] & open_[:, 1:]
    steps[:-1, :, 1] = open_[:-1, :] & open_[1:, :]
    where = np.flatnonzero(steps.ravel())  # 2 * cell + step, ascending: the edge order
    out = np.empty(2 * len(where), dtype=np.int32)
    out[0::2] = where >> 1
    out[1::2] = out[0::2] + np.where(where & 1, w, 1).astype(np.int32)
    return out


def square_edge_array(flat: str, w: int, h: int) -> np.ndarray:
    """:func:`square_edge_ends` as an (E, 2) int64 array (the encoder's form)."""
    import numpy as np

    return square_edge_ends(flat, w, h).reshape(-1, 2).astype(np.int64)


def square_edges(flat: str, w: int, h: int) -> Sequence[Edge]:
    """Plain square adjacency between non-solid cells (the common case) in :data:`EDGE_ORDER`;
    numpy on large boards, else the open grid's steps (:func:`open_square_edges`) less the
    solid cells'."""
    if w * h >= NUMPY_CELLS:
        array = square_edge_array(flat, w, h)
        return list(zip(array[:, 0].tolist(), array[:, 1].tolist(), strict=True))
    steps = open_square_edges(w, h)
    if SOLID not in flat:
        return steps
    return [(a, b) for a, b in steps if flat[a] != SOLID and flat[b] != SOLID]


@lru_cache(maxsize=32)
def open_square_edges(w: int, h: int) -> tuple[Edge, ...]:
    """The edges of the ``w`` x ``h`` square grid with no solid cell: each cell's step right,
    then its step down (the sorted order); kept for the sizes last used, as a batch's boards
    are of a few sizes and a Flow Free board has no solid cell."""
    return tuple(step for a in range(w * h)
                 for step in ((a, a + 1), (a, a + w))[0 if (a + 1) % w else 1:
                                                      2 if a + w < w * h else 1])


class BoardGraph:
    """One board's adjacency graph.  ``kinds`` holds each node's character (``.`` empty, ``#``
    solid, a label) as one string, the bridges' extra crossings as ``.``; ``crossings`` maps
    each bridge cell to its nodes, one per axis of the geometry (axis 0: the cell itself).

    Everything is built on first use: reading a huge board stays cheap, and what a search
    needs is built inside its deadline (a huge board's millions of edge tuples are slow to make;
    the encoder takes the edges as :meth:`edge_array` and never makes them).
    """

    def __init__(self, width: int, height: int, geometry: Geometry, kinds: str,
                 crossings: Mapping[Cell, tuple[Cell, ...]]):
        self.width, self.height, self.geometry = width, height, geometry
        self.n_nodes = len(kinds)
        self.kinds = kinds
        self.crossings = crossings

    @cached_property
    def edges(self) -> tuple[Edge, ...]:
        """Every edge ``(a, b)``, ``a < b``, in :data:`EDGE_ORDER`."""
        cells = self.kinds[:self.width * self.height]
        if self.geometry.is_plain:
            return tuple(square_edges(cells, self.width, self.height))
        return tuple(self._variant_edges(cells))

    def _variant_edges(self, flat: str) -> list[Edge]:  # sorted: EDGE_ORDER
        """Adjacency from the geometry: wrap applied, walls and solids removed, and each step
        into or out of a bridge assigned to the crossing on its axis."""
        w, h, geometry = self.width, self.height, self.geometry
        found: set[Edge] = set()
        for a in range(w * h):
            if flat[a] == SOLID:
                continue
            for b in geometry.adjacent(w, h, a):
                if b < a or flat[b] == SOLID or (a, b) in geometry.walls:
                    continue
                axis = geometry.axis_of(w, h, a, b)
                found.add(edge(self.crossing(a, axis), self.crossing(b, axis)))
        return sorted(found)

    def crossing(self, cell: Cell, axis: int) -> Cell:
        """The node a step along ``axis`` enters: the bridge's crossing on that axis, or the
        cell (every axis of a cell that is no bridge, and axis 0 of a bridge)."""
        nodes = self.crossings.get(cell)
        return cell if nodes is None else nodes[axis]

    def _vectorised(self) -> bool:
        """Whether the edges come from numpy (a large plain board whose tuples were not made)."""
        return ("edges" not in self.__dict__ and self.geometry.is_plain
                and self.width * self.height >= NUMPY_CELLS)

    @cached_property
    def _edge_array(self) -> np.ndarray:
        import numpy as np

        if self._vectorised():
            array = square_edge_array(self.kinds[:self.width * self.height], self.width,
                                      self.height)
        else:
            array = np.asarray(self.edges, dtype=np.int64).reshape(-1, 2)
        array.setflags(write=False)
        return array

    def edge_array(self) -> np.ndarray:
        """:attr:`edges` as a read-only (E, 2) int64 array (the encoder's form), made without
        the tuples of a huge plain board when they were not asked for."""
        return self._edge_array

    def edge_buffer(self) -> array | np.ndarray:
        """:attr:`edges` flattened (``a0, b0, a1, b1, ...``) as a one-dimensional buffer of
        integers (int32, or int64 from numpy), the form the compiled engine takes: a view of
        numpy's array where the edges come from numpy, else made from the tuples without
        importing numpy (a small board's check never loads it)."""
        if "_edge_array" in self.__dict__:
            return self.edge_array().reshape(-1)
        if self._vectorised():  # made for the core alone, not kept
            return square_edge_ends(self.kinds[:self.width * self.height], self.width, self.height)
        return array("i", chain.from_iterable(self.edges))

    def open_node_buffer(self) -> array | np.ndarray:
        """The open nodes (non-solid cells and the bridges' extra crossings), ascending, as a
        buffer of integers (:meth:`edge_buffer`'s reasons)."""
        if self._vectorised():
            import numpy as np

            if SOLID not in self.kinds:
                return np.arange(self.n_nodes, dtype=np.int32)
            codes = np.frombuffer(self.kinds.encode("utf-32-le"), dtype=np.uint32)
            return np.flatnonzero(codes != ord(SOLID)).astype(np.int32)
        if SOLID not in self.kinds:
            return array("i", range(self.n_nodes))
        return array("i", [x for x, ch in enumerate(self.kinds) if ch != SOLID])

    @property
    def n_edges(self) -> int:
        """``len(edges)``, without making the tuples of a huge board."""
        if ("edges" in self.__dict__ or not self.geometry.is_plain
                or self.width * self.height < NUMPY_CELLS):
            return len(self.edges)  # a small board is done without numpy
        w, h = self.width, self.height
        if SOLID not in self.kinds:  # every cell open: every step right and down
            return (w - 1) * h + w * (h - 1)
        return len(self.edge_array())

    @cached_property
    def neighbours(self) -> tuple[tuple[Cell, ...], ...]:
        """Per node, its neighbours in ascending order: as the sorted edges list them (a node's
        smaller neighbours ``a`` come in edges ``(a, x)`` before its own ``(x, b)``)."""
        neighbours: list[list[Cell]] = [[] for _ in range(self.n_nodes)]
        for a, b in self.edges:
            neighbours[a].append(b)
            neighbours[b].append(a)
        return tuple(map(tuple, neighbours))

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
        edges = graph.edge_array()
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
        """Open nodes: non-solid cells and the bridges' extra crossings."""
        import numpy as np

        return np.flatnonzero(~self.solid)
