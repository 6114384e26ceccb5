"""Profiles without ``notouch`` decided through a stricter one (:mod:`satlink.solver.routes.stricter`):
the same verdicts as brute force on small boards of every geometry, step by step.

The route only runs for ``solve`` and uniqueness checks (counting past two searches the board
whole), so these tests ask for two solutions, with the route on and off."""

from __future__ import annotations

import pytest

from satlink import Board, check, parse_rules, solution_errors, solve
from satlink.rules import Rules
from satlink.solution import Solution
from satlink.solver.encode import encode
from satlink.solver.method import Method
from satlink.solver.routes import nearby
from satlink.solver.routes.nearby import detour, in_windows, shortcut, windows
from satlink.solver.routes.stricter import stricter_rules
from satlink.solver.search import SolutionEnumerator
from testbed.boards import boards, expected_status
from testbed.oracle import count_solutions
from testbed.variants import FAMILIES, variants
from tests.support.size import sized

WEAK = ["fill", "nikoli", "no2x2", "fill,no2x2"]
WHOLE = Method(stricter_first=False)
PER_FAMILY = 14
VARIANTS = variants(seed=3636, per_family=PER_FAMILY)  # family by family


def _agrees(board: Board, truth: int, rules: Rules, where: object, monkeypatch) -> None:
    """The route's verdict, the route's without its windows (on boards this small a window
    holds the whole board, so the steps after it would go untested) and the whole search's
    are brute force's."""
    for method, windows_on in ((Method(), True), (Method(), False), (WHOLE, True)):
        with monkeypatch.context() as patch:
            if not windows_on:
                patch.setattr(nearby, "in_windows", lambda *args: None)
            verdict = check(board, rules, method=method)
        assert verdict.status == expected_status(truth), (where, method.label, windows_on)
        assert len({s.edges() for s in verdict.solutions}) == len(verdict.solutions), where
        for solution in verdict.solutions:
            assert solution_errors(board, solution, rules) == [], (where, method.label)
    for method in (Method(), WHOLE):
        solved = solve(board, rules, method=method)
        assert solved.status == ("solved" if truth else "unsolvable"), (where, method.label)
        assert solved.rules == rules
        if truth:
            assert solution_errors(board, solved.solutions[0], rules) == [], where


@pytest.mark.parametrize("profile", WEAK)
def test_square_boards_match_brute_force(profile: str, monkeypatch) -> None:
    rules = parse_rules(profile)
    for rows in boards(seed=3600 + len(profile), n=sized(20, 60)):
        truth = count_solutions(rows, rules.fill, rules.notouch, rules.no2x2, limit=2)
        _agrees(Board.from_rows(rows), truth, rules, (rows, profile), monkeypatch)


@pytest.mark.parametrize("profile", WEAK)
def test_every_geometry_matches_brute_force(profile: str, monkeypatch) -> None:
    rules = parse_rules(profile)
    for variant in VARIANTS:
        _agrees(variant.board(), variant.count(rules, 2), rules, (variant, profile),
                monkeypatch)


def test_the_variants_reach_every_verdict_under_both_profiles() -> None:
    """So that the test above means something: each family has boards of each verdict under
    fill or nikoli."""
    for i, family in enumerate(FAMILIES):
        mine = VARIANTS[i * PER_FAMILY:(i + 1) * PER_FAMILY]
        seen = {expected_status(v.count(parse_rules(p), 2)) for v in mine
                for p in ("fill", "nikoli")}
        assert seen == {"unique", "multiple", "unsolvable"}, family


def test_the_stricter_profile_holds_only_solutions_of_the_weaker_one() -> None:
    assert str(stricter_rules(parse_rules("fill"))) == "fill,notouch"
    assert str(stricter_rules(parse_rules("nikoli"))) == "fill,notouch"
    assert str(stricter_rules(parse_rules("no2x2"))) == "fill,notouch,no2x2"


def test_a_shortcut_cuts_every_touch_and_keeps_the_ends() -> None:
    """A snake through a 3x3 board touches itself everywhere; cut short it runs straight."""
    board = Board.from_rows(["A..", "...", "..A"])
    snake = Solution({"A": (0, 1, 2, 5, 4, 3, 6, 7, 8)})
    short = shortcut(board, snake)
    assert short.paths["A"][0] == 0 and short.paths["A"][-1] == 8
    assert solution_errors(board, short, parse_rules("notouch")) == []
    assert solution_errors(board, snake, parse_rules("nikoli")) == []
    assert len(short.paths["A"]) == 5


