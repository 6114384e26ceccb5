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

A session answers only what it was built for (the default method, with or without the
forced moves, and a ``fill`` profile with ``notouch``); :meth:`EditSession.search` returns
None otherwise, and the caller runs the ordinary search.  Without ``notouch`` the blank
board's models are full of detached cycles, cut one model at a time, and a kept solver spent
a whole studio ``--timeout`` on boards that the ordinary route (a stricter profile's solution
first, :mod:`satlink.solver.weaker`) decides at once.
"""

from __future__ import annotations

import threading
import time
from dataclasses import replace

from satlink.board import Board
from satlink.cnf.encoding import Encoding
from satlink.cnf.switches import Switches, blank, encode_switched
from satlink.graph import edge_of_variable, edge_variable
from satlink.referee import solution_errors
from satlink.rules import Rules
from satlink.solution import Solution
from satlink.solver.backend import Backend, Timeout
from satlink.solver.cycles import cycle_cut
from satlink.solver.decode import read_model
from satlink.solver.method import DEFAULT_METHOD, Method
from satlink.solver.search_job import SearchJob
from satlink.solver.stats import SolveStats

MAX_CHECKS = 500
"""Checks one solver answers before it is built afresh: each leaves a retired blocking
literal and its learnt clauses behind, which the solver's own clean-up bounds only in part."""


class _Loaded:
    """A switched CNF and the solver that holds it."""

    def __init__(self, key: tuple, board: Board, rules: Rules, lemmas: tuple[str, ...],
                 method: Method, deadline: float | None):
        self.key = key
        begun = time.perf_counter()
        self.encoding, self.switches = encode_switched(board, rules, lemmas)
        self.encode_seconds = time.perf_counter() - begun
        enc: Encoding = self.encoding
        self.n_clauses = enc.n_clauses
        self.ends = enc.variables.graph.edges
        self.edge_var = enc.variables.edge_var
        self.backend = Backend(method.solver, enc.clauses, deadline, release=True)
        self.load_seconds = self.backend.load_seconds
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
    older check of the same tab still stopping) is told None and takes the ordinary route.
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

    def search(self, job: SearchJob, lemmas: tuple[str, ...]) -> tuple[bool, bool] | None:
        """Up to ``limit`` solutions of the job's board appended to ``found``; (exhausted,
        timed_out) as :func:`satlink.solver.check._search` answers, or None where this session
        does not apply (another method, a profile without ``fill`` or ``notouch``, or the
        session busy)."""
        board, rules, method, deadline = job.board, job.profile, job.method, job.deadline
        if replace(method, presolve=True) != DEFAULT_METHOD or not (rules.fill and rules.notouch):
            return None
        if self._closed or not self._lock.acquire(blocking=False):
            return None
        try:
            try:
                loaded = self._load(board, rules, method, lemmas, deadline, job.stats)
            except Timeout:  # the deadline passed while the clauses were loaded
                return False, True
            if loaded is None:
                return None
            return self._search(loaded, job)
        finally:
            if self._closed:  # closed while this check ran
                self._drop()
            self._lock.release()

    def _load(self, board: Board, rules: Rules, method: Method, lemmas: tuple[str, ...],
              deadline: float | None, stats: SolveStats) -> _Loaded | None:
        """The loaded solver if it covers ``board``; a new one if the board before it had the
        same blank board (a hole or an endpoint was edited: more such edits are likely); else
        None, and the ordinary route answers (a board opened, resized, its geometry or number
        of labels changed: the switched CNF, a little larger than the board's own, would pay
        only from the next edit on)."""
        key = (blank(board), len(board.labels), rules, lemmas)
        loaded = self._loaded
        if loaded is not None and loaded.checks < MAX_CHECKS and loaded.key == key:
            self.reused += 1
            return loaded
        if key != self._seen:
            self._seen = key
            return None
        self._drop()
        loaded = self._loaded = _Loaded(key, board, rules, lemmas, method, deadline)
        stats.encode_seconds += loaded.encode_seconds
        stats.load_seconds += loaded.load_seconds
        return loaded

    def _search(self, loaded: _Loaded, job: SearchJob) -> tuple[bool, bool]:
        board, rules, deadline, limit, stats = (job.board, job.profile, job.deadline, job.limit,
                                                job.stats)
        loaded.checks += 1
        stats.variables, stats.clauses = loaded.top, loaded.n_clauses
        block = loaded.fresh()  # this check's blocking clauses hold only while it is assumed
        assumptions = self._assumptions(loaded, board, job.units) + [block]
        mine: list[Solution] = []
        timed_out = exhausted = False
        try:
            while len(mine) < limit:
                stats.sat_calls += 1
                begun = time.perf_counter()
                model = loaded.backend.solve(deadline, assumptions)
                stats.sat_seconds += time.perf_counter() - begun
                if model is None:
                    exhausted = True
                    break
                begun = time.perf_counter()
                read = read_model(board, loaded.ends, model)
                if read.cycles:
                    for cells in read.cycles:
                        loaded.backend.add_clause(_cut(loaded.encoding, loaded.switches,
                                                       cells))
                        stats.cycle_cuts += 1
                    stats.decode_seconds += time.perf_counter() - begun
                    continue
                solution = read.solution()
                errors = solution_errors(board, solution, rules)
                stats.decode_seconds += time.perf_counter() - begun
                if errors:  # a bug in the switched CNF must cost a verdict nothing: say so
                    raise RuntimeError(f"internal error: the edit session's solution is not "
                                       f"one: {errors[0]}")
                mine.append(solution)
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
        job.found.extend(mine)
        return exhausted, timed_out

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
