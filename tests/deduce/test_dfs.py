"""The depth-first search on the trail (satlink/deduce/dfs.py, core dfs.cpp) is exact: it finds
the solutions brute force finds, on every geometry and profile, leaves the state as it was,
stops at its limit and its budget, with and without its memory of failed states; and these
tests catch a case left undone or dropped, and a memory that remembers too much or keys too
little."""

from __future__ import annotations

import time

import pytest

from satlink import check
from satlink.board import Board
from satlink.deduce import OutOfTime, Puzzle
from satlink.deduce.dfs import DepthFirst, depth_first, diagonal_rank, sweep_rank
from satlink.deduce.engines import PYTHON, compiled
from satlink.deduce.split import CaseSplits
from satlink.formats import read_file
from satlink.geometry import Geometry
from satlink.referee import solution_errors
from satlink.rules import parse_rules
from testbed.boards import PROFILES, boards
from testbed.oracle import count_solutions
from testbed.variants import VARIANT_PROFILES, variants
from tests.support.paths import CORPUS

COMPILED = compiled()
pytestmark = pytest.mark.skipif(COMPILED is None, reason="the compiled engine is not built")

LIMIT = 4
PASSES = (("corner", "notouch"), ("corner", "notouch", "region", "bottleneck"))
NO_BUG, KEEP_SUBTREE, DROP_BRANCH, MEMO_SOLVED, MEMO_NO_ENDS = 0, 1, 2, 3, 4
MEMO = 1 << 20
"""Bytes of the failed states' memory where a test turns it on (more than these boards fill)."""


def cases() -> list[tuple[Board, str, int]]:
    """(board, rules, solutions up to LIMIT): random square boards under every profile and
    small boards of every geometry (holes, walls, warps, hexagons, bridges) under theirs."""
    out = []
    for rows in boards(4301, 24):
        for rules in PROFILES:
            profile = parse_rules(rules)
            count = count_solutions(rows, profile.fill, profile.notouch, profile.no2x2, LIMIT)
            out.append((Board.from_rows(rows), rules, count))
    for variant in variants(4302, 3):
        for rules in VARIANT_PROFILES:
            out.append((variant.board(), rules, variant.count(parse_rules(rules), LIMIT)))
    return out


CASES = cases()


def search(board: Board, rules: str, passes=PASSES[0], order="sweep", plant=NO_BUG,
           budget=100_000, limit=LIMIT, memo=0) -> tuple[DepthFirst, dict, dict]:
    """The search on ``board``: what it found, and the state's fields before and after
    (``sweep`` along the board's long side, ``diagonal`` along its anti-diagonals; ``fewest``
    in node order, as the case splits)."""
    st = COMPILED.state(Puzzle(board, parse_rules(rules)))
    rank = {"sweep": sweep_rank, "diagonal": diagonal_rank}.get(order, lambda board: ())(board)
    found = DepthFirst(budget, limit, passes, "fewest" if order == "fewest" else "sweep", rank,
                       memo_bytes=memo)
    before = st._fields()
    COMPILED.dfs(st, found, plant)
    return found, before, st._fields()


def disagreements(plant: int, passes=PASSES[0], order="sweep", memo=0) -> list[tuple]:
    """The cases where the search is not exact or does not leave the state as it was."""
    wrong = []
    for board, rules, count in CASES:
        found, before, after = search(board, rules, passes, order, plant, memo=memo)
        distinct = len(set(found.solutions)) == len(found.solutions)
        if (not found.decided or len(found.solutions) != min(count, LIMIT) or not distinct
                or before != after):
            wrong.append((rules, board.rows, count, len(found.solutions)))
    return wrong


@pytest.mark.parametrize("passes", PASSES)
@pytest.mark.parametrize("order", ["fewest", "sweep", "diagonal"])
def test_the_search_counts_as_brute_force_does_and_restores_the_state(passes, order):
    assert disagreements(NO_BUG, passes, order) == []


