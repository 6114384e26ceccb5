"""The deductions' route: the forced moves, look-ahead and case splits of
:mod:`satlink.solver.presolve` decide the board, or hand the edges they decided to the routes
after them (as unit clauses, and as the edge states the pieces are cut by)."""

from __future__ import annotations

from satlink.solver.presolve import CONTRADICTION, DECIDED, SOLVED, PresolveTimeout, presolve
from satlink.solver.routes.job import Forced, Job, Outcome
from satlink.solver.stats import SolveStats, phase


class Deductions:
    """Applies under every method that asks for them (``presolve``, the default)."""

    name = "deductions"
    needs_sat = False

    def applies(self, job: Job) -> bool:
        return job.method.presolve

    def run(self, job: Job) -> Outcome:
        stats = SolveStats()
        try:
            with phase(stats, "presolve"):
                presolved = presolve(job.board, job.profile, job.deadline, limit=job.limit)
        except PresolveTimeout:
            return Outcome.out_of_time(stats)
        stats.presolved_edges = presolved.decided
        stats.presolve_stage = presolved.stage
        if presolved.outcome in (SOLVED, DECIDED, CONTRADICTION):
            found = list(presolved.solutions[:job.limit])
            return Outcome(found, exhausted=presolved.exhausted or not found, stats=stats)
        return Outcome.passed(f"the deductions left the board {presolved.outcome}",
                              job.with_forced(Forced(presolved.units, presolved.states)), stats)


__all__ = ["Deductions"]
