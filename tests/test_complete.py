"""Completing a designer's board (satlink.generate.complete): the placed endpoints and drawn
paths are kept, and every completed board is unique by the brute-force oracle."""

from __future__ import annotations

import random

import pytest

from satlink import Board, Geometry, solution_errors
from satlink.generate.complete import CompletionError, complete
from tests.oracle import count_solutions


def placed(rng: random.Random, size: int, pairs: int) -> Board:
    rows = [["."] * size for _ in range(size)]
    for i, cell in enumerate(rng.sample(range(size * size), 2 * pairs)):
        rows[cell // size][cell % size] = "AB"[i // 2]
    return Board.from_rows(["".join(r) for r in rows])


@pytest.mark.parametrize("rules,fill,notouch", [("fill", True, False), ("flow", True, True)])
def test_completed_boards_are_unique_and_keep_the_endpoints(rules, fill, notouch):
    rng = random.Random(9)
    done = 0
    for n in range(6):
        board = placed(rng, 5, 1 + n % 2)
        result = complete(board, rules, seconds=1, seed=n)
        if result.board is None:
            assert result.reason
            continue
        done += 1
        new = result.board
        assert all(new.endpoints[k] == v for k, v in board.endpoints.items())
        assert count_solutions(list(new.rows), fill, notouch, False, limit=2) == 1, new.rows
        assert not solution_errors(new, result.solution, rules)
    assert done >= 3


def test_a_drawn_path_is_kept():
    board = Board.from_rows(["A....", ".....", ".....", ".....", "....A"])
    drawn = {"A": [0, 1, 2, 3, 4, 9, 14, 19, 24]}
    result = complete(board, "fill", drawn=drawn, seconds=5, seed=1)
    assert result.board is not None, result.reason
    assert list(result.solution.paths["A"]) in (drawn["A"], drawn["A"][::-1])
    assert count_solutions(list(result.board.rows), True, False, False, limit=2) == 1


def test_what_cannot_be_completed_says_why():
    with pytest.raises(CompletionError):
        complete(Board.from_rows(["A.A", "...", "..."], Geometry.of(bridges=[4])), "fill")
    with pytest.raises(CompletionError):
        complete(Board.from_rows(["A.A"]), "fill", drawn={"A": [0, 2]})
    walled = Board.from_rows(["A#A"])
    assert "cannot all be joined" in complete(walled, "fill", seconds=1).reason
