"""A path system on a grid: the generator's working form of a puzzle *with* its solution."""

from __future__ import annotations

from dataclasses import dataclass, field

from satlink.board import EMPTY, SOLID, Board, Solution, label_for


@dataclass
class PathSystem:
    """Paths as cell lists (row-major cell numbers) plus the cells left solid."""

    width: int
    height: int
    paths: list[list[int]] = field(default_factory=list)
    solids: set[int] = field(default_factory=set)

    def neighbours(self, cell: int) -> list[int]:
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

    def owner(self) -> dict[int, int]:
        return {cell: i for i, path in enumerate(self.paths) for cell in path}

    def board(self) -> Board:
        grid = [[EMPTY] * self.width for _ in range(self.height)]
        for cell in self.solids:
            grid[cell // self.width][cell % self.width] = SOLID
        for i, path in enumerate(self.paths):
            for cell in (path[0], path[-1]):
                grid[cell // self.width][cell % self.width] = label_for(i)
        return Board(tuple("".join(row) for row in grid))

    def solution(self) -> Solution:
        """Paths run from the endpoint that comes first in row-major order, as everywhere."""
        return Solution.from_paths({label_for(i): p if p[0] < p[-1] else p[::-1]
                                    for i, p in enumerate(self.paths)})

    def touches_itself(self, path: list[int]) -> bool:
        """True if two adjacent cells of ``path`` are not consecutive on it (notouch broken)."""
        position = {cell: i for i, cell in enumerate(path)}
        return any(abs(position[n] - i) != 1
                   for cell, i in position.items() for n in self.neighbours(cell) if n in position)
