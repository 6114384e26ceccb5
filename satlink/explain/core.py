"""A minimal set of clues that is already impossible, shrunk by the solver.

The clue groups are the endpoint pairs.  Leaving a pair out means erasing its two endpoints:
its cells become free cells, which (without ``fill``) may stay empty.  Without ``fill``,
leaving pairs out only relaxes a board, so the impossible subsets are closed upwards and a
deletion shrink finds a *minimal* one: a core whose members each, left out, make the rest
solvable.  (Under ``fill`` leaving a pair out can make a board harder, so the core is
searched under the profile without ``fill``, and :func:`satlink.explain.explain` sends a
board that only ``fill`` makes impossible to :mod:`satlink.explain.empty` instead.)

Each check is an ordinary :func:`satlink.solver.check.solve` of the sub-board (the forced
moves, then SAT), so every claim in the result is a board anyone can re-check with
``satlink solve``; a selector literal per pair inside one CNF would save the re-encoding but
make each check harder to state and to re-check.  Every member's check is run again on the
final core and stated, with the witness solution.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from satlink.board import EMPTY, Board
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


def _status(board: Board, rules: Rules, deadline: float | None,
            method: Method) -> tuple[str, Solution | None]:
    left = None if deadline is None else max(0.0, deadline - time.monotonic())
    verdict = solve(board, rules, timeout=left, method=method)
    if verdict.status == Status.SOLVED:
        return "solvable", verdict.solutions[0]
    return ("unsolvable", None) if verdict.status == Status.UNSOLVABLE else ("timeout", None)


def minimal_core(board: Board, rules: Rules, *, first: Sequence[str] = (),
                 deadline: float | None = None, method: Method = DEFAULT_METHOD) -> Core | None:
    """A minimal impossible set of pairs of ``board`` (which must have no solution under
    ``rules``, a profile without ``fill``), or None if ``board`` is solvable after all.

    ``first``: labels to try to keep (those a deduction already blamed); the others are left
    out first, so the core tends to be the pairs near the failure.  Past ``deadline`` the
    shrink stops and the core found so far is returned with ``minimal`` False.
    """
    if rules.fill:
        raise ValueError("a core is searched without fill (leaving a pair out then relaxes "
                         "the board)")
    keep = set(first)
    order = [lb for lb in board.labels if lb not in keep] + [lb for lb in board.labels if lb in keep]
    core = list(board.labels)
    solves = 0
    witness: dict[str, Solution] = {}
    timed_out = False
    for label in order:
        if deadline is not None and time.monotonic() > deadline:
            timed_out = True
            break
        trial = [lb for lb in core if lb != label]
        status, solution = _status(keep_only(board, trial), rules, deadline, method)
        solves += 1
        if status == "unsolvable":
            core = trial
        elif status == "timeout":
            timed_out = True
            break
        else:
            witness[label] = solution
    if not core:
        return None  # no pairs: every board without pairs is solvable without fill
    checks = []
    for label in core:
        if deadline is not None and time.monotonic() > deadline:
            checks.append(CoreCheck(label, "timeout"))
            timed_out = True
            continue
        status, solution = _status(keep_only(board, [lb for lb in core if lb != label]), rules,
                                   deadline, method)
        solves += 1
        checks.append(CoreCheck(label, status, solution))
    minimal = not timed_out and all(c.status == "solvable" for c in checks)
    return Core(core, rules, checks, minimal, solves)


__all__ = ["Core", "CoreCheck", "keep_only", "minimal_core"]
