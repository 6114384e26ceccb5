"""The values of a repair: candidate edits, proven proposals, and what a search found.

Ranking, smallest first: ``changed``, the cells that gain or lose a solid or an endpoint (1
for a solid cell, 1 for a wall, 2 for a new pair, a moved endpoint or a slide's two endpoints
moved a step; the endpoint a split or a slide recolours stays where it is and is not
counted), then how many edges of the new unique solution differ from the board's first
solution, then how far an endpoint moved (or how far apart the new pair is).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from satlink.board import Board
from satlink.geometry import geometry_to_json
from satlink.repair.path_edits import PaintEdit
from satlink.solution import Solution
from satlink.solver.verdict import Status

KINDS = ("solid", "wall", "split", "slide", "pair", "move")
"""Every kind of edit, in the order they rank among equals."""


def kind_rank(kind: str) -> int:
    """Where a kind ranks among equals: :data:`KINDS` in order, then a removed pair."""
    return KINDS.index(kind) if kind in KINDS else len(KINDS)


@dataclass(frozen=True)
class Candidate:
    """One edit, before it is checked."""

    kind: str
    cells: tuple[int, ...]  # the cells it touches, for people
    description: str
    board: Board
    changed: int
    distance: int
    hint: int = 1  # 0: designed to break the second solution (tried first among equals)
    keeps: Solution | None = None
    """A solution of the edited board known before any check (a split or a slide keeps the
    solution it edits): the board is solvable, and another known solution that still fits
    makes it ``multiple`` without a check."""
    path_edit: PaintEdit | None = None
    """The split or slide as an edit of the kept solution's paths, so the same edit can be
    made to the other known solutions (:func:`~satlink.repair.path_edits.same_edit`)."""

    def order(self) -> tuple:
        """The order candidates are checked in: cheapest edits first."""
        return (self.changed, self.hint, self.distance, kind_rank(self.kind), self.cells)


@dataclass(frozen=True)
class Proposal:
    """A checked edit that makes the board unique."""

    candidate: Candidate
    solution: Solution
    solution_change: int | None  # edges of the new solution not shared with the old first one

    @property
    def board(self) -> Board:
        return self.candidate.board

    def rank(self) -> tuple:
        """Where the proposal ranks (see the module's docstring), smallest first."""
        c = self.candidate
        change = -1 if self.solution_change is None else self.solution_change
        return (c.changed, change, c.distance, kind_rank(c.kind), c.cells)

    def as_dict(self) -> dict:
        c, board = self.candidate, self.candidate.board
        out = {"kind": c.kind, "description": c.description,
               "cells": [list(board.coord(x)) for x in c.cells], "changed": c.changed,
               "solution_change": self.solution_change, "distance": c.distance,
               "grid": list(board.rows), "solution": self.solution.to_coords(board)}
        if not board.geometry.is_plain:
            out["geometry"] = geometry_to_json(board.geometry, board.width)
        return out


@dataclass
class Repair:
    """What :func:`satlink.repair.repair_proposals` found for one board."""

    status: Status
    proposals: list[Proposal] = field(default_factory=list)
    tried: list[tuple[Candidate, Status]] = field(default_factory=list)
    """Every candidate checked with the solver, and its verdict."""
    skipped: int = 0
    """Candidates two known solutions still satisfy (multiple without a solver call)."""
    short: list[Candidate] = field(default_factory=list)
    """Candidates found unique (in ``tried``) whose solution has a path shorter than the
    designer's ``min_length``: no proposals."""
    short_breaks: list[tuple[str, ...]] = field(default_factory=list)
    """For each of ``short``, what it breaks, in words (:meth:`Constraints.breaks`)."""
    candidates: int = 0
    diff_cells: list[int] = field(default_factory=list)

    @property
    def complete(self) -> bool:
        """Whether every candidate was judged (the budget did not cut the search short)."""
        return len(self.tried) + self.skipped >= self.candidates
