"""The compiled engine tries hypotheses on the state itself and undoes them from its trail (an
undo log of every write).  After any hypothesis, contradicted or not, at any depth of
look-ahead, the state must be exactly what it was: every field (edge states, counters, chains,
colour sets as words or as lists, stamps, carrier counts, the queue and the unread log), on
random boards of every geometry and profile, before and after a fixpoint, recording or not.

That these comparisons can fail is shown by planting the bug they guard against: the undo made
with one entry of the trail dropped leaves a state that differs.
"""

from __future__ import annotations

import random

import pytest

from satlink.board import Board
from satlink.deduce import Contradiction, Puzzle
from satlink.deduce.engines import compiled
from satlink.grading.compare import ALL_PASSES
from satlink.rules import parse_rules
from testbed.boards import PROFILES, boards
from testbed.variants import VARIANT_PROFILES, variants

COMPILED = compiled()
pytestmark = pytest.mark.skipif(COMPILED is None, reason="the compiled engine is not built")
TRIAL = ("corner", "notouch", "region")


def undecided_edges(st, rng: random.Random, most: int) -> list[int]:
    edges = [e for e, s in enumerate(bytes(st.es)) if s == 0]
    return rng.sample(edges, min(most, len(edges)))


def hypotheses_undo_exactly(board: Board, rules: str, rng: random.Random, recording: bool) -> int:
    """Hypotheses on ``board`` leave every field as it was; how many moved something."""
    st = COMPILED.state(Puzzle(board, parse_rules(rules)), recording)
    moved = 0
    for stage in ("start", "fixpoint"):
        if stage == "fixpoint":
            try:
                COMPILED.fixpoint(st, ALL_PASSES)
            except Contradiction:
                return moved
        before = st._fields()
        for e in undecided_edges(st, rng, 6):
            depth = rng.choice((0, 0, 1))
            st._hypothesis(e, COMPILED.codes(TRIAL), depth)
            after = st._fields()
            differ = [name for name in before if before[name] != after[name]]
            assert not differ, (rules, board.rows, stage, e, depth, differ)
            moved += 1
    return moved


@pytest.mark.parametrize("rules", PROFILES)
def test_hypotheses_on_square_boards_undo_every_field(rules):
    rng = random.Random(4301)
    moved = sum(hypotheses_undo_exactly(Board.from_rows(rows), rules, rng, i % 2 == 1)
                for i, rows in enumerate(boards(4301, 40)))
    assert moved > 100


@pytest.mark.parametrize("rules", VARIANT_PROFILES)
def test_hypotheses_on_every_geometry_undo_every_field(rules):
    rng = random.Random(4302)
    for i, variant in enumerate(variants(4302, 3)):
        hypotheses_undo_exactly(variant.board(), rules, rng, i % 2 == 1)


@pytest.mark.parametrize("rules", ["flow", "nikoli", "fill,no2x2"])
def test_hypotheses_undo_every_field_with_colours_as_lists(rules, monkeypatch):
    monkeypatch.setenv("SATLINK_SPARSE_COLOURS", "1")  # read when a board's graph is built
    rng = random.Random(4303)
    for rows in boards(4303, 30):
        hypotheses_undo_exactly(Board.from_rows(rows), rules, rng, False)
    for variant in variants(4304, 2):
        hypotheses_undo_exactly(variant.board(), rules, rng, True)


def test_a_dropped_trail_entry_is_noticed():
    """The planted bug: the first write of a hypothesis (the edge turned on) left out of the
    undo.  The field comparison above sees it wherever the edge was set."""
    rng = random.Random(4305)
    caught = 0
    for rows in boards(4305, 30):
        st = COMPILED.state(Puzzle(Board.from_rows(rows), parse_rules("flow")))
        for e in undecided_edges(st, rng, 2):
            before = st._fields()
            st._hypothesis(e, COMPILED.codes(TRIAL), 0, forget=0)
            after = st._fields()
            if after["es"][e] == 1:  # the move was made (its checks passed): the undo forgot it
                assert after != before, rows
                assert [name for name in before if before[name] != after[name]] == ["es"], rows
                caught += 1
                st = COMPILED.state(Puzzle(Board.from_rows(rows), parse_rules("flow")))
    assert caught > 10


def test_no_hypothesis_is_left_open():
    """After a look-ahead (refuted moves, budget spent, contradictions) no mark is left open
    and the trail is empty: the state is back to plain writes."""
    from satlink.deduce.lookahead import LookaheadBudget

    for rows in boards(4306, 30):
        st = COMPILED.state(Puzzle(Board.from_rows(rows), parse_rules("flow")))
        try:
            COMPILED.fixpoint(st, ALL_PASSES)
            COMPILED.settle(st, ALL_PASSES, LookaheadBudget(50))
        except Contradiction:
            pass
        fields = st._fields()
        assert fields["trailing"] == 0 and fields["trail"] == 0, rows
