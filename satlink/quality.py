"""Quality statistics of a puzzle and its (unique) solution.

``difficulty`` is the search effort of the uniqueness proof: (SAT decisions + conflicts) per
open cell, counted by whatever :class:`~satlink.method.Method` made that proof (the one
``check``, ``validate`` or ``generate`` was given; by default the binary-edge encoding on
glucose4).  Search that needs few decisions per cell means the solution follows from
propagation, which is what easy puzzles feel like; it is deterministic for a given satlink
version and method, and figures from different methods are not comparable.  On the
mzucker corpus it ranks the 'extreme' levels above the 'regular' ones on average (tested with
the default method).
"""

from __future__ import annotations

from statistics import mean

from satlink.board import Board, Solution
from satlink.verdict import Verdict


def bends(board: Board, solution: Solution) -> int:
    """Number of turns over all paths."""
    w = board.width
    total = 0
    for path in solution.paths.values():
        for a, b, c in zip(path, path[1:], path[2:], strict=False):
            if (b - a) != (c - b) and abs(b - a) in (1, w) and abs(c - b) in (1, w):
                total += 1
    return total


def difficulty(board: Board, verdict: Verdict) -> float:
    cells = max(1, len(board.open_cells()))
    return round((verdict.stats.decisions + verdict.stats.conflicts) / cells, 4)


def quality(board: Board, solution: Solution, verdict: Verdict) -> dict:
    lengths = sorted(len(p) for p in solution.paths.values())
    return {
        "colours": len(board.labels),
        "length_min": lengths[0] if lengths else 0,
        "length_mean": round(mean(lengths), 3) if lengths else 0.0,
        "length_max": lengths[-1] if lengths else 0,
        "lengths": lengths,
        "solids": board.solid_count(),
        "bends": bends(board, solution),
        "difficulty": difficulty(board, verdict),
        "decisions": verdict.stats.decisions,
        "conflicts": verdict.stats.conflicts,
    }
