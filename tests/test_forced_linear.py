"""The forced moves at every size (issue 24): the state's bookkeeping that replaced whole-board
scans and whole-chain walks says what the scans said, on every profile and geometry."""

from __future__ import annotations

import pytest

from satlink import Board, parse_rules
from satlink.deduce import UNKNOWN, Contradiction, Puzzle, State, corner, fixpoint, notouch
from tests.boards import PROFILES, boards
from tests.variants import VARIANT_PROFILES, variants


def _walked_touch(st: State, e: int) -> bool:
    """The touch test by its definition: a node of one chain beside a node of the other, other
    than the edge's own two ends."""
    a, b = st.p.edges[e]
    chain_a = [x for x in st.p.nodes if st.seg[x] == st.seg[a]]
    return any(st.seg[y] == st.seg[b] and (x, y) != (a, b)
               for x in chain_a for y in st.p.neighbours[x])


def _agrees(board: Board, profile: str) -> None:
    st = State(Puzzle(board, parse_rules(profile)))
    try:
        fixpoint(st, [corner, notouch])
    except Contradiction:
        return
    assert st.undecided == st.es.count(UNKNOWN)
    assert st.complete() == all(not st.unk[x] for x in st.p.nodes)
    for e in range(len(st.es)):
        a, b = st.p.edges[e]
        if st.es[e] == UNKNOWN and st.seg[a] != st.seg[b]:
            assert st.would_touch(e) == _walked_touch(st, e), (board.rows, profile, e)


@pytest.mark.parametrize("profile", PROFILES)
def test_the_bookkeeping_agrees_with_the_scans_on_plain_boards(profile: str) -> None:
    for rows in boards(seed=24, n=60):
        _agrees(Board.from_rows(rows), profile)


@pytest.mark.parametrize("profile", VARIANT_PROFILES)
def test_the_bookkeeping_agrees_with_the_scans_on_every_geometry(profile: str) -> None:
    for variant in variants(seed=24, per_family=8):
        _agrees(variant.board(), profile)
