"""Colour sets kept as lists (boards of more than 1,023 colours, or every board under
``SATLINK_SPARSE_COLOURS=1``) decide exactly what the Python engine decides: the same edges,
colours, contradictions, grades and case splits, on random boards of every geometry and
profile, and on boards of over a thousand labels where the lists are chosen by themselves."""

from __future__ import annotations

import random

import pytest

from satlink.board import Board
from satlink.deduce.engines import PYTHON, compiled
from satlink.grading.compare import RESULTS
from satlink.rules import parse_rules
from testbed.boards import PROFILES, boards
from testbed.crowded import label_characters, pairs_side_by_side, without_pairs
from testbed.variants import VARIANT_PROFILES, variants
from tests.support.size import sized

pytestmark = pytest.mark.skipif(compiled() is None, reason="the compiled engine is not built")


def agree(board: Board, rules: str) -> None:
    """Both engines reach the same fixpoint, grade and case splits (as tests/deduce/test_engines)."""
    profile = parse_rules(rules)
    for result in RESULTS:
        assert result(compiled(), board, profile) == result(PYTHON, board, profile), (
            result.__name__, rules, board.rows)


@pytest.fixture
def lists_everywhere(monkeypatch):
    monkeypatch.setenv("SATLINK_SPARSE_COLOURS", "1")  # read when a board's graph is built


@pytest.mark.parametrize("rules", PROFILES)
def test_random_square_boards_agree_with_colours_as_lists(rules, lists_everywhere):
    for rows in boards(4101, sized(12, 40)):
        agree(Board.from_rows(rows), rules)


@pytest.mark.parametrize("rules", VARIANT_PROFILES)
def test_random_variant_boards_agree_with_colours_as_lists(rules, lists_everywhere):
    for variant in variants(4102, 4):
        agree(variant.board(), rules)


def spaced_pairs(per_row: int, height: int) -> list[str]:
    """Rows of ``A.A`` triples: ``per_row * height`` pairs, each with a cell between its ends."""
    labels = iter(label_characters(per_row * height))
    return ["".join(f"{c}.{c}" for c in (next(labels) for _ in range(per_row)))
            for _ in range(height)]


@pytest.mark.parametrize("rules", ["flow", "nikoli", "fill"])
@pytest.mark.parametrize("form", ["words", "lists"])
def test_boards_of_hundreds_of_labels_agree(rules, form, monkeypatch):
    """270 and 264 pairs: sets of five words each, and the same boards with sets as lists."""
    monkeypatch.setenv("SATLINK_SPARSE_COLOURS", "1" if form == "lists" else "")
    rng = random.Random(4103)
    for rows in (spaced_pairs(10, 27), pairs_side_by_side(24, 22)):
        for blanks in (0, 3, 12):
            agree(Board.from_rows(without_pairs(rng, rows, blanks)), rules)


@pytest.mark.parametrize("rules", ["flow", "fill"])
def test_boards_of_over_a_thousand_labels_agree(rules):
    """1,058 pairs, past the 1,023 colours kept as words: lists chosen with no setting."""
    rng = random.Random(4104)
    for blanks in (0, 3, 12):
        agree(Board.from_rows(without_pairs(rng, pairs_side_by_side(46, 46), blanks)), rules)
