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

from satlink.board import Board
from satlink.quality.looks import look, shape
from satlink.solution import Solution
from satlink.solver.verdict import Status, Verdict

RENAMED_QUALITY = {"difficulty": "effort"}
"""Quality figures renamed in record version 3 (:mod:`satlink.records`): old name -> new name."""


def bends(board: Board, solution: Solution) -> int:
    """Number of turns over all paths (on a variant: changes of step direction, see
    :meth:`Board.step`; a bridge is crossed straight)."""
    return shape(board, solution.paths.values()).turns


def effort(board: Board, verdict: Verdict, solids: int | None = None) -> float:
    """The solver effort: (decisions + conflicts) per open cell (see the module docstring);
    ``solids``: the board's solid cells, when the caller has counted them."""
    solids = board.solid_count() if solids is None else solids
    cells = max(1, board.size - solids)  # the open cells, without a list of them
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
    paths = solution.paths.values()
    lengths = sorted(map(len, paths))
    solids = board.solid_count()
    counted = shape(board, paths)  # the paths' turns and jogs, counted once for both figures
    figures = {
        "colours": len(board.labels),
        "length_min": lengths[0] if lengths else 0,
        "length_mean": round(_mean(lengths), 3) if lengths else 0.0,
        "length_max": lengths[-1] if lengths else 0,
        "lengths": lengths,
        "solids": solids,
        "bends": counted.turns,
        "effort": effort(board, verdict, solids),
        "decisions": verdict.stats.decisions,
        "conflicts": verdict.stats.conflicts,
        **look(board, solution, counted=counted, solids=solids),
    }
    graded = human_grade(board, verdict) if grade else None
    if graded is not None:
        figures["grade"] = graded
    return figures


def _mean(numbers: list[int]) -> int | float:
    """``statistics.mean`` of whole numbers, without its exact fractions: an int when the
    mean is whole (as ``statistics.mean`` gives it, and records have always written it),
    else the correctly rounded quotient (Python's int division rounds as a fraction does)."""
    total, count = sum(numbers), len(numbers)
    return total // count if total % count == 0 else total / count


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
