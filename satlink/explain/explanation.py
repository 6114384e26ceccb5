"""The explanation of one verdict: a located, proven reason, chosen among those found.

* ``unsolvable``: in this order of preference, (o) where ``fill`` is what makes it impossible,
  the chessboard count (:mod:`satlink.deduce.parity`: the board's two shades cannot be covered
  by its pairs' paths, a proof about the whole board in one sentence; where the board is
  impossible without ``fill`` too, it comes last), (a) the deduction that fails and where
  (:mod:`satlink.explain.trace`: the deduction engine's :class:`~satlink.deduce.Contradiction`
  says what failed), (b) a minimal set of pairs already impossible
  (:mod:`satlink.explain.core`), (c) for a board that only ``fill`` makes impossible, the
  fewest cells that must stay empty and where (:mod:`satlink.explain.empty`, MaxSAT).  Which
  rule is responsible (``fill``, ``notouch``, ``no2x2``, or the pairs themselves) comes from
  solving the board under the profile with one rule left out.
* ``multiple``: the regions the ambiguity lives in and the count up to a bound
  (:mod:`satlink.explain.ambiguity`).
* ``unique``: the solve as a person would do it, step by step (:mod:`satlink.explain.trace`).

Every result is a plain value with an ``as_dict`` JSON form (:data:`EXPLAIN_VERSION`, the
README's "Explanations" section); every step that runs out of the budget says so in
``notes`` and the result holds what it found.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from satlink.board import Board
from satlink.deduce.parity import Imbalance, imbalance
from satlink.explain.ambiguity import Ambiguity, ambiguity
from satlink.explain.core import CHECK_SECONDS, Core, minimal_core
from satlink.explain.empty import MAX_MAXSAT_NODES, EmptyCells, fewest_empty
from satlink.explain.steps import Failure, Trace
from satlink.explain.trace import trace
from satlink.grading import MAX_GRADE_NODES
from satlink.rules import DEFAULT_RULES, Rules, parse_rules
from satlink.runtime.cancel import Cancelled, within
from satlink.solution import Solution
from satlink.solver.check import check, solve
from satlink.solver.method import DEFAULT_METHOD, Method
from satlink.solver.verdict import Status

EXPLAIN_VERSION = 1
"""Version of the JSON form of :class:`Explanation` (and of a hint): bumped when a field
changes meaning or goes away; new fields may appear within a version."""

DEFAULT_BUDGET = 10.0
"""Seconds one explanation may take (the verdict, the trace, the core, the MaxSAT bound)."""
DEFAULT_COUNT = 10
"""Solutions counted for a ``multiple`` board."""

REASONS = ("parity", "deduction", "core", "empty-cells", "ambiguity", "trace", "none")


@dataclass
class Explanation:
    """Why a board has the verdict it has.  ``reason`` names the preferred located reason
    (:data:`REASONS`); the other fields hold every reason found."""

    board: Board = field(repr=False)
    status: str
    rules: Rules
    reason: str = "none"
    responsible: list[str] = field(default_factory=list)
    """Unsolvable boards: the rules that make it so (``fill``, ``notouch``, ``no2x2``: the
    board is solvable with that one left out, or ``fill+notouch`` solvable with either left
    out) or ``pairs`` (impossible with no extra rule at all)."""
    failure: Failure | None = None
    parity: Imbalance | None = None
    """Under ``fill``: a part of the board whose shades its pairs cannot cover."""
    core: Core | None = None
    empty: EmptyCells | None = None
    ambiguity: Ambiguity | None = None
    trace: Trace | None = None
    solution: Solution | None = field(default=None, repr=False)
    notes: list[str] = field(default_factory=list)
    budget_spent: bool = False
    seconds: float = 0.0
    seconds_to_reason: float | None = None
    """Seconds until the preferred reason was known (the benchmark's figure)."""

    @property
    def cells(self) -> list[int]:
        """The cells the preferred reason is about: what a drawing highlights."""
        if self.reason == "deduction" and self.failure is not None:
            return sorted({self.board.node_cell(x) for x in self.failure.cells})
        if self.reason == "parity" and self.parity is not None:
            return self.parity.cells(self.board)
        if self.reason == "core" and self.core is not None:
            return self.core.cells(self.board)
        if self.reason == "empty-cells" and self.empty is not None:
            return list(self.empty.cells)
        if self.reason == "ambiguity" and self.ambiguity is not None:
            return self.ambiguity.cells
        return []

    def sentence(self) -> str:
        """The preferred reason in one plain sentence."""
        if self.reason == "parity" and self.parity is not None:
            return self.parity.sentence()
        if self.reason == "deduction" and self.failure is not None:
            steps = self.failure.after
            lead = f"After {steps} deduction step{'s' if steps != 1 else ''}: " if steps else ""
            return lead + self.failure.sentence
        if self.reason == "core" and self.core is not None:
            return self.core.sentence()
        if self.reason == "empty-cells" and self.empty is not None:
            return self.empty.sentence(self.board)
        if self.reason == "ambiguity" and self.ambiguity is not None:
            return self.ambiguity.sentence()
        if self.reason == "trace" and self.trace is not None:
            if self.trace.complete and self.trace.grade is not None:
                ahead = len(self.trace.lookahead)
                return (f"Solved in {len(self.trace.steps)} steps by a person's techniques; "
                        f"the hardest is {self.trace.grade.technique}" +
                        (f" (look-ahead at step{'s' if ahead > 1 else ''} "
                         f"{', '.join(str(i + 1) for i in self.trace.lookahead[:8])})."
                         if ahead else "."))
            return (f"The deductions stop after {len(self.trace.steps)} steps: the rest needs "
                    "more look-ahead than the grader's depth and budget.")
        if self.status == "unique":
            return "The board has exactly one solution (the steps were not recorded)."
        return "No located reason found within the budget."

    def as_dict(self) -> dict:
        board = self.board
        return {
            "explain_version": EXPLAIN_VERSION,
            "status": self.status,
            "rules": str(self.rules),
            "reason": self.reason,
            "sentence": self.sentence(),
            "cells": board.coords(self.cells),
            "responsible": self.responsible,
            "failure": None if self.failure is None else self.failure.as_dict(board),
            "parity": None if self.parity is None else self.parity.as_dict(board),
            "core": None if self.core is None else self.core.as_dict(board),
            "empty_cells": None if self.empty is None else self.empty.as_dict(board),
            "ambiguity": None if self.ambiguity is None else self.ambiguity.as_dict(board),
            "trace": None if self.trace is None else self.trace.as_dict(board),
            "solution": None if self.solution is None else self.solution.to_coords(board),
            "notes": self.notes,
            "budget_spent": self.budget_spent,
            "seconds": round(self.seconds, 4),
            "seconds_to_reason": None if self.seconds_to_reason is None
            else round(self.seconds_to_reason, 4),
        }


def without(rules: Rules, *names: str) -> Rules:
    """``rules`` with the rules ``names`` left out (``notouch`` implies ``no2x2``'s effect, so
    leaving out notouch leaves no2x2 in only if it was asked for on its own)."""
    return Rules(frozenset(r for r in rules.rules if r not in names))


def explain(board: Board, rules: Rules | str | None = DEFAULT_RULES, *, budget: float = DEFAULT_BUDGET,
            count: int = DEFAULT_COUNT, steps: bool = True,
            method: Method = DEFAULT_METHOD) -> Explanation:
    """Check ``board`` under ``rules`` and explain the verdict within ``budget`` seconds.

    ``count``: solutions counted for a ``multiple`` board (at least 2); ``steps``: record the
    step-by-step solve of a ``unique`` board (the deduction trace of an unsolvable one is
    always recorded: its failure is the preferred reason).
    """
    rules = parse_rules(rules)  # a library entry point: a profile name is welcome here
    start = time.monotonic()
    deadline = start + budget
    verdict = check(board, rules, count=max(2, count), timeout=budget, method=method)
    out = Explanation(board, str(verdict.status), rules)

    def left() -> float:
        return max(0.0, deadline - time.monotonic())

    def found() -> None:
        if out.seconds_to_reason is None:
            out.seconds_to_reason = time.monotonic() - start

    if verdict.status == Status.TIMEOUT:
        out.budget_spent = True
        out.notes.append(f"the verdict itself took more than the budget ({budget:g} s)")
    elif verdict.status == Status.UNIQUE:
        out.solution = verdict.solutions[0]
        if steps and board.n_nodes > MAX_GRADE_NODES:
            # the grader's bound: its trace has no deadline, and on long boards it would run
            # seconds past any budget (a 1x10000 board, for one)
            out.notes.append(f"the step-by-step trace is left out on boards of more than "
                             f"{MAX_GRADE_NODES} nodes (the grader's bound)")
        elif steps:
            out.trace = trace(board, rules)
            out.reason = "trace"
            found()
    elif verdict.status == Status.MULTIPLE:
        out.ambiguity = ambiguity(board, verdict)
        out.reason = "ambiguity"
        found()
        if verdict.timed_out:
            out.budget_spent = True
            out.notes.append("counting stopped at the budget: the count is a lower bound")
    else:
        _unsolvable(out, board, rules, deadline, left, found, method)
    out.seconds = time.monotonic() - start
    return out


def _unsolvable(out: Explanation, board: Board, rules: Rules, deadline: float, left, found,
                method: Method) -> None:
    if rules.fill:
        out.parity = imbalance(board)
        if out.parity is not None and out.parity.cells(board):  # (else nothing to point at)
            out.reason = "parity"
            found()
    try:
        with within(left()):  # the grader's passes and the steps look at the budget's token
            out.trace = trace(board, rules)
    except Cancelled:
        _spent(out, "the step-by-step trace")
    out.failure = out.trace.failure if out.trace is not None else None
    if out.failure is not None and out.reason == "none":
        out.reason = "deduction"
        found()
    elif out.trace is not None and out.reason == "none":
        out.notes.append("the deductions (look-ahead to depth 2) find no contradiction: the "
                         "reason needs search")

    def solvable(profile: Rules) -> bool | None:
        verdict = solve(board, profile, timeout=left(), method=method)
        if verdict.status == Status.TIMEOUT:
            return None
        return verdict.status == Status.SOLVED

    loose = without(rules, "fill")
    fill_alone = None
    if rules.fill:
        fill_alone = solvable(loose)
        if fill_alone is None:
            _spent(out, "the check without fill")
            return
    if fill_alone:
        out.responsible = ["fill"]
        if rules.notouch:
            free = solvable(without(rules, "notouch", "no2x2"))
            if free is None:
                _spent(out, "the check without notouch")
            elif free:
                out.responsible = ["fill+notouch"]
        if board.n_nodes > MAX_MAXSAT_NODES:
            out.notes.append(f"the fewest empty cells are not counted on boards of more than "
                             f"{MAX_MAXSAT_NODES} nodes")
        elif left() <= 0:
            _spent(out, "the fewest empty cells")
        else:
            out.empty = fewest_empty(board, loose, deadline)
            if out.empty is not None and not out.empty.exact:
                _spent(out, "the fewest empty cells (a lower bound is given)")
            if out.reason == "none" and out.empty is not None and out.empty.exact:
                out.reason = "empty-cells"
                found()
        return
    bare = Rules(frozenset())
    pairs_alone = solvable(bare) is False if loose != bare else True
    profile = bare if pairs_alone else loose
    out.responsible = ["pairs"] if pairs_alone else sorted(loose.rules)
    if out.reason == "parity":  # impossible without fill too: what does not need it comes first
        out.reason = "deduction" if out.failure is not None else "none"
        if out.failure is None and out.trace is not None:
            out.notes.append("the deductions (look-ahead to depth 2) find no contradiction: the "
                             "reason needs search")
    blamed = []
    if out.failure is not None and out.failure.label is not None:
        blamed = [out.failure.label]
    out.core = minimal_core(board, profile, first=blamed, deadline=deadline, method=method)
    if out.core is not None and not out.core.minimal:
        unproven = [c.without for c in out.core.checks if c.status != "solvable"]
        out.notes.append(f"the core is impossible, but leaving out {', '.join(unproven)} was "
                         f"not decided within the time a check may take ({CHECK_SECONDS:g} s) "
                         "or the budget: it may not be minimal")
    if out.reason == "none" and out.core is not None:
        out.reason = "core"
        found()
    if out.reason == "none" and out.parity is not None and out.parity.cells(board):
        out.reason = "parity"


def _spent(out: Explanation, what: str) -> None:
    out.budget_spent = True
    out.notes.append(f"budget spent during {what}")


__all__ = ["DEFAULT_BUDGET", "DEFAULT_COUNT", "EXPLAIN_VERSION", "REASONS", "Explanation", "explain",
           "without"]
