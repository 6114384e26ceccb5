"""One generation attempt: grow, improve, prove unique (repairing), measure.

The candidate itself (a variant's layout, the seeds' growth, the walk toward the colour
target) is grown by :mod:`satlink.generate.growing`; this module takes it from there.

An attempt is a pure function of (parameters, attempt number): its random generator is
seeded from both, so a pack is reproducible whatever the number of worker processes, and an
interrupted run resumes by attempt number.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field

from satlink.board import Board
from satlink.generate.bands import (
    PUBLISHED_MAX_CELLS,
    attempt_band,
    attempt_opening,
    attempt_target,
    colour_quantiles,
    no_partial_draw,
    partial_floor,
)
from satlink.generate.growing import grown, variant_layout
from satlink.generate.layout import LayoutError
from satlink.generate.longpaths import Walk, cut_between, reshape, settle
from satlink.generate.params import Params
from satlink.generate.paths import PathSystem
from satlink.generate.play import forced_only, opening_share, stairs_per_100
from satlink.generate.regrow import regrown
from satlink.generate.repair import split_on_difference
from satlink.generate.steer import (
    COLOUR_SLACK,
    LARGE_EASY_SLACK,
    Climb,
    distance,
    opening_off,
    steer,
)
from satlink.generate.symmetry import (
    Fold,
    edges_to_half,
    fold,
    split_symmetric,
    to_half,
    unfold,
)
from satlink.generate.targets import parse_target
from satlink.geometry import geometry_to_json
from satlink.grading import BANDS, LEVEL, MAX_GRADE_NODES, grade
from satlink.quality.figures import quality
from satlink.referee import solution_errors
from satlink.solution import Solution, diff_cells
from satlink.solver.check import check
from satlink.solver.verdict import Status

SETTLE_ROUNDS = 3  # after a repair, settles to bring the colour count back into range
RESHAPES = 5  # repairs that keep the colour count before a cut may add one
STEER_ROUNDS = 10  # moves per cell of the board in one climb toward the attempt's band
MIN_ROUNDS = 3000  # and at least this many toward an opening (small boards need them)
FULL_GRADE_NODES = 256
"""Boards up to 16x16 get the full grade (look-ahead and all); larger ones stop at the band."""
STEER_CYCLES = 3
"""Further climbs when one ended short of the band still improving (out of rounds), or a
uniqueness repair moved the board out of the band again; a climb that stalled
(:data:`satlink.generate.steer.STALL_BOARDS`) with no repair since is not climbed again."""


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
        return Board.from_json(self.rows, self.geometry)


def attempt(params: Params, number: int) -> Attempt:
    start = time.perf_counter()
    result = _attempt(params, number)
    result.seconds = time.perf_counter() - start
    return result


def _attempt(params: Params, number: int) -> Attempt:
    rng = random.Random(f"{params.seed}:{number}")
    rules = params.rules
    folded = None
    band = attempt_band(params, number)
    if params.symmetry == "none":
        try:
            layout = variant_layout(params, rng)
        except LayoutError:
            return Attempt(number, False, "layout")
        system, walk = grown(params, rng, layout, headroom=band in ("easy", "medium"),
                             within=colour_quantiles(params, number))
    else:
        folded = fold(params.width, params.height, params.symmetry)
        half, walk = grown(params, rng, folded=folded)
        system = unfold(half, folded)
    reason = _violation(system, params)
    if reason:
        return Attempt(number, False, reason)
    target = attempt_target(params, number)
    steerable = band is not None and walk is not None and folded is None
    if not steerable and not (target or params.curve):
        band = None  # the published mix is aimed at where it can be steered, never rejected for

    def valid(changed: PathSystem) -> bool:
        return not _violation(changed, params)

    # by default an easy puzzle also aims at opening as published ones do
    opening = attempt_opening(params, number) if band == "easy" else ""
    rounds = STEER_ROUNDS * walk.cells if steerable else 0
    if opening:
        rounds = max(rounds, MIN_ROUNDS)
    slack = (LARGE_EASY_SLACK if band == "easy" and params.width * params.height
             > PUBLISHED_MAX_CELLS else COLOUR_SLACK)
    stalled = False
    floor = partial_floor(params) if opening == "partial" else 0.0
    climb = (Climb(band, rules, rounds, valid, opening, slack,
                   (params.colours_min, params.colours_max), floor) if steerable else None)
    if climb is not None:
        _, walk, stalled = steer(system, walk, climb, rng)
        if stalled and opening == "complete" and params.colours_min == params.colours_max:
            system, walk, stalled = regrown(params, (system, walk), climb, layout, rng,
                                            colour_quantiles(params, number))
    checks = repairs = cycles = 0
    steered = 0  # the repairs made before the last climb
    while True:
        board, ours = system.board(), system.solution()
        verdict = check(board, rules, method=params.solving)
        checks += 1
        if verdict.status == Status.UNIQUE:
            if verdict.solutions[0].edges() != ours.edges() or solution_errors(board, ours, rules):
                raise AssertionError("generator bug: the unique solution is not the grown one")
            if band is not None and distance(board, rules, band)[0] > 0:  # cheap: no look-ahead
                if steerable and cycles < STEER_CYCLES and (repairs > steered or not stalled):
                    cycles, steered = cycles + 1, repairs
                    _, walk, stalled = steer(system, walk, climb, rng)
                    continue
                if (steerable and band != "easy" and not (target or params.curve)
                        and no_partial_draw(params)):
                    # a drawn medium or hard aim missed where no attempt is drawn partial:
                    # rejected, its place went to one solved completely, and the pack had
                    # more of those than published levels
                    band, opening, cycles = "easy", "partial", STEER_CYCLES
                    climb = climb._replace(band=band, opening=opening,
                                           partial_floor=partial_floor(params),
                                           rounds=max(climb.rounds, MIN_ROUNDS))
                    _, walk, stalled = steer(system, walk, climb, rng)
                    continue
                return Attempt(number, False, "grade", checks=checks, repairs=repairs)
            # (a partial opening short of its floor is not climbed again: from few colours
            # the floor is often out of reach, and the further climbs cost more than they won)
            if (opening and steerable and cycles < STEER_CYCLES
                    and opening_off(board, rules, opening)[0] > 0):
                # kept either way, never rejected for it; a stalled climb toward complete
                # goes on with a colour more of slack (the count is what opens a board most)
                cycles, steered = cycles + 1, repairs
                if stalled and opening == "complete":
                    climb = climb._replace(colour_slack=climb.colour_slack + 1)
                _, walk, stalled = steer(system, walk, climb, rng)
                continue
            figures = quality(board, ours, verdict, grade=False)
            graded = _graded(board, params, target)
            if graded is not None:
                figures["grade"] = graded
            if target and not parse_target(target).admits(figures.get("grade")):
                return Attempt(number, False, "grade", checks=checks, repairs=repairs)
            if band is not None:
                figures["target_band"] = band
            if opening:
                figures["target_opening"] = opening
            if params.slots:
                figures["slot_target"] = target
            # the rest of play_figures (short paths, longest, border ends) is quality's look
            figures["forced_only"] = forced_only(board, rules.fill, rules.notouch)
            figures["opening"] = opening_share(board, rules)
            figures["stairs_per_100"] = stairs_per_100(board, ours)
            return Attempt(number, True, Status.UNIQUE, list(board.rows), ours.to_coords(board),
                           figures, checks, repairs, geometry=_geometry_json(board))
        if verdict.status != Status.MULTIPLE:
            return Attempt(number, False, verdict.status, checks=checks, repairs=repairs)
        if params.strategy != "repair" or repairs >= params.max_repairs:
            return Attempt(number, False, Status.MULTIPLE, checks=checks, repairs=repairs)
        other = next(s for s in verdict.solutions if s.edges() != ours.edges())
        repairs += 1
        if not _repair(params, system, walk, folded, diff_cells(board, ours, other), other,
                       repairs, rng):
            return Attempt(number, False, Status.MULTIPLE, checks=checks, repairs=repairs)
        reason = _violation(system, params)
        if reason:
            return Attempt(number, False, reason, checks=checks, repairs=repairs)


def _repair(params: Params, system: PathSystem, walk: Walk | None, folded: Fold | None,
            cells: list[int], other: Solution, repairs: int, rng: random.Random) -> bool:
    """Change ``system`` where ``other`` solution differs from it (``cells``), in place;
    False if it cannot be done.  With the walk: reshape there and settle the rest, keeping
    the colour count; after ``RESHAPES`` of them, cut a path there and keep the colour (the
    count gives way before the attempt is lost: under profiles without notouch, where long
    paths are often ambiguous, reshaping alone takes many slow checks); a symmetric layout
    is repaired on its half and unfolded again.  Without the walk (the seeds' method): cut a
    path where the solutions differ (and its image)."""
    can_add = len(system.paths) < params.colours_max
    if walk is None:
        return can_add and (split_on_difference(system, other, params.min_length, rng)
                            if folded is None else
                            split_symmetric(system, other, params.min_length, rng, folded.sigma))
    theirs = other.edges()
    if folded is not None:
        cells, theirs = to_half(cells, folded), edges_to_half(other, folded)

    def unfolded() -> None:
        if folded is not None:
            full = unfold(walk.system, folded)
            system.paths, system.solids = full.paths, full.solids

    if can_add and repairs > RESHAPES:
        if not cut_between(walk, cells, theirs, rng):
            return False
        walk.finish()
        unfolded()
        return True
    if not reshape(walk, cells, theirs, rng):
        return False
    unfolded()
    for _ in range(SETTLE_ROUNDS):
        if _violation(system, params) not in ("colours", "short-path"):
            break
        settle(walk, rng)
        unfolded()
    return True


def _graded(board: Board, params: Params, target: str | None = None) -> dict | None:
    """The human grade of an accepted puzzle (None past the grader's limit).  Boards of more
    than :data:`FULL_GRADE_NODES` nodes stop once the band is known: the look-ahead that
    scores a hard 20x20 board costs seconds, the techniques below it hundredths (grade_cost.py),
    so a hard one there is graded ``unsolved`` by those techniques and marked ``bounded``
    (its level and score say what they did not solve, not how deep the look-ahead goes).
    A score range (``--grade`` or a slot's) is judged on the full grade at every size."""
    if board.n_nodes > MAX_GRADE_NODES:
        return None
    target = params.grade if target is None else target
    if board.n_nodes <= FULL_GRADE_NODES or (target and target not in BANDS):
        return grade(board, params.rules).as_dict()
    graded = grade(board, params.rules, max_level=LEVEL["bottleneck"])
    figures = graded.as_dict()
    if graded.solution is None:
        figures["bounded"] = True
    return figures


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
