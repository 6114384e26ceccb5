"""Rule ``no2x2``: no 2x2 block of cells lies on a single path.

All four cells of a block are on one path exactly when they are used and carry the same
colour; the clauses demand a used-flag to fail or the colours to differ.  The blocks come
from the geometry (:meth:`satlink.geometry.Geometry.blocks`: 2x2 squares, or triangles of
hexagons); a block with a solid cell or a bridge (whose cell holds a crossing per axis) is
never on one path as a whole and is left out.

Under ``notouch`` a block whose cycle edges all exist is already forbidden (its cells would
have to be joined all round, a detached cycle), so only blocks cut by a wall need clauses.
"""

from __future__ import annotations

import numpy as np

from satlink.cnf.clauses import Clauses
from satlink.cnf.colour import Colours
from satlink.cnf.usage import Usage
from satlink.cnf.variables import Variables


def block_edges(vs: Variables, block: tuple[int, ...]) -> list[int] | None:
    """The edge variables around a block's cycle, or None if a wall cuts one of them."""
    ev = vs.edge_var
    found = [ev.get((p, q) if p < q else (q, p)) for p, q in zip(block, block[1:] + block[:1],
                                                                   strict=True)]
    return None if None in found else found


def add_no2x2(vs: Variables, colours: Colours, usage: Usage, out: Clauses,
              notouch: bool = False) -> None:
    """``notouch``: the profile has it too, so blocks closed all round need nothing."""
    blocks = [blk for blk in vs.board.graph.open_blocks if not (notouch and block_edges(vs, blk))]
    if not blocks:
        return
    blocks = np.asarray(blocks, dtype=np.int64)
    tails = colours.same_colour_tails(blocks, out)
    for rows, not_used in usage.not_used_columns(blocks):
        for tail in tails:
            out.extend_array("no2x2", np.hstack([not_used, tail[rows]]))
