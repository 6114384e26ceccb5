"""Uniqueness and counting work on edge sets: no double counts, real witnesses, timeouts."""

from __future__ import annotations

import time

import pytest

from satlink import Board, check, parse_rules, solution_errors, solve
from satlink.solver.method import Method
from testbed.boards import parity_rows
from testbed.oracle import count_solutions


def test_same_edge_set_with_other_empty_cell_colours_counts_once() -> None:
    """Under nikoli an empty cell's colour code is free: blocking colours would count the
    same path system many times.  Here A has exactly one path and four cells stay empty."""
    rows = ["A.A", "...", "..."]
    board = Board.from_rows(rows)
    truth = count_solutions(rows, fill=False, notouch=False, no2x2=False, limit=100)
    verdict = check(board, "nikoli", count=100)
    assert verdict.count == truth
    assert len({s.edges() for s in verdict.solutions}) == verdict.count


def test_multiple_has_valid_witness_and_diff_cells() -> None:
    rows = ["A..", "...", "..A"]
    board = Board.from_rows(rows)
    verdict = check(board, "fill")
    assert verdict.status == "multiple"
    first, second = verdict.solutions
    assert first.edges() != second.edges()
    for solution in verdict.solutions:
        assert solution_errors(board, solution, verdict.rules) == []
    owner1, owner2 = first.owner(), second.owner()
    expected = [c for c in range(board.size)
                if owner1.get(c) != owner2.get(c)
                or {e for e in first.edges() if c in e} != {e for e in second.edges() if c in e}]
    assert verdict.diff_cells == expected and expected


def test_count_is_capped_and_lists_every_solution() -> None:
    rows = ["A..", "...", "..A"]
    full = count_solutions(rows, fill=True, notouch=False, no2x2=False)
    verdict = check(Board.from_rows(rows), "fill", count=full + 5)
    assert verdict.count == full == len(verdict.solutions)
    capped = check(Board.from_rows(rows), "fill", count=2)
    assert capped.count is None and len(capped.solutions) == 2


def parity_board(n: int) -> Board:
    return Board.from_rows(parity_rows(n))


@pytest.mark.parametrize("solver", ["glucose4", "cadical195", "minisat22", "kissat404"])
def test_timeout_is_a_verdict(solver: str) -> None:
    """CaDiCaL and Kissat ignore interrupt(): without budget slices this never returned.  The
    deductions are off: their chessboard count proves the board unsolvable at once, and this
    is the SAT loop's deadline."""
    start = time.monotonic()
    sat_alone = Method(solver=solver, presolve=False)
    verdict = check(parity_board(20), "fill", timeout=0.3, method=sat_alone)
    assert verdict.status == "timeout"
    assert verdict.solutions == []
    assert solve(parity_board(20), "fill", timeout=0.3, method=sat_alone).status == "timeout"
    assert time.monotonic() - start < 30


@pytest.mark.parametrize("presolve", [True, False])
def test_small_parity_board_is_proved_unsolvable(presolve: bool) -> None:
    """By the chessboard count, and by SAT alone."""
    verdict = check(parity_board(6), "fill", method=Method(presolve=presolve))
    assert verdict.status == "unsolvable"
    assert (verdict.stats.sat_calls == 0) == presolve


def test_solve_finds_one_valid_solution() -> None:
    board = Board.from_rows(["A..", "...", "..A"])
    verdict = solve(board, "fill")
    assert verdict.status == "solved" and len(verdict.solutions) == 1
    assert solution_errors(board, verdict.solutions[0], verdict.rules) == []


def test_searches_given_one_record_add_their_work_to_it() -> None:
    """A weaker profile's check first searches under the stricter one and may then search
    the whole board: both searches' conflicts, decisions and load time are the check's work
    (the second one used to write its figures over the first's), while the sizes stay those
    of the last CNF."""
    from satlink.solver.encode import encode
    from satlink.solver.search import SolutionEnumerator
    from satlink.solver.stats import SolveStats

    board = Board.from_rows(["A...B", ".....", "..C..", ".....", "B.C.A"])
    encoding = encode(board, parse_rules("fill"), Method(presolve=False))
    alone = []
    for _ in range(2):
        own = SolveStats()
        with SolutionEnumerator(encoding, stats=own) as search:
            list(search.solutions())
        alone.append(own)
    shared = SolveStats()
    for _ in range(2):
        with SolutionEnumerator(encoding, stats=shared) as search:
            list(search.solutions())
    assert alone[0].decisions > 0
    assert shared.decisions == alone[0].decisions + alone[1].decisions
    assert shared.conflicts == alone[0].conflicts + alone[1].conflicts
    assert shared.sat_calls == alone[0].sat_calls + alone[1].sat_calls
    assert shared.cycle_cuts == alone[0].cycle_cuts + alone[1].cycle_cuts
    assert (shared.variables, shared.clauses) == (alone[1].variables, alone[1].clauses)
