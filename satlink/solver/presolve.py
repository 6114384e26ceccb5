"""Forced moves before SAT: decide what the rules force, and often the whole board.

Forced moves are where a fast NumberLink solver's speed comes from; the deduction engine
(:mod:`satlink.deduce`, which the human grader uses too) makes them on the board graph, each a
sound consequence of the rule profile.  Run before the CNF is built they give one of four
outcomes:

* **solved**: every edge is decided.  Every solution agrees with every deduction, so the
  decided edge set is the only candidate; the independent referee
  (:func:`satlink.referee.solution_errors`) then proves it is a solution, and the board is
  ``unique`` with no SAT call at all.  (Should the referee ever refuse it, SAT decides the
  board with none of the deductions: a bug in the engine must cost time, never a verdict.)
* **contradiction**: the deductions reach an impossible state, so the board has no solution.
* **skipped**: the board is larger than :data:`MAX_NODES` (or the referee refused the forced
  solution); SAT alone decides it.
* **partial**: the decided edges are handed to the SAT solver as unit clauses.  They are
  implied by the rules, so no solution is lost, and cuts and blocking clauses stay valid.

Which deductions run is a trade of time against reach, measured in ``benchmarks/perf.py``
(see ``benchmarks/README.md``): the local ones (a node with as many ways left as it needs,
no joining two colours or closing a loop, the corner staircase, no-touch) cost about as much
as reading the board; the global ones (``region``: a colour cannot reach a node; the
``bottleneck`` analysis) cost a graph search per colour, so they run only on boards with few
enough colours x nodes, where a search is cheap.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from satlink.board import Board
from satlink.deduce import (
    ON,
    Contradiction,
    OutOfTime,
    Puzzle,
    State,
    bottleneck,
    corner,
    finished,
    fixpoint,
    notouch,
    region,
)
from satlink.graph import edge_literal
from satlink.referee import solution_errors
from satlink.rules import Rules
from satlink.solution import Solution

SOLVED, CONTRADICTION, PARTIAL, SKIPPED = "solved", "contradiction", "partial", "skipped"

MAX_NODES = 400
"""Boards with more graph nodes than this (20x20, the grader's bound too) go straight to SAT:
the forced moves decide most hand-made boards up to about 15x15 and few larger ones, and
where they do not decide a board they cost part of its proof without shortening the search
(the corpus figures: ``benchmarks/README.md``, "Figures behind the code").  The engine is
linear since issue 24, and with one case split it decides the 1002x1002 boards of inputs6,
but in 2-3x the SAT route's time (``benchmarks/forced_probe.py``; "Issue 24" in that file)."""

GLOBAL_WORK_LIMIT = 2_500
"""Colours x nodes above which the global passes (region, bottleneck) are skipped.  Each is a
graph search per colour; they complete a board that the local passes leave open mostly when
it has few colours, and on larger boards with many colours they cost a large share of the
SAT proof without completing it (``benchmarks/README.md``, "Figures behind the code")."""


PresolveTimeout = OutOfTime
"""The deadline passed during the deductions."""

@dataclass
class Presolved:
    """What the forced moves decided about a board."""

    outcome: str
    """``solved``, ``contradiction``, ``partial`` or ``skipped``."""
    solution: Solution | None = None
    """The forced solution (``solved`` only), already checked by the validator."""
    units: list[int] = field(default_factory=list)
    """Decided edges as unit literals over the encodings' edge variables
    (:func:`satlink.graph.edge_literal`)."""
    decided: int = 0
    """Edges decided (on or off)."""
    states: bytes = b""
    """Every edge's state (``partial`` only): 0 undecided, ``ON`` or ``OFF``, indexed like
    ``board.edges``; what :mod:`satlink.solver.pieces` splits the board by."""
    seconds: float = 0.0


def presolve(board: Board, rules: Rules, deadline: float | None = None) -> Presolved:
    """Make every forced move the engine knows on ``board`` under ``rules``.

    ``deadline`` (a ``time.monotonic()`` value) is checked between passes; past it,
    :class:`PresolveTimeout` is raised.
    """
    start = time.perf_counter()
    if deadline is not None and time.monotonic() > deadline:
        raise PresolveTimeout
    if board.n_nodes > MAX_NODES:
        return Presolved(SKIPPED)
    puzzle = Puzzle(board, rules)
    state = State(puzzle)
    passes = [corner, notouch]
    if len(puzzle.labels) * len(puzzle.nodes) <= GLOBAL_WORK_LIMIT:
        passes += [region, bottleneck]
    try:
        fixpoint(state, passes, deadline)
        complete = finished(state)
    except Contradiction:
        return Presolved(CONTRADICTION, decided=len(puzzle.edges),
                         seconds=time.perf_counter() - start)
    es = state.es
    if complete:
        solution = state.solution()
        if not solution_errors(board, solution, rules):
            return Presolved(SOLVED, solution=solution, decided=len(es),
                             seconds=time.perf_counter() - start)
        # the engine's deductions led to a non-solution: none of them can be trusted, so
        # SAT decides the board alone (units would pin it to this very edge set)
        return Presolved(SKIPPED, seconds=time.perf_counter() - start)
    units = [edge_literal(e, s == ON) for e, s in enumerate(es) if s]
    return Presolved(PARTIAL, units=units, decided=len(units), states=bytes(es),
                     seconds=time.perf_counter() - start)


__all__ = ["CONTRADICTION", "GLOBAL_WORK_LIMIT", "MAX_NODES", "PARTIAL", "SKIPPED", "SOLVED", "Presolved",
           "PresolveTimeout", "presolve"]
