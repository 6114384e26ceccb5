"""The referee on a plain square board, as whole arrays: the same rules, checked per cell at once.

:func:`satlink.referee.solution_errors` walks a solution cell by cell in Python: on a
million-cell solution that takes longer than finding it.  On a plain square board (no warps, walls,
bridges or hexagons: the large corpus boards) every rule it checks is a comparison between a
cell and its right or lower neighbour, so it can be checked with numpy over the whole grid.
Like the referee it reads only the board's characters and the claimed paths, never the board
graph.  It only says whether the solution is valid: on any doubt the caller runs the full
referee, whose messages stay the only ones satlink prints (tested to agree with it in
``tests/referee/test_grid.py``).
"""

from __future__ import annotations

from itertools import chain

from satlink.board import Board
from satlink.rules import Rules
from satlink.solution import Solution

MIN_CELLS = 10_000
"""Boards from this many cells up are checked as arrays (below, the walk is quick and numpy's
import is not worth it)."""


def applies(board: Board) -> bool:
    return board.geometry.is_plain and board.size >= MIN_CELLS


def valid(board: Board, solution: Solution, rules: Rules) -> bool:
    """Whether ``solution`` is a solution of the plain square ``board`` under ``rules``."""
    import numpy as np

    if set(solution.paths) != set(board.labels):
        return False
    w, size = board.width, board.size
    kinds = np.frombuffer(board.graph.kinds[:size].encode("utf-32-le"), dtype=np.uint32)
    solid = kinds == ord("#")
    blank = kinds == ord(".")
    owner = np.full(size, -1, dtype=np.int64)
    position = np.zeros(size, dtype=np.int64)
    # every path at once (a loop of array calls per path took seconds on a board of 100,000
    # pairs): the cells of all paths end to end, path k from starts[k] to ends[k]
    paths = [solution.paths[label] for label in board.labels]
    lengths = np.fromiter(map(len, paths), dtype=np.int64, count=len(paths))
    if np.any(lengths < 2):
        return False
    cells = np.fromiter(chain.from_iterable(paths), dtype=np.int64, count=int(lengths.sum()))
    if len(cells):
        if cells.min() < 0 or cells.max() >= size:
            return False
        if np.bincount(cells, minlength=size).max() > 1:
            return False  # a cell used twice, by one path or two
        ends = np.cumsum(lengths) - 1
        starts = ends - lengths + 1
        first, last = cells[starts], cells[ends]
        pairs = np.array([board.endpoints[label] for label in board.labels], dtype=np.int64)
        if not np.all(((first == pairs[:, 0]) & (last == pairs[:, 1]))
                      | ((first == pairs[:, 1]) & (last == pairs[:, 0]))):
            return False  # a path that does not join its label's endpoints
        rows, cols = np.divmod(cells, w)
        step = np.abs(np.diff(rows)) + np.abs(np.diff(cols))
        within = np.ones(len(step), dtype=bool)
        within[ends[:-1]] = False  # from one path's last cell to the next path's first
        if np.any((step != 1) & within):
            return False  # a jump (on a plain board a neighbour differs by one row or column)
        inner = np.ones(len(cells), dtype=bool)
        inner[starts] = inner[ends] = False
        if np.any(solid[cells]) or not np.all(blank[cells[inner]]):
            return False  # a solid cell, or another endpoint passed through
        owner[cells] = np.repeat(np.arange(len(paths)), lengths)
        position[cells] = np.arange(len(cells)) - np.repeat(starts, lengths)
    grid_owner = owner.reshape(board.height, w)
    grid_position = position.reshape(board.height, w)
    if rules.fill and np.any((owner < 0) & ~solid):
        return False
    if rules.notouch:
        for a, b, pa, pb in ((grid_owner[:, :-1], grid_owner[:, 1:], grid_position[:, :-1],
                              grid_position[:, 1:]),
                             (grid_owner[:-1, :], grid_owner[1:, :], grid_position[:-1, :],
                              grid_position[1:, :])):
            if np.any((a >= 0) & (a == b) & (np.abs(pa - pb) != 1)):
                return False
    if rules.no2x2:
        top_left = grid_owner[:-1, :-1]
        same = ((top_left >= 0) & (top_left == grid_owner[:-1, 1:])
                & (top_left == grid_owner[1:, :-1]) & (top_left == grid_owner[1:, 1:]))
        if np.any(same):
            return False
    return True


__all__ = ["MIN_CELLS", "applies", "valid"]
