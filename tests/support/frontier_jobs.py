"""Boards and jobs for the frontier route's tests (the sweep's and graphillion's): a corpus
board (skipped where ``../shared/corpus`` is absent), the job the deductions hand on to the
routes after them, the routes list with a route forced in, and the brute-force agreement both
engines' route tests run."""

from __future__ import annotations

from pathlib import Path

import pytest

import satlink.solver.routes as routes
from satlink import Board, check, parse_rules, solution_errors
from satlink.formats import read_file
from satlink.solver import presolve as presolve_module
from satlink.solver.method import DEFAULT_METHOD, Method
from satlink.solver.routes.deductions import Deductions
from satlink.solver.routes.frontier import Frontier
from satlink.solver.routes.job import Clock, Job
from testbed.boards import CAP, boards, expected_status
from testbed.oracle import count_solutions
from testbed.variants import variants


def corpus_board(path: Path) -> Board:
    """The first board of a corpus file; the test is skipped where the corpus is absent."""
    if not path.exists():
        pytest.skip(f"{path} is not here (../shared/corpus)")
    return next(iter(read_file(str(path)))).board


def open_job(board: Board, profile: str, limit: int = 2, method: Method = DEFAULT_METHOD) -> Job:
    """The job as the deductions hand it on (the board must be left open by them)."""
    job = Job(board, parse_rules(profile), method, limit, Clock(None), routes.ROUTES)
    outcome = Deductions().run(job)
    assert not outcome.finished and outcome.next_job is not None
    return outcome.next_job


def with_route(monkeypatch, route: Frontier) -> None:
    """The routes list with ``route`` in the frontier route's place and without
    ``stricter-first`` (which finds most small boards' second solution first); no look-ahead,
    case splits or chessboard count in the deductions (they would decide small boards whole,
    or the unfillable ones at once)."""
    monkeypatch.setattr(routes, "ROUTES", tuple(route if r.name == "frontier" else r
                                                for r in routes.ROUTES
                                                if r.name != "stricter-first"))
    monkeypatch.setattr(presolve_module, "LOOKAHEAD_MAX_NODES", 0)
    monkeypatch.setattr(presolve_module, "SPLIT_MAX_COLOURS", 0)
    monkeypatch.setattr(presolve_module, "_imbalanced", lambda board: False)


def agrees(board: Board, profile: str, truth: int) -> bool:
    """The verdict (and a count up to 4) against the oracle's count; True when the route
    decided the uniqueness check."""
    rules = parse_rules(profile)
    verdict = check(board, rules)
    assert verdict.status == expected_status(truth), (board.rows, profile)
    for solution in verdict.solutions:
        assert solution_errors(board, solution, rules) == []
    counted = check(board, rules, count=4)
    assert counted.count == min(truth, 4) and counted.count_complete == (truth < 4)
    return verdict.stats.route == "frontier"


def square_boards_decided(profile: str, seed: int, n: int) -> int:
    """Random square boards checked under ``profile`` against brute force (:func:`agrees`):
    how many the route decided."""
    rules = parse_rules(profile)
    return sum(agrees(Board.from_rows(rows), profile,
                      count_solutions(rows, rules.fill, rules.notouch, rules.no2x2, limit=CAP))
               for rows in boards(seed=seed, n=n))


def variant_boards_decided(profile: str, seed: int, per_family: int) -> int:
    """The same on every family of testbed.variants: holes, walls, warps, hexagons, bridges,
    mixes."""
    rules = parse_rules(profile)
    return sum(agrees(variant.board(), profile, variant.count(rules, CAP))
               for variant in variants(seed=seed, per_family=per_family))
