"""The frontier route: a uniqueness proof (or a count up to a few) by a frontier-based search
on the board as the deductions left it, where SAT, knowing nothing of connectivity, has to
exclude every other filling one conflict at a time.

This is the one place that decides which proof runs (``docs/frontier.md``, "The route in
check"), by the profile and the frontier's width, the cut-offs measured:

* ``fill`` or ``nikoli`` (no ``notouch``, no ``no2x2``) at a width within :data:`ZDD_WIDTHS`:
  graphillion's diagram of every solution (:mod:`satlink.zdd.child`, in a child process held
  to the memory bound and the share of the time), several times faster than the sweep there;
* ``fill,no2x2`` at a width within :data:`WIDTHS`: the compiled sweep
  (:func:`satlink.frontier.count`), which graphillion cannot be asked (``no2x2`` is no degree
  or connectivity constraint), where its estimate fits the memory bound;
* everything else: SAT (the routes after this one).  Narrower boards stay with SAT, which is
  as fast there; wider ones too (the diagram outgrows the time and memory); under
  ``notouch`` the SAT routes propagate well.

The sweep gets a share of the time left (:data:`SHARE`); stopped by it, or refused for memory
(by the estimate, or during the sweep before it would pass the bound), the route hands the job
on unchanged and the routes after it decide the board in the time that is left.  Every solution it hands
back is checked by the referee (:func:`satlink.referee.solution_errors`); a refused one means
a bug in the sweep or in the forced moves it took as given, so the route hands the board on
without them: a bug may cost time, never a verdict.
"""

from __future__ import annotations

import time

from satlink import frontier
from satlink.referee import solution_errors
from satlink.rules import Rules
from satlink.solver.routes.job import NOTHING_FORCED, Job, Outcome
from satlink.solver.stats import SolveStats
from satlink.zdd import child as zdd

WIDTHS = range(12, 14)
"""The frontier widths the compiled sweep is tried at, under ``fill,no2x2``
(``docs/frontier.md``: below, SAT is as fast; above, SAT decides more boards in the same
time)."""

ZDD_WIDTHS = range(12, 16)
"""The frontier widths graphillion is tried at, under ``fill`` and ``nikoli``
(``docs/frontier.md``: below, SAT is as fast; at 16 the diagram did not end within the
share of a 10-second budget, where SAT decides those boards)."""

GRAPHILLION, SWEEP = "graphillion", "sweep"
"""The two engines the route chooses between (:func:`engine_for`)."""


def engine_for(profile: Rules, fill_only: bool = True) -> str | None:
    """The engine a profile is proved by, None when the route does not take it: graphillion
    without ``notouch`` and ``no2x2``, the sweep under ``fill,no2x2`` (any ``no2x2`` profile
    without ``notouch`` when ``fill_only`` is False)."""
    if profile.notouch:
        return None
    if not profile.no2x2:
        return GRAPHILLION
    return SWEEP if profile.fill or not fill_only else None

SHARE = 0.5
"""The share of the time left the sweep may take before the routes after it get the rest."""


DECIDED, HANDED_ON, NOT_APPLIED = "decided", "handed-on", "not-applied"
"""What the route made of a board (the fourth, ``not-reached``, is written by
:meth:`SolveStats.as_dict <satlink.solver.stats.SolveStats.as_dict>` when an earlier route
decided the board)."""


def decision(kind: str, reason: str, detail: str, **figures: object) -> dict[str, object]:
    """The verdict's ``stats.frontier_decision``: ``decision`` (``decided``, ``handed-on``,
    ``not-applied``), ``reason`` (a short code: ``complete``; ``share``, ``memory``,
    ``referee``; ``disabled``, ``limit``, ``profile``, ``no-deductions``, ``width``,
    ``memory``), ``detail`` in words and the figures the reason rests on (the engine, the
    width, the estimate and the bound)."""
    return {"decision": kind, "reason": reason, "detail": detail, **figures}


