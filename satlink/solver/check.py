"""Verdicts: solve a board, or decide whether its solution is unique.

``check`` answers ``unique`` / ``multiple`` / ``unsolvable`` / ``timeout`` and, for
``multiple``, returns a second solution as a witness with the cells where the two differ.
``solve`` answers ``solved`` / ``unsolvable`` / ``timeout``.  Both are plain functions so the
CLI, the batch runner, the generator, the benchmark harness and the tests call the same code;
how the board is solved is one :class:`~satlink.solver.method.Method` value, and which way
it goes is the list of routes' business (:mod:`satlink.solver.routes`), not theirs.
"""

from __future__ import annotations

import gc
import math
from collections.abc import Iterator
from contextlib import contextmanager

from satlink.board import Board
from satlink.rules import Rules, parse_rules
from satlink.solution import diff_cells
from satlink.solver import routes
from satlink.solver.memory import ensure_fits
from satlink.solver.method import DEFAULT_METHOD, Method, MethodError
from satlink.solver.routes.job import Clock, Job, KeptSolver, Outcome
from satlink.solver.routes.loop import decide
from satlink.solver.stats import phase
from satlink.solver.verdict import Status, Verdict


def check(
    board: Board,
    rules: Rules | str | None = None,
    *,
    count: int = 2,
    timeout: float | None = None,
    method: Method = DEFAULT_METHOD,
    session: KeptSolver | None = None,
) -> Verdict:
    """Find up to ``count`` (at least 2) solutions and classify the board.

    With ``count > 2`` the verdict's ``count`` field holds the number found (capped at
    ``count``) and ``solutions`` all of them; ``count_complete`` says whether that number is
    exact (the search ran out of solutions) rather than a cap or a timeout.  ``timeout`` is
    in seconds (``None`` or ``math.inf``: no limit).  A board whose CNF would not fit in the
    memory available raises :class:`satlink.solver.memory.BoardTooLarge` before anything is built.
    ``session`` (the studio's :class:`satlink.solver.session.EditSession`, one per tab): the
    SAT search runs on its solver, kept from the previous board when only holes and endpoints
    changed; same verdict.
    """
    if isinstance(count, bool) or not isinstance(count, int):
        raise TypeError(f"count must be an int, not {type(count).__name__}")
    if count < 2:
        raise ValueError(f"count must be at least 2 (uniqueness needs two), not {count}; "
                         "solve() finds one solution")
    return _judged(board, parse_rules(rules), method, count, timeout, session)


def solve(
    board: Board,
    rules: Rules | str | None = None,
    *,
    timeout: float | None = None,
    method: Method = DEFAULT_METHOD,
) -> Verdict:
    """Find one solution (no uniqueness proof).

    Under a profile without ``notouch`` a ``flow`` solution (with the profile's own rules) is
    a solution too, and ``flow`` finds one fastest: it is asked first, and the profile itself
    only when ``flow`` has none (:mod:`satlink.solver.routes.stricter`;
    ``method.stricter_first``).
    """
    return _judged(board, parse_rules(rules), method, 1, timeout)


def _arguments(board: Board, timeout: float | None, method: Method) -> float | None:
    """Check what a caller passed, so a mistake is a clear error here and not an
    AttributeError deep inside; returns the timeout with ``inf`` meaning none."""
    if not isinstance(board, Board):
        raise TypeError(f"expected a satlink.Board, not {type(board).__name__}")
    if not isinstance(method, Method):
        raise TypeError(f"method must be a satlink.Method, not {type(method).__name__}")
    if timeout is None:
        return None
    if isinstance(timeout, bool) or not isinstance(timeout, (int, float)):
        raise TypeError(f"timeout must be a number of seconds, not {type(timeout).__name__}")
    if math.isnan(timeout) or timeout < 0:
        raise ValueError(f"timeout must be a number of seconds >= 0, not {timeout}")
    problem = method.deadline_problem(timeout)
    if problem:
        raise MethodError(problem)
    return None if math.isinf(timeout) else float(timeout)


@contextmanager
def collector_paused() -> Iterator[None]:
    """Python's cycle collector off while a board is encoded, loaded and decoded.

    Those steps make millions of short-lived lists and tuples (clauses on their way into the
    solver, edge sets, paths) and no reference cycles; each collection that the allocations
    trigger walks every object alive, the board's included, which on a huge board was most of
    the time spent turning clause arrays into lists (``benchmarks/README.md``, "Figures behind
    the code").  Cycles made meanwhile (there are few) are collected once the collector is
    back on; a caller that had it off keeps it off.
    """
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


@collector_paused()
def _judged(board: Board, profile: Rules, method: Method, limit: int, timeout: float | None,
            session: KeptSolver | None = None) -> Verdict:
    """The verdict on ``board``: up to ``limit`` solutions (1: solve; 2: uniqueness; more:
    count them), found by the routes of :data:`satlink.solver.routes.ROUTES` in their order."""
    timeout = _arguments(board, timeout, method)
    lemmas = method.lemmas_for(profile, board.geometry.kind)  # a lemma unsound for profile
    ensure_fits(board, method)  # refuse before building, not after
    job = Job(board, profile, method, limit, Clock(timeout), routes.ROUTES, session)
    return _verdict(job, lemmas, decide(job))


def _verdict(job: Job, lemmas: tuple[str, ...], outcome: Outcome) -> Verdict:
    found, stats = outcome.solutions, outcome.stats
    differ: list[int] = []
    if len(found) >= 2:
        with phase(stats, "decode"):
            differ = diff_cells(job.board, found[0], found[1])
    counted = job.limit > 2
    return Verdict(
        status=_status(len(found), job.limit, outcome.timed_out),
        rules=job.profile,
        method=job.method,
        lemmas=lemmas,
        solutions=found,
        stats=stats,
        seconds=job.clock.seconds(),
        count=len(found) if counted else None,
        count_complete=outcome.exhausted if counted else None,
        timed_out=outcome.timed_out,
        diff_cells=differ,
    )


def _status(found: int, limit: int, timed_out: bool) -> Status:
    if found >= 2:
        return Status.MULTIPLE
    if timed_out:
        return Status.TIMEOUT
    if found == 0:
        return Status.UNSOLVABLE
    return Status.SOLVED if limit == 1 else Status.UNIQUE
