"""Rule ``no2x2``: no 2x2 block of cells lies on a single path.

All four cells of a block are on one path exactly when they are used and the codes agree
across three of the block's edges; the clause demands a used-flag to fail or a bit to differ.
"""

from __future__ import annotations

from satlink.cnf.clauses import Clauses
from satlink.cnf.differ import differ_bits
from satlink.cnf.usage import not_used
from satlink.cnf.variables import Variables


def add_no2x2(vs: Variables, out: Clauses) -> None:
    board = vs.board
    w = board.width
    for r in range(board.height - 1):
        for c in range(w - 1):
            a = r * w + c
            b, d, x = a + 1, a + w, a + w + 1
            if any(board.is_solid(cell) for cell in (a, b, d, x)):
                continue
            clause = not_used(vs, a, b, d, x)
            for e in ((a, b), (a, d), (b, x)):
                clause.extend(differ_bits(vs, e, out))
            out.add("no2x2", clause)
