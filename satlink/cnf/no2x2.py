"""Rule ``no2x2``: no 2x2 block of cells lies on a single path.

All four cells of a block are on one path exactly when they are used and carry the same
colour; the clauses demand a used-flag to fail or the colours to differ.
"""

from __future__ import annotations

from satlink.board import SOLID
from satlink.cnf.clauses import Clauses
from satlink.cnf.usage import not_used
from satlink.cnf.variables import Variables


def blocks_2x2(vs: Variables) -> list[tuple[int, int, int, int]]:
    """Open 2x2 blocks as (top-left, top-right, bottom-right, bottom-left): a cycle order."""
    board = vs.board
    w = board.width
    flat = "".join(board.rows)
    blocks = []
    for r in range(board.height - 1):
        for c in range(w - 1):
            a = r * w + c
            cells = (a, a + 1, a + w + 1, a + w)
            if SOLID not in (flat[x] for x in cells):
                blocks.append(cells)
    return blocks


def add_no2x2(vs: Variables, out: Clauses) -> None:
    blocks = blocks_2x2(vs)
    colour = vs.colour
    # the three pairs along (a, b, x, d) span the block
    pairs = [(min(p, q), max(p, q)) for blk in blocks for p, q in zip(blk, blk[1:], strict=False)]
    colour.prepare(pairs, out)
    out.extend("no2x2", [
        not_used(vs, *blk) + tail
        for blk in blocks
        for tail in colour.same_colour_tails(blk)
    ])
