"""The frontier sweep's route (:mod:`satlink.solver.routes.frontier`): forced onto small boards
its verdicts agree with brute force on every geometry and profile it applies to; in the routes
list it runs where it should and nowhere else; stopped by its share of the time, refused for
memory or refused by the referee, it hands the board to SAT, which gives the right verdict.

Forcing it (:func:`forced`) widens its frontier widths to every board and its profiles to
every one without notouch, and turns off the look-ahead and case splits, which would decide
these small boards before it; each agreement test also checks that the route decided boards,
so it fails if the route is never used.
"""

from __future__ import annotations

import json
import math
from dataclasses import replace

import pytest
from click.testing import CliRunner

import satlink.solver.routes as routes
import satlink.solver.routes.frontier as frontier_route
from satlink import Board, check, parse_rules, solve
from satlink.cli import main
from satlink.frontier import count, estimate
from satlink.solver.method import Method
from satlink.solver.routes.deductions import Deductions
from satlink.solver.routes.frontier import SWEEP, Frontier
from satlink.solver.routes.job import NOTHING_FORCED, Clock, Job
from testbed.boards import CAP, boards, expected_status
from testbed.oracle import count_solutions
from tests.support.frontier_jobs import (
    corpus_board,
    open_job,
    square_boards_decided,
    variant_boards_decided,
    with_route,
)
from tests.support.paths import CORPUS

WEAKER = ["fill", "nikoli", "no2x2", "fill,no2x2"]
"""The profiles without notouch: the ones the route can be forced onto (by default it takes
only those with fill)."""
DECIDED_AT_LEAST = {"fill": (10, 5), "nikoli": (10, 10), "no2x2": (10, 10), "fill,no2x2": (1, 2)}
"""Boards the route must decide (square, variants): under fill,no2x2 the deductions decide
nearly every small board themselves."""
MZUCKER = CORPUS / "mzucker-flow_solver" / "puzzles"
TWELVE_WIDE = MZUCKER / "extreme_11x11_15.txt"
"""An 11x11 board: a 12-node frontier, left open by the deductions, swept in well under a
second under fill."""
FOURTEEN_WIDE = MZUCKER / "jumbo_14x14_02.txt"
TEN_WIDE = MZUCKER / "extreme_10x10_01.txt"


@pytest.fixture
def forced(monkeypatch) -> None:
    with_route(monkeypatch, Frontier(widths=range(0, 64), fill_only=False, engines=(SWEEP,)))


@pytest.mark.parametrize("profile", WEAKER)
def test_square_boards_agree_with_brute_force(profile: str, forced) -> None:
    assert square_boards_decided(profile, 4410 + len(profile), 60) >= DECIDED_AT_LEAST[profile][0]


@pytest.mark.parametrize("profile", WEAKER)
def test_every_geometry_agrees_with_brute_force(profile: str, forced) -> None:
    """Every family of testbed.variants: holes, walls, warps, hexagons, bridges, mixes."""
    assert variant_boards_decided(profile, 4412, 6) >= DECIDED_AT_LEAST[profile][1]


def test_the_route_decides_a_board_of_its_widths_and_says_so() -> None:
    board = corpus_board(TWELVE_WIDE)
    assert estimate(board, "fill").width in frontier_route.ZDD_WIDTHS
    verdict = check(board, "fill", timeout=120)
    assert verdict.status == "unique" and verdict.stats.route == "frontier"
    ran = verdict.stats.frontier
    assert ran["ended"] == "complete" and ran["width"] == 12 and ran["engine"] == "graphillion"
    off = check(board, "fill", timeout=120, method=Method(frontier=False))
    assert off.status == "unique" and off.stats.route != "frontier"
    assert off.stats.frontier is None
    assert off.solutions[0].edges() == verdict.solutions[0].edges()


def test_check_json_carries_the_routes_figures_and_the_switch_turns_it_off() -> None:
    corpus_board(TWELVE_WIDE)
    runner = CliRunner()
    on = json.loads(runner.invoke(main, ["check", "--json", "--rules", "fill",
                                         str(TWELVE_WIDE)]).output)
    assert on["status"] == "unique" and on["stats"]["route"] == "frontier"
    assert {"ended", "width", "peak_states", "seconds"} <= set(on["stats"]["frontier"])
    off = json.loads(runner.invoke(main, ["check", "--json", "--rules", "fill",
                                          "--no-frontier", str(TWELVE_WIDE)]).output)
    assert off["status"] == "unique" and off["stats"]["frontier"] is None
    assert off["stats"]["route"] != "frontier"


