"""How a solved puzzle reads: the shape figures of its solution's paths.

Published Flow Free levels have long straight runs, few one-cell jogs, one or two long
"snake" paths and not too many endpoints on the border; these figures measure that (the
generator aims at them, and every generated puzzle carries them in its ``quality``):

* ``straight_share``: the share of inner path cells (not endpoints) that their path runs
  straight through (on hexagons: keeps its step direction; a bridge is crossed straight);
* ``run_mean``: the mean length, in edges, of the straight runs that paths are made of
  (a path of k edges and t turns has t + 1 runs);
* ``jogs``: runs of a single edge between two turns (a one-cell sidestep);
* ``longest_share``: the longest path's cells over the board's open cells;
* ``border_end_share``: the share of open border cells (first and last row and column)
  holding an endpoint; ``None`` on warps, which have no border;
* ``short_share``: the share of paths of at most 3 cells.
"""

from __future__ import annotations

from itertools import groupby

from satlink.board import Board
from satlink.solution import Solution

SHORT_CELLS = 3


LONG_PATH = 10_000
"""Paths from this many cells up, on plain boards, are read as arrays (numpy)."""


def runs(board: Board, path: tuple[int, ...] | list[int]) -> list[int]:
    """The lengths, in edges, of the straight runs of ``path`` (empty for a single cell)."""
    if board.geometry.is_plain and len(path) >= LONG_PATH:
        return _plain_runs(path)
    if board.geometry.is_plain:  # a step is the difference of two cell numbers
        steps: list = [b - a for a, b in zip(path, path[1:], strict=False)]
    else:
        steps = [board.step(a, b) for a, b in zip(path, path[1:], strict=False)]
    return [len(list(run)) for _, run in groupby(steps)]


def _plain_runs(path: tuple[int, ...] | list[int]) -> list[int]:
    """:func:`runs` of a long path on a plain board: a run ends where the step changes."""
    import numpy as np

    steps = np.diff(np.asarray(path, dtype=np.int64))
    ends = np.flatnonzero(steps[1:] != steps[:-1]) + 1  # first step of each run but the first
    return np.diff(np.concatenate(([0], ends, [len(steps)]))).tolist()


def border_cells(board: Board) -> list[int]:
    """Open cells on the board's outer frame (none on warps)."""
    if board.geometry.wrap:
        return []
    w, h = board.width, board.height
    frame = sorted({*range(w), *range(w * (h - 1), w * h), *range(0, w * h, w),
                    *range(w - 1, w * h, w)})  # the frame alone, not every cell of the board
    return [c for c in frame if not board.is_solid(c)]


def look(board: Board, solution: Solution) -> dict:
    paths = list(solution.paths.values())
    all_runs = [runs(board, p) for p in paths]
    inner = sum(max(0, len(p) - 2) for p in paths)
    turns = sum(max(0, len(r) - 1) for r in all_runs)
    edges = sum(sum(r) for r in all_runs)
    jogs = sum(1 for r in all_runs for k in range(1, len(r) - 1) if r[k] == 1)
    frame = border_cells(board)
    ends = {board.node_cell(c) for p in paths for c in (p[0], p[-1])}
    cells = ([len(set(map(board.node_cell, p))) for p in paths] if board.geometry.bridges
             else [len(p) for p in paths])  # a bridge is one cell; elsewhere nodes are cells
    return {
        "straight_share": round((inner - turns) / inner, 4) if inner else 0.0,
        "run_mean": round(edges / sum(map(len, all_runs)), 4) if edges else 0.0,
        "jogs": jogs,
        "longest_share": round(max(cells, default=0) / max(1, board.size - board.solid_count()),
                               4),
        "border_end_share": (round(sum(c in ends for c in frame) / len(frame), 4)
                             if frame else None),
        "short_share": (round(sum(n <= SHORT_CELLS for n in cells) / len(cells), 4)
                        if cells else 0.0),
    }
