"""Repair an unsolvable draft in two stages: the nearest solvable board, then unique.

:meth:`satlink.repair.nearest.NearestSearch.boards` gives the boards at the fewest edits that
have a solution (and one solution each); each is checked, and if it has more than one
solution the chain search (:func:`satlink.repair.chains.repair_chain`, seeded at that board,
with the edits left) makes it unique, its ``split`` edits cutting a path of one solution
where another differs.  The solvable boards are tried in turn, fewest edits first, each
given a share of the time left, until one ends unique within the edits allowed: for each
number of edits, first with endpoints moved a few steps (quick to find or to exhaust), then
anywhere on the board (an endpoint moved far, put back, is one edit), all in one incremental
SAT search; solid cells count as edits too when the designer allows them.

Every board on the way is checked with :func:`satlink.solver.check.check`, so each step
states its count, as the chain search's steps do.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import NamedTuple

from satlink.board import Board
from satlink.repair.near_edits import NearLimits
from satlink.repair.nearest import NearEdit, Nearest, NearestSearch, in_order
from satlink.repair.plans import Chain, ChainOptions, Constraints, Step
from satlink.rules import Rules
from satlink.solver.verdict import Status, Verdict

Judge = Callable[[Board], Verdict]
SHARE = 0.35
"""Of the time left, the part one solvable board's chain search may take: a board that needs
long to be made unique is usually a worse start than the next nearest one."""


def steps_of(board: Board, edits: tuple[NearEdit, ...], judge: Judge, colours: int,
             constraints: Constraints | None = None) -> tuple[list[Step], Verdict] | None:
    """The edits as chain steps in an order they can be made (:func:`in_order`), each board
    on the way checked, and the last board's verdict, so a caller need not check it again
    (None if there is no such order or a check timed out); each step says what of
    ``constraints`` its board still breaks."""
    ordered = in_order(board, edits, colours)
    if ordered is None:
        return None
    steps = []
    verdict: Verdict | None = None
    for e in ordered:
        board = e.apply(board)
        verdict = judge(board)
        if verdict.status == Status.TIMEOUT:
            return None
        steps.append(Step.of(e.kind, e.describe(board), e.cells, len(e.cells), board, verdict,
                             constraints or Constraints()))
    if verdict is None:
        return None
    return steps, verdict


@dataclass
class Finish:
    """What :func:`finish_from_nearest` found: the steps to a unique board and its verdict
    (None when none was found), the boards checked, and ``none_solvable``: the solver proved
    that no board within the edits allowed (moves anywhere, pairs removed or added as the
    colours allow, solid cells if allowed) has a solution, so no chain of those edits can
    repair the draft."""

    steps: list[Step] | None = None
    verdict: Verdict | None = None
    checks: int = 0
    none_solvable: bool = False


def finish_from_nearest(board: Board, profile: Rules, options: ChainOptions, *,
                        deadline: float, judge: Judge,
                        chain_search: Callable[[Board, int, float, tuple[int, int]], Chain]
                        ) -> Finish:
    """Repair ``board`` through its nearest solvable boards (see the module's docstring):
    for k = 1, 2, ... ``options.max_edits`` edits, first with endpoints moved at most
    ``options.reach`` steps, then anywhere, until ``deadline`` (``time.monotonic()``), under
    ``options.constraints``.  ``judge``: the chain's check of a board;
    ``chain_search(board, max_edits, seconds, pairs)``: the chain search from a solvable
    board."""
    cons = options.constraints.for_input(Status.UNSOLVABLE, options.max_edits)
    lo, hi = len(board.labels) - cons.colours, len(board.labels) + cons.colours
    out = Finish()
    seen: set[tuple[str, ...]] = set()
    limits = NearLimits(reach=None, colours=cons.colours, min_length=cons.min_length,
                        max_edits=options.max_edits, near=options.reach, solids=cons.solids)
    search = NearestSearch(board, profile, limits,
                           seconds=max(deadline - time.monotonic(), 0.01), first=1)
    job = _Finishing(board, options.max_edits, deadline, judge, chain_search, (lo, hi), cons)
    for near in search.boards():
        if near.board.rows in seen:
            continue
        seen.add(near.board.rows)
        found = _finish_one(job, near, out)
        if found or time.monotonic() >= deadline:
            return out
    out.none_solvable = search.exhausted and not seen
    return out


class _Finishing(NamedTuple):
    """What :func:`finish_from_nearest` was given, for each nearest board it tries: the draft,
    the edits and time allowed, how boards are judged and chains searched, the colour counts
    (``span``: lowest, highest) the edits may reach, and the designer's constraints (a unique
    board whose path is shorter than they allow is no end)."""

    board: Board
    max_edits: int
    deadline: float
    judge: Judge
    chain_search: Callable[[Board, int, float, tuple[int, int]], Chain]
    span: tuple[int, int]
    cons: Constraints


def _finish_one(job: _Finishing, near: Nearest, out: Finish) -> bool:
    """One solvable board: unique already, or made unique by the chain search with the edits
    left; True (``out`` filled) when it ends unique."""
    board, judge, span = job.board, job.judge, job.span
    found = steps_of(board, near.edits, judge, span[1] - len(board.labels), job.cons)
    out.checks += len(near.edits)
    if found is None:
        return False
    steps, verdict = found
    last = steps[-1]
    if last.status == Status.UNIQUE:
        if not job.cons.too_short(last.board, verdict.solutions[0]):
            out.steps, out.verdict = steps, verdict
            return True
        return False
    left = job.max_edits - len(steps)
    seconds = SHARE * (job.deadline - time.monotonic())
    if last.status != Status.MULTIPLE or left < 1 or seconds < 0.05:
        return False
    sub = job.chain_search(last.board, left, seconds, span)
    out.checks += sub.checks
    if sub.repaired and sub.proven:
        final = judge(sub.final)
        out.checks += 1
        if final.status == Status.UNIQUE:
            out.steps, out.verdict = steps + list(sub.steps), final
            return True
    return False
