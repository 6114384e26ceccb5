"""Boards checked by the compiled engine are freed once nobody holds them.

The compiled graph is cached on the Python puzzle; if the core held the puzzle in return, the
two would form a cycle through a pybind11 object the garbage collector cannot look into, and
every board a long-running process checks (the studio, ``generate``, ``validate``'s workers)
would stay in memory for the life of the process.  Weak references tell: after a collection
no board checked and let go may be alive.
"""

from __future__ import annotations

import gc
import weakref

import pytest

from satlink import check
from satlink.board import Board
from satlink.deduce import Puzzle
from satlink.deduce.engines import compiled, engine_for
from satlink.rules import parse_rules

pytestmark = pytest.mark.skipif(compiled() is None, reason="the compiled engine is not built")

ROWS = ["A.......B", ".........", "..C...D..", ".........", "....E....", ".........",
        "..D...C..", ".........", "B...E...A"]
"""9x9: over the Python engine's tiny-board limit, so ``check`` deduces it with the compiled
engine."""


def test_the_board_goes_to_the_compiled_engine() -> None:
    board = Board.from_rows(ROWS)
    assert engine_for(board.graph.n_nodes) is compiled()


def test_thousands_of_checked_boards_are_all_freed() -> None:
    alive = []
    for _ in range(2000):
        board = Board.from_rows(ROWS)
        check(board, "flow")
        alive.append(weakref.ref(board))
        del board
    gc.collect()
    assert sum(ref() is not None for ref in alive) == 0


def test_a_compiled_state_keeps_its_puzzle_and_frees_it_after() -> None:
    """A state reaches its puzzle (``st.p``), and copies too; once the states go, the puzzle
    and its board go with them."""
    board = Board.from_rows(ROWS)
    puzzle = Puzzle(board, parse_rules("flow"))
    st = compiled().state(puzzle)
    twin = st.copy()
    assert st.p is puzzle and twin.p is puzzle
    refs = [weakref.ref(board), weakref.ref(puzzle)]
    del board, puzzle, st, twin
    gc.collect()
    assert [ref() for ref in refs] == [None, None]
