"""The chessboard count (satlink/deduce/parity.py) is sound: a board it calls impossible under
``fill`` has no solution by brute force, on square boards and every variant family, by either
way of shading; it catches boards brute force finds unfillable, and `check` and `explain` use
it."""

from __future__ import annotations

import pytest

from satlink.board import Board
from satlink.deduce import parity
from satlink.explain import explain
from satlink.rules import parse_rules
from satlink.solver.check import check
from testbed.boards import boards, parity_rows
from testbed.oracle import count_solutions
from testbed.variants import variants

FILL_PROFILES = ("fill", "flow", "fill,no2x2")


def square_cases() -> list[tuple[Board, dict[str, int]]]:
    """Random square boards with their solution counts (up to 1) under the fill profiles."""
    out = []
    for rows in boards(4411, 60):
        counts = {}
        for rules in FILL_PROFILES:
            p = parse_rules(rules)
            counts[rules] = count_solutions(rows, p.fill, p.notouch, p.no2x2, 1)
        out.append((Board.from_rows(rows), counts))
    return out


def variant_cases() -> list[tuple[Board, dict[str, int]]]:
    """Small boards of every variant family (holes, walls, warps, hexagons, bridges)."""
    return [(v.board(), {rules: v.count(parse_rules(rules), 1) for rules in ("fill", "flow")})
            for v in variants(4412, 12)]


SQUARE = square_cases()
VARIANTS = variant_cases()


def unsound(cases, coordinates: bool) -> list[tuple]:
    """The boards called impossible that some fill profile solves."""
    judge = parity._by_coordinates if coordinates else parity.imbalance
    return [(board.rows, counts) for board, counts in cases
            if judge(board) is not None and any(counts.values())]


@pytest.mark.parametrize("coordinates", [False, True])
def test_a_board_called_impossible_has_no_solution_on_square_boards(coordinates):
    assert unsound(SQUARE, coordinates) == []


@pytest.mark.parametrize("coordinates", [False, True])
def test_a_board_called_impossible_has_no_solution_on_every_variant(coordinates):
    assert unsound(VARIANTS, coordinates) == []


def test_it_catches_unfillable_boards_brute_force_finds():
    """Not a check that never fires: a good share of the boards no fill profile solves are
    caught, on square boards and on the bipartite variants (holes, walls, bridges)."""
    unfillable = [board for board, counts in SQUARE + VARIANTS if counts["fill"] == 0]
    caught = [board for board in unfillable if parity.imbalance(board) is not None]
    assert len(caught) >= len(unfillable) // 10 > 0
    kinds = {board.geometry.kind for board in caught}
    assert "square" in kinds


def test_each_part_is_counted_on_its_own():
    """Two parts that are each off by one, in opposite directions: the board as a whole
    balances, but neither part can be filled (brute force agrees)."""
    rows = ["A.#B.B", "..#...", "A.#C.C"]
    board = Board.from_rows(rows)
    assert count_solutions(rows, True, False, False, 1) == 0
    found = parity.imbalance(board)
    assert found is not None and not found.whole
    assert parity._by_coordinates(board) is None  # the whole board balances


def test_no_verdict_where_the_graph_has_an_odd_cycle():
    hexagons = Board.from_json(parity_rows(6), {"kind": "hex"})
    assert parity.imbalance(hexagons) is None
    odd_warp = Board.from_json(parity_rows(5), {"kind": "square", "wrap": True})
    assert parity.imbalance(odd_warp) is None


def test_the_sentence_gives_the_counts():
    found = parity.imbalance(Board.from_rows(parity_rows(4)))
    assert found is not None and found.whole and found.chessboard
    assert (found.dark, found.light, found.both_dark, found.needed) == (8, 8, ("A",), 1)
    text = found.sentence()
    assert "1 more dark cell than light" in text and "8 dark and 8 light" in text


def test_huge_boards_are_shaded_from_coordinates(monkeypatch):
    """Above the per-part bound the chessboard is used on the whole board, and says the same
    on a board of one part."""
    board = Board.from_rows(parity_rows(8))
    monkeypatch.setattr(parity, "PER_PART_MAX_NODES", 0)
    found = parity.imbalance(board)
    assert found is not None and found.chessboard and found.needed == 1


def test_check_calls_such_a_board_unsolvable_without_sat():
    verdict = check(Board.from_rows(parity_rows(20)), "fill", timeout=30)
    assert verdict.status == "unsolvable"
    assert verdict.stats.presolve_stage == "parity" and verdict.stats.sat_calls == 0


def test_without_fill_the_count_proves_nothing():
    verdict = check(Board.from_rows(parity_rows(6)), "nikoli", timeout=30)
    assert verdict.status == "multiple"


def test_explain_prefers_what_needs_no_fill_where_the_pairs_alone_are_impossible():
    """B cannot reach its pair without crossing A or C: impossible with no rule at all, so the
    count (also true here) is not the preferred reason."""
    board = Board.from_rows([".....", ".....", "....A", ".CAC.", "..B.B"])
    out = explain(board, "flow", budget=5, steps=False)
    assert out.status == "unsolvable" and out.responsible == ["pairs"]
    assert out.parity is not None and out.reason in ("deduction", "core")


def test_explain_gives_the_count_as_the_reason():
    out = explain(Board.from_rows(parity_rows(8)), "fill", budget=5, steps=False)
    assert out.status == "unsolvable" and out.reason == "parity"
    assert "chessboard" in out.sentence()
    assert out.as_dict()["parity"]["both_dark"] == ["A"]


def test_a_part_no_pair_reaches_is_left_to_the_deductions():
    """Impossible, but "no way left for its path" says it plainer than a count."""
    board = Board.from_rows(["AA#..."])
    assert parity.imbalance(board) is None
    assert explain(board, "fill", budget=5).reason == "deduction"


def test_a_bridge_is_counted_once_for_each_way_across_and_says_so():
    board = Board.from_json(["A..", "...", "..A"], {"kind": "square", "bridges": [[1, 1]]})
    found = parity.imbalance(board)
    assert found is not None and (found.dark, found.light) == (6, 4) and found.bridged
    assert "once for each way across" in found.sentence()
