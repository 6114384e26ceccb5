"""One generation attempt: grow, improve, prove unique (repairing), measure.

An attempt is a pure function of (parameters, attempt number): its random generator is
seeded from both, so a pack is reproducible whatever the number of worker processes, and an
interrupted run resumes by attempt number.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field

from satlink.board import Board
from satlink.check import check
from satlink.generate.bands import parse_target
from satlink.generate.improve import improve
from satlink.generate.layout import LayoutError, make_layout
from satlink.generate.pack import row_board
from satlink.generate.params import Params
from satlink.generate.paths import PathSystem
from satlink.generate.repair import split_on_difference
from satlink.generate.symmetry import fold, join_across, split_symmetric, unfold
from satlink.generate.unionfind import grow_paths
from satlink.geometry import geometry_to_json
from satlink.quality import quality
from satlink.rules import parse_rules
from satlink.validate import solution_errors
from satlink.verdict import Status


@dataclass
class Attempt:
    """The outcome of one attempt: an accepted puzzle, or why the candidate was rejected."""

    number: int
    accepted: bool
    reason: str
    rows: list[str] = field(default_factory=list)
    solution: dict = field(default_factory=dict)
    quality: dict = field(default_factory=dict)
    checks: int = 0
    repairs: int = 0
    seconds: float = 0.0
    geometry: dict | None = None  # geometry_to_json of a variant board; None when plain

    def board(self) -> Board:
        """The accepted puzzle as a board (its geometry included)."""
        return row_board(self.rows, self.geometry)


def attempt(params: Params, number: int) -> Attempt:
    start = time.perf_counter()
    result = _attempt(params, number)
    result.seconds = time.perf_counter() - start
    return result


def _attempt(params: Params, number: int) -> Attempt:
    rng = random.Random(f"{params.seed}:{number}")
    rules = parse_rules(params.rules)
    sigma = None
    if params.symmetry == "none":
        try:
            layout = _layout(params, rng)
        except LayoutError:
            return Attempt(number, False, "layout")
        system = _grown(params, params.width, params.height, params.colours_min,
                        params.colours_max, rng, layout)
    else:
        half_w, half_h, sigma = fold(params.width, params.height, params.symmetry)
        half = _grown(params, half_w, half_h, (params.colours_min + 1) // 2,
                      params.colours_max // 2, rng)
        system = unfold(half, params.width, params.height, sigma)
        join_across(system, sigma, keep_notouch=True)
    reason = _violation(system, params)
    if reason:
        return Attempt(number, False, reason)
    checks = repairs = 0
    while True:
        board, ours = system.board(), system.solution()
        verdict = check(board, rules, method=params.solving)
        checks += 1
        if verdict.status == Status.UNIQUE:
            if verdict.solutions[0].edges() != ours.edges() or solution_errors(board, ours, rules):
                raise AssertionError("generator bug: the unique solution is not the grown one")
            figures = quality(board, ours, verdict)
            if params.difficulty and not parse_target(params.difficulty).admits(
                    figures.get("grade")):
                return Attempt(number, False, "difficulty", checks=checks, repairs=repairs)
            return Attempt(number, True, Status.UNIQUE, list(board.rows), ours.to_coords(board),
                           figures, checks, repairs, geometry=_geometry_json(board))
        if verdict.status != Status.MULTIPLE:
            return Attempt(number, False, verdict.status, checks=checks, repairs=repairs)
        can_repair = (params.strategy == "repair" and repairs < params.max_repairs
                      and len(system.paths) < params.colours_max)
        other = next(s for s in verdict.solutions if s.edges() != ours.edges())
        if sigma is None:
            repaired = can_repair and split_on_difference(system, other, params.min_length, rng)
        else:
            repaired = can_repair and split_symmetric(system, other, params.min_length, rng, sigma)
        if not repaired:
            return Attempt(number, False, Status.MULTIPLE, checks=checks, repairs=repairs)
        repairs += 1


def candidate_board(params: Params, number: int) -> Board:
    """The grown (not yet uniqueness-checked) board of attempt ``number``: solvable by
    construction, cheap at any size; ``satlink bench --generate`` measures on these.
    Raises :class:`LayoutError` when the variant's features do not fit this attempt, and
    ``BoardError`` when a bridge crossing was left over (no board has a solid bridge)."""
    rng = random.Random(f"{params.seed}:{number}")
    layout = _layout(params, rng)
    return _grown(params, params.width, params.height, params.colours_min, params.colours_max,
                  rng, layout).board()


def _layout(params: Params, rng: random.Random) -> Board | None:
    """This attempt's empty board for a variant (None for the plain board, drawing nothing
    from ``rng`` so plain runs stay what they were)."""
    if not params.is_variant:
        return None
    return make_layout(params.width, params.height, params.geometry, params.holes,
                       params.shape, params.walls, params.bridges, rng)


def _grown(params: Params, width: int, height: int, lo: int, hi: int,
           rng: random.Random, layout: Board | None = None) -> PathSystem:
    system = grow_paths(width, height, rng, layout)
    if params.method == "grow":
        improve(system, rng, params.min_length, (max(1, lo), max(1, hi)), keep_notouch=True)
    return system


def _geometry_json(board: Board) -> dict | None:
    return None if board.geometry.is_plain else geometry_to_json(board.geometry, board.width)


def _violation(system: PathSystem, params: Params) -> str:
    if any(not system.can_end(x) for x in system.solids):
        return "bridge"  # a crossing no path took: a bridge cannot be solid
    if len(system.solids) > params.max_solids:
        return "solids"
    if any(len(p) < params.min_length for p in system.paths):
        return "short-path"
    if not params.colours_min <= len(system.paths) <= params.colours_max:
        return "colours"
    return ""
