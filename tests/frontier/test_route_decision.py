"""The frontier route's decision in the verdict's stats (``stats.frontier_decision``): for every
reason the route gives for not applying or for handing on, a board or job that has that reason
says so, with the figures it rests on, through ``check`` and through ``check --json``.
"""

from __future__ import annotations

import json
from dataclasses import replace

from click.testing import CliRunner

import satlink.solver.routes as routes
from satlink import Board, check, parse_rules, solve
from satlink.cli import main
from satlink.frontier import cost, estimate
from satlink.solver.method import Method
from satlink.solver.routes.frontier import SWEEP, WIDTHS, ZDD_WIDTHS, Frontier
from satlink.solver.routes.job import NOTHING_FORCED, Job
from tests.support.frontier_jobs import corpus_board, open_job
from tests.support.paths import CORPUS

MZUCKER = CORPUS / "mzucker-flow_solver" / "puzzles"
TWELVE_WIDE = MZUCKER / "extreme_11x11_15.txt"
"""An 11x11 board left open by the deductions: a 12-node frontier, swept in under a second."""
FOURTEEN_WIDE = MZUCKER / "jumbo_14x14_02.txt"
TEN_WIDE = MZUCKER / "extreme_10x10_01.txt"
EASY = ["A.B", "...", "A.B"]
"""Decided by the deductions alone."""


def reason(route: Frontier, job: Job) -> dict:
    said = route.declined(job).frontier_decision
    assert said is not None and said["decision"] == "not-applied"
    assert not route.applies(job)
    return said


def test_every_reason_not_to_apply_is_said_with_its_figures() -> None:
    route = Frontier()
    board = corpus_board(TWELVE_WIDE)
    assert route.why_not(open_job(board, "fill")) is None
    assert reason(route, open_job(board, "fill", method=Method(frontier=False)))["reason"] \
        == "disabled"
    limit = reason(route, open_job(board, "fill", limit=5))
    assert limit["reason"] == "limit" and limit["limit"] == 5
    flow = replace(open_job(board, "fill"), profile=parse_rules("flow"))
    assert reason(route, flow)["profile"] == "flow"
    assert reason(route, open_job(board, "fill").with_forced(NOTHING_FORCED))["reason"] \
        == "no-deductions"
    narrow = corpus_board(TEN_WIDE)
    width = reason(route, open_job(narrow, "fill"))
    assert width["reason"] == "width"
    assert width["width"] == estimate(narrow, "fill").width < ZDD_WIDTHS.start
    assert width["widths"] == [ZDD_WIDTHS.start, ZDD_WIDTHS.stop - 1]
    assert width["engine"] == "graphillion"
    sweep = Frontier(engines=(SWEEP,))
    wide = reason(sweep, open_job(corpus_board(FOURTEEN_WIDE), "fill"))
    assert wide["reason"] == "width" and wide["width"] > WIDTHS.stop - 1
    assert wide["engine"] == "sweep"
    tight = Frontier(max_bytes=1000, engines=(SWEEP,))
    memory = reason(tight, open_job(board, "fill"))
    assert memory["reason"] == "memory" and memory["max_bytes"] == 1000
    assert memory["estimated_bytes"] > 1000 and memory["width"] == 12


def test_check_says_what_the_route_made_of_each_board() -> None:
    board = corpus_board(TWELVE_WIDE)
    decided = check(board, "fill", timeout=120).stats
    assert decided.route == "frontier"
    assert decided.frontier_decision["decision"] == "decided"
    off = check(board, "fill", timeout=120, method=Method(frontier=False)).stats
    assert off.route != "frontier" and off.frontier_decision["reason"] == "disabled"
    nikoli = check(board, "nikoli", timeout=120).stats
    assert nikoli.frontier_decision["decision"] == "decided"
    assert nikoli.frontier_decision["engine"] == "graphillion"
    flow = check(board, "flow", timeout=120).stats
    assert flow.route == "deductions" or flow.frontier_decision["reason"] == "profile"
    easy = check(Board.from_rows(EASY), "fill").stats
    assert easy.route == "deductions" and easy.frontier_decision is None
    assert easy.as_dict()["frontier_decision"] == {"decision": "not-reached",
                                                   "reason": "deductions"}
    assert solve(board, "fill").stats.as_dict()["frontier_decision"]["reason"] in {
        "limit", "stricter-solution", "deductions"}


def test_a_route_out_of_its_share_says_it_handed_on(monkeypatch) -> None:
    board = corpus_board(TWELVE_WIDE)
    monkeypatch.setattr(routes, "ROUTES", tuple(Frontier(share=0.0) if r.name == "frontier"
                                                else r for r in routes.ROUTES))
    stats = check(board, "fill", timeout=120).stats
    assert stats.route != "frontier" and stats.frontier["ended"] == "timeout"
    assert stats.frontier_decision["decision"] == "handed-on"
    assert stats.frontier_decision["reason"] == "share"


def test_a_level_that_outgrows_the_bound_hands_on(monkeypatch) -> None:
    board = corpus_board(TWELVE_WIDE)
    # an estimate far below the truth, so that a level outgrows the bound during the sweep
    monkeypatch.setattr(cost, "STATE_SCALE", 1e-9)
    monkeypatch.setattr(routes, "ROUTES", tuple(
        Frontier(max_bytes=100_000, engines=(SWEEP,)) if r.name == "frontier" else r
        for r in routes.ROUTES))
    stats = check(board, "fill", timeout=120).stats
    assert stats.route != "frontier" and stats.frontier["ended"] == "refused"
    assert stats.frontier_decision["decision"] == "handed-on"
    assert stats.frontier_decision["reason"] == "memory"


def test_check_json_carries_the_decision() -> None:
    corpus_board(TWELVE_WIDE)
    runner = CliRunner()
    off = json.loads(runner.invoke(main, ["check", "--json", "--rules", "fill",
                                          "--no-frontier", str(TWELVE_WIDE)]).output)
    assert off["stats"]["frontier"] is None
    assert off["stats"]["frontier_decision"]["decision"] == "not-applied"
    assert off["stats"]["frontier_decision"]["reason"] == "disabled"
    wide = json.loads(runner.invoke(main, ["check", "--json", "--rules", "fill", "--timeout",
                                           "60", str(FOURTEEN_WIDE)]).output)
    said = wide["stats"]["frontier_decision"]
    if wide["stats"]["route"] == "deductions":
        assert said == {"decision": "not-reached", "reason": "deductions"}
    else:  # a 15-node frontier: graphillion's widths
        assert said["engine"] == "graphillion" and said["decision"] in ("decided", "handed-on")


def test_the_loop_asks_a_route_that_applies_once_and_hears_no_reason(monkeypatch) -> None:
    """The routes loop asks the frontier route ``declined`` instead of ``applies``: on a job it
    applies to, the estimate is made once and nothing is added to the stats."""
    from satlink import frontier
    from satlink.solver.routes.loop import applies
    from satlink.solver.stats import SolveStats

    job = open_job(corpus_board(TWELVE_WIDE), "fill")
    made = []
    real = frontier.estimate
    monkeypatch.setattr(frontier, "estimate", lambda *a, **k: made.append(1) or real(*a, **k))
    stats = SolveStats()
    assert applies(Frontier(), job, stats)
    assert len(made) == 1 and stats.frontier_decision is None
    assert not applies(Frontier(zdd_widths=range(2, 4)), job, stats)
    assert stats.frontier_decision["reason"] == "width"
