"""The whole board's route, the last of the list: encode the board under its profile, load the
CNF with the forced moves as unit clauses, and enumerate solutions up to the limit
(:class:`satlink.solver.search.SolutionEnumerator`: cycle cuts, blocking, the deadline).
It applies to every board and always decides it."""

from __future__ import annotations

from satlink.solution import Solution
from satlink.solver.routes.job import Job, Outcome
from satlink.solver.stats import SolveStats, phase


class WholeBoard:
    name = "whole-board"
    needs_sat = True

    def applies(self, job: Job) -> bool:
        return True

    def run(self, job: Job) -> Outcome:
        # imported here, not at the top: see satlink.solver.routes.loop.import_sat_modules
        from satlink.solver.backend import Timeout
        from satlink.solver.encode import encode
        from satlink.solver.search import SolutionEnumerator

        stats = SolveStats()
        found: list[Solution] = []
        exhausted = False
        try:
            with phase(stats, "encode"):  # the deadline covers encoding and loading too
                encoding = encode(job.board, job.profile, job.method, job.deadline)
            if job.clock.passed():
                raise Timeout
            with SolutionEnumerator(encoding, job.method, job.deadline, release_clauses=True,
                                    units=job.forced.units, stats=stats) as enumerator:
                for solution in enumerator.solutions():
                    found.append(solution)
                    if len(found) >= job.limit:
                        break
                else:
                    exhausted = True
        except Timeout:
            return Outcome(found, timed_out=True, stats=stats)
        return Outcome(found, exhausted=exhausted, stats=stats)

__all__ = ["WholeBoard"]
