"""The human grader: a puzzle graded by the deductions a person needs.

The grader solves the board the way a person does, always with the simplest technique that
makes progress, and reports the hardest one it needed.  Techniques, by level:

===== ============== ==========================================================================
level technique      what it deduces
===== ============== ==========================================================================
1     forced         an endpoint or path end with one way out, a cell with exactly two ways
                     left, no path joining two colours or closing a loop (forced moves)
2     corner         the cell inside a path's bend stays off it (the staircase in a corner)
3     notouch        no-touch and no-2x2 implications: a move that would run a path beside
                     itself, neighbours of one colour joined, a colour kept off a closed side
4     region         a colour cannot reach a cell; a region no colour can reach is impossible
5     bottleneck     a cell or edge every route of a colour crosses; a pocket it cannot leave
6..8  lookahead-N    a move out of a path end whose consequences (techniques 1-4 and
                     look-ahead N-1) contradict: the move is wrong
9     unsolved       not solved within the look-ahead depth and budget
===== ============== ==========================================================================

Bands: ``easy`` (levels 1-3), ``medium`` (4-5): both solved completely without search;
``hard`` (look-ahead, or unsolved within the bounds).  The engine
(:mod:`satlink.deduce`) works on the board graph, so every geometry is graded.

The ``score`` orders puzzles on one scale: ``level - 1 + n / (n + 4)`` where ``n`` is how many
times the hardest technique was needed, so a level-L puzzle scores in (L-1, L) and, within a
level, the more often a person must reach for the hardest technique the harder the puzzle
(four times is half way); an unsolved board scores ``8 + `` the share left unsolved.  On the
mzucker corpus this orders the packs better than the share of the board left when the
hardest technique was first needed (``benchmarks/difficulty.py``).  Everything is counted,
nothing timed: the grade is deterministic.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

from satlink.board import Board
from satlink.deduce import BudgetSpent, Contradiction, Puzzle
from satlink.deduce.engines import Engine, engine
from satlink.deduce.lookahead import LookaheadBudget
from satlink.rules import DEFAULT_RULES, Rules, parse_rules
from satlink.solution import Solution

TECHNIQUES = ("forced", "corner", "notouch", "region", "bottleneck",
              "lookahead-1", "lookahead-2", "lookahead-3", "unsolved")
LEVEL = {name: i for i, name in enumerate(TECHNIQUES, start=1)}
LOOKAHEAD = LEVEL["lookahead-1"]
UNSOLVED = LEVEL["unsolved"]
BANDS = {"easy": (1, LEVEL["notouch"]), "medium": (LEVEL["region"], LEVEL["bottleneck"]),
         "hard": (LOOKAHEAD, UNSOLVED)}
HALF_WAY = 4
"""Uses of the hardest technique that put a puzzle half way through its level's score."""
DEFAULT_DEPTH = 2
DEFAULT_BUDGET = 4000
"""Hypotheses the look-ahead may try on one board (a count, so the grade is deterministic)."""
MAX_GRADE_NODES = 400
"""Boards with more graph nodes (20x20) are not graded by :func:`satlink.quality.figures.quality`
(nor targeted by ``generate --grade``): the look-ahead's cost grows with the board and
its colours (seconds on the 40x20 corpus boards, under a second on a 14x14 Flow Free level:
``benchmarks/README.md``, "Figures behind the code"), and Flow Free levels stay within it.
:func:`grade` itself takes any board."""

_PASSES = ("corner", "notouch", "region", "bottleneck")
"""The techniques past the forced moves, in level order (level 2 first)."""


class Recorder(Protocol):
    """What :func:`grade` tells an observer (:mod:`satlink.explain` records the solve step by
    step); without one the grader does no extra work.  ``begin`` makes the state the grader
    works on (a recording one: ``engine.state(puzzle, recording=True)``), ``trying`` names the
    technique about to run, ``step`` follows each one that made progress, ``refuted`` each
    look-ahead move that led to a contradiction (the edge or node tried and why it failed)."""

    def begin(self, puzzle: Puzzle, engine: Engine) -> Any: ...

    def trying(self, technique: str) -> None: ...

    def step(self, technique: str) -> None: ...

    def refuted(self, tried: tuple[str, int, int], why: Contradiction) -> None: ...


def band_of(level: int) -> str:
    return next(name for name, (lo, hi) in BANDS.items() if lo <= level <= hi)


