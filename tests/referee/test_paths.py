"""The independent validator (the referee) rejects each kind of non-solution for the right
reason, and reads the board's geometry itself: steps, walls, warps, hexagonal cells and bridges,
each rejected (or accepted) for the right reason, by coordinates.
"""

from __future__ import annotations

import pytest

from satlink import Board, Solution, parse_rules, solution_errors
from satlink.geometry import Geometry

# -- The independent validator rejects each kind of non-solution for the right reason.

BOARD = Board.from_rows(["A.B", "...", "A.B"])


def sol(**paths: tuple[int, ...]) -> Solution:
    return Solution.from_paths(paths)


def test_accepts_real_solutions() -> None:
    assert solution_errors(BOARD, sol(A=(0, 3, 6), B=(2, 5, 8)), parse_rules("nikoli")) == []
    filled = Board.from_rows(["AB", "..", "AB"])
    assert solution_errors(filled, sol(A=(0, 2, 4), B=(1, 3, 5)), parse_rules("flow")) == []


@pytest.mark.parametrize(
    "paths,rules,reason",
    [
        ({"A": (0, 3, 6)}, "nikoli", "no path for labels"),
        ({"A": (0, 3, 6), "B": (2, 5, 8), "C": (1, 4)}, "nikoli", "unknown labels"),
        ({"A": (0, 3), "B": (2, 5, 8)}, "nikoli", "does not run between"),
        ({"A": (0, 4, 6), "B": (2, 5, 8)}, "nikoli", "jumps"),
        ({"A": (0, 1, 4, 3, 6), "B": (2, 1, 5, 8)}, "nikoli", "used twice"),
        ({"A": (0, 3, 6), "B": (2, 5, 8)}, "fill", "cells stay empty"),
        ({"A": (0, 1, 4, 3, 6), "B": (2, 5, 8)}, "notouch", "touches itself"),
        ({"A": (0, 1, 4, 3, 6), "B": (2, 5, 8)}, "no2x2", "2x2 block"),
    ],
)
def test_rejects(paths, rules, reason) -> None:
    errors = solution_errors(BOARD, Solution.from_paths(paths), parse_rules(rules))
    assert any(reason in e for e in errors), errors


def test_rejects_path_through_another_endpoint_and_solid_cells() -> None:
    board = Board.from_rows(["AB.A", "#..B"])
    bad = sol(A=(0, 1, 2, 3), B=(1, 5, 6, 7))
    assert any("passes through endpoint" in e for e in solution_errors(board, bad, parse_rules("nikoli")))
    solid = sol(A=(0, 4, 5, 6, 2, 3), B=(1, 7))
    assert any("solid" in e for e in solution_errors(board, solid, parse_rules("nikoli")))


# -- The validator reads the board's geometry itself: steps, walls, warps, hexagonal cells and bridges,
# each rejected (or accepted) for the right reason, by coordinates.

CENTRE = Board.from_rows(["A.B", "...", "B.A"], Geometry.of(bridges=[4]))
V = 9  # the vertical crossing of CENTRE's bridge (its cell 4 is the horizontal one)


def errors(board: Board, rules: str, **paths) -> list[str]:
    return solution_errors(board, Solution.from_paths(paths), rules)


def test_bridge_crossings_straight_through() -> None:
    assert errors(CENTRE, "fill", A=(0, 3, 4, 5, 8), B=(2, 1, V, 7, 6)) == []
    assert solution_errors(CENTRE, {"A": [0, 3, 4, 5, 8], "B": [2, 1, 4, 7, 6]}, "fill") == []


def test_bent_crossing() -> None:
    bent = errors(CENTRE, "nikoli", A=(0, 1, V, 5, 8), B=(2, 1))
    assert ("path 'A' turns on the bridge at (1, 1) (entered vertically, left horizontally): "
            "a bridge is crossed straight") in bent
    as_cells = solution_errors(CENTRE, {"A": [0, 3, 4, 7, 8], "B": [2, 5, 8]}, "nikoli")
    assert any("'A' turns on the bridge at (1, 1) (entered horizontally, left vertically)" in e
               for e in as_cells)


def test_crossing_named_on_the_wrong_axis() -> None:
    found = errors(CENTRE, "nikoli", A=(0, 1, 4, 7, 8), B=(2, 5, 8))
    assert any("crosses the bridge at (1, 1) vertically but names its horizontal crossing" in e
               for e in found)


def test_bridge_used_twice_on_one_axis() -> None:
    board = Board.from_rows(["B..", "A.A", "..B"], Geometry.of(bridges=[4]))
    found = errors(board, "nikoli", A=(3, 4, 5), B=(0, 3, 4, 5, 8))
    assert ("bridge (1, 1) crossed horizontally twice (by 'A' and 'B'): each axis of a bridge "
            "is crossed once") in found


def test_path_ending_on_a_bridge() -> None:
    found = errors(CENTRE, "nikoli", A=(0, 1, V), B=(2, 5, 8, 7, 6))
    assert "path 'A' ends on the bridge at (1, 1) (a bridge is never an endpoint)" in found


def test_fill_counts_unused_crossings() -> None:
    board = Board.from_rows(["###", "A.A", "###"], Geometry.of(bridges=[4]))
    assert errors(board, "nikoli", A=(3, 4, 5)) == []
    assert errors(board, "fill", A=(3, 4, 5)) == [
        "fill: 1 cells stay empty, first the vertical crossing of the bridge at (1, 1)"]


