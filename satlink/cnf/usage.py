"""Cell-usage variables for profiles without ``fill``.

Without ``fill`` a cell may stay empty, and an empty cell's colour is meaningless, so the
``notouch``/``no2x2`` rules (and the acyclic encoding's "every used cell is entered") must
only apply to used cells.  ``used(c)`` is forced true by any incident edge; nothing forces it
the other way, which is sound because the rules only use it negatively ("if both cells are
used ...").

:func:`add_usage` returns a :class:`Usage` value and the rules take it as an argument, so a
rule that needs usage cannot be built before it exists.  Under ``fill`` every cell is used
and :meth:`Usage.everywhere` has no variables at all.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from satlink.cnf.clauses import Clauses
from satlink.cnf.variables import Variables


@dataclass(frozen=True)
class Usage:
    """``var[c]``: the variable "cell c is on a path", 0 where the cell is always used (or
    solid, where nothing asks)."""

    var: np.ndarray

    @classmethod
    def everywhere(cls, vs: Variables) -> Usage:
        """``fill``: every open cell is on a path, no variables needed."""
        return cls(np.zeros(vs.graph.n_nodes, dtype=np.int64))

    def not_used(self, *cells: int) -> list[int]:
        """Literals "cell is not used" for those of ``cells`` that may be empty."""
        return [-int(self.var[c]) for c in cells if self.var[c]]

    def not_used_columns(self, cells: np.ndarray) -> list[tuple[np.ndarray, np.ndarray]]:
        """Rows of ``cells`` (an (m, j) array) grouped by which of their cells may be empty:
        ``[(row_mask, literals)]`` with ``literals`` the (rows, t) "not used" literals of the
        group (t = 0 .. j), for building clauses as whole arrays."""
        may_be_empty = self.var[cells] != 0
        groups = []
        # each row's pattern as a number, first column the highest bit: the groups come in
        # the order np.unique(axis=0) gave them, without its sort of rows (seconds on a huge
        # board, in one step no deadline can interrupt)
        width = may_be_empty.shape[1]
        weights = 1 << np.arange(width - 1, -1, -1, dtype=np.int64)
        codes = may_be_empty.astype(np.int64) @ weights
        for code in np.flatnonzero(np.bincount(codes, minlength=1)):
            rows = codes == code
            pattern = (int(code) >> np.arange(width - 1, -1, -1)) & 1 == 1
            groups.append((rows, -self.var[cells[rows]][:, pattern]))
        return groups


def add_usage(vs: Variables, out: Clauses) -> Usage:
    """Usage variables for the plain cells (solid cells are never used, endpoints always)."""
    graph = vs.graph
    plain = np.flatnonzero(graph.plain)
    used = vs.cell_array("used", plain, 1)[:, 0]
    incident = graph.incident[plain]
    for d in range(incident.shape[1]):
        has = incident[:, d] != 0
        out.extend_array("used", np.column_stack([-incident[has, d], used[plain[has]]]))
    return Usage(used)
