"""Cell-usage variables for profiles without ``fill``.

Without ``fill`` a cell may stay empty, and an empty cell's colour is meaningless, so the
``notouch``/``no2x2`` rules must only apply to used cells.  ``used(c)`` is forced true by any
incident edge; nothing forces it the other way, which is sound because the rules only use it
negatively ("if both cells are used ...").
"""

from __future__ import annotations

from satlink.board import EMPTY
from satlink.cnf.clauses import Clauses
from satlink.cnf.variables import Variables


def add_usage(vs: Variables, out: Clauses) -> None:
    plain = [cell for cell, ch in enumerate("".join(vs.board.rows)) if ch == EMPTY]
    used = vs.cell_block("used", plain, 1)
    for cell in plain:  # solid cells are never used, endpoints always
        vs.set_used(cell, used[cell][0])
    out.extend("used", [[-e, used[cell][0]] for cell in plain for e in vs.incident[cell]])


def not_used(vs: Variables, *cells: int) -> list[int]:
    """Literals "cell is not used" for the cells that may be empty."""
    return [-u for u in (vs.used(c) for c in cells) if u is not None]
