"""Solutions: one ordered path per label, each from one endpoint to the other.

A colour grid is not enough: a path may run beside itself, and two different solutions can
share a colouring.  Two solutions are the same exactly when their edge sets are
(:meth:`Solution.edges`): that is what uniqueness means, and what the blocking clauses of the
search forbid.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from satlink.graph import Cell, Edge, edge

if TYPE_CHECKING:
    import numpy as np

    from satlink.board import Board


@dataclass(frozen=True)
class Solution:
    """One ordered path per label, each running from one endpoint to the other."""

    paths: Mapping[str, tuple[Cell, ...]]

    @classmethod
    def from_paths(cls, paths: Mapping[str, Sequence[Cell]]) -> Solution:
        return cls({k: tuple(v) for k, v in paths.items()})

    @classmethod
    def from_edges(cls, board: Board, edges: Iterable[Edge]) -> Solution:
        """Walk each label's path through an edge set (which must hold one path per label)."""
        adj: dict[Cell, list[Cell]] = {}
        for a, b in edges:
            adj.setdefault(a, []).append(b)
            adj.setdefault(b, []).append(a)
        paths: dict[str, tuple[Cell, ...]] = {}
        for label in board.labels:
            start, goal = board.endpoints[label]
            path = [start]
            prev, cur = None, start
            while cur != goal:
                nxt = [n for n in adj.get(cur, []) if n != prev]
                if not nxt or len(path) > board.n_nodes:
                    raise ValueError(f"edge set has no path for label {label!r}")
                prev, cur = cur, nxt[0]
                path.append(cur)
            paths[label] = tuple(path)
        return cls(paths)

    def edges(self) -> frozenset[Edge]:
        """The edge set: two solutions differ exactly when their edge sets differ."""
        return frozenset(edge(p[i], p[i + 1]) for p in self.paths.values() for i in range(len(p) - 1))

    def owner(self) -> dict[Cell, str]:
        """Which label's path covers each used cell."""
        return {cell: label for label, p in self.paths.items() for cell in p}

    def to_coords(self, board: Board) -> dict[str, list[list[int]]]:
        """JSON-ready ``{label: [[row, col], ...]}`` (a bridge crossing is its cell)."""
        return {k: board.coords(p) for k, p in self.paths.items()}

    def to_cells(self, board: Board) -> dict[str, tuple[Cell, ...]]:
        """``{label: (cell, ...)}`` with bridge crossings mapped back to their cells."""
        return {k: tuple(board.node_cell(c) for c in p) for k, p in self.paths.items()}

    @classmethod
    def from_coords(cls, board: Board, coords: Mapping[str, Sequence[Sequence[int]]]) -> Solution:
        return cls.from_cells(board, {k: [r * board.width + c for r, c in v]
                                      for k, v in coords.items()})

    @classmethod
    def from_cells(cls, board: Board, cells: Mapping[str, Sequence[Cell]]) -> Solution:
        """Paths given as cells (as files write them); bridge visits become crossings."""
        return cls({k: board.path_nodes(list(v)) for k, v in cells.items()})


def diff_cells(board: Board, first: Solution, second: Solution) -> list[Cell]:
    """Cells whose path differs between two solutions: another label or other incident edges
    (compared node by node; a bridge's crossings are reported once, as the bridge's cell)."""
    import numpy as np  # two solutions come from SAT, which has loaded numpy already

    one, two = _path_incidence(board, first), _path_incidence(board, second)
    differ = np.flatnonzero((one[0] != two[0]) | (one[1] != two[1]).any(axis=1))
    if board.geometry.bridges:
        return sorted({board.node_cell(int(node)) for node in differ})
    return differ.tolist()


def _path_incidence(board: Board, solution: Solution) -> tuple[np.ndarray, np.ndarray]:
    """Per graph node: which path covers it (0 for none, else 1 + the label's index) and its
    two path neighbours, sorted, -1 where a path ends.  A path visits a node at most once, so
    the neighbours name the node's incident edges exactly."""
    import numpy as np

    owner = np.zeros(board.n_nodes, dtype=np.int64)
    around = np.full((board.n_nodes, 2), -1, dtype=np.int64)
    index = {label: i for i, label in enumerate(board.labels)}
    for label, path in solution.paths.items():
        nodes = np.fromiter(path, dtype=np.int64, count=len(path))
        owner[nodes] = index.get(label, len(index)) + 1
        before = np.concatenate(([-1], nodes[:-1]))
        after = np.concatenate((nodes[1:], [-1]))
        around[nodes, 0] = np.minimum(before, after)
        around[nodes, 1] = np.maximum(before, after)
    return owner, around
