"""Rule ``no2x2``: no 2x2 block of cells lies on a single path.

All four cells of a block are on one path exactly when they are used and the codes agree
across three of the block's edges; the clause demands a used-flag to fail or a bit to differ.
"""

from __future__ import annotations

from satlink.board import SOLID
from satlink.cnf.clauses import Clauses
from satlink.cnf.differ import add_differ
from satlink.cnf.usage import not_used
from satlink.cnf.variables import Variables


def add_no2x2(vs: Variables, out: Clauses) -> None:
    board = vs.board
    w = board.width
    flat = "".join(board.rows)
    blocks = []
    for r in range(board.height - 1):
        for c in range(w - 1):
            a = r * w + c
            cells = (a, a + 1, a + w, a + w + 1)
            if SOLID not in (flat[x] for x in cells):
                blocks.append(cells)
    add_differ(vs, [e for a, b, d, _ in blocks for e in ((a, b), (a, d), (b, b + w))], out)
    clauses = []
    for a, b, d, x in blocks:
        clause = not_used(vs, a, b, d, x)
        for e in ((a, b), (a, d), (b, x)):
            clause.extend(vs.differ(*e))
        clauses.append(clause)
    out.extend("no2x2", clauses)
