"""satlink's verdicts and counts agree with an exhaustive DFS on hundreds of small boards."""

from __future__ import annotations

import random

import pytest

from satlink import Board, check, parse_rules, solution_errors
from satlink.solver.method import Method
from testbed.boards import CAP, PROFILES, boards, cover_board, expected_status
from testbed.oracle import count_solutions
from tests.support.puzzles import FLOW_AMBIGUOUS
from tests.support.size import sized


@pytest.mark.parametrize("profile", PROFILES)
def test_counts_match_brute_force(profile: str) -> None:
    rules = parse_rules(profile)
    for rows in boards(seed=len(profile), n=sized(30, 80)):
        board = Board.from_rows(rows)
        truth = count_solutions(rows, rules.fill, rules.notouch, rules.no2x2, limit=CAP)
        verdict = check(board, rules, count=CAP)
        assert verdict.count == truth, (rows, profile)
        assert verdict.status == expected_status(truth), (rows, profile)
        edge_sets = {s.edges() for s in verdict.solutions}
        assert len(edge_sets) == len(verdict.solutions), "a solution was counted twice"
        for solution in verdict.solutions:
            assert solution_errors(board, solution, rules) == [], (rows, profile)


@pytest.mark.parametrize("profile", PROFILES)
def test_uniqueness_verdict_matches_brute_force(profile: str) -> None:
    rules = parse_rules(profile)
    for rows in boards(seed=100 + len(profile), n=60):
        truth = count_solutions(rows, rules.fill, rules.notouch, rules.no2x2, limit=2)
        assert check(Board.from_rows(rows), rules).status == expected_status(truth), rows


def test_corner_lemma_never_removes_a_solution() -> None:
    """With the lemma on or off, the same number of solutions on random small boards."""
    for rows in boards(seed=7, n=150):
        board = Board.from_rows(rows)
        with_lemma = check(board, "flow", count=CAP, method=Method(lemmas="corner", presolve=False))
        without = check(board, "flow", count=CAP, method=Method(lemmas="none", presolve=False))
        assert with_lemma.count == without.count, rows


@pytest.mark.parametrize("profile", ["flow", "notouch", "no2x2", "fill,no2x2"])
def test_short_codes_say_the_same_with_or_without_difference_bits(profile, monkeypatch) -> None:
    """Codes of up to two bits (at most 4 labels) state "codes differ" directly, longer ones
    through difference bits; both forms must admit exactly the oracle's solutions."""
    import satlink.cnf.colour as colour

    rules = parse_rules(profile)
    method = Method(presolve=False)
    seen = 0
    for rows in boards(seed=300 + len(profile), n=60):
        board = Board.from_rows(rows)
        if not 2 < len(board.labels) <= 4:  # 2-bit codes; 1-bit ones are covered above
            continue
        seen += 1
        truth = count_solutions(rows, rules.fill, rules.notouch, rules.no2x2, limit=CAP)
        for bits in (0, 2):  # 0: difference bits for every code length
            monkeypatch.setattr(colour, "DIRECT_CODE_BITS", bits)
            encoded = check(board, rules, count=CAP, method=method)
            assert encoded.count == truth, (rows, profile, bits)
    assert seen >= 10


def test_flow_on_larger_boards_matches_brute_force() -> None:
    """Under flow, ambiguity needs room: 5x5 to 7x7 boards made from non-touching walks."""
    rng = random.Random(2024)
    samples = [cover_board(rng, sizes=(5, 7)) for _ in range(120)] + FLOW_AMBIGUOUS
    seen = set()
    for rows in samples:
        truth = count_solutions(rows, fill=True, notouch=True, no2x2=False, limit=CAP)
        verdict = check(Board.from_rows(rows), "flow", count=CAP)
        assert verdict.count == truth, rows
        seen.add(expected_status(truth))
    assert seen == {"unique", "multiple", "unsolvable"}
