"""The chessboard count on a partly solved state (the technique ``parity``:
satlink/deduce/shades.py, compiled in satlink/deduce/core/parity.cpp) is sound and the two
engines agree.

Sound: on small boards of every geometry, states are made by deciding edges (some as one of
the board's solutions has them, some at random); a state the pass refutes is one no solution
under ``fill`` agrees with (brute force lists every solution).  The pass reads nothing of
notouch or no2x2, so ``fill``'s solutions, a superset of theirs, are the ones to hold it to.
Not a check that never fires: it refutes a share of the states without a completion, on square
boards and on the variants.  The compiled pass equals the Python one on every state, and the
bugs planted in it (an end's shade flipped, spent nodes counted) are caught.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from functools import cache

import pytest

from satlink.board import Board
from satlink.deduce import Contradiction, Puzzle
from satlink.deduce.dfs import DepthFirst, depth_first
from satlink.deduce.engines import PYTHON, compiled
from satlink.grading.compare import ALL_PASSES, fixpoint_result
from satlink.rules import parse_rules
from testbed.boards import boards, parity_rows
from testbed.oracle import graph_solutions
from testbed.variants import variants

COMPILED = compiled()
FILL = parse_rules("fill")
SOLUTIONS_MOST = 400
"""Boards with more solutions than this are left out (their list would not be complete)."""


@cache
def cases() -> tuple[tuple[Board, tuple[frozenset[int], ...]], ...]:
    """Small boards of every geometry with every solution under ``fill`` (as edge indices)."""
    found = []
    square = [Board.from_rows(rows) for rows in boards(5511, 45)]
    for board in square + [v.board() for v in variants(5512, 8)] + [
            Board.from_rows(parity_rows(4)), Board.from_rows(["A.#B.B", "..#...", "A.#C.C"])]:
        listed = graph_solutions(board, True, False, limit=SOLUTIONS_MOST + 1)
        if len(listed) > SOLUTIONS_MOST:
            continue
        index = board.graph.edge_index
        found.append((board, tuple(frozenset(index[e] for e in edges) for edges, _ in listed)))
    return tuple(found)


def decisions(rng: random.Random, board: Board, solutions) -> Iterator[list[tuple[int, bool]]]:
    """Sets of decided edges (edge, on): each solution's edges, some of them; and at random."""
    n = board.n_edges
    for solution in solutions[:6]:
        for share in (0.2, 0.5, 0.8):
            yield [(e, e in solution) for e in range(n) if rng.random() < share]
    for _ in range(12):
        yield [(e, rng.random() < 0.4) for e in range(n) if rng.random() < 0.5]


def made(eng, board: Board, rules, decided) -> object | None:
    """A state of ``eng`` with ``decided`` set (no pass run), or None when setting one already
    contradicts (two colours, a loop, too many edges)."""
    st = eng.state(Puzzle(board, rules))
    try:
        for e, on in decided:
            (st.set_on if on else st.set_off)(e)
    except Contradiction:
        return None
    return st


def outcome(eng, st) -> tuple:
    try:
        return ("none", eng.run(st, "parity"))
    except Contradiction as why:
        return ("contradiction", why.kind, tuple(why.nodes))


def completed(decided, solutions) -> bool:
    return any(all((e in solution) == on for e, on in decided) for solution in solutions)


def judged(eng, rules=FILL, seed: int = 5513) -> tuple[list, int, int]:
    """The states ``eng`` refutes that have a completion; how many it refutes; how many of
    the states have no completion."""
    rng = random.Random(seed)
    unsound, refuted, without = [], 0, 0
    for board, solutions in cases():
        for decided in decisions(rng, board, solutions):
            st = made(eng, board, rules, decided)
            if st is None:
                continue
            has = completed(decided, solutions)
            without += not has
            if outcome(eng, st)[0] == "contradiction":
                refuted += 1
                if has:
                    unsound.append((board.rows, decided))
    return unsound, refuted, without


@pytest.mark.parametrize("eng", [PYTHON, COMPILED], ids=["python", "compiled"])
def test_it_never_refutes_a_state_that_has_a_completion(eng):
    unsound, refuted, without = judged(eng)
    assert unsound == []
    assert without > refuted >= without // 20 > 0  # it fires, and only where it may