def test_where_the_route_does_not_apply() -> None:
    route = Frontier()
    board = corpus_board(TWELVE_WIDE)
    assert route.applies(open_job(board, "fill"))
    assert route.applies(open_job(board, "fill", limit=4))
    assert route.applies(open_job(board, "nikoli"))  # graphillion: fill or not
    assert route.engine(open_job(board, "nikoli")) == "graphillion"
    flow = replace(open_job(board, "fill"), profile=parse_rules("flow"))
    assert not route.applies(flow)  # notouch: SAT propagates well there
    no2x2 = replace(open_job(board, "fill"), profile=parse_rules("no2x2"))
    assert not route.applies(no2x2)  # no2x2 without fill: SAT
    assert Frontier(fill_only=False).engine(no2x2) == "sweep"
    assert not route.applies(open_job(board, "fill", limit=5))  # more than it decodes
    assert not route.applies(open_job(board, "fill", method=Method(frontier=False)))
    assert not route.applies(open_job(board, "fill").with_forced(NOTHING_FORCED))
    wide = corpus_board(FOURTEEN_WIDE)
    assert max(frontier_route.WIDTHS) < estimate(wide, "fill").width \
        <= max(frontier_route.ZDD_WIDTHS)
    assert route.applies(open_job(wide, "fill"))
    assert not Frontier(engines=(SWEEP,)).applies(open_job(wide, "fill"))
    narrow = corpus_board(TEN_WIDE)
    assert estimate(narrow, "nikoli").width < min(frontier_route.ZDD_WIDTHS)
    narrow_job = replace(open_job(narrow, "nikoli"), profile=parse_rules("fill"))
    assert not route.applies(narrow_job)  # SAT is as fast there
    assert Frontier(zdd_widths=range(0, 64)).applies(narrow_job)
    assert solve(board, "fill").stats.frontier is None  # one solution: no proof asked


def test_a_sweep_out_of_time_hands_the_board_to_sat(monkeypatch) -> None:
    with_route(monkeypatch, Frontier(widths=range(0, 64), share=0.0, fill_only=False,
                                     engines=(SWEEP,)))
    rules = parse_rules("nikoli")
    stopped = 0
    for rows in boards(seed=4413, n=30):
        truth = count_solutions(rows, rules.fill, rules.notouch, rules.no2x2, limit=CAP)
        verdict = check(Board.from_rows(rows), rules, timeout=60)
        assert verdict.status == expected_status(truth), rows
        assert verdict.stats.route != "frontier"
        if verdict.stats.frontier is not None:
            assert verdict.stats.frontier["ended"] == "timeout"
            stopped += 1
    assert stopped >= 5


def test_a_sweep_over_its_memory_hands_the_board_to_sat(monkeypatch) -> None:
    """A bound the estimate fits but the widest level does not: refused during the sweep."""
    rules = parse_rules("nikoli")
    with_route(monkeypatch, Frontier(widths=range(0, 64), fill_only=False, engines=(SWEEP,)))
    for rows in boards(seed=4414, n=200):
        board = Board.from_rows(rows)
        job = Job(board, rules, Method(), 2, Clock(None), routes.ROUTES)
        handed = Deductions().run(job)
        guess = estimate(board, rules)
        if not handed.finished and count(board, rules, decided=handed.next_job.forced.states
                                         ).peak_states > guess.states:
            break
    else:
        pytest.fail("no board outgrows its estimate")
    with_route(monkeypatch, Frontier(widths=range(0, 64), max_bytes=math.ceil(guess.bytes),
                                     fill_only=False, engines=(SWEEP,)))
    truth = count_solutions(rows, rules.fill, rules.notouch, rules.no2x2, limit=CAP)
    verdict = check(board, rules)
    assert verdict.status == expected_status(truth)
    assert verdict.stats.frontier["ended"] == "refused"
    assert verdict.stats.route != "frontier"


def test_a_solution_the_referee_refuses_sends_the_board_to_sat(monkeypatch, forced) -> None:
    monkeypatch.setattr(frontier_route, "solution_errors", lambda *args: ["refused"])
    rules = parse_rules("fill")
    ran = 0
    for rows in boards(seed=4415, n=80):
        truth = count_solutions(rows, rules.fill, rules.notouch, rules.no2x2, limit=CAP)
        verdict = check(Board.from_rows(rows), rules)
        assert verdict.status == expected_status(truth), rows
        if truth > 0:  # a solution to refuse (no solution: nothing for the referee)
            assert verdict.stats.route != "frontier"
            ran += verdict.stats.frontier is not None
    assert ran >= 5


def test_boards_the_sweep_decides_are_all_freed(forced) -> None:
    """Neither the compiled sweep nor the compiled referee that checks its solutions keeps a
    board alive: weak references to many boards decided by the route, after a collection."""
    import gc
    import weakref

    alive = []
    for _ in range(300):
        board = Board.from_rows(["A...", "..B.", "....", "B..A"])  # multiple, by the sweep
        verdict = check(board, "nikoli")
        assert verdict.stats.route == "frontier"
        alive.append(weakref.ref(board))
        del board, verdict
    gc.collect()
    assert sum(ref() is not None for ref in alive) == 0
