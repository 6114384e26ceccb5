"""The forced moves at every size (issue 24): the state's bookkeeping that replaced whole-board
scans and whole-chain walks says what the scans said, on every profile and geometry."""

from __future__ import annotations

import pytest

from satlink import Board, parse_rules
from satlink.deduce import UNKNOWN, Contradiction, Puzzle, State, corner, fixpoint, notouch
from testbed.boards import PROFILES, boards
from testbed.variants import VARIANT_PROFILES, variants


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


# A draft the repair search met (issue 21's benchmark): the forced moves put a third path edge
# on the node at (2, 3) before its own pass could say "too many", and the chain walk that
# logs the colour's new nodes ran off the chain (an AssertionError, an internal error).
THIRD_EDGE = ("....A..", "..A.B..", ".......", "....B..", ".......", ".......", ".......")


def test_a_third_path_edge_at_a_node_is_a_contradiction_not_a_crash() -> None:
    from satlink import check
    from testbed.oracle import count_solutions

    board = Board.from_rows(THIRD_EDGE)
    assert count_solutions(THIRD_EDGE, fill=True, notouch=True, no2x2=False, limit=2) == 0
    assert str(check(board, "flow").status) == "unsolvable"


def test_random_drafts_end_in_a_state_or_a_contradiction() -> None:
    """Drafts placed at random, as a designer's first ones, are mostly unsolvable: the engine
    must end each in a state or a Contradiction, whatever order its passes meet them in (this
    seed's 101st draft met the third path edge above too)."""
    import random

    from satlink.solver.presolve import presolve

    rng = random.Random(2111)
    for _ in range(600):
        n, pairs = rng.choice((5, 6, 7)), rng.randint(2, 4)
        cells = rng.sample(range(n * n), 2 * pairs)
        grid = [["."] * n for _ in range(n)]
        for i, c in enumerate(cells):
            grid[c // n][c % n] = chr(ord("A") + i // 2)
        board = Board.from_rows(["".join(r) for r in grid])
        for profile in ("flow", "fill", "nikoli"):
            presolve(board, parse_rules(profile))  # a Contradiction is an outcome, not raised
