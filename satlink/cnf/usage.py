"""Cell-usage variables for profiles without ``fill``.

Without ``fill`` a cell may stay empty, and an empty cell's colour is meaningless, so the
``notouch``/``no2x2`` rules must only apply to used cells.  ``used(c)`` is forced true by any
incident edge; nothing forces it the other way, which is sound because the rules only use it
negatively ("if both cells are used ...").
"""

from __future__ import annotations

import numpy as np

from satlink.cnf.clauses import Clauses
from satlink.cnf.variables import Variables


def add_usage(vs: Variables, out: Clauses) -> None:
    grid = vs.grid
    plain = np.flatnonzero(grid.plain)  # solid cells are never used, endpoints always
    used = vs.cell_array("used", plain, 1)[:, 0]
    vs.used_array = used
    for cell in plain.tolist():
        vs.set_used(cell, int(used[cell]))
    edges = grid.edge_dir[plain]
    for d in range(4):
        has = edges[:, d] != 0
        out.extend_array("used", np.column_stack([-edges[has, d], used[plain[has]]]))


def not_used(vs: Variables, *cells: int) -> list[int]:
    """Literals "cell is not used" for the cells that may be empty."""
    return [-u for u in (vs.used(c) for c in cells) if u is not None]
