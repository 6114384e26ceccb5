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

from satlink.board import edge
from satlink.cnf.clauses import Clauses
from satlink.cnf.variables import Variables

_CORNERS = (((0, -1), (1, 0)), ((0, 1), (1, 0)), ((-1, 0), (0, 1)), ((-1, 0), (0, -1)))
"""(d1, d2) as (drow, dcol): west+south (┐), east+south (┌), north+east (└), north+west (┘)."""


def add_corner_lemma(vs: Variables, out: Clauses) -> None:
    board = vs.board
    ev = vs.edge_var
    for x in range(board.size):
        if board.is_solid(x) or board.label_at(x) is not None:
            continue
        r, c = board.coord(x)
        for (dr1, dc1), (dr2, dc2) in _CORNERS:
            n1 = board.cell_at(r + dr1, c + dc1)
            n2 = board.cell_at(r + dr2, c + dc2)
            if n1 is None or n2 is None:
                continue
            e1, e2 = ev.get(edge(x, n1)), ev.get(edge(x, n2))
            if e1 is None or e2 is None:
                continue
            d = board.cell_at(r + dr1 + dr2, c + dc1 + dc2)
            if d is None or board.is_solid(d) or board.label_at(d) is not None:
                continue
            dr, dc = board.coord(d)
            for ddr, ddc in ((dr1, dc1), (dr2, dc2)):
                beyond = board.cell_at(dr + ddr, dc + ddc)
                f = ev.get(edge(d, beyond)) if beyond is not None else None
                out.add("corner", [-e1, -e2] + ([f] if f is not None else []))
