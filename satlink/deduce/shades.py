"""The chessboard count on a partly solved state: a technique that refutes, under ``fill``,
a state whose undecided part cannot be covered, found by degrees alone in one linear pass.

Under ``fill`` every node's *remaining need* is known: 1 at an endpoint, 2 elsewhere, less the
path edges it already has.  A completion of the state turns on undecided edges only between
nodes whose remaining need is positive, and gives each node exactly its remaining need of
them.  So every edge it adds lies inside one component C of H, the graph of those nodes and
the undecided edges between them, and:

* where C is bipartite (two shades, every edge joining both: square cells with holes, walls,
  bridges, warps of even length), each added edge has one end of each shade, so the remaining
  needs of C's dark nodes sum to those of its light nodes;
* wherever C has an odd cycle, the remaining needs still sum to twice the edges added: an even
  number.

A component where that fails has no completion: the state is a contradiction (kind
``parity``, located at the component's nodes).  Turning an edge on lowers the needs of one
node of each shade, so over the whole undecided part the count never changes: it is the
whole-board count of :mod:`satlink.deduce.parity` until the paths cut off a part, and then it
sees what no other technique does, a part out of balance (a CDCL solver with lazy cycle cuts
proves that only by exhausting the part).
It refutes and never decides an edge, so it returns 0; without ``fill`` (a node may stay empty:
its need is not known) it says nothing.  The compiled engine's ``parity.cpp`` is the same
count, tested against this one.
"""

from __future__ import annotations

from satlink.deduce.puzzle import UNKNOWN, Contradiction
from satlink.deduce.state import State


def remaining(st: State, x: int) -> int:
    """How many more path edges ``x`` takes under ``fill`` (where its need is known)."""
    return st.need(x) - st.on[x]


def parity(st: State) -> int:
    """Raise :class:`Contradiction` at the first component of the undecided part (in node
    order) whose shades its remaining needs cannot balance; else 0 (nothing decided)."""
    p = st.p
    if not p.fill:
        return 0
    inc, es = p.inc, st.es
    shade: dict[int, int] = {}
    for start in p.nodes:
        if start in shade or remaining(st, start) <= 0:
            continue
        shade[start] = 1
        part, signed, total, bipartite = [start], 0, 0, True
        for x in part:  # (grows while it is read: breadth first)
            need = remaining(st, x)
            signed += shade[x] * need
            total += need
            for e, y in inc[x]:
                if es[e] != UNKNOWN or remaining(st, y) <= 0:
                    continue
                if y not in shade:
                    shade[y] = -shade[x]
                    part.append(y)
                elif shade[y] == shade[x]:
                    bipartite = False
        if (signed != 0) if bipartite else (total % 2 != 0):
            raise Contradiction("parity", nodes=tuple(sorted(part)))
    return 0


__all__ = ["parity", "remaining"]