class Frontier:
    """Applies to a uniqueness check or a count up to
    :data:`~satlink.frontier.api.MOST_DECODED` under a profile :func:`engine_for` gives an
    engine, where the deductions ran and left edges open, under a method that asks for it (the
    default), on a board whose frontier width is within the engine's widths (and, for the
    sweep, whose estimate fits the memory bound).  ``widths``, ``zdd_widths``: :data:`WIDTHS`
    and :data:`ZDD_WIDTHS` in the routes list; wider ranges force the route onto other boards
    (the tests' agreement with brute force).  ``max_bytes``: the memory bound both engines are
    held to.  ``engines``: the engines allowed (the tests force the sweep where graphillion
    would run)."""

    name = "frontier"
    needs_sat = False

    def __init__(self, widths: range = WIDTHS, share: float = SHARE,
                 max_bytes: int = frontier.MAX_BYTES, fill_only: bool = True,
                 zdd_widths: range = ZDD_WIDTHS,
                 engines: tuple[str, ...] = (GRAPHILLION, SWEEP)):
        self.widths, self.share, self.max_bytes = widths, share, max_bytes
        self.fill_only, self.zdd_widths, self.engines = fill_only, zdd_widths, engines

    def applies(self, job: Job) -> bool:
        return self.why_not(job) is None

    def declined(self, job: Job) -> SolveStats | None:
        """None when the route applies; else why not, for the verdict's
        ``stats.frontier_decision`` (the routes loop asks this instead of :meth:`applies`)."""
        reason = self.why_not(job)
        return None if reason is None else SolveStats(frontier_decision=reason)

    def engine(self, job: Job) -> str | None:
        """The engine this route proves ``job`` by (:func:`engine_for`, within
        ``engines``); where graphillion is not allowed or not installed (a platform without
        its wheel), its profiles go to the sweep as they did before it (``fill`` only, unless
        ``fill_only`` is False)."""
        chosen = engine_for(job.profile, self.fill_only)
        if chosen == GRAPHILLION and (GRAPHILLION not in self.engines or not zdd.available()):
            chosen = SWEEP if job.profile.fill or not self.fill_only else None
        return chosen if chosen in self.engines else None

    def why_not(self, job: Job) -> dict | None:
        """Why the route does not apply to ``job`` (:func:`decision`), None when it does."""
        if not job.method.frontier:
            return decision(NOT_APPLIED, "disabled", "turned off (--no-frontier)")
        if not 2 <= job.limit <= frontier.MOST_DECODED:
            return decision(NOT_APPLIED, "limit", f"asked for {job.limit} solutions; the "
                            f"route counts 2 to {frontier.MOST_DECODED}", limit=job.limit)
        engine = self.engine(job)
        if engine is None:
            return decision(NOT_APPLIED, "profile", f"not taken under {job.profile.name}",
                            profile=job.profile.name)
        if not job.forced.states:
            return decision(NOT_APPLIED, "no-deductions", "no decided edges to start from "
                            "(the deductions did not run, or their result was refused)")
        taken = self.zdd_widths if engine == GRAPHILLION else self.widths
        widths = [taken.start, taken.stop - 1]
        if min(job.board.width, job.board.height) > taken.stop:
            # the frontier is about the short side wide: no schedule needed to know
            short = min(job.board.width, job.board.height)
            return decision(NOT_APPLIED, "width", f"the short side ({short}) is wider than "
                            f"the widths taken", engine=engine, short_side=short,
                            widths=widths)
        guess = frontier.estimate(job.board, job.profile)
        if guess.width not in taken:
            return decision(NOT_APPLIED, "width", f"a {guess.width}-node frontier, outside "
                            f"{widths[0]} to {widths[1]}", engine=engine, width=guess.width,
                            widths=widths)
        if engine == SWEEP and guess.bytes > self.max_bytes:
            return decision(NOT_APPLIED, "memory", f"estimated {guess.bytes / 2**20:.0f} MiB,"
                            f" above the bound", engine=engine, width=guess.width,
                            estimated_states=guess.states, estimated_bytes=guess.bytes,
                            max_bytes=self.max_bytes)
        return None

    def run(self, job: Job) -> Outcome:
        engine = self.engine(job)
        if engine == GRAPHILLION:
            outcome = zdd.count(job.board, job.profile, job.limit, self._deadline(job),
                                job.forced.states, max_bytes=self.max_bytes)
        else:
            outcome = frontier.count(job.board, job.profile, job.limit, self._deadline(job),
                                     job.forced.states, max_bytes=self.max_bytes)
        stats = SolveStats(frontier=outcome.stats())
        if not outcome.complete:
            why = "share" if outcome.ended == frontier.TIMEOUT else "memory"
            stats.frontier_decision = decision(HANDED_ON, why, outcome.reason, engine=engine)
            return Outcome.passed(f"the frontier sweep was {outcome.ended}: {outcome.reason}",
                                  job, stats)
        found = list(outcome.solutions[:job.limit])
        if any(solution_errors(job.board, s, job.profile) for s in found) \
                or len(found) != min(outcome.count, job.limit):
            stats.frontier_decision = decision(HANDED_ON, "referee", "the referee refused a "
                                               f"solution of the {engine} route", engine=engine)
            return Outcome.passed("the referee refused a solution of the frontier sweep",
                                  job.with_forced(NOTHING_FORCED), stats)
        done = "the diagram was built" if engine == GRAPHILLION else "the sweep went through"
        stats.frontier_decision = decision(DECIDED, "complete", done, engine=engine)
        return Outcome(found, exhausted=outcome.count < job.limit, stats=stats)

    def _deadline(self, job: Job) -> float | None:
        """The sweep's own deadline: its share of the time left (none when the job has no
        deadline: the sweep is bounded by its memory)."""
        if job.deadline is None:
            return None
        now = time.monotonic()
        return now + max(0.0, job.deadline - now) * self.share


__all__ = ["DECIDED", "GRAPHILLION", "HANDED_ON", "NOT_APPLIED", "SHARE", "SWEEP", "WIDTHS",
           "ZDD_WIDTHS", "Frontier", "decision", "engine_for"]
