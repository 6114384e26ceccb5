"""What solving a board cost, kept apart from the solver loop so that the verdict and the
forced-moves path (:mod:`satlink.presolve`) can carry it without importing the SAT backend and
numpy (a board the forced moves decide never needs either)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass
class SolveStats:
    """What the search cost; reported under ``stats`` in every JSON record.

    The five times split the board's wall time: ``presolve_seconds`` making the forced moves
    (:mod:`satlink.presolve`; ``presolved_edges`` of the board's ``edges`` decided by them),
    ``encode_seconds`` building the CNF,
    ``load_seconds`` creating the SAT solver, handing it the clauses and deleting it (and
    rebuilding it, for one-shot backends), ``sat_seconds`` inside ``solve()`` (the propagator's
    callbacks included), ``decode_seconds`` reading models into edge sets, looking for detached
    cycles, walking the paths and comparing two solutions.
    """

    variables: int = 0
    clauses: int = 0
    sat_calls: int = 0
    cycle_cuts: int = 0
    conflicts: int = 0
    decisions: int = 0
    edges: int = 0
    presolved_edges: int = 0
    presolve_seconds: float = 0.0
    encode_seconds: float = 0.0
    load_seconds: float = 0.0
    sat_seconds: float = 0.0
    decode_seconds: float = 0.0

    def as_dict(self) -> dict:
        return {
            "variables": self.variables,
            "clauses": self.clauses,
            "sat_calls": self.sat_calls,
            "cycle_cuts": self.cycle_cuts,
            "conflicts": self.conflicts,
            "decisions": self.decisions,
            "edges": self.edges,
            "presolved_edges": self.presolved_edges,
            "presolve_seconds": round(self.presolve_seconds, 6),
            "encode_seconds": round(self.encode_seconds, 6),
            "load_seconds": round(self.load_seconds, 6),
            "sat_seconds": round(self.sat_seconds, 6),
            "decode_seconds": round(self.decode_seconds, 6),
        }
