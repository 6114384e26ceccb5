"""Completing a designer's board as the studio's Complete does (satlink.formats.painted.painting_of,
then satlink.painted.complete with edit_painted=False): the placed endpoints and drawn paths
are kept, and every completed board is unique by the brute-force oracle."""

from __future__ import annotations

import random

import pytest

from satlink import Board, Geometry, parse_rules, solution_errors
from satlink.board import BoardError
from satlink.formats.painted import painting_of
from satlink.painted.complete import CompleteOptions, complete_painting
from testbed.oracle import count_solutions


def placed(rng: random.Random, size: int, pairs: int) -> Board:
    rows = [["."] * size for _ in range(size)]
    for i, cell in enumerate(rng.sample(range(size * size), 2 * pairs)):
        rows[cell // size][cell % size] = "AB"[i // 2]
    return Board.from_rows(["".join(r) for r in rows])


def complete(board: Board, rules: str, drawn: dict | None = None, seed: int = 0):
    return complete_painting(painting_of(board, drawn or {}), parse_rules(rules),
                             CompleteOptions(seed=seed, attempts=50, seconds=10, edit_painted=False))


@pytest.mark.parametrize("rules,fill,notouch", [("fill", True, False), ("flow", True, True)])
def test_completed_boards_are_unique_and_keep_the_endpoints(rules, fill, notouch):
    rng = random.Random(9)
    done = 0
    for n in range(6):
        board = placed(rng, 5, 1 + n % 2)
        result = complete(board, rules, seed=n)
        if result.board is None:
            assert result.reason
            continue
        done += 1
        new = result.board
        assert result.proven and not result.painted_edits
        assert all(new.endpoints[k] == v for k, v in board.endpoints.items())
        assert count_solutions(list(new.rows), fill, notouch, False, limit=2) == 1, new.rows
        assert not solution_errors(new, result.solution, rules)
    assert done >= 3


def test_a_drawn_path_is_kept():
    board = Board.from_rows(["A....", ".....", ".....", ".....", "....A"])
    drawn = {"A": [0, 1, 2, 3, 4, 9, 14, 19, 24]}
    result = complete(board, "fill", drawn=drawn, seed=1)
    assert result.board is not None, result.reason
    assert list(result.solution.paths["A"]) in (drawn["A"], drawn["A"][::-1])
    assert count_solutions(list(result.board.rows), True, False, False, limit=2) == 1


def test_a_path_still_being_drawn_leaves_its_pair_placed():
    board = Board.from_rows(["A....", ".....", ".....", ".....", "....A"])
    painting = painting_of(board, {"A": [0, 1, 2]})
    assert painting.placed == ("A",) and not painting.drawn


def test_a_drawn_path_that_is_not_one_is_a_located_error():
    board = Board.from_rows(["A.A", "...", "..."])
    with pytest.raises(BoardError):
        painting_of(board, {"A": [0, 2]})  # not neighbours
    with pytest.raises(BoardError) as err:
        painting_of(Board.from_rows(["A..", "...", "A.."]), {"A": [0, 1, 4, 1, 4, 3, 6]})
    assert (err.value.row, err.value.col) == (0, 1)  # the cell visited twice
    with pytest.raises(BoardError) as err:
        painting_of(Board.from_rows(["AB.", "...", "A.B"]), {"A": [0, 1, 4, 3, 6]})
    assert (err.value.row, err.value.col) == (0, 1)  # over B's endpoint
    walled = Board.from_rows(["A#A"])
    assert complete(walled, "fill").board is None


def test_a_bridge_board_is_completed_with_its_crossings():
    board = Board.from_rows(["A....", ".....", ".....", ".....", "....A"],
                            Geometry.of(bridges=[12]))
    result = complete(board, "fill", seed=3)
    assert result.board is not None, result.reason
    assert result.board.endpoints["A"] == board.endpoints["A"]
    assert not solution_errors(result.board, result.solution, "fill")
