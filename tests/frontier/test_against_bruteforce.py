"""The frontier count agrees with the brute-force oracle on small boards of every geometry and
profile: capped at 2 (the uniqueness question) and exact under a larger limit; every solution
it decodes passes the referee, and no two have the same edge set."""

from __future__ import annotations

import pytest

from satlink import Board, parse_rules, solution_errors
from satlink.frontier import count
from satlink.frontier.engines import compiled_available
from testbed.boards import CAP, PROFILES, TRAP, boards
from testbed.oracle import count_solutions
from testbed.variants import VARIANT_PROFILES, variants

ENGINES = ["python"] + (["compiled"] if compiled_available() else [])
SQUARE_PROFILES = [*PROFILES, "notouch,no2x2"]
BOARDS = {"python": 15, "compiled": 60}
"""Boards per profile: the Python reference is slow, and held to the compiled sweep on more
boards by tests/frontier/test_engines.py."""
VARIANTS = {"python": 2, "compiled": 8}


def agree(board: Board, rules, truth: int, engine: str) -> None:
    exact = count(board, rules, limit=CAP, engine=engine)
    assert exact.complete and exact.count == truth
    assert exact.exact == (truth < CAP)
    capped = count(board, rules, engine=engine)
    assert capped.count == min(truth, 2)
    assert len(capped.solutions) == min(truth, 2)
    assert len({s.edges() for s in capped.solutions}) == len(capped.solutions)
    for solution in capped.solutions:
        assert solution_errors(board, solution, rules) == []


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("profile", SQUARE_PROFILES)
def test_square_boards_agree_with_brute_force(profile: str, engine: str) -> None:
    rules = parse_rules(profile)
    for rows in boards(seed=500 + len(profile), n=BOARDS[engine]):
        truth = count_solutions(rows, rules.fill, rules.notouch, rules.no2x2, limit=CAP)
        agree(Board.from_rows(rows), rules, truth, engine)


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("profile", VARIANT_PROFILES)
def test_every_geometry_agrees_with_brute_force(profile: str, engine: str) -> None:
    """Every family of testbed.variants (holes, walls, warps, hexagons, bridges, mixes)."""
    rules = parse_rules(profile)
    for variant in variants(seed=44, per_family=VARIANTS[engine]):
        agree(variant.board(), rules, variant.count(rules, CAP), engine)


@pytest.mark.parametrize("engine", ENGINES)
def test_a_detached_cycle_is_no_solution(engine: str) -> None:
    """Under fill, "A and B straight, the 2x2 block a loop" covers every cell but is no
    solution; the one solution sends B through the block."""
    board = Board.from_rows(TRAP)
    for profile in ("fill", "flow", "nikoli"):
        rules = parse_rules(profile)
        truth = count_solutions(TRAP, rules.fill, rules.notouch, rules.no2x2, limit=CAP)
        agree(board, rules, truth, engine)


@pytest.mark.parametrize("engine", ENGINES)
def test_many_labels(engine: str) -> None:
    """More labels than one character class, each pair side by side: one solution."""
    from satlink.board import label_for

    row = "".join(label_for(k) * 2 for k in range(70))
    board = Board.from_rows([row, "#" * len(row)])
    outcome = count(board, "flow", engine=engine)
    assert outcome.count == 1 and outcome.exact
    assert solution_errors(board, outcome.solutions[0], parse_rules("flow")) == []
