"""The compiled region pass skips a colour's search when the cuts since its last search (edges
turned off, chains that lost the colour) show its candidate graph still in one piece.  A skip
is a proof obligation: the search it replaces must have found every node that may carry the
colour, or region's deductions (and every grade and decided edge after them) would go stale.

Checked here on random boards of every geometry and profile, through fixpoints and settled
look-ahead at depth 1 and 2 (hypotheses tried and undone on the trail, so a memory that
outlived its undo would show): with ``verify`` every skip is confirmed by the search it
replaces; a state with the memory and one without end equal, field by field, refutation by
refutation; and a planted bug (edges turned off not logged) is caught by the confirmation.
The trail's own tests (``test_trail.py``) compare the memory's fields (``cuts``,
``seen_cuts``) before and after every hypothesis.
"""

from __future__ import annotations

import random
from functools import cache

import pytest

from satlink.board import Board
from satlink.deduce import Contradiction, Puzzle
from satlink.deduce.engines import compiled
from satlink.deduce.lookahead import LookaheadBudget
from satlink.grading.compare import ALL_PASSES
from satlink.rules import parse_rules
from testbed.boards import PROFILES, boards, cover_board
from testbed.variants import VARIANT_PROFILES, variants

COMPILED = compiled()
pytestmark = pytest.mark.skipif(COMPILED is None, reason="the compiled engine is not built")
MEMORY_FIELDS = ("cuts", "seen_cuts")


def settled(board: Board, rules: str, memory: bool, verify: bool = False,
            plant: int = 0, depth: int = 1) -> tuple[dict, list, int]:
    """Every field after a fixpoint and a settled look-ahead, the refutations in order, and
    how many searches region skipped."""
    st = COMPILED.state(Puzzle(board, parse_rules(rules)))
    st._region_memory(memory, verify, plant)
    refutations: list = []
    search = LookaheadBudget(40, refuted=lambda move, why: refutations.append((move, why.kind)))
    try:
        COMPILED.fixpoint(st, ALL_PASSES)
        COMPILED.settle(st, ALL_PASSES, search, depth)
    except Contradiction as found:
        refutations.append(("contradiction", found.kind))
    fields = {name: value for name, value in st._fields().items() if name not in MEMORY_FIELDS}
    return fields, refutations, st._region_memory(memory, verify, plant)


@cache
def random_boards(seed: int = 4310) -> list[tuple[Board, str]]:
    """Square boards of every profile (small random ones, and covers of random walks of 8 to
    12 cells a side) and small boards of every geometry of every variant profile; made once
    (making the variants is most of these tests' time)."""
    rng = random.Random(seed)
    out = [(Board.from_rows(rows), PROFILES[i % len(PROFILES)])
           for i, rows in enumerate(boards(seed, 30))]
    out += [(Board.from_rows(cover_board(rng, (8, 12))), PROFILES[i % len(PROFILES)])
            for i in range(18)]
    out += [(variant.board(), VARIANT_PROFILES[i % len(VARIANT_PROFILES)])
            for i, variant in enumerate(variants(seed, 3))]
    return out


TRIAL = ("corner", "notouch", "region")


def walked(board: Board, rules: str, seed: int, memory: bool, verify: bool = False,
           plant: int = 0) -> tuple[list, int]:
    """A random walk from the fixpoint that keeps cutting the candidate graphs: each step
    turns a random undecided edge off or rules a colour out of a random node (so colours are
    cut in two and region must notice), or tries a hypothesis and undoes it (so the memory
    must be undone with it), then runs region; the fields after every step (the memory's
    aside), and how many searches region skipped."""
    rng = random.Random(seed)
    st = COMPILED.state(Puzzle(board, parse_rules(rules)))
    st._region_memory(memory, verify, plant)
    seen: list = []
    try:
        COMPILED.fixpoint(st, ALL_PASSES)
        for _ in range(20):
            undecided = [e for e, state in enumerate(bytes(st.es)) if state == 0]
            if not undecided:
                break
            move = rng.random()
            if move < 0.4:
                st.set_off(rng.choice(undecided))
            elif move < 0.7:
                x = rng.choice(st.undecided_nodes() or [0])
                colours = st.colour(x)
                bits = [b for b in range(colours.bit_length()) if colours >> b & 1]
                if len(bits) > 1:
                    st.restrict(x, ~(1 << rng.choice(bits)))
            else:
                st._hypothesis(rng.choice(undecided), COMPILED.codes(TRIAL), rng.choice((0, 1)))
            COMPILED.run(st, "region")
            seen.append({name: value for name, value in st._fields().items()
                         if name not in MEMORY_FIELDS})
    except Contradiction as found:
        seen.append(found.kind)
    return seen, st._region_memory(memory, verify, plant)


def test_region_after_random_cuts_and_undone_hypotheses_is_a_fresh_search():
    """Every skip along the random walks is confirmed by the search it replaces, and the walk
    with the memory is step by step the walk without it."""
    skipped = 0
    for i, (board, rules) in enumerate(random_boards()):
        with_memory, skips = walked(board, rules, i, memory=True, verify=True)
        without, none = walked(board, rules, i, memory=False)
        assert with_memory == without and none == 0, (rules, board.rows)
        skipped += skips
    assert skipped > 100


@pytest.mark.parametrize("depth", [1, 2])
def test_every_skip_is_confirmed_by_the_search_it_replaces(depth):
    skipped = 0
    for board, rules in random_boards():
        skipped += settled(board, rules, memory=True, verify=True, depth=depth)[2]
    assert skipped > 100  # the memory was used, so the confirmations checked something


def test_the_memory_changes_no_deduction():
    for board, rules in random_boards():
        with_memory = settled(board, rules, memory=True)
        without = settled(board, rules, memory=False)
        assert without[2] == 0
        assert with_memory[:2] == without[:2], (rules, board.rows)


@pytest.mark.parametrize("plant", [1, 2])
def test_a_planted_stale_memory_is_caught(plant):
    """The planted bugs: edges turned off not logged as cuts (1), or the memory of where each
    colour's cuts start not undone with a hypothesis (2), so that a colour cut in two is
    taken for whole.  The confirmation must notice on some board."""
    caught = 0
    for i, (board, rules) in enumerate(random_boards()):
        try:
            walked(board, rules, i, memory=True, verify=True, plant=plant)
        except RuntimeError as error:
            assert "region" in str(error)
            caught += 1
    assert caught > 0
