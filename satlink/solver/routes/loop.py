"""The one loop that decides a board: the job's routes in order, each tried where it applies,
until one decides it.

:func:`satlink.solver.check.check` and :func:`satlink.solver.check.solve` both come here, and
so does a route that needs another job decided first (the stricter profile's); the order is
the list's (:data:`satlink.solver.routes.ROUTES`), never a caller's.
"""

from __future__ import annotations

import time
from dataclasses import replace

from satlink.solver.routes.job import Job, Outcome, Route
from satlink.solver.stats import SolveStats


def decide(job: Job) -> Outcome:
    """The finished outcome of the first route that decides ``job``'s board; its ``stats``
    hold every route's figures that ran on the way (:meth:`SolveStats.add`) and, under
    ``route``, the name of the one that decided."""
    stats = SolveStats(edges=job.board.n_edges)
    for route in job.routes:
        if not applies(route, job, stats):
            continue
        if route.needs_sat:
            job.clock.set_aside(import_sat_modules())
        outcome = route.run(job)
        stats.add(outcome.stats)
        if outcome.finished:
            stats.route = route.name
            return replace(outcome, stats=stats)
        assert outcome.next_job is not None, f"the {route.name} route passed on no job"
        job = outcome.next_job
    raise RuntimeError("internal error: no route decided the board (the last route, the "
                       "whole board's SAT search, applies to every board)")


def applies(route: Route, job: Job, stats: SolveStats) -> bool:
    """Whether ``route`` applies to ``job``.  A route that can say why not (a
    ``declined(job)`` method: None when it applies, else its reason as figures) is asked that
    instead, once, and its reason is added to ``stats``: the frontier route's reason goes to
    the verdict's stats without its estimate being made twice."""
    tell = getattr(route, "declined", None)
    if tell is None:
        return route.applies(job)
    reason = tell(job)
    if reason is None:
        return True
    stats.add(reason)
    return False


def import_sat_modules() -> float:
    """Import the CNF builders, the solver loop and the SAT backend (numpy, PySAT) the first
    time a board needs them; returns the seconds that took (0 once they are loaded).  Not at
    the top of the routes: a process whose boards the deductions all decide never loads
    numpy or the SAT backend."""
    begun = time.perf_counter()
    import satlink.cnf.builders  # noqa: F401
    import satlink.cnf.encoding  # noqa: F401
    import satlink.solver.backend  # noqa: F401
    import satlink.solver.encode  # noqa: F401
    import satlink.solver.routes.nearby  # noqa: F401
    import satlink.solver.search  # noqa: F401

    return time.perf_counter() - begun


__all__ = ["applies", "decide", "import_sat_modules"]
