"""Profiles without ``notouch`` (``fill``, ``nikoli``, their ``no2x2`` forms) decided through a
stricter one.

A whole-board search under such a profile spends its time on the first call: it rarely finds
any solution of a large board within seconds, where ``flow`` finds one in milliseconds
(``benchmarks/README.md``, issue 36).  Yet a stricter profile's solution is a solution of the
weaker one (every ``flow`` solution is a ``fill`` solution, every ``fill`` solution a ``nikoli``
one), so:

1. **First solution**: ``flow`` plus the profile's own rules, decided the usual way (forced
   moves, pieces, SAT) by :mod:`satlink.solver.check`, which hands the verdict over;
   ``solve`` asks it before anything else and stops there when it has a solution.
2. **A second one nearby**: :func:`satlink.solver.nearby.detour` (plain ``nikoli``, below)
   and :func:`satlink.solver.nearby.in_windows` on the profile's own CNF.
3. **The whole board**: the profile's CNF with the first solution blocked; a solution is the
   second, UNSAT proves the first unique.

Plain ``nikoli`` (no rule at all) goes further, by the shortcut argument: a path that runs
beside itself (two neighbouring nodes of one path, not consecutive on it) can be cut short
along their edge, which gives another solution with fewer cells used
(:func:`~satlink.solver.nearby.shortcut`).  So a board with two solutions has two ``notouch``
ones, or one whose path edge a way round through empty cells lengthens (the last cut of the
longer solution, undone).  Hence under ``nikoli`` the board is unique exactly when its
``notouch`` solution is unique and has no :func:`~satlink.solver.nearby.detour`, and step 3
runs on the ``notouch`` CNF, whose propagation is much stronger.  Without a ``flow`` solution
the first one comes from the ``nikoli`` CNF itself, cut short: if that changed it, there are
two solutions already.  (With ``no2x2`` a way round could close a block, so those profiles
keep step 3 on their own CNF.)

When ``flow`` has no solution, a profile other than plain ``nikoli`` is searched whole as
before (:func:`route` returns None).  Counting past two solutions always searches whole.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager

from satlink.board import Board
from satlink.rules import Rules
from satlink.solution import Solution
from satlink.solver.backend import Timeout
from satlink.solver.encode import encode
from satlink.solver.method import Method
from satlink.solver.nearby import detour, in_windows, shortcut
from satlink.solver.search import SolutionSearch
from satlink.solver.search_job import SearchJob
from satlink.solver.stats import SolveStats
from satlink.solver.verdict import Status, Verdict


def shortcut_holds(profile: Rules) -> bool:
    """Whether the shortcut argument of this module's docstring decides ``profile``."""
    return not profile.rules


def route(job: SearchJob, strict: Verdict) -> tuple[bool, bool] | None:
    """Decide the job's board under its profile as the module's docstring says, given
    ``strict``, the verdict of ``solve`` under ``flow`` plus the profile's rules; appends
    solutions to ``found`` (up to ``limit``, at most 2) and returns (exhausted, timed_out)
    like the whole search, or None when the caller should search the board whole."""
    board, profile, method, deadline = job.board, job.profile, job.method, job.deadline
    limit, units, stats, found = job.limit, job.units, job.stats, job.found
    stats.add_search(strict.stats)
    stats.presolve_seconds += strict.stats.presolve_seconds
    if strict.status is Status.TIMEOUT:
        return False, True
    first = strict.solutions[0] if strict.solutions else None
    if first is None:
        if not shortcut_holds(profile):
            return None
        try:
            with _searching(board, profile, method, deadline, units, stats) as search:
                own = search.next_solution()
        except Timeout:
            return False, True
        if own is None:
            return True, False
        first = shortcut(board, own)
        if first.edges() != own.edges():  # two solutions already
            found.extend([first, own][:limit])
            return False, False
    found.append(first)
    if limit == 1:
        return False, False
    try:
        second = _second(board, profile, method, deadline, units, stats, first)
    except Timeout:
        return False, True
    if second is not None:
        found.append(second)
    return second is None, False


def _second(board: Board, profile: Rules, method: Method, deadline: float | None,
            units: list[int], stats: SolveStats, first: Solution) -> Solution | None:
    """A solution other than ``first`` (a solution of a stricter profile), or None when the
    profile has none (``first`` is unique)."""
    if shortcut_holds(profile):
        around = detour(board, first)
        if around is not None:
            return around
    with _searching(board, profile, method, deadline, units, stats) as search:
        near = in_windows(search, board, first, deadline)
        if near is not None:
            return near
        if not shortcut_holds(profile):
            search.block(first)
            return search.next_solution()
    # plain nikoli: the notouch solutions are the ones that count
    with _searching(board, Rules(frozenset({"notouch"})), method, deadline, units,
                    stats) as search:
        search.block(first)
        return search.next_solution()


@contextmanager
def _searching(board: Board, rules: Rules, method: Method, deadline: float | None,
               units: list[int], stats: SolveStats) -> Iterator[SolutionSearch]:
    """A search of the board's CNF under ``rules``, its figures added to ``stats`` when it
    closes (its own record, so that the sizes in ``stats`` stay those of the board's CNF)."""
    own = SolveStats()
    begun = time.perf_counter()
    try:
        encoding = encode(board, rules, method, deadline)
        own.encode_seconds = time.perf_counter() - begun
        if deadline is not None and time.monotonic() > deadline:
            raise Timeout
        with SolutionSearch(encoding, method, deadline, release_clauses=True, units=units,
                            stats=own) as search:
            yield search
    finally:
        if not own.encode_seconds:
            own.encode_seconds = time.perf_counter() - begun
        stats.add_search(own)
