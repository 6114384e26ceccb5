"""Bridges on hexagonal cells: a bridge is crossed straight through along each of its three
axes (vertical, falling, rising), each axis at most once, each crossing its own graph node.

The axes are checked against the picture (opposite sides of the drawn hexagon), the
referee against hand-made paths (straight, bent, twice on one axis, all three at once), and
satlink's verdicts against the brute-force oracle, whose own axis code reads centres on the
page (testbed/oracle.py); the random boards of every profile are in tests/geometry/test_variants.py
(family ``hex-bridges``)."""

from __future__ import annotations

import math

import pytest

from satlink import Board, Solution, check, parse_rules, solution_errors
from satlink.geometry import _HEX_AXIS_EVEN, _HEX_AXIS_ODD, _HEX_STEPS_EVEN, _HEX_STEPS_ODD, Geometry
from satlink.render.layout import Layout
from testbed.oracle import count_solutions
from testbed.variants import solved

HEX = "hex"
# cell (1, 1) = 4 of a 3x3 board, an odd column: vertical (0, 1)-(2, 1), falling (0, 0)-(1, 2),
# rising (1, 0)-(0, 2)
CENTRE = Board.from_rows(["...", "...", "..."], Geometry.of(HEX, bridges=[4]))
FALLING, RISING = 9, 10  # the centre bridge's extra crossings (its cell 4 is the vertical one)


def test_every_step_has_an_axis_shared_with_the_opposite_side() -> None:
    """The axis tables cover the steps of their column parity, two steps per axis, and the
    two steps of one axis point at neighbours whose drawn centres are opposite each other."""
    board = Board.from_rows(["." * 5] * 5, Geometry(HEX))
    layout = Layout(board, 24)
    for cell, table, steps in ((12, _HEX_AXIS_EVEN, _HEX_STEPS_EVEN),
                               (13, _HEX_AXIS_ODD, _HEX_STEPS_ODD)):
        assert sorted(table) == sorted(steps)
        r, c = divmod(cell, 5)
        x, y = layout.centre(cell)
        for axis in range(3):
            (a, b) = [(r + dr) * 5 + c + dc for (dr, dc), k in table.items() if k == axis]
            (xa, ya), (xb, yb) = layout.centre(a), layout.centre(b)
            assert math.isclose(xa + xb, 2 * x) and math.isclose(ya + yb, 2 * y), (cell, axis)
            ux, uy = layout.axis_direction(axis)
            assert math.isclose(abs((xb - xa) * ux + (yb - ya) * uy), math.dist((xa, ya), (xb, yb)))
            assert board.geometry.axis_of(5, 5, cell, a) == axis


def test_each_crossing_is_a_node_with_the_two_neighbours_of_its_axis() -> None:
    assert CENTRE.crossings == {4: (4, FALLING, RISING)}
    assert CENTRE.n_nodes == 11
    assert CENTRE.neighbors(4) == (1, 7)
    assert CENTRE.neighbors(FALLING) == (0, 5)
    assert CENTRE.neighbors(RISING) == (2, 3)
    assert [CENTRE.node_cell(x) for x in (4, FALLING, RISING)] == [4, 4, 4]
    assert [CENTRE.node_axis(x) for x in (4, FALLING, RISING, 0)] == [0, 1, 2, None]
    two = Board.from_rows(["." * 5] * 5, Geometry.of(HEX, bridges=[7, 17]))
    assert two.crossings == {7: (7, 25, 26), 17: (17, 27, 28)}


def test_cells_become_crossings_by_the_axis_of_the_step() -> None:
    assert CENTRE.path_nodes([1, 4, 7]) == (1, 4, 7)
    assert CENTRE.path_nodes([0, 4, 5]) == (0, FALLING, 5)
    assert CENTRE.path_nodes([2, 4, 3]) == (2, RISING, 3)


def errors(board: Board, rules: str, **paths) -> list[str]:
    return solution_errors(board, Solution.from_paths(paths), rules)


