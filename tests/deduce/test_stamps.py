"""A colour's stamp moves whenever its candidate graph (the nodes that may carry it, joined by
edges not off) loses a node or an edge: the global passes (``region``, ``bottleneck``) look
again only at the colours whose stamp moved, so a loss that leaves the stamp as it was is a
deduction they may never make.  Checked move by move, in both engines, on random walks of
edges turned on and off and colours ruled out, on random boards of every geometry and
profile.  The join of two chains is the case that once went unstamped: the colours one side
may carry and the other may not leave the joined chain's nodes.
"""

from __future__ import annotations

import random

import pytest

from satlink.board import Board
from satlink.deduce import Contradiction, Puzzle
from satlink.deduce.engines import PYTHON, compiled
from satlink.rules import parse_rules
from testbed.variants import profiled_boards

COMPILED = compiled()
pytestmark = pytest.mark.skipif(COMPILED is None, reason="the compiled engine is not built")


def stamps(eng, st) -> list[int]:
    if eng is PYTHON:
        return list(st.stamp)
    fields = st._fields()
    return [s + fields["stamp_all"] for s in fields["stamp"]]


def candidate_graphs(p: Puzzle, st) -> list[tuple[frozenset, frozenset]]:
    """Each colour's candidate nodes and edges."""
    colour = {x: st.colour(x) for x in p.nodes}
    out = []
    for k in range(p.k):
        nodes = frozenset(x for x in p.nodes if colour[x] >> k & 1)
        edges = frozenset(e for e, (a, b) in enumerate(p.edges)
                          if st.es[e] != 2 and a in nodes and b in nodes)
        out.append((nodes, edges))
    return out


def walk(eng, board: Board, rules: str, seed: int) -> int:
    """Random moves until a contradiction or none is left; every loss must move the stamp.
    How many moves lost something from some colour (so the walk is not idle)."""
    rng = random.Random(seed)
    p = Puzzle(board, parse_rules(rules))
    st = eng.state(p)
    losses = 0
    for _ in range(40):
        undecided = [e for e in range(len(p.edges)) if st.es[e] == 0]
        if not undecided:
            break
        before, stamped = candidate_graphs(p, st), stamps(eng, st)
        e, roll = rng.choice(undecided), rng.random()
        try:
            if roll < 0.6:
                st.set_on(e)
            elif roll < 0.85:
                st.set_off(e)
            else:
                x = rng.choice(p.nodes)
                st.restrict(x, ~(1 << rng.randrange(p.k)))
        except Contradiction:
            break
        after, now = candidate_graphs(p, st), stamps(eng, st)
        for k, ((nodes, edges), (nodes2, edges2)) in enumerate(zip(before, after, strict=True)):
            if nodes2 < nodes or edges2 < edges:
                losses += 1
                assert now[k] != stamped[k], (eng.name, rules, board.rows, k, roll)
    return losses


@pytest.mark.parametrize("eng", [PYTHON, COMPILED], ids=["python", "compiled"])
def test_every_loss_moves_the_stamp(eng):
    cases = profiled_boards(4710, 30, 12, (5, 9), 2)
    losses = sum(walk(eng, board, rules, i) for i, (board, rules) in enumerate(cases))
    assert losses > 100
