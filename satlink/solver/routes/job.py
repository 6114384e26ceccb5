"""What a route is handed (:class:`Job`: one board, what is asked of it and what earlier routes
learnt about it) and what it hands back (:class:`Outcome`).

A route either decides the board (its outcome is *finished*: the solutions it found, whether
they are all there are, whether the deadline cut it short) or says why it could not and hands
the routes after it the job as it now stands (the forced moves the deductions made, the
stricter profile's answer, or the forced moves dropped after the referee refused a solution
built on them).  Nothing is signalled by ``None`` or by an exception.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field, replace
from typing import Protocol

from satlink.board import Board
from satlink.rules import Rules
from satlink.solution import Solution
from satlink.solver.method import Method
from satlink.solver.stats import SolveStats


class Clock:
    """The seconds and the deadline of one ``check`` or ``solve`` call, shared by every job
    decided for it (the stricter profile's too).

    The one-time import of the SAT modules is the process's start-up, not the board's work:
    :meth:`set_aside` takes it out of the board's seconds and adds it to the deadline (under
    load a worker's first board could spend a whole short ``--timeout`` importing numpy and
    PySAT)."""

    __slots__ = ("deadline", "set_aside_seconds", "start")

    def __init__(self, timeout: float | None):
        self.start = time.perf_counter()
        self.deadline = None if timeout is None else time.monotonic() + timeout
        """``time.monotonic()`` by which the board is given up; None: no limit."""
        self.set_aside_seconds = 0.0

    def set_aside(self, seconds: float) -> None:
        self.set_aside_seconds += seconds
        if self.deadline is not None:
            self.deadline += seconds

    def seconds(self) -> float:
        """The board's wall time so far, without what was set aside."""
        return time.perf_counter() - self.start - self.set_aside_seconds

    def passed(self) -> bool:
        return self.deadline is not None and time.monotonic() > self.deadline


@dataclass(frozen=True)
class Forced:
    """The edges the deductions decided on a board they did not decide whole."""

    units: list[int] = field(default_factory=list)
    """Decided edges as unit literals over the encodings' edge variables."""
    states: bytes = b""
    """Every edge's state (0 undecided, ``ON``, ``OFF``), indexed like ``board.edges``; empty
    when the deductions did not run or their result was refused."""


NOTHING_FORCED = Forced()


@dataclass(frozen=True)
class Job:
    """One board under ``profile`` and ``method``, wanting up to ``limit`` solutions (1 to
    solve, 2 to prove uniqueness, more to count), by ``clock``'s deadline; ``session``: the
    studio tab's kept solver, if any; ``forced``: what the deductions decided so far;
    ``stricter``: the stricter profile's outcome once a route asked for it; ``routes``: the
    list this job is decided by (:data:`satlink.solver.routes.ROUTES`), which a route that
    needs another job decided (the stricter profile's) hands on."""

    board: Board
    profile: Rules
    method: Method
    limit: int
    clock: Clock
    routes: tuple[Route, ...]
    session: KeptSolver | None = None
    forced: Forced = NOTHING_FORCED
    stricter: Outcome | None = None

    @property
    def deadline(self) -> float | None:
        """The clock's deadline as it is now (the import of the SAT modules moves it)."""
        return self.clock.deadline

    @property
    def lemmas(self) -> tuple[str, ...]:
        return self.method.lemmas_for(self.profile, self.board.geometry.kind)

    def under(self, profile: Rules, limit: int) -> Job:
        """The same board on the same clock under another profile, nothing known of it yet."""
        return Job(self.board, profile, self.method, limit, self.clock, self.routes)

    def with_forced(self, forced: Forced) -> Job:
        return replace(self, forced=forced)


@dataclass
class Outcome:
    """What a route made of a job: ``finished`` (it decided the board: ``solutions``, up to
    the job's limit; ``exhausted``: they are all there are; ``timed_out``: the deadline cut it
    short), or not (``why`` says what stopped it and ``next_job`` is the job for the routes
    after it).  ``stats``: what the route found and spent, finished or not."""

    solutions: list[Solution] = field(default_factory=list)
    exhausted: bool = False
    timed_out: bool = False
    stats: SolveStats = field(default_factory=SolveStats)
    finished: bool = True
    why: str = ""
    next_job: Job | None = None

    @classmethod
    def passed(cls, why: str, job: Job, stats: SolveStats | None = None) -> Outcome:
        """The route could not decide the board (``why``); the routes after it get ``job``."""
        return cls(stats=stats or SolveStats(), finished=False, why=why, next_job=job)

    @classmethod
    def out_of_time(cls, stats: SolveStats | None = None) -> Outcome:
        return cls(timed_out=True, stats=stats or SolveStats())


class KeptSolver(Protocol):
    """What the kept-session route asks of a studio tab's solver
    (:class:`satlink.solver.session.EditSession`)."""

    def covers(self, job: Job) -> bool:
        """Whether it may answer ``job`` (its method and profile)."""

    def answer(self, job: Job) -> Outcome:
        """Decide ``job``'s board, or say why not."""


class Route(Protocol):
    """One way to decide a board.  ``name`` is what the verdict's ``stats.route`` says;
    ``needs_sat``: the route loads the CNF and SAT modules (the loop imports them first, off
    the board's clock)."""

    name: str
    needs_sat: bool

    def applies(self, job: Job) -> bool:
        """Whether the route may be tried on ``job`` (cheap: no search)."""

    def run(self, job: Job) -> Outcome:
        """Decide ``job``'s board, or say why not."""


__all__ = ["NOTHING_FORCED", "Clock", "Forced", "Job", "KeptSolver", "Outcome", "Route"]
