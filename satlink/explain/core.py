"""A minimal set of clues that is already impossible, shrunk by the solver.

The clue groups are the endpoint pairs.  Leaving a pair out means erasing its two endpoints:
its cells become free cells, which (without ``fill``) may stay empty.  Without ``fill``,
leaving pairs out only relaxes a board, so the impossible subsets are closed upwards and a
deletion shrink finds a *minimal* one: a core whose members each, left out, make the rest
solvable.  (Under ``fill`` leaving a pair out can make a board harder, so the core is
searched under the profile without ``fill``, and :func:`satlink.explain.explain` sends a
board that only ``fill`` makes impossible to :mod:`satlink.explain.empty` instead.)

The shrink runs twice.  First with the deduction engine alone (the grader's techniques and a
short look-ahead, milliseconds a board): a pair is left out while the deductions still find
the rest impossible, which is a proof, since every deduction is sound.  Then with the solver
over the few pairs left: a pair stays only if the rest without it has a solution.  (With the
solver alone each check of a large sub-board without ``fill`` is a real SAT search, seconds
on a 10x10 draft; the deductions bring the solver's part down to a few small checks.)

Each solver check is an ordinary :func:`satlink.solver.check.solve` of the sub-board (the
forced moves, then SAT), so every claim in the result is a board anyone can re-check with
``satlink solve``; a selector literal per pair inside one CNF would save the re-encoding but
make each check harder to state and to re-check.  Every member's check is run again on the
final core and stated, with the witness solution.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from satlink.board import EMPTY, Board
from satlink.deduce import Contradiction
from satlink.grading import grade
from satlink.referee import solution_errors
from satlink.rules import Rules
from satlink.solution import Solution
from satlink.solver.check import solve
from satlink.solver.method import DEFAULT_METHOD, Method
from satlink.solver.verdict import Status


@dataclass
class CoreCheck:
    """The core without one member: ``solvable`` (with a witness), or ``timeout``."""

    without: str
    status: str
    solution: Solution | None = field(default=None, repr=False)

    def as_dict(self, board: Board) -> dict:
        return {"without": self.without, "status": self.status,
                "solution": None if self.solution is None else self.solution.to_coords(board)}


@dataclass
class Core:
    """Pairs that admit no solution under ``rules`` even with every other endpoint erased."""

    labels: list[str]
    rules: Rules
    checks: list[CoreCheck]
    minimal: bool
    """Every member's check came back solvable (False: the budget ran out first)."""
    solves: int = 0

    def cells(self, board: Board) -> list[int]:
        return [x for label in self.labels for x in board.endpoints[label]]

    def sentence(self) -> str:
        pairs = ", ".join(self.labels)
        many = len(self.labels) > 1
        text = (f"The pair{'s' if many else ''} {pairs} cannot all be joined under "
                f"'{self.rules.name}' even with every other endpoint erased"
                if many else f"Pair {pairs} cannot be joined under '{self.rules.name}' even "
                             "with every other endpoint erased")
        if self.minimal and many:
            text += "; leaving out any one of them makes the rest solvable"
        return text + "."

    def as_dict(self, board: Board) -> dict:
        return {"labels": self.labels, "rules": str(self.rules),
                "cells": board.coords(self.cells(board)), "minimal": self.minimal,
                "sentence": self.sentence(), "solves": self.solves,
                "checks": [c.as_dict(board) for c in self.checks]}


def keep_only(board: Board, labels: Sequence[str]) -> Board:
    """``board`` with the endpoints of every other label erased."""
    keep = set(labels)
    rows = ["".join(ch if ch in keep or board.label_at(r * board.width + c) is None else EMPTY
                    for c, ch in enumerate(row)) for r, row in enumerate(board.rows)]
    return board.with_rows(rows)


CHECK_SECONDS = 1.0
"""Seconds one solver check of the shrink may take.  Some sub-boards are impossible for a
reason SAT finds hard (pairs that would have to cross, around the border: a parity argument),
and one such check can take minutes; past this the pair stays in the core, unproven, and the
shrink goes on with the next one."""


def _status(board: Board, rules: Rules, deadline: float | None,
            method: Method) -> tuple[str, Solution | None]:
    left = CHECK_SECONDS if deadline is None else min(CHECK_SECONDS,
                                                      max(0.0, deadline - time.monotonic()))
    verdict = solve(board, rules, timeout=left, method=method)
    if verdict.status == Status.SOLVED:
        return "solvable", verdict.solutions[0]
    return ("unsolvable", None) if verdict.status == Status.UNSOLVABLE else ("timeout", None)


def deduced_impossible(board: Board, rules: Rules) -> bool:
    """Whether the deductions (look-ahead 1, a small budget) prove ``board`` has no solution."""
    try:
        grade(board, rules, depth=1, budget=DEDUCTION_BUDGET)
    except Contradiction:
        return True
    return False


DEDUCTION_BUDGET = 200
"""Look-ahead hypotheses per deduction check of the first shrink."""


def minimal_core(board: Board, rules: Rules, *, first: Sequence[str] = (),
                 deadline: float | None = None, method: Method = DEFAULT_METHOD) -> Core | None:
    """A minimal impossible set of pairs of ``board`` (which must have no solution under
    ``rules``, a profile without ``fill``), or None if ``board`` is solvable after all.

    ``first``: labels to try to keep (those a deduction already blamed); the others are left
    out first, so the core tends to be the pairs near the failure.  Past ``deadline`` the
    shrink stops, and a check past :data:`CHECK_SECONDS` keeps its pair: the core found is
    returned with ``minimal`` False (it is impossible all the same) and the checks say which
    members are unproven.
    """
    if rules.fill:
        raise ValueError("a core is searched without fill (leaving a pair out then relaxes "
                         "the board)")
    keep = set(first)
    order = [lb for lb in board.labels if lb not in keep] + [lb for lb in board.labels if lb in keep]
    core = list(board.labels)
    solves = 0
    if deduced_impossible(board, rules):
        for label in order:
            if deadline is not None and time.monotonic() > deadline:
                break
            trial = [lb for lb in core if lb != label]
            if deduced_impossible(keep_only(board, trial), rules):
                core = trial
    witness: dict[str, Solution] = {}
    undecided: dict[str, list[str]] = {}  # label -> the core its check ran out of time on
    for label in [lb for lb in order if lb in core]:
        if deadline is not None and time.monotonic() > deadline:
            break
        trial = [lb for lb in core if lb != label]
        status, solution = _status(keep_only(board, trial), rules, deadline, method)
        solves += 1
        if status == "unsolvable":
            core = trial
        elif solution is not None:
            witness[label] = solution
        else:
            undecided[label] = list(core)
    if not core:
        return None  # no pairs: every board without pairs is solvable without fill
    checks = []
    for label in core:
        rest = [lb for lb in core if lb != label]
        sub = keep_only(board, rest)
        if label in witness:  # the core only shrank since: the witness, cut down, still holds
            cut = Solution({lb: witness[label].paths[lb] for lb in rest})
            if not solution_errors(sub, cut, rules):
                checks.append(CoreCheck(label, "solvable", cut))
                continue
        if undecided.get(label) == core or (deadline is not None
                                            and time.monotonic() > deadline):
            checks.append(CoreCheck(label, "timeout"))  # the same check ran out of time
            continue
        status, solution = _status(sub, rules, deadline, method)
        solves += 1
        checks.append(CoreCheck(label, status, solution))
    minimal = all(c.status == "solvable" for c in checks)
    return Core(core, rules, checks, minimal, solves)


__all__ = ["Core", "CoreCheck", "keep_only", "minimal_core"]
