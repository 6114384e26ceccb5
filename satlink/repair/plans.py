"""The values of a chain repair: what a designer allows (:class:`Constraints`), each edit on
the way with the verdict it led to (:class:`Step`), and the whole :class:`Chain`, with their
JSON forms."""

from __future__ import annotations

from dataclasses import dataclass, field

from satlink.board import Board
from satlink.rules import Rules
from satlink.solution import Solution
from satlink.solver.verdict import Status


@dataclass(frozen=True)
class Constraints:
    """What a designer allows a repair to do (see the module's docstring)."""

    min_length: int = 3
    colours: int = 1
    symmetry: bool = True
    solids: bool = False
    walls: bool | None = False

    def too_short(self, board: Board, solution: Solution) -> bool:
        """Whether ``solution`` has a path of fewer cells than ``min_length`` (a bridge
        crossed counts once): such a unique board is no repair, as ``generate`` refuses it."""
        return any(len({board.node_cell(x) for x in path}) < self.min_length
                   for path in solution.paths.values())

    def as_dict(self) -> dict:
        return {"min_length": self.min_length, "colours": self.colours,
                "symmetry": self.symmetry, "solids": self.solids, "walls": self.walls}


@dataclass(frozen=True)
class Step:
    """One edit of a chain and the board it leads to, with that board's count."""

    kind: str
    description: str
    cells: tuple[int, ...]
    changed: int
    board: Board
    status: Status
    count: int
    count_complete: bool

    def as_dict(self) -> dict:
        return {"kind": self.kind, "description": self.description,
                "cells": [list(self.board.coord(x)) for x in self.cells],
                "changed": self.changed, "grid": list(self.board.rows),
                "status": str(self.status), "count": self.count,
                "count_complete": self.count_complete}


@dataclass
class Chain:
    """What :func:`repair_chain` found: the edits, each board's count, and the end."""

    status: Status  # the input's
    count: int  # the input's solution count (up to ``bound``)
    count_complete: bool
    rules: Rules
    constraints: Constraints
    steps: list[Step] = field(default_factory=list)
    solution: Solution | None = None  # the final board's unique solution, when repaired
    repaired: bool = False
    proven: bool = False  # unique by check and the solution valid by the referee
    partial: bool = False  # the budget ran out: ``steps`` is the best progress found
    reason: str = ""
    checks: int = 0
    seconds: float = 0.0
    symmetries: list[str] = field(default_factory=list)
    board: Board | None = None  # the input
    via: str = "search"
    """How the chain was found: ``search`` (best first over single edits) or ``nearest``
    (the nearest solvable board by SAT, then the search from it) or ``cuts`` (the fewest
    cuts of one solution that leave it the only one, :mod:`satlink.repair.hitting`)."""

    @property
    def final(self) -> Board | None:
        return self.steps[-1].board if self.steps else self.board

    @property
    def changed(self) -> int:
        return sum(s.changed for s in self.steps)

    def as_dict(self) -> dict:
        out = {"status": str(self.status), "count": self.count,
               "count_complete": self.count_complete, "rules": str(self.rules),
               "constraints": self.constraints.as_dict(), "symmetries": self.symmetries,
               "repaired": self.repaired, "proven": self.proven, "partial": self.partial,
               "reason": self.reason, "edits": len(self.steps), "changed": self.changed,
               "checks": self.checks, "seconds": round(self.seconds, 3), "via": self.via,
               "steps": [s.as_dict() for s in self.steps]}
        final = self.final
        if final is not None:
            out["grid"] = list(final.rows)
        if self.solution is not None and final is not None:
            out["solution"] = self.solution.to_coords(final)
        return out
