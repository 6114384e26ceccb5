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

from satlink.board import EMPTY
from satlink.cnf.clauses import Clauses
from satlink.cnf.variables import Variables

_CORNERS = (((0, -1), (1, 0)), ((0, 1), (1, 0)), ((-1, 0), (0, 1)), ((-1, 0), (0, -1)))
"""(d1, d2) as (drow, dcol): west+south (┐), east+south (┌), north+east (└), north+west (┘)."""


def add_corner_lemma(vs: Variables, out: Clauses) -> None:
    board = vs.board
    w, h = board.width, board.height
    flat = "".join(board.rows)
    ev = vs.edge_var
    clauses: list[list[int]] = []
    add = clauses.append
    for x, ch in enumerate(flat):
        if ch != EMPTY:  # solid cells and endpoints do not turn under this lemma
            continue
        r, c = divmod(x, w)
        for (dr1, dc1), (dr2, dc2) in _CORNERS:
            r1, c1, r2, c2 = r + dr1, c + dc1, r + dr2, c + dc2
            if not (0 <= r1 < h and 0 <= c1 < w and 0 <= r2 < h and 0 <= c2 < w):
                continue
            n1, n2 = r1 * w + c1, r2 * w + c2
            e1 = ev.get((x, n1) if x < n1 else (n1, x))
            e2 = ev.get((x, n2) if x < n2 else (n2, x))
            if e1 is None or e2 is None:
                continue
            rd, cd = r + dr1 + dr2, c + dc1 + dc2  # on the board whenever n1 and n2 are
            d = rd * w + cd
            if flat[d] != EMPTY:  # solid or endpoint: the lemma says nothing
                continue
            for ddr, ddc in ((dr1, dc1), (dr2, dc2)):
                rb, cb = rd + ddr, cd + ddc
                f = None
                if 0 <= rb < h and 0 <= cb < w:
                    beyond = rb * w + cb
                    f = ev.get((d, beyond) if d < beyond else (beyond, d))
                add([-e1, -e2, f] if f is not None else [-e1, -e2])
    out.extend("corner", clauses)
