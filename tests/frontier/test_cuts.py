"""The compiled sweep's cuts: the planarity cut (``Schedule.planar``: on plane grids) and the
reach cut (every geometry) drop states, never a solution — exact counts with and without them
agree with each other and with brute force, and they do drop states (so the agreement is not
that of a cut that never cuts).  Off the plane (warps, bridges, hexagons) the planarity cut
stays off."""

from __future__ import annotations

import pytest

import satlink.solver.routes as routes
from satlink import Board, parse_rules
from satlink.frontier import schedule as scheduling
from satlink.frontier.engines import compiled_available
from satlink.frontier.state import Model
from testbed.boards import boards, mzucker_boards
from testbed.oracle import count_solutions
from testbed.variants import variants

pytestmark = pytest.mark.skipif(not compiled_available(), reason="the compiled sweep is not built")

EXACT = 10**6


def sweep(board: Board, profile: str, planar: bool, reach: bool = False, decided=None):
    from satlink.frontier.compiled import CompiledSweep

    rules = parse_rules(profile)
    plan = scheduling.build(board, rules)
    model = Model(plan.n_labels, rules.fill, rules.notouch, rules.no2x2)
    return plan, CompiledSweep(planar=planar, reach=reach).run(plan, model, EXACT, 2, decided,
                                                               None, None)


def deduced(board: Board, profile: str):
    """The edges the deductions decide on ``board`` (None when they decide it whole)."""
    from satlink.solver.method import DEFAULT_METHOD
    from satlink.solver.routes.deductions import Deductions
    from satlink.solver.routes.job import Clock, Job

    job = Job(board, parse_rules(profile), DEFAULT_METHOD, 2, Clock(None), routes.ROUTES)
    outcome = Deductions().run(job)
    return None if outcome.finished else list(outcome.next_job.forced.states)


@pytest.mark.parametrize("profile", ("fill", "nikoli", "flow", "no2x2"))
def test_exact_counts_agree_with_and_without_the_cut_and_with_brute_force(profile) -> None:
    rules = parse_rules(profile)
    for rows in boards(seed=4471 + len(profile), n=40):
        board = Board.from_rows(rows)
        plan, cut = sweep(board, profile, True)
        _, free = sweep(board, profile, False)
        assert plan.planar
        truth = count_solutions(rows, rules.fill, rules.notouch, rules.no2x2, limit=EXACT)
        assert cut.count == free.count == truth, rows
        assert sum(cut.sizes) <= sum(free.sizes), rows


@pytest.mark.parametrize("profile", ("fill", "nikoli"))
def test_the_cut_drops_states_on_hand_made_boards(corpus, profile) -> None:
    """The random boards above are too small for two joins to interleave; hand-made 7x7 to
    8x8 boards are not: the cut drops states there and the exact counts stay the same."""
    dropped = 0
    for _, board in mzucker_boards(corpus):
        if not 7 <= board.width <= 8:
            continue
        _, cut = sweep(board, profile, True)
        _, free = sweep(board, profile, False)
        assert cut.count == free.count
        assert sum(cut.sizes) <= sum(free.sizes)
        dropped += sum(free.sizes) - sum(cut.sizes)
    assert dropped > 0, "the cut dropped no state on any board"


@pytest.mark.parametrize("profile", ("fill", "nikoli"))
def test_the_cut_is_on_for_holes_and_walls_and_off_the_plane(profile) -> None:
    """Holes and walls only remove edges of a plane grid: the cut is on and the counts agree
    with brute force; warps, bridges and hexagons keep it off."""
    rules = parse_rules(profile)
    kinds = set()
    for variant in variants(seed=4472, per_family=4):
        board = variant.board()
        geometry = board.geometry
        plan, cut = sweep(board, profile, True)
        off_plane = geometry.wrap or bool(geometry.bridges) or geometry.kind != "square"
        assert plan.planar == (not off_plane)
        kinds.add(plan.planar)
        assert cut.count == variant.count(rules, EXACT), (variant, profile)
    assert kinds == {True, False}


@pytest.mark.parametrize("profile", ("fill", "nikoli", "flow", "fill,no2x2"))
def test_the_reach_cut_agrees_on_every_geometry(profile) -> None:
    rules = parse_rules(profile)
    for variant in variants(seed=4473, per_family=6):
        board = variant.board()
        _, cut = sweep(board, profile, False, reach=True)
        assert cut.count == variant.count(rules, EXACT), (variant, profile)


@pytest.mark.parametrize("profile", ("fill", "nikoli"))
def test_the_reach_cut_drops_states_with_the_deductions_edges(corpus, profile) -> None:
    """On what the deductions leave of hand-made boards (edges decided off wall the rest
    in), the reach cut drops states and the counts stay the same."""
    dropped = used = 0
    for _, board in mzucker_boards(corpus):
        if not 7 <= board.width <= 9:
            continue
        decided = deduced(board, profile)
        if decided is None:
            continue
        used += 1
        _, cut = sweep(board, profile, True, reach=True, decided=decided)
        _, free = sweep(board, profile, True, reach=False, decided=decided)
        assert cut.count == free.count
        assert sum(cut.sizes) <= sum(free.sizes)
        dropped += sum(free.sizes) - sum(cut.sizes)
    assert used and dropped > 0, "the cut dropped no state on any board"
