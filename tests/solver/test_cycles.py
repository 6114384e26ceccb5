"""Detached cycles: local degree/colour clauses accept them; satlink must not."""

from __future__ import annotations

from satlink import Board, check, solution_errors
from satlink.rules import parse_rules
from satlink.solver.encode import encode
from satlink.solver.method import Method
from satlink.solver.search import SolutionEnumerator
from testbed.boards import TRAP
from testbed.oracle import count_solutions
from tests.support.helpers import solutions_without_cuts


def test_trap_is_what_brute_force_says() -> None:
    assert count_solutions(TRAP, fill=True, notouch=False, no2x2=False) == 1
    assert count_solutions(TRAP, fill=True, notouch=True, no2x2=False) == 0


def test_ignoring_cycles_gives_wrong_answers() -> None:
    board = Board.from_rows(TRAP)
    wrong_fill = solutions_without_cuts(board, "fill")
    # lemmas off: the corner lemma alone already rules out a loop with nothing inside it
    wrong_flow = solutions_without_cuts(board, "flow", Method(lemmas="none", presolve=False))
    assert len(wrong_fill) == 2  # counts "straight paths + a loop" as a solution
    assert wrong_flow  # the loop makes an impossible board look solvable
    invalid = [s for s in wrong_fill + wrong_flow
               if solution_errors(board, s, parse_rules("fill"))]
    assert invalid, "the cycle-blind answers should include a non-solution"


def test_satlink_gets_the_trap_right() -> None:
    board = Board.from_rows(TRAP)
    fill = check(board, "fill")
    assert fill.status == "unique"
    assert fill.solutions[0].paths["B"] == (1, 2, 3, 7, 6, 5)  # the detour
    assert solution_errors(board, fill.solutions[0], fill.rules) == []
    assert check(board, "flow").status == "unsolvable"
    assert check(board, "flow", method=Method(lemmas="none", presolve=False)).status == "unsolvable"


def test_loop_beside_a_path_of_its_own_colour_is_cut() -> None:
    """Under fill alone a loop may take the colour of the path it runs beside."""
    rows = ["A...", "....", "...A"]
    board = Board.from_rows(rows)
    truth = count_solutions(rows, fill=True, notouch=False, no2x2=False, limit=50)
    verdict = check(board, "fill", count=50)
    assert verdict.count == truth
    for solution in verdict.solutions:
        assert solution_errors(board, solution, verdict.rules) == []


def test_second_solution_with_a_cycle_is_not_accepted() -> None:
    """The search must cut a cyclic 'second solution' and go on, not report it."""
    board = Board.from_rows(TRAP)
    with SolutionEnumerator(encode(board, parse_rules("fill"))) as search:
        solutions = list(search.solutions())
        cuts = search.stats.cycle_cuts
    assert len(solutions) == 1
    assert cuts >= 1
