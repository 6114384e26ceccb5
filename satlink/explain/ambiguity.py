"""Where a ``multiple`` board's ambiguity lives, and how many solutions it has up to a bound.

Two solutions differ on a set of cells (:func:`satlink.solution.diff_cells`); split by the
board graph into connected pieces, each piece is a place where the paths can be drawn two
ways.  The count comes from :func:`satlink.solver.check.check` with ``count=N``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from satlink.board import Board
from satlink.solution import Solution
from satlink.solver.verdict import Verdict


@dataclass
class Ambiguity:
    """The differing cells of two solutions, split into connected regions, and the count."""

    regions: list[list[int]]
    count: int
    count_complete: bool
    """The count is exact (the search ran out of solutions); else a lower bound."""
    solutions: list[Solution] = field(default_factory=list, repr=False)

    @property
    def cells(self) -> list[int]:
        return sorted(x for region in self.regions for x in region)

    def sentence(self) -> str:
        count = f"{self.count}" if self.count_complete else f"at least {self.count}"
        sizes = ", ".join(str(len(r)) for r in self.regions)
        return (f"The board has {count} solutions; the first two differ in "
                f"{len(self.regions)} region{'s' if len(self.regions) != 1 else ''} "
                f"({sizes} cells): the paths there can be drawn more than one way.")

    def as_dict(self, board: Board) -> dict:
        return {"count": self.count, "count_complete": self.count_complete,
                "regions": [board.coords(r) for r in self.regions],
                "cells": board.coords(self.cells), "sentence": self.sentence(),
                "solutions": [s.to_coords(board) for s in self.solutions[:2]]}


def regions(board: Board, cells: list[int]) -> list[list[int]]:
    """``cells`` split into pieces connected through the board graph, largest first."""
    left = set(cells)
    neighbours = board.graph.neighbours
    out = []
    for start in cells:
        if start not in left:
            continue
        left.discard(start)
        piece, stack = [start], [start]
        while stack:
            x = stack.pop()
            near = {y for node in board.crossings.get(x, (x,))  # a bridge: all its crossings
                    for y in neighbours[node]}
            for y in near:
                y = board.node_cell(y)
                if y in left:
                    left.discard(y)
                    piece.append(y)
                    stack.append(y)
        out.append(sorted(piece))
    out.sort(key=lambda r: (-len(r), r))
    return out


def ambiguity(board: Board, verdict: Verdict) -> Ambiguity:
    """The ambiguity of a ``multiple`` verdict (counted or not)."""
    count = verdict.count if verdict.count is not None else len(verdict.solutions)
    complete = bool(verdict.count_complete) if verdict.count is not None else False
    return Ambiguity(regions(board, list(verdict.diff_cells)), count, complete,
                     list(verdict.solutions[:2]))


__all__ = ["Ambiguity", "ambiguity", "regions"]
