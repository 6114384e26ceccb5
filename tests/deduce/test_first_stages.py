"""Presolve's first stages in one call into the compiled core (``first_stages``: the fixpoint,
then look-ahead with ``bottleneck`` deferred) against the same stages driven from Python a
call each (:func:`satlink.deduce.lookahead.first_stages`, the reference), and against the
Python engine: the same stage reached, the same finish, the same contradictions (returned,
not raised), the same hypotheses counted and the same edges decided, budget spent or not (the count and
the edges after a contradiction are not compared: the state is left half-deduced).
"""

from __future__ import annotations

from functools import cache

import pytest

from satlink.board import Board
from satlink.deduce import Puzzle
from satlink.deduce.engines import PYTHON, compiled
from satlink.deduce.lookahead import LookaheadBudget, Staged, first_stages
from satlink.grading.compare import ALL_PASSES
from satlink.rules import parse_rules
from testbed.boards import mzucker_boards
from testbed.variants import profiled_boards


@cache
def cases() -> list[tuple[Board, str]]:
    """The boards of ``test_settle_deferring``: small random boards of every profile, covers
    of random walks of 8 to 16 cells a side and small boards of every variant geometry."""
    return profiled_boards(4700, 40, 40, (8, 16), 3)


COMPILED = compiled()
pytestmark = pytest.mark.skipif(COMPILED is None, reason="the compiled engine is not built")
UNSPENT = 100_000


def staged(eng: object, board: Board, rules: str, budget: int, one_call: bool) -> tuple:
    """What the first stages did on ``board``: stage, finish, contradiction, hypotheses tried
    and the edges (none after a contradiction: the state is left half-deduced)."""
    st = eng.state(Puzzle(board, parse_rules(rules)))
    search = LookaheadBudget(budget, resume=True)
    if not one_call:
        done = first_stages(eng, st, ALL_PASSES, search)
    else:  # presolve asks for no look-ahead with None
        done = Staged(*eng.first_stages(st, ALL_PASSES, None, search if budget else None))
    if done.contradiction:  # (the compiled engine's calls one by one lose the count then)
        return (*done, None, None, None)
    es, colours = bytes(st.es), colours_of(st)
    if search.tried < budget:  # the end is a fixpoint of every pass (budget unspent)
        eng.fixpoint(st, ALL_PASSES)
        assert (bytes(st.es), colours_of(st)) == (es, colours), (rules, board.rows)
    return (*done, search.tried, es, colours)


def colours_of(st: object) -> tuple[int, ...]:
    """Every node's colours (a state's ``colour`` per node)."""
    return tuple(st.colour(x) for x in st.p.nodes)


@pytest.mark.parametrize("budget", [0, 5, 40, UNSPENT])
def test_one_call_makes_the_stages_a_call_each_make(budget):
    seen = set()
    for board, rules in cases():
        one = staged(COMPILED, board, rules, budget, True)
        assert one == staged(COMPILED, board, rules, budget, False), (rules, board.rows)
        assert one == staged(PYTHON, board, rules, budget, True), (rules, board.rows)
        seen.add((one[0], one[1], one[2]))
    # the cases reach every outcome: finished by the fixpoint, by look-ahead, left open by
    # it, and contradictions (with a budget to look ahead)
    if budget:
        assert {("fixpoint", True, False), ("lookahead", True, False),
                ("lookahead", False, False)} <= seen
        assert {("fixpoint", False, True), ("lookahead", False, True)} <= seen


def test_a_second_deadline_beside_the_budget_is_refused():
    """The stages keep the look-ahead budget's deadline; another one given beside it would be
    ignored, so it is refused (a deadline of None, or the budget's own, is welcome)."""
    board, rules = cases()[0]
    for eng in (COMPILED, PYTHON):
        st = eng.state(Puzzle(board, parse_rules(rules)))
        with pytest.raises(ValueError, match="deadline"):
            eng.first_stages(st, ALL_PASSES, 1e12, LookaheadBudget(5, deadline=2e12))
        eng.first_stages(st, ALL_PASSES, 2e12, LookaheadBudget(5, deadline=2e12))


def test_one_call_on_hand_made_boards(corpus):
    """mzucker's boards: where the look-ahead and the deferred ``bottleneck`` decide most."""
    stages = set()
    for name, board in mzucker_boards(corpus):
        one = staged(COMPILED, board, "flow", 400_000 // board.n_nodes, True)
        assert one == staged(COMPILED, board, "flow", 400_000 // board.n_nodes, False), name
        stages.add(one[0])
    assert stages == {"fixpoint", "lookahead"}
