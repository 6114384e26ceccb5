"""Detached cycles: finding the components of an edge set without an endpoint, and the
clause that cuts one.

Shared by the lazy loop in :mod:`satlink.solver.search` (cuts between ``solve()`` calls), the
IPASIR-UP propagator (cuts inside one CaDiCaL search) and :mod:`satlink.solver.decode` (which reads
every model, the solver's and an external solver's for ``satlink decode``), so every route
refutes a cycle the same way.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from satlink.board import Board
from satlink.cnf import Encoding
from satlink.graph import Edge


def endpoint_cells(board: Board) -> set[int]:
    """The cells that hold an endpoint; a component of an edge set without one is a cycle."""
    return {c for pair in board.endpoints.values() for c in pair}


def detached_components(chosen: list[Edge], endpoint_cells: set[int]) -> list[set[int]]:
    """Cell sets of connected components of the edge set that hold no endpoint."""
    adj: dict[int, list[int]] = {}
    for a, b in chosen:
        adj.setdefault(a, []).append(b)
        adj.setdefault(b, []).append(a)
    return endpoint_free_components(adj, adj.__getitem__, endpoint_cells)


def endpoint_free_components(starts: Iterable[int], neighbours: Callable[[int], Iterable[int]],
                             endpoint_cells: set[int]) -> list[set[int]]:
    """The components reached from ``starts`` (moving by ``neighbours``) that hold no
    endpoint: the detached cycles of an edge set."""
    seen: set[int] = set()
    detached = []
    for start in starts:
        if start in seen:
            continue
        component = {start}
        stack = [start]
        while stack:
            for n in neighbours(stack.pop()):
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
