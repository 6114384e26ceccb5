"""Quality statistics of a puzzle and its (unique) solution.

``effort`` (named ``difficulty`` before record version 3) is the search effort of the
uniqueness proof: (SAT decisions + conflicts) per open cell, counted by whatever
:class:`~satlink.solver.method.Method` made that proof (the one ``check``, ``validate`` or
``generate`` was given; by default the binary-edge encoding on glucose4).  Search that needs
few decisions per cell means the solution follows from propagation, which is what easy
puzzles feel like (a board the forced moves of :mod:`satlink.solver.presolve` decide needs no
search at all and scores 0); it is deterministic for a given satlink version and method, and
figures from different methods are not comparable.  On the
mzucker corpus it ranks the 'extreme' levels above the 'regular' ones on average (tested with
the default method).

``grade`` is the second, backend-independent figure: the techniques a person needs
(:mod:`satlink.grading`), given for unique boards of up to
:data:`satlink.grading.MAX_GRADE_NODES` nodes.
"""

from __future__ import annotations

from statistics import mean

from satlink.board import Board
from satlink.quality.looks import LONG_PATH, look
from satlink.solution import Solution
from satlink.solver.verdict import Status, Verdict

RENAMED_QUALITY = {"difficulty": "effort"}
"""Quality figures renamed in record version 3 (:mod:`satlink.records`): old name -> new name."""


def bends(board: Board, solution: Solution) -> int:
    """Number of turns over all paths (on a variant: changes of step direction, see
    :meth:`Board.step`; a bridge is crossed straight)."""
    w = board.width
    total = 0
    if not board.geometry.is_plain:
        for path in solution.paths.values():
            steps = [board.step(a, b) for a, b in zip(path, path[1:], strict=False)]
            total += sum(s != t for s, t in zip(steps, steps[1:], strict=False))
        return total
    for path in solution.paths.values():
        if len(path) >= LONG_PATH:  # as arrays: a million-cell path
            import numpy as np

            steps = np.diff(np.asarray(path, dtype=np.int64))
            straight = np.isin(np.abs(steps), (1, w))
            total += int(np.count_nonzero((steps[1:] != steps[:-1]) & straight[1:] & straight[:-1]))
            continue
        for a, b, c in zip(path, path[1:], path[2:], strict=False):
            if (b - a) != (c - b) and abs(b - a) in (1, w) and abs(c - b) in (1, w):
                total += 1
    return total


def effort(board: Board, verdict: Verdict) -> float:
    """The solver effort: (decisions + conflicts) per open cell (see the module docstring)."""
    cells = max(1, board.size - board.solid_count())  # the open cells, without a list of them
    return round((verdict.stats.decisions + verdict.stats.conflicts) / cells, 4)


def human_grade(board: Board, verdict: Verdict) -> dict | None:
    """The grade of a unique board (:meth:`satlink.grading.Grade.as_dict`), or None for
    other verdicts and boards larger than :data:`satlink.grading.MAX_GRADE_NODES`."""
    from satlink.grading import MAX_GRADE_NODES, Contradiction, grade

    if verdict.status != Status.UNIQUE or board.n_nodes > MAX_GRADE_NODES:
        return None
    try:
        return grade(board, verdict.rules).as_dict()
    except Contradiction:  # cannot happen on a board with a solution; never hide the rest
        return None


def quality(board: Board, solution: Solution, verdict: Verdict, *, grade: bool = False) -> dict:
    """The figures of a solved board; ``grade``: with the human grade, which runs the
    deductions again and on a hard 14x14 level costs ten times the uniqueness proof, so it
    is computed only when asked for (``validate``, saved catalogues, ``check --grade``)."""
    lengths = sorted(len(p) for p in solution.paths.values())
    figures = {
        "colours": len(board.labels),
        "length_min": lengths[0] if lengths else 0,
        "length_mean": round(mean(lengths), 3) if lengths else 0.0,
        "length_max": lengths[-1] if lengths else 0,
        "lengths": lengths,
        "solids": board.solid_count(),
        "bends": bends(board, solution),
        "effort": effort(board, verdict),
        "decisions": verdict.stats.decisions,
        "conflicts": verdict.stats.conflicts,
        **look(board, solution),
    }
    graded = human_grade(board, verdict) if grade else None
    if graded is not None:
        figures["grade"] = graded
    return figures


def upgrade_quality(figures: dict) -> dict:
    """Quality figures of any version under today's names (in the same order; ``figures``
    itself is not changed).  A figure already under its new name is kept as it is."""
    if not any(old in figures for old in RENAMED_QUALITY):
        return figures
    out = {}
    for name, value in figures.items():
        new = RENAMED_QUALITY.get(name)
        if new is None:
            out[name] = value
        elif new not in figures:
            out[new] = value
    return out
