"""Corner ("spike") lemma, sound under ``fill`` + ``notouch``; a redundant constraint.

Stated on the board graph, so it holds for every geometry (square, hexagonal, warps, walls,
bridges).  Let plain node X use its edges to two neighbours N1 and N2, and let D be another
plain node joined by graph edges to both N1 and N2.  Then D uses all of its *onward* edges
(its edges to nodes other than N1 and N2); if it has fewer than two, X cannot use that pair.

Proof: N1, X, N2 are consecutive on one path P.  Were D on P, notouch would make D
consecutive with both N1 and N2 (they are joined by graph edges and on one path), closing
the cycle N1-X-N2-D inside P, which a path cannot contain.  So D is on another path (fill:
it is on some path), its edges to N1 and N2 are unused, and D, which is not an endpoint, has
degree two among its onward edges.  With exactly two onward edges both are used; with fewer,
no model exists.  (With more than two, e.g. on hexagonal cells, nothing short is implied and
no clause is added.)

On the square grid D is the cell diagonally inside the corner N1-X-N2, and repeating the
argument backs every corner by a diagonal staircase of equal corners that ends in an
endpoint or a solid cell.  Two clauses per (X, N1, N2, D): one per onward edge, and the
two-literal clause in place of each onward edge that is missing.

With ``guard`` (:mod:`satlink.cnf.switches`: a CNF whose cells may each be switched into a
hole or an endpoint) each clause gets D's guard literals, "D is a hole or an endpoint": the
proof needs D plain and on some path.  X needs none: a hole has no edges and an endpoint
one, so X never uses two; N1 and N2 none, the proof does not ask what they are.
"""

from __future__ import annotations

from itertools import combinations

import numpy as np

from satlink.cnf.clauses import Clauses
from satlink.cnf.rows import compact_rows
from satlink.cnf.variables import Variables


def add_corner_lemma(vs: Variables, out: Clauses, guard: np.ndarray | None = None) -> None:
    """``guard``: an (all nodes, g) array of literals added to the clauses of each D."""
    graph = vs.graph
    inc, nb, plain = graph.incident, graph.neighbour, graph.plain
    xs = np.flatnonzero(plain)  # solid cells and endpoints do not turn under this lemma
    slots = inc.shape[1]
    for i, j in combinations(range(slots), 2):
        e1, e2 = inc[xs, i], inc[xs, j]
        uses = (e1 != 0) & (e2 != 0)
        x, e1, e2 = xs[uses], e1[uses], e2[uses]
        n1, n2 = nb[x, i], nb[x, j]
        for k in range(slots):
            d = nb[n1, k]
            inside = (d >= 0) & (d != x)
            inside[inside] = plain[d[inside]]
            inside &= (nb[n2] == d[:, None]).any(axis=1)  # D is joined to N2 as well
            if not inside.any():
                continue
            dx, f1, f2, a, b = d[inside], e1[inside], e2[inside], n1[inside], n2[inside]
            others = nb[dx]
            onward = np.where((others != a[:, None]) & (others != b[:, None]), inc[dx], 0)
            for count, edges in compact_rows(onward).items():
                if count > 2:
                    continue
                rows = (onward != 0).sum(axis=1) == count
                pair = np.column_stack([-f1[rows], -f2[rows]])
                if guard is not None:
                    pair = np.column_stack([pair, guard[dx[rows]]])
                for t in range(count):
                    out.extend_array("corner", np.column_stack([pair, edges[:, t]]))
                for _ in range(2 - count):
                    out.extend_array("corner", pair)
