"""Bounded look-ahead: try a move, deduce its consequences, and close it if they contradict.

A move is a way out of a path end (an undecided edge turned on) or, without ``fill``, an
undecided cell left empty or put on a path.  Its consequences are the techniques 1-4 of
:mod:`satlink.grading` (the bottleneck analysis is left out of hypotheses: it costs a search
per colour and rarely decides one) and look-ahead one level shallower.  A move whose
consequences contradict cannot be part of any solution, so its opposite is a sound deduction:
this is the grader's "look-ahead" technique, and the presolve's last resort before SAT.

Hypotheses are counted against a budget, not timed, so a grade is deterministic.  This module
is the reference: it tries each hypothesis on a copy of the state.  The compiled engine tries
it on the state itself and undoes it from the state's trail (an undo log of every write), and
runs :func:`settle`'s loop in one call; both make the same deductions in the same order.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple, Protocol

from satlink.deduce.local import finished
from satlink.deduce.passes import fixpoint, passes_named
from satlink.deduce.puzzle import BudgetSpent, Contradiction
from satlink.deduce.state import State

TRIAL_PASSES = ("corner", "notouch", "region")
"""What a hypothesis is deduced with, after the forced moves."""

Refuted = Callable[[tuple[str, int, int], Contradiction], None]
"""Told each refuted move: ``("edge", e, x)`` (edge ``e`` out of ``x``), ``("empty", x, -1)``
or ``("used", x, -1)``, and the contradiction it ran into."""


@dataclass
class LookaheadBudget:
    """One look-ahead's bounds (hypotheses, deadline, the passes each is deduced with) and how
    many hypotheses it has tried so far, shared by every level of the look-ahead."""

    budget: int
    tried: int = 0
    refuted: Refuted | None = None
    deadline: float | None = None
    passes: Sequence[str] = TRIAL_PASSES
    resume: bool = False
    """:func:`settle` only: each look-ahead after a refuted move begins with the move at the
    refuted one's place in the list of moves rather than with the first, so the moves tried
    in vain before it are not all tried again (the same deductions once no move is refuted,
    fewer hypotheses on the way; the grader keeps the plain order)."""


def closure(st: State, depth: int, search: LookaheadBudget) -> None:
    """Everything the trial passes (and look-ahead below ``depth``) deduce; raises
    :class:`Contradiction` when the state is impossible."""
    passes = passes_named(search.passes)
    while True:
        fixpoint(st, passes, search.deadline)
        if finished(st) or depth <= 0 or not lookahead(st, depth, search):
            return


Move = tuple[str, int, int]


def lookahead(st: State, depth: int, search: LookaheadBudget) -> int:
    """Try each way out of each path end; one that leads to a contradiction is closed.
    Returns 1 after the first such deduction, 0 if there is none; raises
    :class:`BudgetSpent` when the budget runs out first."""
    return 0 if _refute(st, depth, search, 0) is None else 1


def _moves(st: State) -> list[Move]:
    """The moves look-ahead tries, in order: each undecided edge out of each path end
    (``heads``), then without fill each undecided cell left empty, then put on a path."""
    p, es = st.p, st.es
    moves = [("edge", e, x) for x in st.heads() for e, _ in p.inc[x] if not es[e]]
    if p.unused:
        moves += [(kind, x, -1) for x in p.nodes if st.need(x) < 0 for kind in ("empty", "used")]
    return moves


def _refute(st: State, depth: int, search: LookaheadBudget, start: int) -> int | None:
    """Try the moves from the one at ``start`` round to the one before it; close the first
    that contradicts and return its place, or None."""
    p = st.p
    moves = _moves(st)
    for j in range(len(moves)):
        at = (start + j) % len(moves)
        kind, a, b = moves[at]
        if search.tried >= search.budget:
            raise BudgetSpent
        search.tried += 1
        trial = st.copy()
        try:
            if kind == "edge":
                trial.set_on(a)
            else:
                trial.restrict(a, p.unused if kind == "empty" else ~p.unused)
            closure(trial, depth - 1, search)
        except Contradiction as why:
            if search.refuted is not None:
                search.refuted(moves[at], why)
            if kind == "edge":
                st.set_off(a)
            else:
                st.restrict(a, ~p.unused if kind == "empty" else p.unused)
            return at
    return None


def settle(st: State, passes: Sequence[str], search: LookaheadBudget, depth: int = 1) -> bool:
    """Look-ahead at ``depth`` and the fixpoint of ``passes`` after each move it refutes, until
    the board is finished, no move is refuted, or the budget is spent; whether it is finished.
    (The compiled engine runs the same loop in one call.)"""
    techniques = passes_named(passes)
    start = 0
    try:
        while (at := _refute(st, depth, search, start)) is not None:
            start = at if search.resume else 0
            fixpoint(st, techniques, search.deadline)
            if finished(st):
                return True
    except BudgetSpent:
        pass
    return finished(st)


class Settling(Protocol):
    """What :func:`settle_deferring` asks of an engine (either of satlink.deduce.engines')."""

    def settle(self, st: Any, passes: Sequence[str], search: LookaheadBudget) -> bool: ...
    def run(self, st: Any, technique: str) -> int: ...
    def fixpoint(self, st: Any, passes: Sequence[str], deadline: float | None = None) -> None: ...
    def finished(self, st: Any) -> bool: ...


DEFERRED_PASSES = ("bottleneck",)
"""What :func:`settle_deferring` runs only once look-ahead refutes nothing more."""


def settle_deferring(eng: Settling, st: Any, passes: Sequence[str], search: LookaheadBudget,
                     deferred: Sequence[str] = DEFERRED_PASSES) -> bool:
    """:func:`settle` with ``eng``, the ``deferred`` passes of ``passes`` run only when the
    look-ahead refutes no move more (or its budget is spent), and the look-ahead run again
    when they deduce something; whether the board is finished.

    Why: a refuted move is followed by the fixpoint of every pass, and ``bottleneck`` (a
    search per colour whose graph changed, and a refuted move changes most) cost more there
    than the hypotheses themselves, while what it would deduce between two refuted moves is
    mostly refuted by the next hypotheses anyway.  The end is the same state (a fixpoint of
    every pass at which no move is refuted; the passes and refutations only ever decide
    more), reached in about as many hypotheses; the order of the refutations differs, so
    this is presolve's loop, not the grader's."""
    sooner = [t for t in passes if t not in deferred]
    later = [t for t in passes if t in deferred]
    while not eng.settle(st, sooner, search):
        progressed = any(eng.run(st, t) for t in later)
        if progressed:
            eng.fixpoint(st, passes, search.deadline)
            if eng.finished(st):
                return True
        if not progressed or search.tried >= search.budget:
            return eng.finished(st)
    return True


class Staged(NamedTuple):
    """What :func:`first_stages` did."""

    stage: str
    """The stage reached: ``fixpoint`` or ``lookahead``."""
    finished: bool
    """The board is finished: every edge decided."""
    contradiction: bool
    """A contradiction ended the stages (the board has no solution)."""


def one_deadline(deadline: float | None, search: LookaheadBudget) -> None:
    """Refuse a ``deadline`` beside a look-ahead budget that holds another one: the stages
    keep the budget's, so a second, different one would be silently ignored."""
    if deadline is not None and deadline != search.deadline:
        raise ValueError("first_stages: the deadline differs from the look-ahead budget's; "
                         "give it to the budget")


def first_stages(eng: Settling, st: Any, passes: Sequence[str], search: LookaheadBudget) -> Staged:
    """Presolve's first stages: the fixpoint of ``passes``, then, unless the board is finished
    or ``search.budget`` is 0, :func:`settle_deferring`; a contradiction is returned, not
    raised.  The reference of the compiled engine's one call (the same stages through its
    single passes, a call each)."""
    stage = "fixpoint"
    try:
        eng.fixpoint(st, passes, search.deadline)
        finished = eng.finished(st)
        if not finished and search.budget:
            stage = "lookahead"
            finished = settle_deferring(eng, st, passes, search)
    except Contradiction:
        return Staged(stage, False, True)
    return Staged(stage, finished, False)


__all__ = ["DEFERRED_PASSES", "TRIAL_PASSES", "LookaheadBudget", "Staged", "closure",
           "first_stages", "lookahead", "one_deadline", "settle", "settle_deferring"]
