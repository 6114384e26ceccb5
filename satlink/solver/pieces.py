"""Split what the forced moves leave open into independent pieces.

After the forced moves every edge is on, off or undecided.  A solution's paths use only
edges that are on or undecided, so take the graph of those edges (plus, for each bridge, a
tie between its two crossings, which share a cell): its connected components are the
*pieces*.  A path lies in one component, so every node a solution uses carries a colour
whose two endpoints lie in that node's component.  Hence, under every profile:

* the edges between two components are off (otherwise they would be one component);
* two used nodes of different components carry different colours, so ``notouch`` ("two
  neighbours of one colour are joined") and ``no2x2`` ("no block all of one colour") can
  never be broken across a border, and ``fill`` and the degree rules are one node's business;
* a detached cycle is a set of on edges, so it too lies inside one component.

So no rule couples two components, and the board's solutions are exactly the products of
its components' solutions: the board is unique iff every piece is, unsolvable as soon as
one piece is, and its count is the product.  This holds on every geometry (square, hex,
warps, walls: the graph is the board graph; a bridge's two crossings are tied together only
so that a piece's sub-board can keep or drop the bridge cell whole).

Each piece with an undecided edge becomes a *sub-board*: the smallest box of the board
around it, of the same geometry, every cell of the box outside the piece solid (walls and
bridges outside it dropped), its colours' endpoints where they were.  The rest of the
board, components whose every edge is decided, adds its on edges to every solution as they
are.
"""

from __future__ import annotations

from dataclasses import dataclass

from satlink.board import Board
from satlink.deduce import OFF, ON
from satlink.geometry import HEX, Geometry
from satlink.graph import SOLID, Edge, edge, edge_literal


@dataclass(frozen=True)
class Piece:
    """One independent part of a board: a sub-board of its own and how to map it back."""

    board: Board
    """The sub-board: a box around the piece, cells outside it solid, only its colours."""
    units: list[int]
    """The piece's decided edges as unit literals over the sub-board's edge variables."""
    undecided: int
    """Undecided edges in the piece (its size, for the smallest-first order)."""
    to_full: list[int]
    """Sub-board node -> board node (the sub-board is a box of the board, with its own
    numbering)."""

    def full_edges(self, edges: frozenset[Edge]) -> list[Edge]:
        """A sub-board solution's edges as edges of the whole board."""
        m = self.to_full
        return [edge(m[a], m[b]) for a, b in edges]


KEPT_SHARE = 0.5
"""A board left as one piece goes that way only if the piece keeps at most this share of the
board's open nodes (two or more pieces always may): a piece holding most of the board costs
a sub-board and saves the SAT search little, so such boards, forced through the route, were
slower than whole (``benchmarks/pieces.py``; ``benchmarks/README.md``, "Pieces")."""

MIN_UNDECIDED = 400
"""Fewer undecided edges than this, and the board goes whole.  Each piece costs a sub-board,
its graph, an encoding's fixed costs, a solver and, per solution, a referee check (a few ms
in all) that the whole-board route does not pay, and on a board this open the SAT search is
too short to win them back: two copies of a corpus board side by side took 1.2-1.6x the
whole-board time below 400 undecided edges and 0.5-1.1x (median 0.96, the total 0.6x) above
(``benchmarks/pieces.py``, under ``fill``, where the search is longest)."""


@dataclass(frozen=True)
class Split:
    """The pieces of a board, smallest first, and the on edges outside all of them."""

    pieces: list[Piece]
    fixed: list[Edge]
    """On edges of the components with nothing undecided (whole decided paths)."""
    kept: float
    """Share of the board's open nodes that lie in a piece."""


def _find(parent: list[int], x: int) -> int:
    while parent[x] != x:
        parent[x] = parent[parent[x]]
        x = parent[x]
    return x


