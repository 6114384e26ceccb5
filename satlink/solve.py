"""The incremental solver loop: cycle cuts, blocking, counting and timeouts.

One PySAT solver lives for the whole job.  Each model is decoded to its *edge set*; any
connected component without an endpoint is a detached cycle, which the local degree and
colour clauses cannot see.  Such a model is refuted with a cut clause and the same solver is
asked again.  A cycle-free model is a real solution; blocking its edge set (not its colours)
asks for a different one.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field

from pysat.solvers import Solver, SolverNames

from satlink.board import Edge, Solution
from satlink.cnf import Encoding

DEFAULT_SOLVER = "glucose4"


def solver_names() -> set[str]:
    """Every backend name (and alias) PySAT accepts."""
    return {name for key, names in vars(SolverNames).items() if not key.startswith("_")
            for name in names}


class Timeout(Exception):
    """The time budget ran out before the solver answered."""


@dataclass
class SolveStats:
    """What the search cost; reported in every JSON record."""

    variables: int = 0
    clauses: int = 0
    sat_calls: int = 0
    cycle_cuts: int = 0
    conflicts: int = 0
    decisions: int = 0
    encode_seconds: float = 0.0
    sat_seconds: float = 0.0
    extra: dict = field(default_factory=dict)

    def as_dict(self) -> dict:
        return {
            "variables": self.variables,
            "clauses": self.clauses,
            "sat_calls": self.sat_calls,
            "cycle_cuts": self.cycle_cuts,
            "conflicts": self.conflicts,
            "decisions": self.decisions,
            "encode_seconds": round(self.encode_seconds, 6),
            "sat_seconds": round(self.sat_seconds, 6),
        }


class SolutionSearch:
    """Enumerates distinct, cycle-free solutions of an encoding, one SAT solver throughout.

    ``eliminate_cycles=False`` exists only so tests can show what goes wrong without the cuts.
    """

    def __init__(
        self,
        encoding: Encoding,
        solver: str = DEFAULT_SOLVER,
        deadline: float | None = None,
        eliminate_cycles: bool = True,
    ):
        self.encoding = encoding
        self.board = encoding.board
        self.deadline = deadline
        self.eliminate_cycles = eliminate_cycles
        self.stats = SolveStats(variables=encoding.n_vars, clauses=encoding.n_clauses)
        self._edge_items = list(encoding.variables.edge_var.items())
        self._endpoint_cells = {c for pair in self.board.endpoints.values() for c in pair}
        self._solver = Solver(name=solver, bootstrap_with=encoding.clauses.clauses)

    def close(self) -> None:
        self.stats.clauses = self._solver.nof_clauses() or self.stats.clauses
        self.stats.variables = max(self.stats.variables, self._solver.nof_vars() or 0)
        stats = self._solver.accum_stats() or {}
        self.stats.conflicts = int(stats.get("conflicts", 0))
        self.stats.decisions = int(stats.get("decisions", 0))
        self._solver.delete()

    def __enter__(self) -> SolutionSearch:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def solutions(self) -> Iterator[Solution]:
        """Yield distinct solutions until none is left; raises :class:`Timeout`."""
        while True:
            edges = self._next_cycle_free_edges()
            if edges is None:
                return
            yield Solution.from_edges(self.board, edges)
            self._block(edges)

    def _next_cycle_free_edges(self) -> list[Edge] | None:
        while True:
            model = self._solve_once()
            if model is None:
                return None
            chosen = [e for e, v in self._edge_items if model[v - 1] > 0]
            if not self.eliminate_cycles:
                return chosen
            cycles = self._detached_components(chosen)
            if not cycles:
                return chosen
            for cells in cycles:
                self._solver.add_clause(self._cut(cells, chosen))
                self.stats.cycle_cuts += 1

    def _solve_once(self) -> list[int] | None:
        self.stats.sat_calls += 1
        start = time.perf_counter()
        try:
            if self.deadline is None:
                sat = self._solver.solve()
            else:
                sat = self._solve_with_deadline()
        finally:
            self.stats.sat_seconds += time.perf_counter() - start
        return self._solver.get_model() if sat else None

    def _solve_with_deadline(self) -> bool:
        """Solve in conflict-budget slices until an answer or the deadline.

        The interrupt timer stops backends that support ``interrupt()`` on time; PySAT's
        CaDiCaL 1.9.5 does not (it raises NotImplementedError), so there the budget slices,
        whose learnt clauses are kept, are what bound the time.
        """
        budget = 10_000
        while True:
            remaining = self.deadline - time.monotonic()
            if remaining <= 0:
                raise Timeout
            timer = threading.Timer(remaining, self._interrupt)
            timer.start()
            try:
                self._solver.conf_budget(budget)
                sat = self._solver.solve_limited(expect_interrupt=True)
            finally:
                timer.cancel()
            if sat is not None:
                return sat
            self._clear_interrupt()
            budget = min(2 * budget, 50_000)

    def _interrupt(self) -> None:
        try:
            self._solver.interrupt()
        except NotImplementedError:  # e.g. CaDiCaL 1.9.5: the budget slices bound the time
            pass

    def _clear_interrupt(self) -> None:
        try:
            self._solver.clear_interrupt()
        except NotImplementedError:
            pass

    def _detached_components(self, chosen: list[Edge]) -> list[set[int]]:
        """Cell sets of connected components of the edge set that hold no endpoint."""
        adj: dict[int, list[int]] = {}
        for a, b in chosen:
            adj.setdefault(a, []).append(b)
            adj.setdefault(b, []).append(a)
        seen: set[int] = set()
        detached = []
        for start in adj:
            if start in seen:
                continue
            component = {start}
            stack = [start]
            while stack:
                for n in adj[stack.pop()]:
                    if n not in component:
                        component.add(n)
                        stack.append(n)
            seen |= component
            if not component & self._endpoint_cells:
                detached.append(component)
        return detached

    def _cut(self, cells: set[int], chosen: list[Edge]) -> list[int]:
        """A clause every true solution satisfies but this cycle violates.

        Under ``fill`` every cell of an endpoint-free set lies on a path that must leave the
        set, so one of its boundary edges is used; without fill the cycle's cells may stay
        empty, so the clause only forbids this very cycle.
        """
        ev = self.encoding.variables.edge_var
        if self.encoding.rules.fill:
            boundary = [
                ev[(a, b) if a < b else (b, a)]
                for a in cells
                for b in self.board.neighbors(a)
                if b not in cells
            ]
            return boundary
        return [-ev[e] for e in chosen if e[0] in cells]

    def _block(self, edges: list[Edge]) -> None:
        """Forbid this exact edge set; any other valid solution lacks one of its edges.

        (A valid edge set cannot strictly contain another: every path cell already has its
        full degree, so extra edges could only form detached cycles.)
        """
        ev = self.encoding.variables.edge_var
        self._solver.add_clause([-ev[e] for e in edges])
