"""The compiled bottleneck pass skips a colour's search when the cuts since its last search
(edges turned off, chains that lost the colour) leave the terminals of every break together in
one block of the colour's candidate graph: then no node or edge separates what it did not
separate before, and the search would deduce nothing.  A skip is a proof obligation: were it
wrong, a cut node or bridge would go unnoticed and every grade and decided edge after it
would differ from the Python engine's.

Checked here on random boards of every geometry and profile, through fixpoints and settled
look-ahead at depth 1 and 2 with bottleneck among the trial passes (so the memory is written
inside hypotheses and must be undone with them): with ``verify`` every skip is confirmed by
the search it replaces; a state with the memory and one without end equal, field by field,
refutation by refutation; and two planted bugs (the memory not undone with a hypothesis; the
memory taken after the search's own deductions) are caught by the confirmation.  The trail's
tests (``test_trail.py``) compare the memory's field (``seen_bottleneck_cuts``) before and
after every hypothesis.
"""

from __future__ import annotations

import random

import pytest

from satlink.board import Board
from satlink.deduce import Contradiction, Puzzle
from satlink.deduce.engines import compiled
from satlink.deduce.lookahead import LookaheadBudget
from satlink.grading.compare import ALL_PASSES
from satlink.rules import parse_rules
from tests.deduce.test_region_memory import random_boards

COMPILED = compiled()
pytestmark = pytest.mark.skipif(COMPILED is None, reason="the compiled engine is not built")
MEMORY_FIELDS = ("cuts", "seen_cuts", "seen_bottleneck_cuts")
TRIAL = ("corner", "notouch", "region", "bottleneck")


def fields_of(st) -> dict:
    return {name: value for name, value in st._fields().items() if name not in MEMORY_FIELDS}


def settled(board: Board, rules: str, memory: bool, verify: bool = False, plant: int = 0,
            depth: int = 1) -> tuple[dict, list, int]:
    """Every field after a fixpoint and a settled look-ahead (bottleneck in its trials too),
    the refutations in order, and how many searches bottleneck skipped."""
    st = COMPILED.state(Puzzle(board, parse_rules(rules)))
    st._bottleneck_memory(memory, verify, plant)
    refutations: list = []
    search = LookaheadBudget(40, passes=TRIAL,
                             refuted=lambda move, why: refutations.append((move, why.kind)))
    try:
        COMPILED.fixpoint(st, ALL_PASSES)
        COMPILED.settle(st, ALL_PASSES, search, depth)
    except Contradiction as found:
        refutations.append(("contradiction", found.kind))
    return fields_of(st), refutations, st._bottleneck_memory(memory, verify, plant)


def walked(board: Board, rules: str, seed: int, memory: bool, verify: bool = False,
           plant: int = 0) -> tuple[list, int]:
    """A random walk from the fixpoint that keeps cutting the candidate graphs: each step
    turns a random undecided edge off, rules a colour out of a random node, or tries a
    hypothesis (bottleneck among its passes) and undoes it, then runs bottleneck; the
    fields after every step, and how many searches bottleneck skipped."""
    rng = random.Random(seed)
    st = COMPILED.state(Puzzle(board, parse_rules(rules)))
    st._bottleneck_memory(memory, verify, plant)
    seen: list = []
    try:
        COMPILED.fixpoint(st, ALL_PASSES)
        for _ in range(24):
            undecided = [e for e, state in enumerate(bytes(st.es)) if state == 0]
            if not undecided:
                break
            move = rng.random()
            if move < 0.3:
                st.set_off(rng.choice(undecided))
            elif move < 0.5:
                x = rng.choice(st.undecided_nodes() or [0])
                colours = st.colour(x)
                bits = [b for b in range(colours.bit_length()) if colours >> b & 1]
                if len(bits) > 1:
                    st.restrict(x, ~(1 << rng.choice(bits)))
            else:
                st._hypothesis(rng.choice(undecided), COMPILED.codes(TRIAL), rng.choice((0, 1)))
            COMPILED.run(st, "region")
            COMPILED.run(st, "bottleneck")
            seen.append(fields_of(st))
    except Contradiction as found:
        seen.append(found.kind)
    return seen, st._bottleneck_memory(memory, verify, plant)


def test_bottleneck_after_random_cuts_and_undone_hypotheses_is_a_fresh_search():
    """Every skip along the random walks is confirmed by the search it replaces, and the walk
    with the memory is step by step the walk without it."""
    skipped = 0
    for i, (board, rules) in enumerate(random_boards()):
        with_memory, skips = walked(board, rules, i, memory=True, verify=True)
        without, none = walked(board, rules, i, memory=False)
        assert with_memory == without and none == 0, (rules, board.rows)
        skipped += skips
    assert skipped > 50


@pytest.mark.parametrize("depth", [1, 2])
def test_every_skip_is_confirmed_by_the_search_it_replaces(depth):
    skipped = 0
    for board, rules in random_boards():
        skipped += settled(board, rules, memory=True, verify=True, depth=depth)[2]
    assert skipped > 50  # the memory was used, so the confirmations checked something


def test_the_memory_changes_no_deduction():
    for board, rules in random_boards():
        with_memory = settled(board, rules, memory=True)
        without = settled(board, rules, memory=False)
        assert without[2] == 0
        assert with_memory[:2] == without[:2], (rules, board.rows)


@pytest.mark.parametrize("plant", [1, 2])
def test_a_planted_stale_memory_is_caught(plant):
    """The planted bugs: the memory of where each colour's cuts start not undone with a
    hypothesis (1: after the undo it points past cuts the hypothesis made and the undo
    removed, so new cuts of the same count go unread), or taken after the search's own
    deductions (2: those may cut the chain of blocks).  The confirmation must notice on
    some board."""
    caught = 0
    for i, (board, rules) in enumerate(random_boards()):
        for run in (lambda: walked(board, rules, i, memory=True, verify=True, plant=plant),
                    lambda: settled(board, rules, memory=True, verify=True, plant=plant)):
            try:
                run()
            except RuntimeError as error:
                assert "bottleneck" in str(error)
                caught += 1
    assert caught > 0