def test_notouch_ignores_the_other_axis_of_a_bridge() -> None:
    """A crosses the bridge both ways: its two crossings share a cell but no side."""
    board = Board.from_rows(["...", "A..", ".A."], Geometry.of(bridges=[4]))
    assert errors(board, "notouch", A=(3, 4, 5, 2, 1, V, 7)) == []


def test_wall_crossing() -> None:
    board = Board.from_rows(["A.A", "..."], Geometry.of(walls=[(0, 1)]))
    assert errors(board, "nikoli", A=(0, 1, 2)) == [
        "path 'A' crosses the wall between (0, 0) and (0, 1)"]
    assert errors(board, "nikoli", A=(0, 3, 4, 1, 2)) == []


def test_walls_keep_cells_from_touching() -> None:
    rows = ["A.", "A."]
    assert any("touches itself at (0, 0)-(1, 0)" in e
               for e in errors(Board.from_rows(rows), "notouch", A=(0, 1, 3, 2)))
    walled = Board.from_rows(rows, Geometry.of(walls=[(0, 2)]))
    assert errors(walled, "notouch", A=(0, 1, 3, 2)) == []


def test_wrap_step_only_on_a_warp_board() -> None:
    rows = ["A.A", "...", "..."]
    assert errors(Board.from_rows(rows), "nikoli", A=(0, 2)) == [
        "path 'A' jumps from (0, 0) to (0, 2)"]
    warp = Board.from_rows(rows, Geometry.of(wrap=True))
    assert errors(warp, "nikoli", A=(0, 2)) == []
    assert errors(warp, "nikoli", A=(0, 6, 7, 8, 2)) == []  # up through the seam and back
    assert errors(Board.from_rows(rows), "nikoli", A=(0, 6, 7, 8, 2)) == [
        "path 'A' jumps from (0, 0) to (2, 0)", "path 'A' jumps from (2, 2) to (0, 2)"]


def test_warp_edges_make_cells_touch() -> None:
    rows = ["A.A", "...", "..."]
    assert errors(Board.from_rows(rows), "notouch", A=(0, 1, 2)) == []
    warp = Board.from_rows(rows, Geometry.of(wrap=True))
    assert errors(warp, "notouch", A=(0, 1, 2)) == [
        "notouch: path 'A' touches itself at (0, 0)-(0, 2)"]


def test_hex_steps() -> None:
    """Column 0 is even: (1, 0) neighbours (2, 1) below right, not (0, 1) above right;
    column 1 is odd: (1, 1) neighbours (0, 0) above left."""
    rows = ["..", "A.", ".A"]
    hexes = Board.from_rows(rows, Geometry.of("hex"))
    assert errors(hexes, "nikoli", A=(2, 5)) == []
    assert errors(Board.from_rows(rows), "nikoli", A=(2, 5)) == [
        "path 'A' jumps from (1, 0) to (2, 1)"]
    up = Board.from_rows([".A", "A.", ".."], Geometry.of("hex"))
    assert errors(up, "nikoli", A=(2, 1)) == ["path 'A' jumps from (1, 0) to (0, 1)"]
    odd = Board.from_rows(["A.", ".A", ".."], Geometry.of("hex"))
    assert errors(odd, "nikoli", A=(3, 0)) == []


def test_hex_rules() -> None:
    """notouch over the six sides; no2x2 blocks are triangles of mutually adjacent cells."""
    board = Board.from_rows(["A.", ".A", ".."], Geometry.of("hex"))
    # (0,0) -> (1,0) -> (1,1) runs round the triangle (0,0), (1,0), (1,1)
    assert errors(board, "nikoli", A=(0, 2, 3)) == []
    assert errors(board, "no2x2", A=(0, 2, 3)) == [
        "no2x2: path 'A' fills the triangle (0, 0), (1, 0), (1, 1)"]
    assert errors(board, "notouch", A=(0, 2, 3)) == [
        "notouch: path 'A' touches itself at (0, 0)-(1, 1)"]
    walled = Board.from_rows(["A.", ".A", ".."], Geometry.of("hex", walls=[(0, 3)]))
    assert errors(walled, "notouch", A=(0, 2, 3)) == []
    assert errors(walled, "no2x2", A=(0, 2, 3)) == [  # a wall does not split a block
        "no2x2: path 'A' fills the triangle (0, 0), (1, 0), (1, 1)"]


def test_no2x2_skips_bridge_blocks_and_the_seam() -> None:
    plain = Board.from_rows(["A.", "A."])
    assert errors(plain, "no2x2", A=(0, 1, 3, 2)) == [
        "no2x2: path 'A' fills the 2x2 block at (0, 0)"]
    rows = ["A..", "A..", "..."]
    assert len(errors(Board.from_rows(rows), "no2x2", A=(0, 1, 2, 5, 4, 3))) == 2
    bridged = Board.from_rows(rows, Geometry.of(bridges=[4]))
    assert errors(bridged, "no2x2", A=(0, 1, 2, 5, 4, 3)) == []
    seam = Board.from_rows(["A..", "...", "A.."], Geometry.of(wrap=True))
    # (2,0), (0,0), (0,2), (2,2) close a square only across the seam
    assert errors(seam, "no2x2", A=(0, 2, 8, 6)) == []
