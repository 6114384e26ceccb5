"""The incremental solver loop (:class:`SolutionEnumerator`): cycle cuts, blocking, counting
and timeouts.

One PySAT solver lives for the whole job.  Each model is decoded to its *edge set*; any
connected component without an endpoint is a detached cycle, which the local degree and
colour clauses cannot see.  How such models are refuted is the method's ``cycles`` choice:

* ``lazy``: add a cut clause and call ``solve()`` again (any backend);
* ``propagator``: CaDiCaL 1.9.5 asks an IPASIR-UP propagator to approve each complete
  assignment, which hands back the same cuts without restarting the search;
* an ``acyclic`` encoding excludes them in the CNF; the check below then only guards it.

A cycle-free model is a real solution; blocking its edge set (not its colours) asks for a
different one.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from satlink.cnf import Encoding
from satlink.graph import Edge, edge_variable
from satlink.solution import Solution
from satlink.solver.backend import Backend
from satlink.solver.cycles import cycle_cut, endpoint_cells
from satlink.solver.decode import ModelPaths, read_model
from satlink.solver.method import DEFAULT_METHOD, Method
from satlink.solver.propagator import CycleCutPropagator
from satlink.solver.stats import SolveStats, phase


class SolutionEnumerator:
    """Enumerates distinct, cycle-free solutions of an encoding, one SAT solver throughout.

    ``release_clauses``: the encoding's clause arrays are let go as the solver takes them
    (the routes of :mod:`satlink.solver.routes` own their encodings; others may not).  ``units``: literals
    known to hold in every solution (the forced moves of :mod:`satlink.solver.presolve`), added as
    unit clauses; being implied by the rules they lose no solution.  ``stats``: a record
    to add this search's figures to (the caller's presolve figures are kept).  ``backend``:
    a solver already holding the encoding's clauses, to use instead of the method's PySAT
    backend (``satlink bench`` hands in external solvers, one-shot and shuffled ones; anything
    with :class:`~satlink.solver.backend.Backend`'s methods).
    """

    _cut_cycles = True
    """False only in the tests' ``UncutSearch`` (``tests/support/helpers.py``), which hands back every
    model's edge set as it is, detached cycles and all, to show what goes wrong without cuts."""

    def __init__(
        self,
        encoding: Encoding,
        method: Method = DEFAULT_METHOD,
        deadline: float | None = None,
        *,
        release_clauses: bool = False,
        units: Sequence[int] = (),
        stats: SolveStats | None = None,
        backend: Backend | None = None,
    ):
        self.encoding = encoding
        self.board = encoding.board
        self.deadline = deadline
        # the caller's record: this search's work is added to what it holds (a weaker
        # profile's check first searches under the stricter one); its sizes are this CNF's
        self.stats = SolveStats() if stats is None else stats
        self.stats.variables, self.stats.clauses = encoding.n_vars, encoding.n_clauses
        self._cuts_before = self.stats.cycle_cuts
        self._endpoint_cells = endpoint_cells(self.board)
        self._ends = encoding.variables.graph.edges  # board.edges as an array
        self._backend = backend if backend is not None else Backend(
            method.solver, encoding.clauses, deadline, release=release_clauses)
        self.stats.load_seconds += self._backend.load_seconds
        with phase(self.stats, "load"):
            for literal in units:
                self._backend.add_clause([literal])
        self._units = len(units)
        self._blocks = 0
        self._propagator: CycleCutPropagator | None = None
        if method.uses_propagator and self._cut_cycles:
            self._propagator = CycleCutPropagator(encoding, self._endpoint_cells)
            self._backend.connect_propagator(self._propagator, self._propagator.observed())

    def close(self) -> None:
        if self._propagator is not None:
            self.stats.cycle_cuts += self._propagator.cuts
            self._backend.disconnect_propagator()
        conflicts, decisions = self._backend.counters()
        # the encoding's clauses plus the units, cuts and blocks added, the same for every
        # backend
        self.stats.clauses = (self.encoding.n_clauses + self._units
                              + self.stats.cycle_cuts - self._cuts_before + self._blocks)
        self.stats.conflicts += conflicts
        self.stats.decisions += decisions
        with phase(self.stats, "load"):
            self._backend.delete()

    def __enter__(self) -> SolutionEnumerator:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def solutions(self) -> Iterator[Solution]:
        """Yield distinct solutions until none is left; raises :class:`satlink.solver.backend.Timeout`."""
        while True:
            read = self._next_cycle_free()
            if read is None:
                return
            with phase(self.stats, "decode"):
                solution = read.solution()
            yield solution
            self._block(read)

    def edge_sets(self) -> Iterator[list[Edge]]:
        """Distinct edge sets (in ``UncutSearch`` possibly cyclic ones)."""
        while True:
            read = self._next_cycle_free()
            if read is None:
                return
            yield read.edges()
            self._block(read)

    def next_solution(self, assumptions: Sequence[int] = ()) -> Solution | None:
        """The next cycle-free solution under ``assumptions`` (literals that hold for this
        call only), not blocked; None if there is none.  Cycle cuts found on the way hold
        without the assumptions and stay."""
        read = self._next_cycle_free(list(assumptions))
        if read is None:
            return None
        with phase(self.stats, "decode"):
            return read.solution()

    @property
    def incremental(self) -> bool:
        """Whether another call keeps what the solver learnt (a one-shot backend is rebuilt
        from all its clauses for every call)."""
        return not self._backend.one_shot

    def block(self, solution: Solution) -> None:
        """Forbid a solution found elsewhere (another profile's search): as :meth:`_block`."""
        index = self.board.graph.edge_index
        self._backend.add_clause([-edge_variable(index[e]) for e in solution.edges()])
        self._blocks += 1

    def add_clause(self, clause: list[int]) -> None:
        """A clause of the caller's own, such as a selector's (counted as a block)."""
        self._backend.add_clause(clause)
        self._blocks += 1

    def _next_cycle_free(self, assumptions: list[int] | None = None) -> ModelPaths | None:
        while True:
            model = self._solve_once(assumptions)
            if model is None:
                return None
            with phase(self.stats, "decode"):
                read = read_model(self.board, self._ends, model)
                if not self._cut_cycles or not read.cycles:
                    return read
                if self.encoding.acyclic or self._propagator is not None:
                    raise RuntimeError(f"internal error: the {self.encoding.name} encoding "
                                       "(or the propagator) let a detached cycle through")
                chosen = read.edges()
                cuts = [cycle_cut(self.encoding, cells, chosen) for cells in read.cycles]
            for cut in cuts:
                self._backend.add_clause(cut)
                self.stats.cycle_cuts += 1

    def _solve_once(self, assumptions: list[int] | None = None) -> list[int] | None:
        self.stats.sat_calls += 1
        loaded = self._backend.load_seconds
        try:
            with phase(self.stats, "sat"):
                return self._backend.solve(self.deadline, assumptions)
        finally:
            rebuilt = self._backend.load_seconds - loaded  # a one-shot backend starts afresh
            self.stats.sat_seconds -= rebuilt
            self.stats.load_seconds += rebuilt

    def _block(self, read: ModelPaths) -> None:
        """Forbid this exact edge set; any other valid solution lacks one of its edges.

        (A valid edge set cannot strictly contain another: every path cell already has its
        full degree, so extra edges could only form detached cycles.)
        """
        self._backend.add_clause((-edge_variable(read.chosen)).tolist())
        self._blocks += 1
