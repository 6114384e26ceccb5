"""Verdicts: solve a board, or decide whether its solution is unique.

``check`` answers ``unique`` / ``multiple`` / ``unsolvable`` / ``timeout`` and, for
``multiple``, returns a second solution as a witness with the cells where the two differ.
``solve`` answers ``solved`` / ``unsolvable`` / ``timeout``.  Both are plain functions so the
CLI, the batch runner, the generator, the benchmark harness and the tests call the same code;
how the board is solved is one :class:`~satlink.solver.method.Method` value.
"""

from __future__ import annotations

import gc
import math
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from typing import TYPE_CHECKING, NamedTuple

from satlink.board import Board
from satlink.rules import Rules, parse_rules
from satlink.solution import Solution, diff_cells
from satlink.solver.memory import ensure_fits
from satlink.solver.method import DEFAULT_METHOD, Method, MethodError
from satlink.solver.pieces import split
from satlink.solver.presolve import CONTRADICTION, DECIDED, SOLVED, PresolveTimeout, presolve
from satlink.solver.search_job import SearchJob
from satlink.solver.stats import SolveStats
from satlink.solver.verdict import Status, Verdict

if TYPE_CHECKING:
    from satlink.solver.session import EditSession


def check(
    board: Board,
    rules: Rules | str | None = None,
    *,
    count: int = 2,
    timeout: float | None = None,
    method: Method = DEFAULT_METHOD,
    session: EditSession | None = None,
) -> Verdict:
    """Find up to ``count`` (at least 2) solutions and classify the board.

    With ``count > 2`` the verdict's ``count`` field holds the number found (capped at
    ``count``) and ``solutions`` all of them; ``count_complete`` says whether that number is
    exact (the search ran out of solutions) rather than a cap or a timeout.  ``timeout`` is
    in seconds (``None`` or ``math.inf``: no limit).  A board whose CNF would not fit in the
    memory available raises :class:`satlink.solver.memory.BoardTooLarge` before anything is built.
    ``session`` (the studio's, one per tab): the SAT search runs on its solver, kept from the
    previous board when only holes and endpoints changed (:mod:`satlink.solver.session`);
    same verdict.
    """
    if isinstance(count, bool) or not isinstance(count, int):
        raise TypeError(f"count must be an int, not {type(count).__name__}")
    if count < 2:
        raise ValueError(f"count must be at least 2 (uniqueness needs two), not {count}; "
                         "solve() finds one solution")
    return _judge(_Ask(board, parse_rules(rules), method, count, report_count=count > 2),
                  timeout, session=session)


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
    only when ``flow`` has none (:mod:`satlink.solver.weaker`; ``method.stricter_first``).
    """
    profile = parse_rules(rules)
    if (not isinstance(board, Board) or not isinstance(method, Method)
            or not method.stricter_first or profile.notouch):
        return _judge(_Ask(board, profile, method, 1), timeout)
    lemmas = method.lemmas_for(profile, board.geometry.kind)  # a lemma unsound for profile
    begun = time.monotonic()
    strict = _judge(_Ask(board, stricter_rules(profile), method, 1), timeout)
    if strict.solutions or strict.status is Status.TIMEOUT:
        return replace(strict, rules=profile, lemmas=lemmas)
    left = None if timeout is None else max(0.0, timeout - (time.monotonic() - begun))
    return _judge(_Ask(board, profile, method, 1), left, strict=strict)


class _Ask(NamedTuple):
    """What one call asks of a board: the board, under which profile and method, how many
    solutions (``limit``: 1 to solve, 2 or more to check), and whether the verdict reports
    their count."""

    board: Board
    profile: Rules
    method: Method
    limit: int
    report_count: bool = False


def stricter_rules(profile: Rules) -> Rules:
    """``flow`` plus ``profile``'s own rules: each of its solutions is one of ``profile``'s."""
    return Rules(profile.rules | {"fill", "notouch"})


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
def _judge(ask: _Ask, timeout: float | None, session: EditSession | None = None,
           importing: bool = True, strict: Verdict | None = None) -> Verdict:
    """``importing``: False for a stricter profile's verdict inside a weaker one's
    (:func:`_stricter_first`), whose caller already took the one-time import out of its
    seconds and its deadline.  ``strict``: that verdict when the caller has it already."""
    board, profile, method, limit = ask.board, ask.profile, ask.method, ask.limit
    timeout = _arguments(board, timeout, method)
    lemmas = method.lemmas_for(profile, board.geometry.kind)
    ensure_fits(board, method)  # refuse before building, not after
    start = time.perf_counter()
    deadline = None if timeout is None else time.monotonic() + timeout
    found: list[Solution] = []
    timed_out = exhausted = False
    stats = SolveStats(edges=board.n_edges)
    units: list[int] = []
    states = b""
    try:
        if method.presolve:
            presolved = presolve(board, profile, deadline, limit=limit)
            stats.presolve_seconds = presolved.seconds
            stats.presolved_edges = presolved.decided
            units, states = presolved.units, presolved.states
            if presolved.outcome in (SOLVED, DECIDED, CONTRADICTION):  # decided without SAT
                found = list(presolved.solutions[:limit])
                return _verdict(ask, lemmas, found, stats, start,
                                exhausted=presolved.exhausted or not found, timed_out=False)
    except PresolveTimeout:
        stats.presolve_seconds = time.perf_counter() - start
        return _verdict(ask, lemmas, found, stats, start, exhausted=False, timed_out=True)
    # the one-time import is the process's start-up, not this board's work: it counts
    # neither in its seconds nor against its deadline (under load, a worker's first board
    # could spend a whole short --timeout importing numpy and PySAT)
    imported = _import_sat_modules() if importing else 0.0
    start += imported
    if deadline is not None:
        deadline += imported
    job = SearchJob(board, profile, method, deadline, limit, units, stats, found)
    searched = None if session is None else session.search(job, lemmas)
    if searched is None and method.stricter_first and not profile.notouch and limit <= 2:
        searched = _stricter_first(ask, job, strict)
    parts = split(board, states) if searched is None and method.pieces and states else None
    if parts is not None:
        from satlink.solver.piecewise import Refused, search_pieces

        try:
            exhausted, timed_out = search_pieces(board, profile, method, parts, deadline, limit,
                                                 stats, found)
            return _verdict(ask, lemmas, found, stats, start, exhausted=exhausted,
                            timed_out=timed_out)
        except Refused:  # a wrong split or forced move: SAT decides the board without them
            found.clear()
            units = []
            stats = SolveStats(edges=stats.edges, presolved_edges=stats.presolved_edges,
                               presolve_seconds=stats.presolve_seconds)
            job = replace(job, units=units, stats=stats)
    if searched is None:
        searched = _search(job)
    exhausted, timed_out = searched
    return _verdict(ask, lemmas, found, stats, start, exhausted=exhausted, timed_out=timed_out)


def _import_sat_modules() -> float:
    """Import the CNF builders, the solver loop and the SAT backend (numpy, PySAT) the first
    time a board needs them; returns the seconds that took (0 once they are loaded)."""
    begun = time.perf_counter()
    import satlink.cnf.builders  # noqa: F401
    import satlink.cnf.encoding  # noqa: F401
    import satlink.solver.backend  # noqa: F401
    import satlink.solver.encode  # noqa: F401
    import satlink.solver.search  # noqa: F401
    import satlink.solver.weaker  # noqa: F401

    return time.perf_counter() - begun


def _stricter_first(ask: _Ask, job: SearchJob, strict: Verdict | None) -> tuple[bool, bool] | None:
    """:mod:`satlink.solver.weaker`'s route, the stricter profile decided by this module
    (unless ``strict`` has its verdict already)."""
    from satlink.solver.weaker import route

    if strict is None:
        left = None if job.deadline is None else max(0.0, job.deadline - time.monotonic())
        strict = _judge(_Ask(ask.board, stricter_rules(ask.profile), ask.method, 1), left,
                        importing=False)
    return route(job, strict)


def _search(job: SearchJob) -> tuple[bool, bool]:
    """Encode, load and search, appending solutions to ``found`` up to ``limit``; returns
    (exhausted, timed_out).  The CNF and SAT modules are imported here, not at the top: a
    process whose boards the forced moves all decide never loads numpy or the SAT backend."""
    deadline, limit, stats, found = job.deadline, job.limit, job.stats, job.found
    from satlink.solver.backend import Timeout
    from satlink.solver.encode import encode
    from satlink.solver.search import SolutionSearch

    exhausted = timed_out = False
    begun = time.perf_counter()
    encoded = begun
    try:
        # the deadline covers encoding and loading the clauses too, not only the search
        encoding = encode(job.board, job.profile, job.method, deadline)
        encoded = time.perf_counter()
        if deadline is not None and time.monotonic() > deadline:
            raise Timeout
        with SolutionSearch(encoding, job.method, deadline, release_clauses=True, units=job.units,
                            stats=stats) as search:
            for solution in search.solutions():
                found.append(solution)
                if len(found) >= limit:
                    break
            else:
                exhausted = True
    except Timeout:
        timed_out = True
        if encoded == begun:  # stopped while encoding: that time was spent encoding
            encoded = time.perf_counter()
    stats.encode_seconds += encoded - begun
    return exhausted, timed_out


def _verdict(ask: _Ask, lemmas: tuple[str, ...], found: list[Solution], stats: SolveStats,
             start: float, *, exhausted: bool, timed_out: bool) -> Verdict:
    differ: list[int] = []
    if len(found) >= 2:
        compared = time.perf_counter()
        differ = diff_cells(ask.board, found[0], found[1])
        stats.decode_seconds += time.perf_counter() - compared
    return Verdict(
        status=_status(len(found), ask.limit, timed_out),
        rules=ask.profile,
        method=ask.method,
        lemmas=lemmas,
        solutions=found,
        stats=stats,
        seconds=time.perf_counter() - start,
        count=len(found) if ask.report_count else None,
        count_complete=exhausted if ask.report_count else None,
        timed_out=timed_out,
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
