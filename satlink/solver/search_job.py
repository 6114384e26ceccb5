"""One board's search for solutions, as the verdict hands it to whichever route answers it
(the plain SAT search, a studio session's solver, the stricter profile first)."""

from __future__ import annotations

from dataclasses import dataclass

from satlink.board import Board
from satlink.rules import Rules
from satlink.solution import Solution
from satlink.solver.method import Method
from satlink.solver.stats import SolveStats


@dataclass
class SearchJob:
    """The board under ``profile`` and ``method``, by ``deadline`` (``time.monotonic()``;
    None: no limit), wanting up to ``limit`` solutions; ``units``: the edge literals
    presolving fixed.  A route adds its figures to ``stats`` and appends the solutions it
    finds to ``found``."""

    board: Board
    profile: Rules
    method: Method
    deadline: float | None
    limit: int
    units: list[int]
    stats: SolveStats
    found: list[Solution]
