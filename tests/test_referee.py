"""The independent validator rejects each kind of non-solution for the right reason."""

from __future__ import annotations

import pytest

from satlink import Board, Solution, parse_rules, solution_errors

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
