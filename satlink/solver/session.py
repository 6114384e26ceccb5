"""One incremental SAT solver kept across checks of a board whose holes and endpoints are
being edited.

:func:`satlink.solver.check.check` builds a CNF and a solver for every board.  In the studio
the boards come one edit apart, and painting a hole or moving an endpoint keeps the
geometry, the profile and the number of labels.  A :class:`EditSession` loads the switched
CNF of the blank board once (:mod:`satlink.cnf.switches`) and answers each such board with
assumptions: its holes off, its endpoints and their codes on, the forced moves of that very
board as further assumptions.  What the solver learnt on earlier boards stays, since every
learnt clause is implied by the loaded clauses alone.

The verdict is proven exactly as :func:`check` proves it: a solution is a model under this
board's assumptions without a detached cycle, checked again by the referee
(:func:`satlink.referee.solution_errors`) on the board itself; the second search blocks the
first solution's edge set behind a literal assumed for this check only and retired after
it, so ``unique`` is an unsatisfiable second search and ``unsolvable`` an unsatisfiable
first one.  Cycle cuts say "one boundary edge is used, or a cell of the cycle is a hole
or an endpoint", which holds for every board, so they are kept.

A session covers only what it was built for (the default method, with or without the
forced moves, and a ``fill`` profile with ``notouch``: :meth:`EditSession.covers`), and
answers a board it covers unless it is busy or has not yet seen that blank board twice
(:meth:`EditSession.answer` then passes the board on to the other routes of
:mod:`satlink.solver.routes`).  Without ``notouch`` the blank board's models are full of
detached cycles, cut one model at a time, and a kept solver spent a whole studio
``--timeout`` on boards that the stricter profile's solution first
(:mod:`satlink.solver.routes.stricter`) decides at once.
"""

from __future__ import annotations

import threading
from dataclasses import replace

from satlink.board import Board
from satlink.cnf.encoding import Encoding
from satlink.cnf.switches import Switches, blank, encode_switched
from satlink.graph import edge_of_variable, edge_variable
from satlink.referee import solution_errors
from satlink.solution import Solution
from satlink.solver.backend import Backend, Timeout
from satlink.solver.cycles import cycle_cut
from satlink.solver.decode import read_model
from satlink.solver.method import DEFAULT_METHOD
from satlink.solver.routes.job import NOTHING_FORCED, Job, Outcome
from satlink.solver.stats import SolveStats, phase

MAX_CHECKS = 500
"""Checks one solver answers before it is built afresh: each leaves a retired blocking
literal and its learnt clauses behind, which the solver's own clean-up bounds only in part."""


class _Loaded:
    """A switched CNF and the solver that holds it (what building them cost goes to
    ``stats``)."""

    def __init__(self, key: tuple, job: Job, stats: SolveStats):
        self.key = key
        with phase(stats, "encode"):
            self.encoding, self.switches = encode_switched(job.board, job.profile, job.lemmas)
        enc: Encoding = self.encoding
        self.n_clauses = enc.n_clauses
        self.ends = enc.variables.graph.edges
        self.edge_var = enc.variables.edge_var
        self.backend = Backend(job.method.solver, enc.clauses, job.deadline, release=True)
        stats.load_seconds += self.backend.load_seconds
        self.top = enc.n_vars
        self.checks = 0
        self.counted = (0, 0)  # the solver's conflicts and decisions so far (it keeps counting)

    def fresh(self) -> int:
        self.top += 1
        return self.top

    def delete(self) -> None:
        self.backend.delete()


