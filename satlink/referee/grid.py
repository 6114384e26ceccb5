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
    paths = [np.asarray(solution.paths[label], dtype=np.int64) for label in board.labels]
    for path in paths:
        if len(path) and (path.min() < 0 or path.max() >= size):
            return False
    if paths and np.bincount(np.concatenate(paths), minlength=size).max() > 1:
        return False  # a cell used twice, by one path or two
    for k, (label, path) in enumerate(zip(board.labels, paths, strict=True)):
        if len(path) < 2 or {int(path[0]), int(path[-1])} != set(board.endpoints[label]):
            return False
        rows, cols = np.divmod(path, w)
        if np.any(np.abs(np.diff(rows)) + np.abs(np.diff(cols)) != 1):
            return False  # a jump (on a plain board a neighbour differs by one row or column)
        if np.any(solid[path]) or not np.all(blank[path[1:-1]]):
            return False  # a solid cell, or another endpoint passed through
        owner[path] = k
        position[path] = np.arange(len(path))
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
