"""The depth-first search in the deductions' plan: where it runs, and that what it decides is
what SAT decides, with the solutions checked and no SAT call."""

from __future__ import annotations

import pytest

from satlink import check
from satlink.board import Board
from satlink.deduce.engines import PYTHON, compiled
from satlink.formats import read_file
from satlink.rules import parse_rules
from satlink.solver import presolve as presolve_module
from satlink.solver.method import Method
from satlink.solver.presolve import SEARCH_MOST, SEARCH_WIDE_MOST, plan_for, presolve
from testbed.oracle import count_solutions
from tests.support.paths import CORPUS
from tests.support.puzzles import FLOW_AMBIGUOUS

COMPILED = compiled()
pytestmark = pytest.mark.skipif(COMPILED is None, reason="the compiled engine is not built")
FLOW = parse_rules("flow")


def test_the_plan_searches_narrow_boards_under_flow_with_the_compiled_engine_only():
    def square(side: int) -> Board:
        return Board.from_rows(["A" + "." * (side - 2) + "A"] + ["." * side] * (side - 2)
                               + ["B" + "." * (side - 2) + "B"])

    narrow = Board.from_rows(["A" + "." * 38 + "A"] * 1)
    assert plan_for(narrow, FLOW, COMPILED).search_budget == SEARCH_MOST
    assert plan_for(square(30), FLOW, COMPILED).search_budget == SEARCH_MOST
    assert plan_for(square(31), FLOW, COMPILED).search_budget == SEARCH_WIDE_MOST
    assert plan_for(square(40), FLOW, COMPILED).search_budget == SEARCH_WIDE_MOST
    assert plan_for(square(41), FLOW, COMPILED).search_budget == 0
    assert plan_for(narrow, parse_rules("nikoli"), COMPILED).search_budget == 0
    assert plan_for(narrow, parse_rules("fill"), COMPILED).search_budget == 0
    assert plan_for(narrow, FLOW, PYTHON).search_budget == 0


def searched_boards():
    """Hand-made boards up to 14x14 and small ones of several flow solutions (look-ahead off,
    the search finishes what the fixpoint leaves)."""
    files = sorted((CORPUS / "mzucker-flow_solver" / "puzzles").glob("*.txt"))
    files += [CORPUS / "thomasahle-numberlink" / "puzzles" / "inputs1"]
    found = [entry.board for path in files for entry in read_file(str(path))
             if entry.board is not None]
    return found + [Board.from_rows(rows) for rows in FLOW_AMBIGUOUS]


def test_what_the_search_decides_sat_decides_the_same_with_no_sat_call(monkeypatch):
    monkeypatch.setattr(presolve_module, "LOOKAHEAD_MAX_NODES", 0)
    searched = multiple = 0
    for board in searched_boards():
        done = presolve(board, FLOW, using=COMPILED)
        if done.stage != "search":
            continue
        searched += 1
        ours = check(board, "flow")
        sat = check(board, "flow", method=Method(presolve=False))
        assert ours.stats.sat_calls == 0 and ours.stats.route == "deductions", board.rows
        assert ours.status == sat.status and len(done.solutions) == len(sat.solutions), board.rows
        multiple += sat.status.value == "multiple"
        if len(board.rows) <= 5 and len(board.rows[0]) <= 6:  # small enough for brute force
            assert len(done.solutions) == count_solutions(list(board.rows), True, True, False, 2)
    assert searched >= 10 and multiple >= 2


def test_a_search_that_runs_out_of_states_hands_the_board_to_sat(monkeypatch):
    monkeypatch.setattr(presolve_module, "SEARCH_MOST", 1)
    monkeypatch.setattr(presolve_module, "LOOKAHEAD_MAX_NODES", 0)
    board = Board.from_rows(FLOW_AMBIGUOUS[0])
    assert presolve(board, FLOW, using=COMPILED).outcome == "partial"
    verdict = check(board, "flow")
    assert verdict.status.value == "multiple" and verdict.stats.sat_calls > 0


def test_a_solution_the_referee_refuses_sends_the_board_to_sat(monkeypatch):
    monkeypatch.setattr(presolve_module, "LOOKAHEAD_MAX_NODES", 0)
    monkeypatch.setattr(presolve_module, "solution_errors", lambda *args: ["refused"])
    done = presolve(Board.from_rows(FLOW_AMBIGUOUS[1]), FLOW, using=COMPILED)
    assert (done.stage, done.outcome) == ("search", "skipped")


@pytest.mark.parametrize("name", ["inputs1", "inputs2"])
def test_corpus_verdicts_equal_sats_where_the_search_decides(name):
    """The rest of the corpus (inputs4, mzucker, inputs9, inputs10):
    ``benchmarks/dfs_search.py``, which compares every board's verdict by both routes."""
    path = CORPUS / "thomasahle-numberlink" / "puzzles" / name
    if not path.exists():
        pytest.skip("../shared/corpus is not here")
    for entry in read_file(str(path)):
        board = entry.board
        if board is None or plan_for(board, FLOW, COMPILED).search_budget == 0:
            continue
        ours = check(board, "flow")
        sat = check(board, "flow", method=Method(presolve=False))
        assert ours.status == sat.status, (name, entry.index)


def test_on_the_wider_band_a_diagonal_leg_runs_first_and_the_band_after_it(monkeypatch):
    """Every board counts as wide here; the first leg, given one state, cannot finish, so the
    second decides; given one state each, the board goes on to SAT."""
    import satlink.deduce.dfs as dfs_module

    legs = []
    for name in ("diagonal_rank", "sweep_rank"):
        made = getattr(dfs_module, name)
        monkeypatch.setattr(dfs_module, name,
                            lambda board, made=made, name=name: legs.append(name) or made(board))
    monkeypatch.setattr(presolve_module, "SEARCH_MAX_SHORT_SIDE", 0)
    monkeypatch.setattr(presolve_module, "SEARCH_WIDE_FIRST", 1)
    monkeypatch.setattr(presolve_module, "LOOKAHEAD_MAX_NODES", 0)
    board = Board.from_rows(FLOW_AMBIGUOUS[0])
    done = presolve(board, FLOW, using=COMPILED)
    assert legs == ["diagonal_rank", "sweep_rank"]
    assert done.stage == "search" and len(done.solutions) == 2
    monkeypatch.setattr(presolve_module, "SEARCH_WIDE_MOST", 1)
    assert presolve(board, FLOW, using=COMPILED).outcome == "partial"
