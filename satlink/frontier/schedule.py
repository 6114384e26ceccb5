"""The sweep order: which node enters the frontier when, which edge is decided when, and when
a node leaves.

A frontier search decides the board graph's edges one at a time.  The *frontier* is the set of
nodes that have been met but still have an undecided edge (or, under ``no2x2``, a block whose
last node has not been met yet): only their degrees and which path piece each lies on matter
for the rest of the board.  Its size bounds the number of states, so the order is the whole
game: nodes are met along the board's long side, so the frontier is about as wide as the short
side (plus one).  Any order is *sound* (the search is over the graph, not the grid), only the
width changes; so every geometry has one — warps too, whose wrapped edges keep the first line
of nodes on the frontier until the last (about twice as wide).

The schedule is a flat list of operations on frontier *slots* (a node's position in the
frontier, which is the same for every state of one level), read alike by the Python reference
(:mod:`satlink.frontier.sweep`) and the compiled sweep (``satlink/frontier/core``):

* ``ADD node label edges``: the node enters as the last slot (``label``: its endpoint's label
  index, -1 for an empty cell or a crossing; ``edges``: how many edges it has, at most 2);
* ``EDGE e a b left_a left_b``: edge ``e`` between slots ``a`` and ``b`` is decided, on or off;
  ``left_a``, ``left_b``: how many edges each end has undecided after it (at most 2) — a node
  with one edge left and none yet can only stay empty, and one with none left is done, which
  the states record at once (fewer states, and a dead one dropped a level earlier);
* ``BLOCK n s1 .. sn``: a ``no2x2`` block whose nodes sit in these slots;
* ``DROP s``: the node in slot ``s`` leaves (its degree is final).
"""

from __future__ import annotations

from dataclasses import dataclass

from satlink.board import Board
from satlink.geometry import SQUARE
from satlink.rules import Rules

ADD, EDGE, BLOCK, DROP = 0, 1, 2, 3


@dataclass(frozen=True)
class Schedule:
    """The operations of one sweep and the figures read off them."""

    ops: tuple[int, ...]
    """The flat operation list (module docstring)."""
    width: int
    """The largest number of nodes on the frontier at once."""
    order: str
    """``rows`` or ``columns``: the direction nodes are met in."""
    n_labels: int
    n_edges: int
    planar: bool = False
    """The board is a plane grid (square cells, no warps, no bridges; holes and walls only
    remove edges) swept by rows or columns: the nodes not met yet lie on one side of the
    frontier and the slots run along its boundary in order, so paths still to be drawn
    between frontier nodes cannot cross (the compiled sweep cuts states where they would)."""


def node_place(board: Board, node: int) -> tuple[int, int, int]:
    """(row, column, axis) of a node: a bridge's extra crossing sits in its cell."""
    row, col = board.coord(node)
    return row, col, board.node_axis(node) or 0


def frontier_width(board: Board, order: list[int], blocks: list[tuple[int, ...]]) -> int:
    """The widest frontier of a node order (without building the operations)."""
    position = {node: i for i, node in enumerate(order)}
    last = _last_uses(board, order, position, blocks)
    alive, widest, leaving = 0, 0, [0] * (len(order) + 1)
    for node in order:
        leaving[last[node]] += 1
    for i in range(len(order)):
        alive += 1
        widest = max(widest, alive)
        alive -= leaving[i]
    return widest


def _last_uses(board: Board, order: list[int], position: dict[int, int],
               blocks: list[tuple[int, ...]]) -> dict[int, int]:
    """Per node, the position after which it is no longer needed: its last neighbour met, or
    the last node of a block it is in."""
    last = {node: position[node] for node in order}
    for node in order:
        for other in board.neighbors(node):
            last[node] = max(last[node], position[other])
    for block in blocks:
        end = max(position[x] for x in block)
        for x in block:
            last[x] = max(last[x], end)
    return last


def sweep_orders(board: Board) -> dict[str, list[int]]:
    """The candidate node orders: along rows and along columns."""
    nodes = board.open_nodes()
    places = {node: node_place(board, node) for node in nodes}
    return {"rows": sorted(nodes, key=lambda n: places[n]),
            "columns": sorted(nodes, key=lambda n: (places[n][1], places[n][0], places[n][2]))}


def build(board: Board, rules: Rules) -> Schedule:
    """The schedule of the narrower of the two sweep orders."""
    blocks = list(board.graph.open_blocks) if rules.no2x2 else []
    orders = sweep_orders(board)
    widths = {name: frontier_width(board, order, blocks) for name, order in orders.items()}
    name = min(orders, key=lambda k: (widths[k], k != "rows"))
    return _operations(board, orders[name], blocks, name)


def _operations(board: Board, order: list[int], blocks: list[tuple[int, ...]],
                name: str) -> Schedule:
    position = {node: i for i, node in enumerate(order)}
    last = _last_uses(board, order, position, blocks)
    label_index = {label: k for k, label in enumerate(board.labels)}
    edge_index = board.graph.edge_index
    closing: dict[int, list[tuple[int, ...]]] = {}
    for block in blocks:
        closing.setdefault(max(position[x] for x in block), []).append(block)
    leaving: dict[int, list[int]] = {}
    for node in order:
        leaving.setdefault(last[node], []).append(node)
    frontier: list[int] = []
    left: dict[int, int] = {}
    ops: list[int] = []
    widest = 0
    for i, node in enumerate(order):
        label = board.label_at(node) if node < board.size else None
        frontier.append(node)
        widest = max(widest, len(frontier))
        left[node] = len(board.neighbors(node))
        ops += [ADD, node, -1 if label is None else label_index[label], min(left[node], 2)]
        earlier = sorted((o for o in board.neighbors(node) if position[o] < i),
                         key=position.__getitem__)
        for other in earlier:
            e = edge_index[(other, node) if other < node else (node, other)]
            left[other] -= 1
            left[node] -= 1
            ops += [EDGE, e, frontier.index(other), frontier.index(node), min(left[other], 2),
                    min(left[node], 2)]
        for block in closing.get(i, ()):
            ops += [BLOCK, len(block), *(frontier.index(x) for x in block)]
        for gone in leaving.get(i, ()):
            ops += [DROP, frontier.index(gone)]
            frontier.remove(gone)
    geometry = board.geometry
    planar = geometry.kind == SQUARE and not geometry.wrap and not geometry.bridges
    return Schedule(tuple(ops), widest, name, len(board.labels), board.n_edges, planar)
