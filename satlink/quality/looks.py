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

Every record carries these figures, so they are counted from the steps' changes of
direction with no list of runs made (:func:`shape`): a path's turns are the places where
its step changes, and a jog is a step changed into and out of at once.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import groupby
from operator import and_, ne, sub
from typing import NamedTuple

from satlink.board import Board
from satlink.graph import SOLID
from satlink.solution import Solution

SHORT_CELLS = 3


LONG_PATH = 10_000
"""Paths from this many cells up, on plain boards, are read as arrays (numpy)."""


def runs(board: Board, path: tuple[int, ...] | list[int]) -> list[int]:
    """The lengths, in edges, of the straight runs of ``path`` (empty for a single cell)."""
    if board.geometry.is_plain and len(path) >= LONG_PATH:
        return _plain_runs(path)
    return [len(list(run)) for _, run in groupby(_steps(board, path))]


def _steps(board: Board, path: Sequence[int]) -> list:
    """Each step of ``path``: on a plain board the difference of two cell numbers (a step
    right is +1, down is +W, whatever the row), elsewhere :meth:`Board.step`."""
    if board.geometry.is_plain:
        return list(map(sub, path[1:], path[:-1]))
    return [board.step(a, b) for a, b in zip(path, path[1:], strict=False)]


def _plain_runs(path: tuple[int, ...] | list[int]) -> list[int]:
    """:func:`runs` of a long path on a plain board: a run ends where the step changes."""
    import numpy as np

    steps = np.diff(np.asarray(path, dtype=np.int64))
    ends = np.flatnonzero(steps[1:] != steps[:-1]) + 1  # first step of each run but the first
    return np.diff(np.concatenate(([0], ends, [len(steps)]))).tolist()


class Shape(NamedTuple):
    """What the figures need of a solution's paths, counted once: ``steps`` (edges) and
    ``runs`` (straight runs) over all paths, ``turns`` (runs - 1 per path: the bends) and
    ``jogs`` (runs of one edge between two turns)."""

    steps: int
    runs: int
    turns: int
    jogs: int


def path_turns(board: Board, path: Sequence[int]) -> tuple[int, int]:
    """``(turns, jogs)`` of one path: the steps after which the direction changes, and the
    steps that differ from both neighbours (an inner run of one edge)."""
    if len(path) < 3:
        return 0, 0
    if board.geometry.is_plain and len(path) >= LONG_PATH:  # as arrays: a million-cell path
        import numpy as np

        diff = np.diff(np.asarray(path, dtype=np.int64))
        changed = diff[1:] != diff[:-1]
        return int(np.count_nonzero(changed)), int(np.count_nonzero(changed[1:] & changed[:-1]))
    steps = _steps(board, path)
    changed = list(map(ne, steps[1:], steps))
    return changed.count(True), list(map(and_, changed, changed[1:])).count(True)


def shape(board: Board, paths: Iterable[Sequence[int]]) -> Shape:
    """The :class:`Shape` of ``paths`` on ``board``."""
    plain = board.geometry.is_plain
    steps = runs_ = turns = jogs = 0
    for path in paths:
        if len(path) < 2:
            continue
        steps += len(path) - 1
        runs_ += 1
        if len(path) < 3:
            continue
        if plain and len(path) < LONG_PATH:  # (path_turns inlined: every record counts these)
            moves = list(map(sub, path[1:], path))
            changed = bytes(map(ne, moves[1:], moves))  # 1 where the step changes: a turn
            bent = changed.count(1)
            # a jog is a turn right after a turn: in each run of turns, all but the first
            jogged = bent - changed.count(b"\x00\x01") - changed[0]
        else:
            bent, jogged = path_turns(board, path)
        runs_ += bent
        turns += bent
        jogs += jogged
    return Shape(steps, runs_, turns, jogs)


def border_cells(board: Board) -> list[int]:
    """Open cells on the board's outer frame (none on warps)."""
    if board.geometry.wrap:
        return []
    w, h = board.width, board.height
    frame = sorted({*range(w), *range(w * (h - 1), w * h), *range(0, w * h, w),
                    *range(w - 1, w * h, w)})  # the frame alone, not every cell of the board
    kinds = board.graph.kinds  # the cells' characters, one flat string
    return [c for c in frame if kinds[c] != SOLID]


def _border_ends(board: Board, ends: set[int]) -> tuple[int, int]:
    """How many open cells the frame has (:func:`border_cells`) and how many of ``ends`` (open
    cells) lie on it, from the frame's four sides as slices of the cells' string."""
    w, h = board.width, board.height
    if w < 2 or h < 2:  # the sides overlap: the frame as a set
        frame = border_cells(board)
        return len(frame), len(ends.intersection(frame))
    kinds, last = board.graph.kinds, w * (h - 1)
    sides = kinds[:w] + kinds[last:last + w] + kinds[w:last:w] + kinds[2 * w - 1:last:w]
    on_frame = sum(1 for c in ends if c < w or c >= last or c % w in (0, w - 1))
    return len(sides) - sides.count(SOLID), on_frame


def look(board: Board, solution: Solution, *, counted: Shape | None = None,
         solids: int | None = None) -> dict:
    """The look figures of ``solution`` (module docstring); ``counted`` and ``solids``: its
    :func:`shape` and the board's solid cells, when the caller has them already."""
    paths = list(solution.paths.values())
    counted = counted or shape(board, paths)
    lengths = list(map(len, paths))
    inner = sum(lengths) - 2 * len(lengths) + lengths.count(1) + 2 * lengths.count(0)
    if board.geometry.bridges:  # a bridge is one cell; elsewhere nodes are cells
        cell = board.node_cell
        ends = {cell(c) for p in paths if p for c in (p[0], p[-1])}
        cells = [len(set(map(cell, p))) for p in paths]
    else:
        ends = {p[0] for p in paths if p} | {p[-1] for p in paths if p}
        cells = lengths
    frame, on_frame = (0, 0) if board.geometry.wrap else _border_ends(board, ends)
    solids = board.solid_count() if solids is None else solids
    return {
        "straight_share": round((inner - counted.turns) / inner, 4) if inner else 0.0,
        "run_mean": round(counted.steps / counted.runs, 4) if counted.steps else 0.0,
        "jogs": counted.jogs,
        "longest_share": round(max(cells, default=0) / max(1, board.size - solids), 4),
        "border_end_share": round(on_frame / frame, 4) if frame else None,
        "short_share": (round(sum(n <= SHORT_CELLS for n in cells) / len(cells), 4)
                        if cells else 0.0),
    }