class EditSession:
    """A solver for a run of boards of one size, geometry and number of labels, which differ
    in their holes and endpoints (one per studio tab).

    Thread-safe in the only way it needs to be: a check that finds the session busy (an
    older check of the same tab still stopping) is passed on to the other routes.
    """

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._loaded: _Loaded | None = None
        self._closed = False
        self._seen: tuple | None = None  # the key of the last board the ordinary route answered
        self.reused = 0
        """Checks answered by an already loaded solver (for tests and benchmarks)."""

    def close(self) -> None:
        """Free the solver: now, or when the check running on it ends (never waits)."""
        self._closed = True
        if self._lock.acquire(blocking=False):
            try:
                self._drop()
            finally:
                self._lock.release()

    def _drop(self) -> None:
        if self._loaded is not None:
            self._loaded.delete()
            self._loaded = None

    def covers(self, job: Job) -> bool:
        """Whether this session may answer ``job``: the default method (with or without the
        forced moves), a profile with ``fill`` and ``notouch``, the session open."""
        return (not self._closed and replace(job.method, presolve=True) == DEFAULT_METHOD
                and job.profile.fill and job.profile.notouch)

    def answer(self, job: Job) -> Outcome:
        """Up to ``limit`` solutions of the job's board, as the whole board's route finds
        them; passed on while the session is busy, or when it does not hold the board's blank
        board (see :meth:`_load`)."""
        if self._closed or not self._lock.acquire(blocking=False):
            return Outcome.passed("the kept session is busy", job)
        stats = SolveStats()
        try:
            try:
                loaded = self._load(job, stats)
            except Timeout:  # the deadline passed while the clauses were loaded
                return Outcome.out_of_time(stats)
            if loaded is None:
                return Outcome.passed("the kept session holds another blank board", job, stats)
            return self._search(loaded, job, stats)
        finally:
            if self._closed:  # closed while this check ran
                self._drop()
            self._lock.release()

    def _load(self, job: Job, stats: SolveStats) -> _Loaded | None:
        """The loaded solver if it covers ``board``; a new one if the board before it had the
        same blank board (a hole or an endpoint was edited: more such edits are likely); else
        None, and the ordinary route answers (a board opened, resized, its geometry or number
        of labels changed: the switched CNF, a little larger than the board's own, would pay
        only from the next edit on)."""
        board, rules, lemmas = job.board, job.profile, job.lemmas
        key = (blank(board), len(board.labels), rules, lemmas)
        loaded = self._loaded
        if loaded is not None and loaded.checks < MAX_CHECKS and loaded.key == key:
            self.reused += 1
            return loaded
        if key != self._seen:
            self._seen = key
            return None
        self._drop()
        loaded = self._loaded = _Loaded(key, job, stats)
        return loaded

    def _search(self, loaded: _Loaded, job: Job, stats: SolveStats) -> Outcome:
        board, rules, deadline, limit = job.board, job.profile, job.deadline, job.limit
        loaded.checks += 1
        stats.variables, stats.clauses = loaded.top, loaded.n_clauses
        block = loaded.fresh()  # this check's blocking clauses hold only while it is assumed
        assumptions = self._assumptions(loaded, board, job.forced.units) + [block]
        found: list[Solution] = []
        timed_out = exhausted = refused = False
        try:
            while len(found) < limit:
                stats.sat_calls += 1
                with phase(stats, "sat"):
                    model = loaded.backend.solve(deadline, assumptions)
                if model is None:
                    exhausted = True
                    break
                with phase(stats, "decode"):
                    read = read_model(board, loaded.ends, model)
                    if read.cycles:
                        for cells in read.cycles:
                            loaded.backend.add_clause(_cut(loaded.encoding, loaded.switches,
                                                           cells))
                            stats.cycle_cuts += 1
                        continue
                    solution = read.solution()
                    refused = bool(solution_errors(board, solution, rules))
                if refused:  # a bug in the switched CNF must cost a verdict nothing
                    break
                found.append(solution)
                loaded.backend.add_clause([-block] + (-edge_variable(read.chosen)).tolist())
        except Timeout:
            timed_out = True
        except BaseException:
            self._drop()  # whatever state the solver is in, it is not reused
            raise
        finally:
            if self._loaded is not None:
                loaded.backend.add_clause([-block])  # retire this check's blocking clauses
                counted = loaded.backend.counters()  # since the solver was made
                stats.conflicts += counted[0] - loaded.counted[0]
                stats.decisions += counted[1] - loaded.counted[1]
                loaded.counted = counted
        if refused:
            self._drop()  # never reused; the other routes decide this board without its moves
            return Outcome.passed("the referee refused the kept session's solution",
                                  job.with_forced(NOTHING_FORCED), stats)
        return Outcome(found, exhausted=exhausted, timed_out=timed_out, stats=stats)

    @staticmethod
    def _assumptions(loaded: _Loaded, board: Board, units: list[int]) -> list[int]:
        """This board's switches, then its forced moves (edge literals of ``board``'s own
        numbering) in the blank board's numbering."""
        out = loaded.switches.assumptions(board)
        edges = board.edges
        for literal in units:
            var = loaded.edge_var[edges[edge_of_variable(abs(literal))]]
            out.append(var if literal > 0 else -var)
        return out


def _cut(encoding: Encoding, switches: Switches, cells: set[int]) -> list[int]:
    """A detached cycle over ``cells``: under ``fill`` one of its boundary edges is used,
    unless one of its cells is a hole or an endpoint (then it was no detached cycle): the
    ordinary cut (:func:`cycle_cut`, its boundary under ``fill``, which every profile a session
    holds has) with the switches that make it hold on this board only."""
    assert encoding.rules.fill, "a kept session holds fill profiles only"
    ordered = sorted(cells)
    return (cycle_cut(encoding, cells, []) + [-int(switches.used[c]) for c in ordered]
            + [int(switches.end[c]) for c in ordered])
