"""Reading a model as paths, with arrays: the decoding step of the solver loop and of
``satlink decode``.

Reading a model edge by edge into tuples and searching all of them for components without an
endpoint (as this module's reference in the tests does), then walking the paths through a dict
of lists, took seconds per model on a huge board (``benchmarks/README.md``, "Figures behind
the code"). Here the chosen edges are one array operation, each node's (at most two) chosen
neighbours two lists, the paths one walk from each label's first endpoint, and only the nodes
those walks did not reach are searched for detached cycles (usually there are none, so nothing
is searched).

Every encoding gives each node at most two chosen edges (degree clauses or pipe pieces); a
model that does not is read the old way, so this module never has to trust that.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from satlink.board import Board
from satlink.graph import Edge
from satlink.solution import Solution
from satlink.solver.cycles import detached_components, endpoint_cells, endpoint_free_components


@dataclass
class ModelPaths:
    """The edge set a model chooses, its paths (one per label) and its detached cycles."""

    chosen: np.ndarray
    """Indices into ``board.edges`` of the chosen edges (edge variable - 1), ascending."""
    cycles: list[set[int]]
    paths: dict[str, tuple[int, ...]] | None
    _ends: np.ndarray

    def edges(self) -> list[Edge]:
        """The chosen edges as ``(a, b)`` tuples, in ``board.edges`` order."""
        return [(a, b) for a, b in self._ends[self.chosen].tolist()]

    def solution(self) -> Solution:
        if self.paths is None:
            raise ValueError("edge set has no path for some label")
        return Solution(self.paths)


def read_model(board: Board, ends: np.ndarray, model: list[int]) -> ModelPaths:
    """Read edge variables ``1..E`` of ``model`` (PySAT's ``get_model``: entry ``v - 1`` is
    variable ``v``'s literal); ``ends`` is ``board.edges`` as an (E, 2) array."""
    n_edges = len(ends)
    chosen = np.flatnonzero(np.asarray(model[:n_edges], dtype=np.int64) > 0)
    touched = ends[chosen]
    nodes = touched.ravel()
    degree = np.bincount(nodes, minlength=board.n_nodes)
    if degree.size and degree.max() > 2:
        return _read_slowly(board, ends, chosen)
    # neighbour lists: each chosen edge puts each end in the other's first free slot
    others = touched[:, ::-1].ravel()
    order = np.argsort(nodes, kind="stable")
    nodes, others = nodes[order], others[order]
    slot = np.arange(len(nodes)) - np.searchsorted(nodes, nodes)
    around = np.full((board.n_nodes, 2), -1, dtype=np.int64)
    around[nodes, slot] = others
    first, second = around[:, 0].tolist(), around[:, 1].tolist()
    paths: dict[str, tuple[int, ...]] | None = {}
    walked = 0
    limit = board.n_nodes
    for label in board.labels:
        start, goal = board.endpoints[label]
        path = [start]
        previous, current = -1, start
        while current != goal:
            step = first[current]
            if step == previous:
                step = second[current]
            if step < 0 or len(path) > limit:
                paths = None
                break
            previous, current = current, step
            path.append(current)
        if paths is None:
            break
        paths[label] = tuple(path)
        walked += len(path)
    cycles: list[set[int]] = []
    if paths is None or walked != int(np.count_nonzero(degree)):
        cycles = _detached(board, degree, paths, first, second)
    return ModelPaths(chosen, cycles, paths, ends)


def _detached(board: Board, degree: np.ndarray, paths: dict[str, tuple[int, ...]] | None,
              first: list[int], second: list[int]) -> list[set[int]]:
    """Components of the chosen edges that the walks from the endpoints did not reach."""
    reached = np.zeros(board.n_nodes, dtype=bool)
    if paths:
        reached[np.fromiter((n for p in paths.values() for n in p), dtype=np.int64)] = True
    left = np.flatnonzero((degree > 0) & ~reached).tolist()

    def neighbours(node: int) -> list[int]:
        return [other for other in (first[node], second[node]) if other >= 0]

    return endpoint_free_components(left, neighbours, endpoint_cells(board))


def _read_slowly(board: Board, ends: np.ndarray, chosen: np.ndarray) -> ModelPaths:
    """A node with more than two chosen edges: the general search and walk."""
    edges = [(a, b) for a, b in ends[chosen].tolist()]
    try:
        paths: dict[str, tuple[int, ...]] | None = dict(Solution.from_edges(board, edges).paths)
    except ValueError:
        paths = None
    return ModelPaths(chosen, detached_components(edges, endpoint_cells(board)), paths, ends)
