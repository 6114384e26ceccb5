"""Presolve's look-ahead loop with ``bottleneck`` deferred (``settle_deferring``): a refuted
move is followed by the fixpoint of the cheaper passes only, and ``bottleneck`` runs once no
move is refuted any more (then the look-ahead again, if it deduced something).  The order of
the refutations changes; the end must not: a fixpoint of every pass at which no move is
refuted, with the same decided edges as the plain loop (``settle`` with every pass after each
refuted move; the edges are what presolve hands on), finished where it finishes, or a
contradiction where it finds one.  Checked on random boards of every geometry and profile and
on mzucker's hand-made boards, with a budget that never runs out; and the two engines make
the same refutations in the same order, budget spent or not.

The colour sets of undecided cells are not compared: the passes are not confluent there.
Without ``fill``, ``bottleneck`` run between two refuted moves can rule out of a cell a
colour that no pass rules out at the end (on two of the random boards here; the passes run
afresh on every colour at the end do not either), so the plain loop may end with a few
colours fewer on undecided cells, never with other edges.
"""

from __future__ import annotations

from functools import cache

import pytest

from satlink.board import Board
from satlink.deduce import Contradiction, Puzzle
from satlink.deduce.engines import PYTHON, compiled
from satlink.deduce.lookahead import LookaheadBudget, settle_deferring
from satlink.grading.compare import ALL_PASSES
from satlink.rules import parse_rules
from testbed.boards import mzucker_boards
from testbed.variants import profiled_boards

COMPILED = compiled()
pytestmark = pytest.mark.skipif(COMPILED is None, reason="the compiled engine is not built")
UNSPENT = 100_000  # hypotheses: more than any of these boards needs


class Counting:
    """An engine whose passes run by name (the deferred ones) are counted when they deduce."""

    def __init__(self, eng):
        self.eng, self.deduced = eng, 0

    def run(self, st, technique: str) -> int:
        found = self.eng.run(st, technique)
        self.deduced += bool(found)
        return found

    def __getattr__(self, name: str):
        return getattr(self.eng, name)


def settled(eng, board: Board, rules: str, deferring: bool, budget: int = UNSPENT) -> tuple:
    """Finished, the edges and colours after the fixpoint and the look-ahead loop, and the
    refutations in order; or ("contradiction",)."""
    p = Puzzle(board, parse_rules(rules))
    st = eng.state(p)
    refuted: list = []
    search = LookaheadBudget(budget, refuted=lambda move, why: refuted.append(move), resume=True)
    try:
        eng.fixpoint(st, ALL_PASSES)
        if deferring:
            finished = settle_deferring(eng, st, ALL_PASSES, search)
        else:
            finished = eng.settle(st, ALL_PASSES, search)
    except Contradiction:
        return ("contradiction",)
    return (finished, bytes(st.es), tuple(st.colour(x) for x in p.nodes), refuted)


@cache
def cases() -> list[tuple[Board, str]]:
    """Small random boards of every profile, covers of random walks of 8 to 16 cells a side
    (where ``bottleneck`` finds something between refuted moves) and small boards of every
    geometry of every variant profile."""
    return profiled_boards(4700, 40, 40, (8, 16), 3)


def same_end(plain: tuple, deferred: tuple) -> bool:
    """Both contradictions, or the same finish and the same decided edges."""
    return plain[:2] == deferred[:2]


def test_deferring_bottleneck_ends_where_the_plain_loop_ends():
    counting = Counting(COMPILED)
    for board, rules in cases():
        plain = settled(COMPILED, board, rules, False)
        assert same_end(plain, settled(counting, board, rules, True)), (rules, board.rows)
    assert counting.deduced > 0  # the deferred bottleneck did deduce, on some boards


def test_deferring_ends_where_the_plain_loop_ends_on_hand_made_boards(corpus):
    """mzucker's boards are where ``bottleneck`` decides most between refuted moves."""
    reordered = 0
    for name, board in mzucker_boards(corpus):
        plain = settled(COMPILED, board, "flow", False)
        deferred = settled(COMPILED, board, "flow", True)
        assert same_end(plain, deferred), name
        reordered += plain != deferred
    assert reordered > 0


@pytest.mark.parametrize("budget", [5, 40, UNSPENT])
def test_both_engines_defer_alike(budget):
    """The same refutations in the same order, the same end, budget spent or not."""
    for board, rules in cases():
        assert settled(COMPILED, board, rules, True, budget) == settled(
            PYTHON, board, rules, True, budget), (rules, board.rows, budget)
