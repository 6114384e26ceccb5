"""Corner ("spike") lemma, sound under ``fill`` + ``notouch``; a redundant constraint.

If cell X's path turns between two perpendicular neighbours N1 = X+d1 and N2 = X+d2, the cell
D = X+d1+d2 diagonally inside that corner is solid, an endpoint, or turns the same way
(edges to D+d1 and D+d2).  Proof: N1, X, N2 are consecutive on one path P.  D is adjacent to
both N1 and N2; were D on P, notouch would make D consecutive with both, closing the cycle
N1-X-N2-D inside P.  So D is on another path (fill: it is on some path).  Its neighbours
D-d2 = N1 and D-d1 = N2 are on P, so a non-endpoint D (degree two) uses its two other edges.
If one of those edges does not exist (board edge or solid cell), X cannot turn that way at
all.  Repeating the argument, every corner is backed by a diagonal staircase of equal corners
that ends in an endpoint or a solid cell.
"""

from __future__ import annotations

import numpy as np

from satlink.cnf.clauses import Clauses
from satlink.cnf.grid import EAST, NORTH, SOUTH, WEST
from satlink.cnf.variables import Variables

_CORNERS = ((WEST, SOUTH), (EAST, SOUTH), (NORTH, EAST), (NORTH, WEST))
"""(d1, d2): west+south (┐), east+south (┌), north+east (└), north+west (┘)."""


def add_corner_lemma(vs: Variables, out: Clauses) -> None:
    grid = vs.grid
    edge_dir = grid.edge_dir
    plain = grid.plain
    xs = np.flatnonzero(plain)  # solid cells and endpoints do not turn under this lemma
    for d1, d2 in _CORNERS:
        e1, e2 = edge_dir[xs, d1], edge_dir[xs, d2]
        turns = (e1 != 0) & (e2 != 0)  # both edges exist, so N1, N2 and D are on the board
        x, e1, e2 = xs[turns], e1[turns], e2[turns]
        d = grid.neighbour(grid.neighbour(x, d1), d2)
        inside = plain[d]  # D solid or an endpoint: the lemma says nothing
        x, e1, e2, d = x[inside], e1[inside], e2[inside], d[inside]
        for away in (d1, d2):
            f = edge_dir[d, away]  # D's edge onward; 0 if it leaves the board or hits a solid
            has = f != 0
            out.extend_array("corner", np.column_stack([-e1[has], -e2[has], f[has]]))
            out.extend_array("corner", np.column_stack([-e1[~has], -e2[~has]]))
