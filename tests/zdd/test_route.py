"""The frontier route with graphillion as its engine (:mod:`satlink.solver.routes.frontier`):
forced onto small boards of every geometry under ``fill`` and ``nikoli``, its verdicts and
counts agree with brute force and it is the route that decided them; refused for memory, out
of its share or refused by the referee, it hands the board to SAT, which gives the right
verdict; ``check --json`` says which engine ran."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

import satlink.solver.routes as routes
import satlink.solver.routes.frontier as frontier_route
from satlink import Board, check, parse_rules
from satlink.cli import main
from satlink.solver.routes.frontier import GRAPHILLION, Frontier
from testbed.boards import CAP, boards, expected_status
from testbed.oracle import count_solutions
from tests.support.frontier_jobs import (
    square_boards_decided,
    variant_boards_decided,
    with_route,
)

PROFILES = ["fill", "nikoli"]


DECIDED_AT_LEAST = {"fill": (5, 3), "nikoli": (10, 10)}


def forced_route(**changes: object) -> Frontier:
    return Frontier(zdd_widths=range(0, 64), engines=(GRAPHILLION,), **changes)


@pytest.fixture
def forced(monkeypatch) -> None:
    with_route(monkeypatch, forced_route())


@pytest.mark.parametrize("profile", PROFILES)
def test_square_boards_agree_with_brute_force(profile: str, forced) -> None:
    assert square_boards_decided(profile, 4450 + len(profile), 50) >= DECIDED_AT_LEAST[profile][0]


@pytest.mark.parametrize("profile", PROFILES)
def test_every_geometry_agrees_with_brute_force(profile: str, forced) -> None:
    """Every family of testbed.variants: holes, walls, warps, hexagons, bridges, mixes."""
    assert variant_boards_decided(profile, 4451, 6) >= DECIDED_AT_LEAST[profile][1]


def test_a_count_out_of_time_hands_the_board_to_sat(monkeypatch) -> None:
    with_route(monkeypatch, forced_route(share=0.0))
    rules = parse_rules("nikoli")
    handed = 0
    for rows in boards(seed=4452, n=30):
        truth = count_solutions(rows, rules.fill, rules.notouch, rules.no2x2, limit=CAP)
        verdict = check(Board.from_rows(rows), rules, timeout=60)
        assert verdict.status == expected_status(truth), rows
        assert verdict.stats.route != "frontier"
        if verdict.stats.frontier is not None:
            said = verdict.stats.frontier_decision
            assert said["decision"] == "handed-on" and said["reason"] == "share"
            assert said["engine"] == "graphillion"
            handed += 1
    assert handed >= 5


def test_a_diagram_past_the_bound_hands_the_board_to_sat(monkeypatch) -> None:
    """Two corners of an empty 14x14 board under nikoli: a diagram of tens of millions of
    nodes, past a 1 MiB bound (and past what the parent's heap holds free, which the child may
    use too); SAT finds the two solutions."""
    with_route(monkeypatch, forced_route(max_bytes=1 << 20))
    board = Board.from_rows(["A" + "." * 13] + ["." * 14] * 12 + ["." * 13 + "A"])
    verdict = check(board, "nikoli", timeout=240)
    assert verdict.status.value == "multiple" and verdict.stats.route != "frontier"
    said = verdict.stats.frontier_decision
    assert said == {**said, "decision": "handed-on", "reason": "memory", "engine": "graphillion"}
    assert verdict.stats.frontier["ended"] == "refused"


def test_a_solution_the_referee_refuses_sends_the_board_to_sat(monkeypatch, forced) -> None:
    monkeypatch.setattr(frontier_route, "solution_errors", lambda *args: ["refused"])
    rules = parse_rules("fill")
    ran = 0
    for rows in boards(seed=4453, n=120):
        truth = count_solutions(rows, rules.fill, rules.notouch, rules.no2x2, limit=CAP)
        verdict = check(Board.from_rows(rows), rules)
        assert verdict.status == expected_status(truth), rows
        if truth > 0:
            assert verdict.stats.route != "frontier"
            ran += verdict.stats.frontier is not None
    assert ran >= 5


def test_check_json_names_the_engine(forced, tmp_path) -> None:
    path = tmp_path / "board.txt"
    path.write_text("A...\n..B.\n....\nB..A\n")
    said = json.loads(CliRunner().invoke(main, ["check", "--json", "--rules", "nikoli",
                                                str(path)]).output)
    assert said["status"] == "multiple" and said["stats"]["route"] == "frontier"
    assert said["stats"]["frontier"]["engine"] == "graphillion"
    assert said["stats"]["frontier_decision"]["engine"] == "graphillion"


def test_without_graphillion_the_route_keeps_to_the_sweep(monkeypatch) -> None:
    """A platform without graphillion's wheel: ``fill`` goes to the sweep, ``nikoli`` to SAT,
    as before graphillion."""
    from dataclasses import replace

    from satlink.zdd import child

    monkeypatch.setattr(child, "available", lambda: False)
    job = replace(_any_job(), profile=parse_rules("fill"))
    assert Frontier().engine(job) == "sweep"
    assert Frontier().engine(replace(job, profile=parse_rules("nikoli"))) is None


def _any_job():
    from satlink.solver.method import Method
    from satlink.solver.routes.job import Clock, Job

    return Job(Board.from_rows(["A.A"]), parse_rules("fill"), Method(), 2, Clock(None),
               routes.ROUTES)


def test_the_route_costs_no_start_up_until_a_count_runs() -> None:
    """`multiprocessing` (and graphillion) cost every command tens of milliseconds of start-up;
    the routes list holds the graphillion route, so importing the check path must not pull
    them in: the child imports them when a count runs."""
    import subprocess
    import sys

    probe = ("import sys\nimport satlink.cli, satlink.solver.check\n"
             "print(sorted(m for m in ('multiprocessing', 'graphillion') if m in sys.modules))\n")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[]"
