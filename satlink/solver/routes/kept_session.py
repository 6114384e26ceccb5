"""The studio's kept session as a route: a tab's solver kept across edits of holes and
endpoints answers the board by assumptions (:class:`satlink.solver.session.EditSession`)."""

from __future__ import annotations

from satlink.solver.routes.job import Job, Outcome


class KeptSession:
    """Applies when the check was given a session that covers its profile and method; the
    session passes the board on while it is busy or does not hold its blank board."""

    name = "kept-session"
    needs_sat = True

    def applies(self, job: Job) -> bool:
        return job.session is not None and job.session.covers(job)

    def run(self, job: Job) -> Outcome:
        assert job.session is not None
        return job.session.answer(job)


__all__ = ["KeptSession"]