@dataclass
class Grade:
    """The hardest technique a puzzle needed, and how the solving went."""

    technique: str
    level: int
    score: float
    steps: int
    solved: float
    """Share of the board's nodes solved at the end (1.0 unless ``unsolved``)."""
    techniques: dict[str, int] = field(default_factory=dict)
    """Steps per technique (a step: one application that made progress)."""
    shares: dict[str, float] = field(default_factory=dict)
    """Share of the board solved with the techniques up to each band (``forced``: forced
    moves alone, the measure of the Flow Free issue)."""
    hypotheses: int = 0
    solution: Solution | None = field(default=None, repr=False, compare=False)
    """The solution reached (None unless ``solved`` is complete)."""

    @property
    def band(self) -> str:
        return band_of(self.level)

    def as_dict(self) -> dict:
        return {"technique": self.technique, "level": self.level, "band": self.band,
                "score": self.score, "steps": self.steps, "solved": self.solved,
                "techniques": dict(self.techniques), "shares": dict(self.shares),
                "hypotheses": self.hypotheses}


def grade(board: Board, rules: Rules | str | None = DEFAULT_RULES, *, max_level: int = UNSOLVED,
          depth: int = DEFAULT_DEPTH, budget: int = DEFAULT_BUDGET,
          recorder: Recorder | None = None, using: Engine | None = None) -> Grade:
    """Grade ``board`` under ``rules`` by the techniques a person needs to solve it.

    ``max_level`` limits the techniques (1: forced moves only); ``depth`` the look-ahead
    (at most 3); ``budget`` the hypotheses it may try; ``recorder`` is told every step
    (:class:`Recorder`); ``using`` the deduction engine (default:
    :func:`satlink.deduce.engines.engine`; both give the same grade).  A board that is not unique ends
    ``unsolved`` (sound deductions never choose between two solutions); one with no
    solution raises :class:`Contradiction`.
    """
    rules = parse_rules(rules)  # a library entry point: a profile name is welcome here
    depth = max(0, min(depth, UNSOLVED - LOOKAHEAD, max_level - LOOKAHEAD + 1))
    eng = using or engine()
    p = Puzzle(board, rules)
    st = eng.state(p) if recorder is None else recorder.begin(p, eng)
    total = max(1, len(p.nodes))
    search = LookaheadBudget(budget, refuted=None if recorder is None else recorder.refuted)
    steps = {name: 0 for name in TECHNIQUES[:-1]}
    hardest = 1

    def used(level: int, count: int) -> None:
        nonlocal hardest
        if count:
            steps[TECHNIQUES[level - 1]] += count
            if recorder is not None:
                recorder.step(TECHNIQUES[level - 1])
        hardest = max(hardest, level)

    def solved_share() -> float:
        return round(st.solved_nodes() / total, 4)

    shares: dict[int, float] = {}  # level -> share solved by the techniques up to it

    def fixpoint(level: int) -> None:
        if level not in shares:
            shares[level] = solved_share()

    if recorder is not None:
        recorder.trying("forced")
    used(1, eng.run(st, "forced"))
    passes = [(level, t) for level, t in enumerate(_PASSES, start=2) if level <= max_level]
    try:
        while not eng.finished(st):
            for level, technique in passes:
                fixpoint(level - 1)
                if recorder is not None:
                    recorder.trying(TECHNIQUES[level - 1])
                count = eng.run(st, technique)
                if count:
                    used(level, count)
                    if recorder is not None:
                        recorder.trying("forced")
                    used(1, eng.run(st, "forced"))
                    break
            else:
                progressed = False
                for d in range(1, depth + 1):
                    fixpoint(LOOKAHEAD + d - 2)
                    if recorder is not None:
                        recorder.trying(TECHNIQUES[LOOKAHEAD + d - 2])
                    if eng.lookahead(st, d, search):
                        used(LOOKAHEAD + d - 1, 1)
                        if recorder is not None:
                            recorder.trying("forced")
                        used(1, eng.run(st, "forced"))
                        progressed = True
                        break
                if not progressed:
                    break
    except BudgetSpent:
        pass
    complete = st.complete()
    if not complete:
        used(UNSOLVED, 0)
    for level in range(1, UNSOLVED):
        fixpoint(level)
    if complete:
        needed = steps[TECHNIQUES[hardest - 1]]
        within = needed / (needed + HALF_WAY)
    else:
        within = 1 - solved_share()
    band_shares = {"forced": shares[1], "easy": shares[BANDS["easy"][1]],
                   "medium": shares[BANDS["medium"][1]], "hard": solved_share()}
    return Grade(
        technique=TECHNIQUES[hardest - 1],
        level=hardest,
        score=round(hardest - 1 + within, 4),
        steps=sum(steps.values()),
        solved=solved_share(),
        techniques={k: v for k, v in steps.items() if v},
        shares=band_shares,
        hypotheses=search.tried,
        solution=st.solution() if complete else None,
    )


__all__ = ["BANDS", "DEFAULT_BUDGET", "DEFAULT_DEPTH", "LEVEL", "LOOKAHEAD", "MAX_GRADE_NODES",
           "TECHNIQUES", "UNSOLVED", "BudgetSpent", "Contradiction", "Grade", "Recorder", "band_of",
           "grade"]