def test_it_fires_on_every_bipartite_family():
    """Refutations on square boards and on each variant family whose graph is bipartite or
    whose parts have an odd count of ends."""
    rng = random.Random(5514)
    kinds = set()
    for board, solutions in cases():
        for decided in decisions(rng, board, solutions):
            st = made(PYTHON, board, FILL, decided)
            if st is not None and outcome(PYTHON, st)[0] == "contradiction":
                kinds.add((board.geometry.kind, bool(board.geometry.bridges),
                           bool(board.geometry.walls)))
    assert ("square", False, False) in kinds and ("square", True, False) in kinds
    assert ("hex", False, False) in kinds  # (the even count: an odd number of ends in a part)


@pytest.mark.parametrize("rules", ["fill", "flow", "fill,no2x2"])
def test_the_compiled_pass_equals_the_python_one(rules):
    profile = parse_rules(rules)
    rng = random.Random(5515)
    compared = 0
    for board, solutions in cases():
        if profile.no2x2 and not board.geometry.is_plain:
            continue
        for decided in decisions(rng, board, solutions):
            ours, theirs = made(COMPILED, board, profile, decided), made(PYTHON, board, profile,
                                                                       decided)
            assert (ours is None) == (theirs is None)
            if ours is not None:
                assert outcome(COMPILED, ours) == outcome(PYTHON, theirs), (board.rows, decided)
                compared += 1
    assert compared > 300


def test_without_fill_it_never_fires():
    """Under nikoli (cells may stay empty) a node's need is not known: the count says nothing,
    even on a state fill would refute."""
    rng = random.Random(5516)
    for eng in (PYTHON, COMPILED):
        for board, solutions in cases():
            for decided in decisions(rng, board, solutions):
                st = made(eng, board, parse_rules("nikoli"), decided)
                if st is not None:
                    assert outcome(eng, st) == ("none", 0)


@pytest.mark.parametrize("bug", [1, 2])
def test_a_planted_bug_is_caught(bug):
    """An end's shade flipped (1) or the path edges forgotten, so spent nodes count (2): the
    compiled pass then refutes states that have a completion and differs from Python's."""
    core = COMPILED._core
    core.plant_parity(bug)
    try:
        unsound, _, _ = judged(COMPILED)
    finally:
        core.plant_parity(0)
    assert unsound


@pytest.mark.parametrize("rules", ["fill", "flow"])
def test_the_fixpoint_with_the_count_agrees(rules):
    """The pass inside the fixpoint: both engines reach the same edges or contradiction."""
    profile = parse_rules(rules)
    passes = (*ALL_PASSES, "parity")
    for rows in boards(5517, 60):
        board = Board.from_rows(rows)
        assert (fixpoint_result(COMPILED, board, profile, passes)
                == fixpoint_result(PYTHON, board, profile, passes)), rows


def test_the_depth_first_search_with_the_count_finds_every_solution():
    """Under fill, the search whose states are counted finds the solutions brute force lists
    (up to its limit), and says it covered every case."""
    for board, solutions in cases():
        st = COMPILED.state(Puzzle(board, FILL))
        search = DepthFirst(100_000, 3, passes=("parity",))
        assert depth_first(COMPILED, st, search)
        assert len(search.solutions) == min(3, len(solutions)), board.rows
        for es in search.solutions:
            assert frozenset(e for e, s in enumerate(es) if s == 1) in solutions


def test_the_dives_b_factor_test_is_sound_and_at_least_as_strong_as_the_count():
    """testbed/b_factor.py's degree test (benchmarks/fill_dives.py's, not the engine's): it
    refutes no state with a completion, and every state the count refutes on a bipartite
    board."""
    from testbed.b_factor import has_b_factor

    rng, refuted = random.Random(5518), 0
    for board, solutions in cases():
        p = Puzzle(board, FILL)
        for decided in decisions(rng, board, solutions):
            st = made(PYTHON, board, FILL, decided)
            if st is None:
                continue
            factor = has_b_factor(p, bytes(st.es))
            if completed(decided, solutions):
                assert factor is not False, (board.rows, decided)
            if factor is not None and outcome(PYTHON, st)[0] == "contradiction":
                assert factor is False, (board.rows, decided)
                refuted += 1
    assert refuted > 100
