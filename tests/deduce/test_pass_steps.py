"""Each local pass run once, the compiled engine against the Python one, from states that no
fixpoint reaches: random boards of every geometry, random moves (edges on or off, colours ruled
out) and a pass after each, both engines alike.

The fixpoint and grade tests (``test_engines.py``) compare where the passes end; this one
compares each pass's own run: its steps and the state right after it.  A pass that reads a
value once where the reference reads it again (a node's colour after a step changed it) may
still end at the same fixpoint, one round later, but not with the same steps; here it shows.
"""

from __future__ import annotations

import random

import pytest

from satlink.board import Board
from satlink.deduce import Contradiction, Puzzle
from satlink.deduce.engines import PYTHON, compiled
from satlink.rules import parse_rules
from testbed.boards import PROFILES, boards
from testbed.variants import VARIANT_PROFILES, variants

COMPILED = compiled()
LOCAL_PASSES = ("forced", "corner", "notouch")
pytestmark = pytest.mark.skipif(COMPILED is None, reason="the compiled engine is not built")


def snapshot(st, puzzle: Puzzle) -> tuple:
    """Every edge's state and every open node's colours."""
    return bytes(st.es), tuple(st.colour(x) for x in puzzle.nodes)


def outcome(act, *args) -> tuple:
    """What ``act(*args)`` returned, or the contradiction it raised (kind and place)."""
    try:
        return ("ok", act(*args))
    except Contradiction as why:
        return ("contradiction", why.kind, why.label, tuple(why.nodes), tuple(why.edges))


def random_move(rng: random.Random, puzzle: Puzzle, st) -> tuple[str, int, int]:
    """An edge turned on or off, or a colour ruled out of a node (the same on both sides)."""
    kind = rng.choice(("on", "off", "off", "restrict"))
    if kind == "restrict" or not st.es:
        x = rng.choice(puzzle.nodes)
        return kind, x, ~(1 << rng.randrange(len(puzzle.board.labels)))
    return kind, rng.randrange(len(st.es)), 0


def apply(st, move: tuple[str, int, int]) -> bool:
    kind, a, mask = move
    if kind == "on":
        return st.set_on(a)
    if kind == "off":
        return st.set_off(a)
    return st.restrict(a, mask)


def passes_agree(board: Board, rules: str, seed: int, moves: int = 40) -> None:
    """Both engines through the same moves, a random local pass after each: the same steps,
    the same state after it, the same contradiction where there is one."""
    rng = random.Random(seed)
    puzzle = Puzzle(board, parse_rules(rules))
    mine, reference = COMPILED.state(puzzle), PYTHON.state(puzzle)
    if not board.labels or not puzzle.nodes:
        return
    for _ in range(moves):
        move = random_move(rng, puzzle, reference)
        moved = outcome(apply, reference, move)
        assert outcome(apply, mine, move) == moved, (move, board.rows)
        if moved[0] == "contradiction":
            return
        technique = rng.choice(LOCAL_PASSES)
        ran = outcome(PYTHON.run, reference, technique)
        assert outcome(COMPILED.run, mine, technique) == ran, (technique, board.rows)
        if ran[0] == "contradiction":
            return
        assert snapshot(mine, puzzle) == snapshot(reference, puzzle), (technique, board.rows)


@pytest.mark.parametrize("rules", PROFILES)
def test_single_passes_agree_on_random_square_boards(rules):
    for i, rows in enumerate(boards(4043, 60)):
        for seed in range(6):
            passes_agree(Board.from_rows(rows), rules, 100 * i + seed)


@pytest.mark.parametrize("rules", VARIANT_PROFILES)
def test_single_passes_agree_on_random_variant_boards(rules):
    for i, variant in enumerate(variants(4049, 4)):
        passes_agree(variant.board(), rules, i)