@pytest.mark.parametrize("passes", PASSES)
@pytest.mark.parametrize("order", ["fewest", "sweep"])
def test_the_search_with_its_memory_of_failed_states_counts_as_brute_force_does(passes, order):
    assert disagreements(NO_BUG, passes, order, MEMO) == []


def test_the_memory_closes_states_without_notouch_and_keeps_none_with_it():
    """The memory is used on these boards (else the test above would test nothing) under the
    profiles without notouch and no2x2, and never under those with either."""
    hits: dict[bool, int] = {True: 0, False: 0}
    for board, rules, _ in CASES:
        found, _, _ = search(board, rules, memo=MEMO)
        profile = parse_rules(rules)
        hits[profile.notouch or profile.no2x2] += found.memo_hits
    assert hits[False] > 0 and hits[True] == 0


def test_the_search_is_exact_with_colour_sets_kept_as_lists(monkeypatch):
    """The trail restores a board of very many colours' sets too (kept as sorted lists)."""
    monkeypatch.setenv("SATLINK_SPARSE_COLOURS", "1")  # read when a board's graph is built
    assert disagreements(NO_BUG) == []


@pytest.mark.parametrize("plant", [KEEP_SUBTREE, DROP_BRANCH])
def test_a_case_left_undone_or_dropped_is_caught(plant):
    """The check above fails when the core keeps a case's writes for its siblings (the trail
    not restored after a subtree) or skips the last case of a split (a branch dropped)."""
    assert disagreements(plant)


def test_a_memory_that_remembers_a_solved_state_is_caught():
    """The check with the memory fails when the core remembers a state that found solutions
    as failed."""
    assert disagreements(MEMO_SOLVED, memo=MEMO)


def corpus_board(name: str) -> Board:
    path = CORPUS / "mzucker-flow_solver" / "puzzles" / name
    if not path.exists():
        pytest.skip("the peer corpus is not beside the checkout")
    return next(iter(read_file(str(path)))).board


@pytest.mark.parametrize("name", ["extreme_10x10_01.txt", "extreme_10x10_30.txt"])
def test_the_memory_keys_need_the_chains_ends(name):
    """Two states whose undecided edges agree may differ in which chain ends are joined (a
    chain end that may close a loop in one, or meet a colour it may not join in the other):
    keyed without the chains' other ends, the memory closes the state that leads to the one
    solution on these boards under ``fill`` (the small boards above never meet such a pair),
    and the search with the full key finds it, as SAT does."""
    board = corpus_board(name)
    assert check(board, "fill").status.value == "unique"
    st = COMPILED.state(Puzzle(board, parse_rules("fill")))
    COMPILED.fixpoint(st, PASSES[1])  # as the plan leaves it
    before = st._fields()
    found, weak = (DepthFirst(100_000, 2, rank=sweep_rank(board), memo_bytes=64 * MEMO)
                   for _ in range(2))
    COMPILED.dfs(st, found)
    assert found.complete and len(found.solutions) == 1 and st._fields() == before
    assert found.memo_hits > 0
    COMPILED.dfs(st, weak, MEMO_NO_ENDS)
    assert weak.complete and len(weak.solutions) == 0


def test_every_solution_found_is_a_solution_the_referee_accepts():
    for board, rules, count in CASES[:200]:
        if not count:
            continue
        found, _, _ = search(board, rules)
        puzzle = Puzzle(board, parse_rules(rules))
        for es in found.solutions:
            assert not solution_errors(board, COMPILED.solution(puzzle, es), parse_rules(rules))


