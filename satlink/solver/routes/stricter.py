"""Profiles without ``notouch`` (``fill``, ``nikoli``, their ``no2x2`` forms) decided through a
stricter one: two routes of the list.

A whole-board search under such a profile spends its time on the first call: it rarely finds
any solution of a large board within seconds, where ``flow`` finds one in milliseconds.  Yet
a stricter profile's solution is a solution of the weaker one (every ``flow`` solution is a
``fill`` solution, every ``fill`` solution a ``nikoli`` one), so:

1. **First solution**: ``flow`` plus the profile's own rules (:func:`stricter_rules`),
   decided by the same list of routes (deductions, pieces, whole board).  ``solve`` asks it
   before anything else and stops there when it has a solution (:class:`StricterSolution`);
   a uniqueness check asks it after the weaker profile's deductions (:class:`StricterFirst`).
2. **A second one nearby**: :func:`satlink.solver.routes.nearby.detour` (plain ``nikoli``,
   below) and :func:`satlink.solver.routes.nearby.in_windows` on the profile's own CNF.
3. **The whole board**: the profile's CNF with the first solution blocked; a solution is the
   second, UNSAT proves the first unique.

Plain ``nikoli`` (no rule at all) goes further, by the shortcut argument: a path that runs
beside itself (two neighbouring nodes of one path, not consecutive on it) can be cut short
along their edge, which gives another solution with fewer cells used
(:func:`~satlink.solver.routes.nearby.shortcut`).  So a board with two solutions has two
``notouch`` ones, or one whose path edge a way round through empty cells lengthens (the last
cut of the longer solution, undone).  Hence under ``nikoli`` the board is unique exactly when
its ``notouch`` solution is unique and has no :func:`~satlink.solver.routes.nearby.detour`,
and step 3 runs on the ``notouch`` CNF, whose propagation is much stronger.  Without a
``flow`` solution the first one comes from the ``nikoli`` CNF itself, cut short: if that
changed it, there are two solutions already.  (With ``no2x2`` a way round could close a block,
so those profiles keep step 3 on their own CNF.)

When ``flow`` has no solution, a profile other than plain ``nikoli`` passes the board on to
the routes after these (pieces, the whole board).  Counting past two solutions never takes
these routes.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from typing import TYPE_CHECKING

from satlink.rules import Rules
from satlink.solution import Solution
from satlink.solver.routes.job import Job, Outcome
from satlink.solver.routes.loop import decide
from satlink.solver.stats import SolveStats, phase

if TYPE_CHECKING:  # the SAT side is imported where it is used (routes.loop.import_sat_modules)
    from satlink.solver.search import SolutionEnumerator


def stricter_rules(profile: Rules) -> Rules:
    """``flow`` plus ``profile``'s own rules: each of its solutions is one of ``profile``'s."""
    return Rules(profile.rules | {"fill", "notouch"})


def shortcut_holds(profile: Rules) -> bool:
    """Whether the shortcut argument of this module's docstring decides ``profile``."""
    return not profile.rules


def _weaker(job: Job) -> bool:
    """Whether the job's profile lacks ``notouch`` and its method asks for these routes."""
    return job.method.stricter_first and not job.profile.notouch


class StricterSolution:
    """``solve`` under a weaker profile: the stricter profile's solution, when it has one, is
    the answer; when it has none, the routes after this one are told so."""

    name = "stricter-solution"
    needs_sat = False  # the stricter job's own routes load what they need

    def applies(self, job: Job) -> bool:
        return job.limit == 1 and _weaker(job) and job.stricter is None

    def run(self, job: Job) -> Outcome:
        strict = decide(job.under(stricter_rules(job.profile), 1))
        if strict.solutions or strict.timed_out:  # its figures are this board's
            return Outcome(strict.solutions, timed_out=strict.timed_out, stats=strict.stats)
        return Outcome.passed("the stricter profile has no solution",
                              replace(job, stricter=strict), strict.stats.work())


