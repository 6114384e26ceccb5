"""The frontier sweep's route: a uniqueness proof (or a count up to a few) by
:func:`satlink.frontier.count` on the board as the deductions left it, where SAT, knowing
nothing of connectivity, has to exclude every other filling one conflict at a time.

It runs only where it is measured to pay (``docs/frontier.md``, "The route in check"): the
sweep's cost follows the frontier's width, not how hard the board is, so it is tried on boards
whose frontier is within :data:`WIDTHS` and whose estimate fits the memory bound, under a
profile with ``fill`` and without ``notouch``.  Narrower boards stay with SAT, which is as
fast there; wider ones too; under ``notouch`` the SAT routes propagate well, and without
``fill`` (``nikoli``) the sweep holds several times more states and lost to SAT.

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
from satlink.solver.routes.job import NOTHING_FORCED, Job, Outcome
from satlink.solver.stats import SolveStats

WIDTHS = range(12, 14)
"""The frontier widths the route is tried at (``docs/frontier.md``: below, SAT is as fast;
above, SAT decides more boards in the same time)."""

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
    ``memory``), ``detail`` in words and the figures the reason rests on (the width, the
    estimate and the bound)."""
    return {"decision": kind, "reason": reason, "detail": detail, **figures}


class Frontier:
    """Applies to a uniqueness check or a count up to
    :data:`~satlink.frontier.api.MOST_DECODED` under a profile with ``fill`` and without
    ``notouch`` (any profile without ``notouch`` when ``fill_only`` is False), where the
    deductions ran and left edges open, under a method that asks for it (the default), on a
    board whose frontier width is within ``widths`` and whose estimate fits the memory
    bound.  ``widths``: :data:`WIDTHS` in the routes list; a wider range forces the route
    onto other boards (the tests' agreement with brute force).  ``max_bytes``: the memory
    bound the estimate and the sweep are held to."""

    name = "frontier"
    needs_sat = False

    def __init__(self, widths: range = WIDTHS, share: float = SHARE,
                 max_bytes: int = frontier.MAX_BYTES, fill_only: bool = True):
        self.widths, self.share, self.max_bytes = widths, share, max_bytes
        self.fill_only = fill_only

    def applies(self, job: Job) -> bool:
        return self.why_not(job) is None

    def declined(self, job: Job) -> SolveStats | None:
        """None when the route applies; else why not, for the verdict's
        ``stats.frontier_decision`` (the routes loop asks this instead of :meth:`applies`)."""
        reason = self.why_not(job)
        return None if reason is None else SolveStats(frontier_decision=reason)

    def why_not(self, job: Job) -> dict | None:
        """Why the route does not apply to ``job`` (:func:`decision`), None when it does."""
        if not job.method.frontier:
            return decision(NOT_APPLIED, "disabled", "turned off (--no-frontier)")
        if not 2 <= job.limit <= frontier.MOST_DECODED:
            return decision(NOT_APPLIED, "limit", f"asked for {job.limit} solutions; the "
                            f"route counts 2 to {frontier.MOST_DECODED}", limit=job.limit)
        if job.profile.notouch or not (job.profile.fill or not self.fill_only):
            return decision(NOT_APPLIED, "profile", f"not taken under {job.profile.name}",
                            profile=job.profile.name)
        if not job.forced.states:
            return decision(NOT_APPLIED, "no-deductions", "no decided edges to start from "
                            "(the deductions did not run, or their result was refused)")
        widths = [self.widths.start, self.widths.stop - 1]
        if min(job.board.width, job.board.height) > self.widths.stop:
            # the frontier is about the short side wide: no schedule needed to know
            short = min(job.board.width, job.board.height)
            return decision(NOT_APPLIED, "width", f"the short side ({short}) is wider than "
                            f"the widths taken", short_side=short, widths=widths)
        guess = frontier.estimate(job.board, job.profile)
        if guess.width not in self.widths:
            return decision(NOT_APPLIED, "width", f"a {guess.width}-node frontier, outside "
                            f"{widths[0]} to {widths[1]}", width=guess.width, widths=widths)
        if guess.bytes > self.max_bytes:
            return decision(NOT_APPLIED, "memory", f"estimated {guess.bytes / 2**20:.0f} MiB,"
                            f" above the bound", width=guess.width,
                            estimated_states=guess.states, estimated_bytes=guess.bytes,
                            max_bytes=self.max_bytes)
        return None

    def run(self, job: Job) -> Outcome:
        outcome = frontier.count(job.board, job.profile, job.limit, self._deadline(job),
                                 job.forced.states, max_bytes=self.max_bytes)
        stats = SolveStats(frontier=outcome.stats())
        if not outcome.complete:
            why = "share" if outcome.ended == frontier.TIMEOUT else "memory"
            stats.frontier_decision = decision(HANDED_ON, why, outcome.reason)
            return Outcome.passed(f"the frontier sweep was {outcome.ended}: {outcome.reason}",
                                  job, stats)
        found = list(outcome.solutions[:job.limit])
        if any(solution_errors(job.board, s, job.profile) for s in found) \
                or len(found) != min(outcome.count, job.limit):
            stats.frontier_decision = decision(HANDED_ON, "referee", "the referee refused a "
                                               "solution of the sweep")
            return Outcome.passed("the referee refused a solution of the frontier sweep",
                                  job.with_forced(NOTHING_FORCED), stats)
        stats.frontier_decision = decision(DECIDED, "complete", "the sweep went through")
        return Outcome(found, exhausted=outcome.count < job.limit, stats=stats)

    def _deadline(self, job: Job) -> float | None:
        """The sweep's own deadline: its share of the time left (none when the job has no
        deadline: the sweep is bounded by its memory)."""
        if job.deadline is None:
            return None
        now = time.monotonic()
        return now + max(0.0, job.deadline - now) * self.share


__all__ = ["DECIDED", "HANDED_ON", "NOT_APPLIED", "SHARE", "WIDTHS", "Frontier", "decision"]
