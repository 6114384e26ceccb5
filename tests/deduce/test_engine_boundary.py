"""The compiled engine's boundary: technique codes defined once, named results, colour sets of
any width, a cancel flag the core owns and states one thread at a time."""

from __future__ import annotations

import random
import threading
import time

import pytest

from satlink.board import Board, label_for
from satlink.deduce import Contradiction, OutOfTime, Puzzle
from satlink.deduce.engines import PYTHON, compiled
from satlink.deduce.passes import TECHNIQUES
from satlink.deduce.split import CaseSplits
from satlink.rules import parse_rules
from satlink.runtime.cancel import CancelToken, cancelling

COMPILED = compiled()
pytestmark = pytest.mark.skipif(COMPILED is None, reason="the compiled engine is not built")

PARITY = ["A.A" + "." * 7] + ["." * 10] * 9
"""One colour whose path must cover a 10x10 board between two cells of one checkerboard
colour: impossible by parity, which no technique sees, so a search by case splits runs until
it is stopped."""


def test_the_techniques_are_the_cores_enum_under_the_graders_names() -> None:
    assert set(COMPILED.techniques) == set(TECHNIQUES)
    core = COMPILED._core
    assert [core.Technique.__members__[name] for name in TECHNIQUES] == COMPILED.codes(
        list(TECHNIQUES))
    st = COMPILED.state(Puzzle(Board.from_rows(["A.B", "...", "A.B"]), parse_rules("flow")))
    with pytest.raises(TypeError):
        core.run(st, 0)  # a bare number is no technique


def test_results_are_named() -> None:
    board = Board.from_rows(["A.A", "B.B", "C.C"])
    st = COMPILED.state(Puzzle(board, parse_rules("flow")))
    found = COMPILED._core.split(st, 100, 2, COMPILED.codes(["corner"]), 50)
    assert (len(found.solutions), found.complete, found.nodes > 0) == (1, True, True)
    st = COMPILED.state(Puzzle(board, parse_rules("flow")))
    step = COMPILED._core.lookahead(st, 1, 0, 0, COMPILED.codes(["corner"]))
    assert (step.budget_spent, step.progress, step.tried, step.move, step.why) == (
        True, False, 0, None, None)


def test_colour_sets_of_many_words_cross_the_boundary_as_the_python_engine_has_them() -> None:
    """300 colours: five 64-bit words a set; ``colour`` and ``restrict`` (with a negative mask,
    every colour but one) answer as the Python engine does."""
    rng = random.Random(5)
    width = 40
    cells = rng.sample(range(width * width), 600)
    grid = ["."] * (width * width)
    for i in range(300):
        grid[cells[2 * i]] = grid[cells[2 * i + 1]] = label_for(i)
    board = Board.from_rows(["".join(grid[r * width:(r + 1) * width]) for r in range(width)])
    puzzle = Puzzle(board, parse_rules("nikoli"))
    mine, theirs = COMPILED.state(puzzle), PYTHON.state(puzzle)
    for x in rng.sample(sorted(set(range(width * width)) - set(cells)), 40):  # not endpoints
        k = rng.randrange(300)
        for st in (mine, theirs):
            try:
                st.restrict(x, ~(1 << k))
            except Contradiction:
                pass
        assert mine.colour(x) == theirs.colour(x)
        assert mine.colour(x) >> 64  # past the first word
    last = board.endpoints[board.labels[-1]][0]  # an endpoint of the last colour: only it
    assert mine.colour(last) == theirs.colour(last) == 1 << 299


def test_a_state_in_use_by_another_thread_refuses_and_a_cancel_stops_the_call() -> None:
    board = Board.from_rows(PARITY)
    st = COMPILED.state(Puzzle(board, parse_rules("fill")))
    token = CancelToken()
    outcome = []

    def search() -> None:
        with cancelling(token):
            try:
                COMPILED.split(st, CaseSplits(10**12, 1, ("corner", "notouch")))
                outcome.append("ended")
            except OutOfTime:
                outcome.append("cancelled")

    worker = threading.Thread(target=search)
    worker.start()
    waited = time.monotonic() + 60  # liveness bounds, far above what either step takes
    while not st.in_use and worker.is_alive() and time.monotonic() < waited:
        time.sleep(0.001)
    assert st.in_use and worker.is_alive(), "the search ended before it could be met"
    with pytest.raises(RuntimeError, match="in use by another thread"):
        st.need(0)
    with pytest.raises(RuntimeError):
        st.copy()
    token.cancel()
    worker.join(60)
    assert not worker.is_alive() and outcome == ["cancelled"]
    assert not st.in_use and st.need(0) >= 0  # usable again once the call has ended


def test_a_split_that_runs_out_of_budget_in_its_last_case_still_consumes_the_state() -> None:
    """The budget ends the search by an exception from inside the last case, which already
    runs on the state itself: the state is marked consumed on that path too."""
    board = Board.from_rows(["A...", "....", "...A"])
    st = COMPILED.state(Puzzle(board, parse_rules("fill")))
    search = CaseSplits(4, 3, ("corner", "notouch"))  # spent within the last case (measured)
    assert not COMPILED.split(st, search) and len(search.solutions) == 2
    with pytest.raises(RuntimeError, match="consumed"):
        st.need(0)


def test_a_state_a_search_by_case_splits_consumed_refuses_every_call() -> None:
    """The search runs its last case on the state it was handed (no copy of a board's state
    for it): that state is gone, and every call on it says so instead of reading freed
    buffers."""
    board = Board.from_rows(["A...", "....", "...A"])  # two solutions: a split is made
    st = COMPILED.state(Puzzle(board, parse_rules("fill")))
    search = CaseSplits(100, 3, ("corner", "notouch"))
    assert COMPILED.split(st, search) and len(search.solutions) >= 2
    for call in (lambda: st.need(0), lambda: st.es, lambda: st.copy(), lambda: st.heads(),
                 lambda: COMPILED.fixpoint(st, ["corner"])):
        with pytest.raises(RuntimeError, match="consumed"):
            call()
