"""From a model to a solution: the edges it chooses, the detached cycles among them, the
clause that cuts one, and the paths a cycle-free edge set draws.

Shared by the lazy loop in :mod:`satlink.solve` (cuts between ``solve()`` calls), the
IPASIR-UP propagator (cuts inside one CaDiCaL search) and :mod:`satlink.dimacs` (models from
external solvers), so every route reads a model, refutes a cycle and builds the
:class:`~satlink.board.Solution` the same way.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from satlink.board import Board, Edge, Solution
from satlink.cnf import Encoding


def endpoint_cells(board: Board) -> set[int]:
    """The cells that hold an endpoint; a component of an edge set without one is a cycle."""
    return {c for pair in board.endpoints.values() for c in pair}


@dataclass(frozen=True)
class ModelEdges:
    """The edge set a model chooses, and its components without an endpoint (if any)."""

    edges: list[Edge]
    cycles: list[set[int]]

    def solution(self, board: Board) -> Solution:
        """The paths the edges draw, one per label (detached cycles are not on them).  Raises
        ValueError when a label has no path, which only a model from outside can do."""
        return Solution.from_edges(board, self.edges)


def model_edges(board: Board, model: Sequence[int],
                endpoints: set[int] | None = None) -> ModelEdges:
    """Read edge variables ``1..E`` (the same in every encoding) from a model whose entry
    ``v - 1`` is the literal of variable ``v``, as PySAT's ``get_model`` returns it.
    ``endpoints``: :func:`endpoint_cells` of the board, when the caller keeps it."""
    chosen = [e for v, e in enumerate(board.edges) if model[v] > 0]
    if endpoints is None:
        endpoints = endpoint_cells(board)
    return ModelEdges(chosen, detached_components(chosen, endpoints))


def detached_components(chosen: list[Edge], endpoint_cells: set[int]) -> list[set[int]]:
    """Cell sets of connected components of the edge set that hold no endpoint."""
    adj: dict[int, list[int]] = {}
    for a, b in chosen:
        adj.setdefault(a, []).append(b)
        adj.setdefault(b, []).append(a)
    seen: set[int] = set()
    detached = []
    for start in adj:
        if start in seen:
            continue
        component = {start}
        stack = [start]
        while stack:
            for n in adj[stack.pop()]:
                if n not in component:
                    component.add(n)
                    stack.append(n)
        seen |= component
        if not component & endpoint_cells:
            detached.append(component)
    return detached


def cycle_cut(encoding: Encoding, cells: set[int], chosen: list[Edge]) -> list[int]:
    """A clause every true solution satisfies but this cycle violates.

    Under ``fill`` every cell of an endpoint-free set lies on a path that must leave the
    set, so one of its boundary edges is used; without fill the cycle's cells may stay
    empty, so the clause only forbids this very cycle.
    """
    ev = encoding.variables.edge_var
    board = encoding.board
    if encoding.rules.fill:
        return [
            ev[(a, b) if a < b else (b, a)]
            for a in cells
            for b in board.neighbors(a)
            if b not in cells
        ]
    return [-ev[e] for e in chosen if e[0] in cells]
