"""Rule ``no2x2``: no 2x2 block of cells lies on a single path.

All four cells of a block are on one path exactly when they are used and carry the same
colour; the clauses demand a used-flag to fail or the colours to differ.
"""

from __future__ import annotations

import numpy as np

from satlink.board import SOLID
from satlink.cnf.clauses import Clauses
from satlink.cnf.colour import Colours
from satlink.cnf.usage import Usage
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


def add_no2x2(vs: Variables, colours: Colours, usage: Usage, out: Clauses) -> None:
    blocks = np.asarray(blocks_2x2(vs), dtype=np.int64).reshape(-1, 4)
    tails = colours.same_colour_tails(blocks, out)
    for rows, not_used in usage.not_used_columns(blocks):
        for tail in tails:
            out.extend_array("no2x2", np.hstack([not_used, tail[rows]]))
