"""A board's CNF: what :func:`satlink.solver.encode.encode` builds and the search loads."""

from __future__ import annotations

from dataclasses import dataclass

from satlink.board import Board
from satlink.cnf.clauses import Clauses
from satlink.cnf.kinds import EncodingKind
from satlink.cnf.variables import Variables
from satlink.rules import Rules


@dataclass
class Encoding:
    """A board's CNF: the clauses, the variable map, and per-family clause counts."""

    board: Board
    rules: Rules
    variables: Variables
    clauses: Clauses
    lemmas: tuple[str, ...]
    kind: EncodingKind
    card: str

    @property
    def name(self) -> str:
        return self.kind.name

    @property
    def n_vars(self) -> int:
        return self.variables.top

    @property
    def n_clauses(self) -> int:
        return len(self.clauses)

    @property
    def acyclic(self) -> bool:
        """True when every model is free of detached cycles (no cuts needed)."""
        return self.kind.acyclic
