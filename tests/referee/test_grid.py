"""The referee's array check of plain square boards says "valid" exactly when the walk finds no
error: on solutions found by the solver and on every kind of broken one made from them."""

from __future__ import annotations

import random

import pytest

from satlink import Board, check, parse_rules, solution_errors
from satlink.referee import grid as referee_grid
from satlink.solution import Solution
from testbed.boards import boards


def broken(rng: random.Random, board: Board, solution: Solution) -> Solution:
    """One mistake: a cell dropped, two cells swapped, a path reversed in part, a cell
    repeated, a step off the board, a path given another's cells, or a stray detour."""
    paths = {k: list(v) for k, v in solution.paths.items()}
    label = rng.choice(sorted(paths))
    path = paths[label]
    kind = rng.randrange(7)
    if kind == 0 and len(path) > 2:
        del path[rng.randrange(1, len(path) - 1)]
    elif kind == 1 and len(path) > 3:
        i, j = sorted(rng.sample(range(1, len(path) - 1), 2))
        path[i], path[j] = path[j], path[i]
    elif kind == 2 and len(path) > 3:
        i, j = sorted(rng.sample(range(len(path)), 2))
        path[i:j] = reversed(path[i:j])
    elif kind == 3:
        path.insert(rng.randrange(1, len(path)), path[rng.randrange(len(path))])
    elif kind == 4:
        path.append(board.size + 3)
    elif kind == 5 and len(paths) > 1:
        other = rng.choice([k for k in paths if k != label])
        paths[label], paths[other] = paths[other], paths[label]
    else:
        cell = rng.randrange(board.size)
        path.insert(rng.randrange(1, len(path)), cell)
    return Solution.from_paths(paths)


PROFILES = ["flow", "fill", "nikoli", "fill,no2x2", "nikoli,no2x2"]


def with_solid(board: Board, cell: int) -> Board:
    rows = [list(row) for row in board.rows]
    rows[cell // board.width][cell % board.width] = "#"
    return Board.from_rows(["".join(row) for row in rows])


@pytest.mark.parametrize("found_under", ["nikoli", "fill"])
def test_the_array_check_agrees_with_the_walk(found_under):
    """Solutions found under a weaker profile, judged under every profile (so a path that
    touches itself, leaves cells empty or fills a 2x2 block is met alone), broken solutions,
    and solutions on the board with a cell of a path turned solid."""
    rng = random.Random(41)
    verdicts = set()
    for rows in boards(4101, 100):
        board = Board.from_rows(rows)
        if not board.labels:
            continue
        for solution in check(board, found_under, count=4).solutions:
            candidates = [(board, solution)] + [(board, broken(rng, board, solution))
                                                for _ in range(5)]
            path = solution.paths[rng.choice(board.labels)]
            if len(path) > 2:
                candidates.append((with_solid(board, path[len(path) // 2]), solution))
            for profile in PROFILES:
                rules = parse_rules(profile)
                for on, candidate in candidates:
                    ok = not solution_errors(on, candidate, rules)
                    assert referee_grid.valid(on, candidate, rules) == ok, (profile, rows, candidate)
                    verdicts.add((profile, ok))
    assert len(verdicts) == 2 * len(PROFILES)


def test_large_plain_boards_take_the_array_check():
    board = Board.from_rows(["A" + "." * 98 + "A"] + ["." * 100] * 99)
    assert referee_grid.applies(board)
    assert not referee_grid.applies(Board.from_rows(["A..A"]))


def test_paths_that_cross_or_come_back_are_refused():
    """Two paths through one cell, and one path through a cell twice: every other rule holds."""
    board = Board.from_rows([".A.", "B.B", ".A."])
    crossing = Solution.from_paths({"A": (1, 4, 7), "B": (3, 4, 5)})
    board2 = Board.from_rows(["A..", "...", "A.."])
    loop = Solution.from_paths({"A": (0, 1, 4, 3, 4, 7, 6)})
    for on, candidate in ((board, crossing), (board2, loop)):
        for profile in ("nikoli", "fill"):
            assert solution_errors(on, candidate, profile)
            assert not referee_grid.valid(on, candidate, parse_rules(profile))