def test_a_detour_is_the_one_second_solution_of_this_nikoli_board() -> None:
    """A's endpoints touch: the one notouch solution is their edge, and the way round through
    the two empty cells below is a second nikoli solution (no flow solution at all)."""
    rows = ["AA", ".."]
    board = Board.from_rows(rows)
    assert count_solutions(rows, True, True, False, limit=3) == 0
    assert count_solutions(rows, False, True, False, limit=3) == 1
    assert count_solutions(rows, False, False, False, limit=3) == 2
    first = check(board, "notouch").solutions[0]
    around = detour(board, first)
    assert around is not None and around.edges() != first.edges()
    assert solution_errors(board, around, parse_rules("nikoli")) == []
    assert check(board, "nikoli").status == "multiple"


def test_no_detour_when_every_cell_is_used() -> None:
    board = Board.from_rows(["AB", "AB"])
    assert detour(board, check(board, "flow").solutions[0]) is None


def test_windows_cover_every_cell() -> None:
    board = Board.from_rows(["A" + "." * 8 + "A", "." * 10, "." * 10, "B" + "." * 8 + "B",
                             "." * 10])
    for side in (4, 6, 8):
        covered = set().union(*windows(board, (side,)))
        assert covered == set(range(board.width * board.height)), side


def test_a_window_finds_a_second_solution_that_differs_inside_it_only() -> None:
    """Flow's solution of this board is unique; under fill there is another."""
    rows = [".......", ".C.....", ".BE....", "....E.B", "..D.F.C", "..A...F", "A.....D"]
    board = Board.from_rows(rows)
    first = solve(board, "flow").solutions[0]
    rules = parse_rules("fill")
    with SolutionEnumerator(encode(board, rules, Method())) as search:
        second = in_windows(search, board, first, None, sides=(4,))
    assert second is not None and second.edges() != first.edges()
    assert solution_errors(board, second, rules) == []
    changed = first.edges() ^ second.edges()  # edges with an end in the window may change
    assert any(all(a in window or b in window for a, b in changed)
               for window in windows(board, (4,)))


def test_no_window_finds_anything_on_a_unique_board() -> None:
    rows = ["C.ED...", "A....B.", ".....E.", ".....D.", ".......", ".C...B.", ".A....."]
    board = Board.from_rows(rows)
    assert check(board, "fill", method=WHOLE).status == "unique"
    first = check(board, "flow").solutions[0]
    with SolutionEnumerator(encode(board, parse_rules("fill"), Method())) as search:
        assert in_windows(search, board, first, None, sides=(4,)) is None


def test_nikoli_first_solution_from_notouch_when_flow_has_none() -> None:
    """No flow solution (the corner cell cannot be filled), yet nikoli has exactly one."""
    rows = ["A.A.", "####"]
    board = Board.from_rows(rows)
    assert count_solutions(rows, True, True, False, limit=2) == 0
    assert count_solutions(rows, False, False, False, limit=2) == 1
    assert check(board, "nikoli").status == "unique"
    assert solve(board, "nikoli").status == "solved"


def test_the_route_is_part_of_the_method_key() -> None:
    assert WHOLE.as_dict()["stricter_first"] is False
    assert "stricter_first" not in Method().as_dict()
    assert Method(**WHOLE.as_dict()) == WHOLE


@pytest.mark.parametrize("method", [
    Method(solver="kissat404"),  # one-shot: no windows, the whole board at once
    Method(solver="cadical195", cycles="propagator"),
    Method(encoding="acyclic", presolve=False),
], ids=lambda m: m.label)
def test_the_route_with_other_methods_matches_brute_force(method: Method) -> None:
    for variant in VARIANTS[::4]:
        for profile in ("fill", "nikoli"):
            rules = parse_rules(profile)
            truth = variant.count(rules, 2)
            verdict = check(variant.board(), rules, method=method)
            assert verdict.status == expected_status(truth), (variant, profile)