def split(board: Board, states: bytes | bytearray) -> Split | None:
    """The pieces of ``board`` given each edge's state (``satlink.deduce``: 0 undecided,
    ``ON``, ``OFF``, indexed like ``board.edges``).

    None when splitting cannot help or cannot be done cleanly: fewer than
    :data:`MIN_UNDECIDED` edges undecided, one piece holding more than :data:`KEPT_SHARE` of
    the open nodes, or a colour's two endpoints
    lie in different components (then the board has no solution; the whole-board route
    proves that rather than this function).
    """
    if states.count(0) < max(MIN_UNDECIDED, 1):  # counted in C: most boards stop here
        return None
    edges = board.edges
    n = board.n_nodes
    parent = list(range(n))
    for (a, b), s in zip(edges, states, strict=True):
        if s != OFF:
            ra, rb = _find(parent, a), _find(parent, b)
            if ra != rb:
                parent[ra] = rb
    for cell, crossings in board.crossings.items():  # a bridge's crossings stay together
        for crossing in crossings:
            ra, rb = _find(parent, cell), _find(parent, crossing)
            if ra != rb:
                parent[ra] = rb
    root = [_find(parent, x) for x in range(n)]
    open_edges: dict[int, int] = {}  # component -> undecided edges
    for (a, _), s in zip(edges, states, strict=True):
        if not s:
            open_edges[root[a]] = open_edges.get(root[a], 0) + 1
    labels_of: dict[int, list[str]] = {}
    for label in board.labels:
        p, q = board.endpoints[label]
        if root[p] != root[q]:
            return None
        labels_of.setdefault(root[p], []).append(label)
    open_nodes = board.open_nodes()
    kept = sum(1 for x in open_nodes if root[x] in open_edges) / len(open_nodes)
    if len(open_edges) == 1 and kept > KEPT_SHARE:  # (the undecided edges were counted above)
        return None
    fixed: list[Edge] = []
    inside: dict[int, list[int]] = {r: [] for r in open_edges}  # component -> its edges
    for e, ((a, b), s) in enumerate(zip(edges, states, strict=True)):
        r = root[a]
        if r in inside:
            if root[b] == r:  # an off edge to another component is no edge of the sub-board
                inside[r].append(e)
        elif s == ON:
            fixed.append((a, b))
    pieces = [_piece(board, root, r, inside[r], states, open_edges[r]) for r in open_edges]
    pieces.sort(key=lambda piece: piece.undecided)
    return Split(pieces, fixed, kept)


def _piece(board: Board, root: list[int], r: int, own: list[int], states: bytes | bytearray,
           undecided: int) -> Piece:
    """The sub-board of component ``r``: the smallest box around its cells (the whole board
    when it wraps: a piece may cross the seam; on hexagons from an even column, whose
    neighbours are the same), every cell of the box outside the component solid."""
    width = board.width
    g = board.geometry
    if g.wrap:
        r0, c0, r1, c1 = 0, 0, board.height - 1, width - 1
    else:
        cells = {board.node_cell(x) for e in own for x in board.edges[e]}
        rs = [x // width for x in cells]
        cs = [x % width for x in cells]
        r0, r1, c0, c1 = min(rs), max(rs), min(cs), max(cs)
        c0 -= c0 % 2 if g.kind == HEX else 0
    w = c1 - c0 + 1
    flat = board.graph.kinds  # the cells' characters, one flat string (not rebuilt per piece)
    rows = tuple("".join(flat[y * width + x] if root[y * width + x] == r else SOLID
                         for x in range(c0, c1 + 1)) for y in range(r0, r1 + 1))

    def inner(cell: int) -> int:
        return (cell // width - r0) * w + cell % width - c0

    def inside(cell: int) -> bool:
        return r0 <= cell // width <= r1 and c0 <= cell % width <= c1

    bridges = [b for b in g.bridges if root[b] == r]
    walls = [(inner(a), inner(b)) for a, b in g.walls if inside(a) and inside(b)]
    sub = Board(rows, Geometry(g.kind, g.wrap, frozenset(walls), tuple(inner(b) for b in bridges)))
    to_full = [(y + r0) * width + x + c0 for y in range(len(rows)) for x in range(w)]
    # the extra crossings (the cell itself is the first), in the sub-board's order
    to_full += [x for b in bridges for x in board.crossings[b][1:]]
    to_sub = {full: node for node, full in enumerate(to_full)}
    index = sub.graph.edge_index
    units = []
    for e in own:
        state = states[e]
        if state:
            a, b = board.edges[e]
            units.append(edge_literal(index[edge(to_sub[a], to_sub[b])], state == ON))
    return Piece(sub, units, undecided, to_full)


__all__ = ["Piece", "Split", "split"]
