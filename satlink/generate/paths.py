"""A path system on a board graph: the generator's working form of a puzzle *with* its solution.

Paths are lists of graph nodes.  On the plain square board the nodes are the cells and the
neighbours are computed from coordinates (the seeds' generator, as written); a *layout* (an
empty :class:`satlink.board.Board` with the variant's geometry and its holes) makes the
growth walk that board's graph instead, so hexagonal cells, warps and walls need nothing
more, and a bridge is ordinary nodes with two neighbours each (one crossing per axis: two on
square cells, three on hexagons).  A bridge's crossings are never the end of a path.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from satlink.board import EMPTY, SOLID, Board, label_for
from satlink.geometry import PLAIN
from satlink.solution import Solution


@dataclass
class PathSystem:
    """Paths as node lists plus the nodes left over (solid cells, once on the board)."""

    width: int
    height: int
    paths: list[list[int]] = field(default_factory=list)
    solids: set[int] = field(default_factory=set)
    layout: Board | None = None
    """The empty board the paths grow on (its geometry and holes); None: the plain grid."""

    def neighbours(self, cell: int) -> list[int] | tuple[int, ...]:
        if self.layout is not None:
            return self.layout.neighbors(cell)
        r, c = divmod(cell, self.width)
        out = []
        if r > 0:
            out.append(cell - self.width)
        if r + 1 < self.height:
            out.append(cell + self.width)
        if c > 0:
            out.append(cell - 1)
        if c + 1 < self.width:
            out.append(cell + 1)
        return out

    @property
    def n_nodes(self) -> int:
        return self.width * self.height if self.layout is None else self.layout.n_nodes

    def nodes(self) -> list[int]:
        """Every node a path may use."""
        if self.layout is None:
            return list(range(self.width * self.height))
        return self.layout.open_nodes()

    def can_end(self, node: int) -> bool:
        """Whether a path may end on ``node`` (not on a bridge crossing)."""
        return self.layout is None or not self.layout.geometry.bridges or (
            node < self.layout.size and node not in self.layout.crossings)

    def holes(self) -> set[int]:
        """Cells solid before anything grew."""
        if self.layout is None:
            return set()
        return {i for i, ch in enumerate("".join(self.layout.rows)) if ch == SOLID}

    def owner(self) -> dict[int, int]:
        return {cell: i for i, path in enumerate(self.paths) for cell in path}

    def board(self) -> Board:
        grid = [[EMPTY] * self.width for _ in range(self.height)]
        for cell in self.solids | self.holes():
            grid[cell // self.width][cell % self.width] = SOLID
        for i, path in enumerate(self.paths):
            for cell in (path[0], path[-1]):
                grid[cell // self.width][cell % self.width] = label_for(i)
        geometry = PLAIN if self.layout is None else self.layout.geometry
        return Board(tuple("".join(row) for row in grid), geometry)

    def solution(self) -> Solution:
        """Paths run from the endpoint that comes first in row-major order, as everywhere."""
        return Solution.from_paths({label_for(i): p if p[0] < p[-1] else p[::-1]
                                    for i, p in enumerate(self.paths)})

    def touches_itself(self, path: list[int]) -> bool:
        """True if two adjacent cells of ``path`` are not consecutive on it (notouch broken)."""
        position = {cell: i for i, cell in enumerate(path)}
        return any(abs(position[n] - i) != 1
                   for cell, i in position.items() for n in self.neighbours(cell) if n in position)

