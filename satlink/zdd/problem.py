"""A board as graphillion's question: which edge sets of the board graph are its solutions.

A NumberLink solution is an edge set of the board graph (:mod:`satlink.graph`) in which every
endpoint has degree 1 and every other node degree 2 (under ``fill``) or 0 or 2, whose
components are paths, each joining the two endpoints of one label and no other label's.  That
is exactly graphillion's ``GraphSet.graphs`` with ``degree_constraints`` (the degrees),
``vertex_groups`` (each label's endpoints joined, different labels' apart) and ``no_loop``
(no cycle, so no detached loop either): under those degrees a component without an endpoint
would be a cycle.  ``notouch`` and ``no2x2`` are not of that form, so the question is asked
only without them.

Edges the deductions decided off are left out of the universe (they are consequences of the
rules, so no solution is lost), and every node keeps its degree range over the edges left.
Edges decided on are *not* imposed: each is in every solution already, and graphillion's way to
require edges (a search space of the sets that hold them) costs more than it prunes.

The edge order is the whole cost of the diagram, as for any frontier search: nodes are met
along the board's long side (the frontier sweep's node orders,
:func:`satlink.frontier.schedule.sweep_orders`, the narrower one) and each node's edges to the
nodes met after it come together, so a node leaves the frontier at its last edge as soon as it
is met.  Listing each node's edges to the nodes met *before* it instead (the order the frontier
sweep decides them in) builds a diagram many times larger in graphillion.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from satlink.board import Board
from satlink.frontier.schedule import frontier_width, sweep_orders
from satlink.rules import Rules

OFF = 2
"""An edge state decided off by the deductions (:mod:`satlink.deduce.puzzle`)."""

Degree = int | range
"""A degree constraint as graphillion takes it: a number or a range."""

EMPTY_OR_THROUGH = range(0, 3, 2)
"""A node that is no endpoint without ``fill``: no edge, or a path through it."""


@dataclass(frozen=True)
class Problem:
    """What graphillion is asked (the module docstring): ``edges`` are indices into
    :attr:`Board.edges` in the sweep's order; ``settled`` is the count when no diagram is
    needed (no edge left: 1 when every node may stay empty and there is no label, else 0)."""

    edges: tuple[int, ...]
    degrees: dict[int, Degree]
    groups: tuple[tuple[int, int], ...]
    width: int
    order: str
    settled: int | None = None


def edge_order(board: Board, edges: Sequence[int]) -> tuple[tuple[int, ...], int, str]:
    """``edges`` in the sweep's order (the module docstring), the frontier width of the node
    order it follows, and that order's name (``rows`` or ``columns``)."""
    orders = sweep_orders(board)
    widths = {name: frontier_width(board, order, []) for name, order in orders.items()}
    name = min(orders, key=lambda k: (widths[k], k != "rows"))
    rank = {node: i for i, node in enumerate(orders[name])}

    def key(e: int) -> tuple[int, int]:
        a, b = board.edges[e]
        return (min(rank[a], rank[b]), max(rank[a], rank[b]))

    return tuple(sorted(edges, key=key)), widths[name], name


def problem(board: Board, rules: Rules, decided: Sequence[int] | None = None) -> Problem:
    """The question for ``board`` under ``rules`` (without ``notouch`` or ``no2x2``), on the
    edges ``decided`` did not put off."""
    if rules.notouch or rules.no2x2:
        raise ValueError(f"graphillion counts without notouch and no2x2, not under {rules.name}")
    kept = [e for e in range(board.n_edges) if decided is None or decided[e] != OFF]
    edges, width, order = edge_order(board, kept)
    degree = [0] * board.n_nodes
    for e in edges:
        a, b = board.edges[e]
        degree[a] += 1
        degree[b] += 1
    ends = {node for pair in board.endpoints.values() for node in pair}
    degrees: dict[int, Degree] = {}
    impossible = False
    for node in board.open_nodes():
        need: Degree = 1 if node in ends else 2 if rules.fill else EMPTY_OR_THROUGH
        if degree[node]:
            degrees[node] = need
        elif need != EMPTY_OR_THROUGH:
            impossible = True  # an endpoint (or a cell to fill) with no edge left
    groups = tuple(board.endpoints[label] for label in board.labels)
    settled = None
    if impossible:
        settled = 0
    elif not edges:
        settled = 0 if groups else 1
    return Problem(edges, degrees, groups, width, order, settled)
