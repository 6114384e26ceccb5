"""Cycle cuts inside one search: an IPASIR-UP propagator for PySAT's CaDiCaL 1.9.5.

The lazy loop restarts the solver after each model with a detached cycle.  Here the solver
asks the propagator to approve every complete assignment instead; a model with detached
cycles is rejected by handing back the same cut clauses, and the search continues with its
trail, learnt clauses and heuristics intact.  The propagator is *lazy*: it only looks at
complete assignments, so partial assignments cost nothing in Python.
"""

from __future__ import annotations

from pysat.engines import Propagator

from satlink.cnf import Encoding
from satlink.graph import Edge
from satlink.solver.cycles import cycle_cut, detached_components


class CycleCutPropagator(Propagator):
    """Rejects complete assignments whose edge set has a component without an endpoint."""

    def __init__(self, encoding: Encoding, endpoint_cells: set[int]):
        super().__init__()
        self.is_lazy = True
        self.encoding = encoding
        self.endpoint_cells = endpoint_cells
        self.edge_of = {v: e for e, v in encoding.variables.edge_var.items()}
        self.pending: list[list[int]] = []
        self.cuts = 0

    def observed(self) -> list[int]:
        return list(self.edge_of)

    def check_model(self, model: list[int]) -> bool:
        chosen: list[Edge] = [self.edge_of[lit] for lit in model if lit > 0 and lit in self.edge_of]
        cycles = detached_components(chosen, self.endpoint_cells)
        for cells in cycles:
            self.pending.append(cycle_cut(self.encoding, cells, chosen))
        self.cuts += len(cycles)
        return not cycles

    def has_clause(self) -> bool:
        return bool(self.pending)

    def add_clause(self) -> list[int]:
        return self.pending.pop() if self.pending else []
