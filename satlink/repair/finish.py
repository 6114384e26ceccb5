"""Repair an unsolvable draft in two stages: the nearest solvable board, then unique.

:func:`satlink.repair.nearest.nearest_solvable` gives the boards at the fewest edits that
have a solution (and one solution each); each is checked, and if it has more than one
solution the chain search (:func:`satlink.repair.chains.repair_chain`, seeded at that board,
with the edits left) makes it unique, its ``split`` edits cutting a path of one solution
where another differs.  The solvable boards are tried in turn, fewest edits first, each
given a share of the time left, until one ends unique within the edits allowed.

Every board on the way is checked with :func:`satlink.solver.check.check`, so each step
states its count, as the chain search's steps do.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from satlink.board import Board
from satlink.repair.nearest import DEFAULT_REACH, NearEdit, nearest_solvable
from satlink.repair.plans import Constraints, Step
from satlink.rules import Rules
from satlink.solver.verdict import Status, Verdict

Judge = Callable[[Board], Verdict]
SHARE = 0.35
"""Of the time left, the part one solvable board's chain search may take: a board that needs
long to be made unique is usually a worse start than the next nearest one."""


def steps_of(board: Board, edits: tuple[NearEdit, ...], judge: Judge) -> list[Step] | None:
    """The edits as chain steps, each board on the way checked (None if a check timed
    out)."""
    steps = []
    for e in edits:
        board = e.apply(board)
        verdict = judge(board)
        if verdict.status == Status.TIMEOUT:
            return None
        steps.append(Step(e.kind, e.describe(board), e.cells, len(e.cells), board,
                          verdict.status, verdict.count or len(verdict.solutions),
                          bool(verdict.count_complete)))
    return steps


def finish_from_nearest(board: Board, profile: Rules, cons: Constraints, *, max_edits: int,
                        deadline: float, judge: Judge, short: Callable[[Board, Verdict], bool],
                        chain_search: Callable[..., object], reach: int = DEFAULT_REACH
                        ) -> tuple[list[Step] | None, Verdict | None, int]:
    """The steps to a unique board and its verdict (None, None if none was found), and the
    boards checked.
    ``short(board, verdict)``: whether the unique solution breaks ``min_length``;
    ``chain_search(board, max_edits, seconds, pairs)``: the chain search from a solvable
    board (returns a :class:`~satlink.repair.plans.Chain`)."""
    lo, hi = len(board.labels) - cons.colours, len(board.labels) + cons.colours
    checks = 0
    for near in nearest_solvable(board, profile, max_edits=max_edits, reach=reach,
                                 colours=cons.colours, min_length=cons.min_length,
                                 seconds=max(deadline - time.monotonic(), 0.01), first=1):
        steps = steps_of(board, near.edits, judge)
        checks += len(near.edits)
        if steps is None or time.monotonic() >= deadline:
            continue
        last = steps[-1]
        if last.status == Status.UNIQUE:
            verdict = judge(last.board)
            checks += 1
            if verdict.status == Status.UNIQUE and not short(last.board, verdict):
                return steps, verdict, checks
            continue
        left = max_edits - len(steps)
        if last.status != Status.MULTIPLE or left < 1:
            continue
        seconds = SHARE * (deadline - time.monotonic())
        if seconds < 0.05:
            break
        sub = chain_search(last.board, left, seconds, (lo, hi))
        checks += sub.checks
        if sub.repaired and sub.proven:
            final = judge(sub.final)
            checks += 1
            if final.status == Status.UNIQUE:
                return steps + list(sub.steps), final, checks
    return None, None, checks
