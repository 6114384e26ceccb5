"""One SAT backend behind a uniform interface: incremental or one-shot, with deadlines.

PySAT's backends differ in what they can do after ``solve()``.  Most are incremental (add a
clause, solve again, keep everything learnt).  Kissat 4.0.4 is one-shot: adding a clause
after a solve aborts the whole process.  For such backends this wrapper keeps the added
clauses and builds a fresh solver for each call, so the search loop above stays the same.

Deadlines: the interrupt timer stops backends that support ``interrupt()``; CaDiCaL 1.9.5
and Kissat do not (NotImplementedError), so the search also runs in conflict-budget slices.
An incremental backend keeps its learnt clauses across slices (capped at 50k conflicts); a
one-shot backend restarts with a doubled budget, which wastes at most half the time.
"""

from __future__ import annotations

import math
import time
from collections import deque
from collections.abc import Callable
from contextlib import nullcontext
from itertools import repeat

import pysat.solvers
from pysat.solvers import Solver, SolverNames

from satlink.cnf.clauses import Clauses, Timeout
from satlink.runtime import cancel
from satlink.runtime.watchdog import MAX_TIMER_SECONDS, WATCHDOG

ONE_SHOT_SOLVERS = frozenset(SolverNames.kissat404)
DIRECT_ADD = {
    "Glucose4": ("glucose", "glucose41_add_cl"),
    "Glucose42": ("glucose", "glucose421_add_cl"),
    "Glucose3": ("glucose", "glucose3_add_cl"),
    "Minisat22": ("minisat", "minisat22_add_cl"),
    "Cadical195": ("cadical", "cadical195_add_cl"),
    "Cadical153": ("cadical", "cadical153_add_cl"),
}
"""PySAT classes whose ``add_clause`` only calls this C function on this handle (and notes an
unsatisfiable result, which the next ``solve()`` reports anyway)."""


def clause_loader(solver: Solver) -> Callable[[list[list[int]]], None]:
    """What hands a list of clauses to ``solver``: PySAT's ``append_formula`` is two Python calls
    deep per clause, so for the classes in :data:`DIRECT_ADD` the C function is called
    directly (measurably faster loading, ``benchmarks/README.md``); any other backend, or a
    PySAT whose internals differ, goes through ``append_formula``."""
    inner = solver.solver
    handle_name, function_name = DIRECT_ADD.get(type(inner).__name__, ("", ""))
    handle = getattr(inner, handle_name, None) if handle_name else None
    add = getattr(getattr(pysat.solvers, "pysolvers", None), function_name, None)
    if handle is None or add is None:
        return solver.append_formula

    def load(clauses: list[list[int]]) -> None:
        deque(map(add, repeat(handle, len(clauses)), clauses), maxlen=0)
    return load


def buffer_loader(solver: Solver) -> Callable[[object], None] | None:
    """For PySAT's CryptoMiniSat backend (``cms``, through ``pycryptosat``): its
    ``add_clauses``, which reads a flat zero-terminated array in C, so clause arrays reach the
    solver without becoming Python lists; None for every other backend."""
    inner = solver.solver
    if type(inner).__name__ != "CryptoMinisat":
        return None
    return getattr(getattr(inner, "cryptosat", None), "add_clauses", None)


__all__ = ["Backend", "Timeout", "buffer_loader", "clause_loader"]