def test_the_search_splits_as_the_case_splits_do():
    """Same rule for the case and the same order as the search by copies (compiled and Python):
    the same solutions in the same order, in the same number of states."""
    for board, rules, _ in CASES[::7]:
        found, _, _ = search(board, rules, PASSES[1], "fewest")
        profile = parse_rules(rules)
        for eng in (COMPILED, PYTHON):
            splits = CaseSplits(100_000, LIMIT, PASSES[1])
            eng.split(eng.state(Puzzle(board, profile)), splits)
            assert (splits.solutions, splits.nodes) == (found.solutions, found.nodes), (
                eng.name, rules, board.rows)


def test_the_search_stops_at_its_budget_and_its_deadline_with_the_state_restored():
    open_board = Board.from_rows(["A.....", "......", "......", ".....A"])
    found, before, after = search(open_board, "nikoli", budget=5, limit=10**6)
    assert (found.complete, found.decided, found.nodes) == (False, False, 6)
    assert before == after
    st = COMPILED.state(Puzzle(open_board, parse_rules("nikoli")))
    before = st._fields()
    with pytest.raises(OutOfTime):
        COMPILED.dfs(st, DepthFirst(10**9, 10**9, deadline=time.monotonic() - 1))
    assert st._fields() == before


def test_a_cancelled_token_stops_the_search_with_the_state_restored():
    """The studio cancels a stale check from another thread: the search reads the flag."""
    from satlink.runtime.cancel import CancelToken, cancelling

    st = COMPILED.state(Puzzle(Board.from_rows(["A.....", "......", ".....A"]),
                               parse_rules("nikoli")))
    before, token = st._fields(), CancelToken()
    token.cancel()
    with cancelling(token), pytest.raises(OutOfTime):
        COMPILED.dfs(st, DepthFirst(10**9, 10**9))
    assert st._fields() == before


def test_the_search_stops_at_its_limit():
    open_board = Board.from_rows(["A...", "....", "...A"])
    for limit in (1, 2, 3):
        found, _, _ = search(open_board, "nikoli", limit=limit)
        assert len(found.solutions) == limit and found.decided and not found.complete


def test_the_sweep_goes_along_the_long_side():
    wide, tall = Board.from_rows(["A..", "..A"]), Board.from_rows(["A.", "..", ".A"])
    assert sweep_rank(wide) == [0, 2, 4, 1, 3, 5]  # column by column
    assert sweep_rank(tall) == list(range(6))       # row by row
    bridged = Board.from_rows(["A.B", "...", "A.B"], Geometry.of("square", False, [], [4]))
    assert sweep_rank(bridged) == [*range(9), 4]    # the crossing node shares its cell's place


def test_the_diagonal_sweep_goes_along_the_anti_diagonals():
    wide = Board.from_rows(["A..", "..A"])
    assert diagonal_rank(wide) == [0, 2, 4, 3, 5, 7]  # (0,0); (0,1) (1,0); (0,2) (1,1); (1,2)
    bridged = Board.from_rows(["A.B", "...", "A.B"], Geometry.of("square", False, [], [4]))
    assert diagonal_rank(bridged)[9] == diagonal_rank(bridged)[4]


def test_a_rank_of_another_board_or_an_unknown_order_is_refused():
    st = COMPILED.state(Puzzle(Board.from_rows(["A.A"]), parse_rules("flow")))
    with pytest.raises(ValueError, match="rank"):
        COMPILED.dfs(st, DepthFirst(100, rank=[0, 1]))
    from satlink.deduce import _core

    with pytest.raises(ValueError, match="order"):
        _core.dfs(st, 100, 2, [], 7)
    with pytest.raises(ValueError, match="plant"):
        _core.dfs(st, 100, 2, [], 0, plant=9)


def test_the_python_engine_has_no_trail_and_says_so():
    st = PYTHON.state(Puzzle(Board.from_rows(["A.A"]), parse_rules("flow")))
    found = DepthFirst(100)
    assert depth_first(PYTHON, st, found) is False and found.nodes == 0
    with pytest.raises(ValueError, match="order"):
        depth_first(COMPILED, COMPILED.state(st.p), DepthFirst(100, order="middle"))