def test_the_referee_accepts_three_colours_through_one_bridge() -> None:
    board = Board.from_rows(["CAB", "B.C", ".A."], Geometry.of(HEX, bridges=[4]))
    paths = {"A": (1, 4, 7), "B": (2, RISING, 3), "C": (0, FALLING, 5)}
    assert errors(board, "nikoli", **paths) == []
    as_cells = {"A": [1, 4, 7], "B": [2, 4, 3], "C": [0, 4, 5]}
    assert solution_errors(board, as_cells, "nikoli") == []
    assert errors(board, "fill", **paths) == ["fill: 2 cells stay empty, first (2, 0)"]


def test_the_referee_rejects_a_turn_inside_a_bridge() -> None:
    board = Board.from_rows(["A..", "...", "A.."], Geometry.of(HEX, bridges=[4]))
    # 1 -> 4 is vertical, 4 -> 5 falling: a turn, whatever crossing the path names
    bent = solution_errors(board, {"A": [0, 1, 4, 5, 8, 7, 6]}, "nikoli")
    assert ("path 'A' turns on the bridge at (1, 1) (entered vertically, left falling (\\)): "
            "a bridge is crossed straight") in bent, bent
    named = errors(board, "nikoli", A=(0, 1, FALLING, 5, 8, 7, 6))
    assert any("turns on the bridge" in e for e in named)
    assert ("path 'A' crosses the bridge at (1, 1) vertically but names its falling (\\) "
            "crossing") in named, named


def test_the_referee_rejects_one_axis_crossed_twice_and_an_end_on_a_bridge() -> None:
    board = Board.from_rows(["A.B", "...", "B.A"], Geometry.of(HEX, bridges=[4]))
    assert errors(board, "nikoli", A=(0, FALLING, 5, 8), B=(2, RISING, 3, 6)) == []
    clash = errors(board, "nikoli", A=(0, FALLING, 5, 8), B=(2, 1, 0, FALLING, 5, 8, 7, 6))
    assert "bridge (1, 1) crossed falling (\\) twice (by 'A' and 'B'): each axis of a bridge " \
           "is crossed once" in clash, clash
    ends = errors(board, "nikoli", A=(0, FALLING), B=(2, RISING, 3, 6))
    assert "path 'A' ends on the bridge at (1, 1) (a bridge is never an endpoint)" in ends


def test_notouch_across_a_bridge_only_along_the_crossing_axis() -> None:
    """As on square cells, a crossing touches only the two cells on its axis.  Around a
    hexagonal bridge its six neighbours form a ring, so one path using two of its crossings
    always comes back beside itself, unless a wall parts the ring: here between (0, 0) and
    (0, 1), and A crosses vertically, then falling, without touching itself."""
    rows = ["AA.", "...", "..."]
    path = (1, 4, 7, 5, FALLING, 0)
    walled = Board.from_rows(rows, Geometry.of(HEX, walls=[(0, 1)], bridges=[4]))
    assert errors(walled, "notouch", A=path) == []
    open_ring = Board.from_rows(rows, Geometry.of(HEX, bridges=[4]))
    assert errors(open_ring, "notouch", A=path) == [
        "notouch: path 'A' touches itself at (0, 0)-(0, 1)"]
    for board, walls in ((walled, [((0, 0), (0, 1))]), (open_ring, [])):
        truth = count_solutions(rows, False, True, False, kind=HEX, walls=walls,
                                bridges=[(1, 1)])
        assert check(board, "notouch", count=100).count == truth > 0


@pytest.mark.parametrize("profile", ["flow", "fill", "nikoli", "no2x2", "fill,no2x2"])
def test_the_fixture_agrees_with_the_oracle_and_the_referee(profile: str) -> None:
    board, solution = solved("hex-bridge")
    rules = parse_rules(profile)
    truth = count_solutions(list(board.rows), rules.fill, rules.notouch, rules.no2x2, limit=50,
                            kind=HEX, bridges=[(1, 1)])
    verdict = check(board, rules, count=50)
    assert verdict.count == truth
    for found in verdict.solutions:
        assert solution_errors(board, found, rules) == []
    if profile == "flow":
        assert truth == 1 and verdict.solutions[0].edges() == solution.edges()
        used = {x for path in solution.paths.values() for x in path}
        assert set(board.crossings[6]) <= used  # all three axes at once