class StricterFirst:
    """A uniqueness check (or, after :class:`StricterSolution` found none, ``solve`` under
    plain ``nikoli``) under a weaker profile: the first solution from the stricter profile,
    the second nearby or from the whole board."""

    name = "stricter-first"
    needs_sat = True

    def applies(self, job: Job) -> bool:
        if not _weaker(job) or job.limit > 2:
            return False
        known_empty = job.stricter is not None and not job.stricter.solutions
        return not known_empty or shortcut_holds(job.profile)

    def run(self, job: Job) -> Outcome:
        from satlink.solver.backend import Timeout
        from satlink.solver.routes.nearby import shortcut

        stats = SolveStats()
        strict = job.stricter
        if strict is None:
            strict = decide(job.under(stricter_rules(job.profile), 1))
            stats = strict.stats.work()
        if strict.timed_out:
            return Outcome.out_of_time(stats)
        found: list[Solution] = []
        if strict.solutions:
            first = strict.solutions[0]
        elif not shortcut_holds(job.profile):
            return Outcome.passed("the stricter profile has no solution", job, stats)
        else:
            try:
                with _enumerating(job, job.profile, stats) as enumerator:
                    own = enumerator.next_solution()
            except Timeout:
                return Outcome.out_of_time(stats)
            if own is None:
                return Outcome(exhausted=True, stats=stats)
            first = shortcut(job.board, own)
            if first.edges() != own.edges():  # two solutions already
                return Outcome([first, own][:job.limit], stats=stats)
        found.append(first)
        if job.limit == 1:
            return Outcome(found, stats=stats)
        try:
            second = _second(job, first, stats)
        except Timeout:
            return Outcome(found, timed_out=True, stats=stats)
        if second is PROVED_ELSEWHERE:
            return Outcome.passed("no second solution nearby; the frontier route proves the "
                                  "rest", job, stats)
        if second is not None:
            found.append(second)
        return Outcome(found, exhausted=second is None, stats=stats)


PROVED_ELSEWHERE = object()
"""What :func:`_second` says when no second solution is nearby and the frontier route, later in
the job's routes, applies: the proof of uniqueness is its to make (a whole-board search is
where SAT drowns), and a board with two solutions was mostly found out here already."""


def frontier_proves(job: Job, stats: SolveStats) -> bool:
    """Whether the frontier route comes after this one in the job's routes and applies (its
    reason when not goes to ``stats``, as the routes loop would record it)."""
    from satlink.solver.routes.loop import applies

    names = [route.name for route in job.routes]
    if "frontier" not in names or names.index("frontier") < names.index("stricter-first"):
        return False
    return applies(job.routes[names.index("frontier")], job, stats)


def _second(job: Job, first: Solution, stats: SolveStats) -> Solution | None | object:
    """A solution other than ``first`` (a solution of a stricter profile), None when the
    profile has none (``first`` is unique), or :data:`PROVED_ELSEWHERE`."""
    from satlink.solver.routes.nearby import detour, in_windows

    board, profile = job.board, job.profile
    if shortcut_holds(profile):
        around = detour(board, first)
        if around is not None:
            return around
    with _enumerating(job, profile, stats) as enumerator:
        near = in_windows(enumerator, board, first, job.deadline)
        if near is not None:
            return near
        if frontier_proves(job, stats):
            return PROVED_ELSEWHERE
        if not shortcut_holds(profile):
            enumerator.block(first)
            return enumerator.next_solution()
    # plain nikoli: the notouch solutions are the ones that count
    with _enumerating(job, Rules(frozenset({"notouch"})), stats) as enumerator:
        enumerator.block(first)
        return enumerator.next_solution()


@contextmanager
def _enumerating(job: Job, rules: Rules, stats: SolveStats) -> Iterator[SolutionEnumerator]:
    """Solutions of the board's CNF under ``rules`` (the job's forced moves as units), their
    figures added to ``stats`` when it closes (a record of its own, so that the sizes add up
    over the CNFs searched)."""
    from satlink.solver.backend import Timeout
    from satlink.solver.encode import encode
    from satlink.solver.search import SolutionEnumerator

    own = SolveStats()
    try:
        with phase(own, "encode"):
            encoding = encode(job.board, rules, job.method, job.deadline)
        if job.clock.passed():
            raise Timeout
        with SolutionEnumerator(encoding, job.method, job.deadline, release_clauses=True,
                                units=job.forced.units, stats=own) as enumerator:
            yield enumerator
    finally:
        stats.add_search(own)


__all__ = ["StricterFirst", "StricterSolution", "shortcut_holds", "stricter_rules"]