class Backend:
    """A PySAT solver that can always take another clause and another ``solve()``."""

    def __init__(self, name: str, clauses: Clauses, deadline: float | None = None, *,
                 release: bool = False, one_shot: bool = False):
        self.name = name
        # one_shot=True asks an incremental backend to work as a one-shot one (a fresh solver
        # per call): what ``satlink bench --calls one-shot`` compares against incremental
        self.one_shot = one_shot or name in ONE_SHOT_SOLVERS
        self.release = release and not self.one_shot  # a rebuilt solver needs them again
        self.deadline = deadline  # loading a huge CNF takes tens of seconds: it counts too
        self._base = clauses
        self._added: list[list[int]] = []
        self._fresh = True
        self._retired = (0, 0)  # conflicts and decisions of the solvers already rebuilt
        self.counts_known = True
        """False once the backend has said it exposes no statistics (Kissat through PySAT):
        its conflicts are then unknown, not zero."""
        self.load_seconds = 0.0  # creating solvers and handing them the clauses, rebuilds too
        self.solver = self._build()

    def _build(self) -> Solver:
        start = time.perf_counter()
        try:
            return self._load()
        finally:
            self.load_seconds += time.perf_counter() - start

    def _load(self) -> Solver:
        solver = Solver(name=self.name)
        bulk = buffer_loader(solver)
        load = clause_loader(solver) if bulk is None else bulk
        parts = (self._base.chunks(release=self.release) if bulk is None  # lists, a chunk at a time
                 else self._base.buffers(release=self.release))
        for part in parts:
            if self.deadline is not None and time.monotonic() > self.deadline:
                solver.delete()
                raise Timeout
            load(part)
        for clause in self._added:
            solver.add_clause(clause)
        for lits, bound in self._base.atmost:
            solver.add_atmost(lits, bound)
        return solver

    def _ready(self) -> None:
        """A one-shot solver that has already run is replaced by a fresh one."""
        if self.one_shot and not self._fresh:
            self._harvest_stats()
            self.solver.delete()
            self.solver = self._build()
        self._fresh = False

    def add_clause(self, clause: list[int]) -> None:
        if self.one_shot:
            self._added.append(clause)
            if self._fresh:
                self.solver.add_clause(clause)
        else:
            self.solver.add_clause(clause)

    def solve(self, deadline: float | None, assumptions: list[int] | None = None
              ) -> list[int] | None:
        """A model, or None if unsatisfiable (under ``assumptions``, literals that hold for
        this call only); raises :class:`Timeout` at the deadline."""
        assumptions = assumptions or []
        if deadline is None and cancel.current() is None:
            self._ready()
            sat = self.solver.solve(assumptions=assumptions)
        else:  # in slices, so a deadline or a cancel token (satlink.runtime.cancel) can stop it
            sat = self._solve_until(math.inf if deadline is None else deadline, assumptions)
        return self.solver.get_model() if sat else None

    def _solve_until(self, deadline: float, assumptions: list[int]) -> bool:
        budget = 10_000
        while True:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise Timeout
            self._ready()
            # a far deadline (--timeout 1e308) must not overflow the timer's wait
            alarm = WATCHDOG.schedule(min(remaining, MAX_TIMER_SECONDS), self._interrupt)
            token = cancel.current()  # a newer request may cancel this one (satlink.runtime.cancel)
            try:
                with token.running(self) if token is not None else nullcontext():
                    self.solver.conf_budget(budget)
                    sat = self.solver.solve_limited(assumptions=assumptions,
                                                    expect_interrupt=True)
            finally:
                WATCHDOG.cancel(alarm)
            if sat is not None:
                return sat
            self._clear_interrupt()
            if token is not None and token.cancelled:
                raise Timeout  # as at the deadline: the caller drops the answer
            budget = 2 * budget if self.one_shot else min(2 * budget, 50_000)

    def interrupt(self) -> None:
        """Stop the running ``solve`` (from another thread): the cancel token's hook."""
        self._interrupt()

    def _interrupt(self) -> None:
        try:
            self.solver.interrupt()
        except NotImplementedError:  # the budget slices bound the time instead
            pass

    def _clear_interrupt(self) -> None:
        try:
            self.solver.clear_interrupt()
        except NotImplementedError:
            pass

    def _harvest_stats(self) -> None:
        """Keep the figures of the solver about to be replaced (one-shot rebuilds)."""
        conflicts, decisions = self._current_counts()
        self._retired = (self._retired[0] + conflicts, self._retired[1] + decisions)

    def _current_counts(self) -> tuple[int, int]:
        try:
            stats = self.solver.accum_stats() or {}
        except NotImplementedError:  # Kissat exposes no statistics through PySAT
            self.counts_known = False
            stats = {}
        return int(stats.get("conflicts", 0)), int(stats.get("decisions", 0))

    def counters(self) -> tuple[int, int]:
        """(conflicts, decisions) since this backend was made, over every solver it built
        (PySAT's figures are cumulative per solver); reading them changes nothing, so a caller
        may take differences.  Zero where the backend does not expose them: check
        :attr:`counts_known` afterwards."""
        conflicts, decisions = self._current_counts()
        return self._retired[0] + conflicts, self._retired[1] + decisions

    def connect_propagator(self, propagator: object, observed: list[int]) -> None:
        """Attach an IPASIR-UP propagator (CaDiCaL 1.9.5) that watches ``observed`` variables."""
        self.solver.connect_propagator(propagator)
        for var in observed:
            self.solver.observe(var)

    def disconnect_propagator(self) -> None:
        self.solver.disconnect_propagator()

    def delete(self) -> None:
        self.solver.delete()
