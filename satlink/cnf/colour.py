"""Colour schemes: a path carries one label from end to end.

Two schemes share one small interface (``add``, ``prepare``, ``same_colour_tails``) so the
rule modules (``notouch``, ``no2x2``) are written once:

* :class:`BinaryColours`: each open cell holds a ``k = ceil(log2 L)``-bit code.  Endpoints
  are fixed to their label's index, an edge forces equal codes on its two cells, and codes
  past ``L - 1`` are forbidden.  ``k`` bits per cell instead of ``L``: hundreds of labels.
* :class:`OneHotColours`: one variable per (cell, label), exactly one per cell (in the
  cardinality encoding chosen), an edge forces equal colours label by label.  The baseline.

``same_colour_tails(cells)`` returns clause tails T such that, for any literals P, the clauses
``P ∨ t`` (t in T) say "P holds, or the cells do not all carry the same colour".
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from satlink.board import EMPTY, Edge
from satlink.cnf.card import Cardinality
from satlink.cnf.clauses import Clauses
from satlink.cnf.differ import add_differ
from satlink.cnf.variables import Variables


class BinaryColours:
    """Logarithmic colour codes (``binary-edge``, ``shape``, ``acyclic``), built as arrays."""

    def __init__(self, vs: Variables):
        self.vs = vs
        n_labels = len(vs.board.labels)
        k = vs.code_bits = max(1, (n_labels - 1).bit_length()) if n_labels else 0
        vs.bits = vs.cell_array("bit", vs.grid.open_cells, k)
        vs.colour = self

    def add(self, out: Clauses, card: Cardinality) -> None:
        vs = self.vs
        board = vs.board
        k = vs.code_bits
        if not k:
            return
        bits = vs.bits
        out.extend("colour-endpoint", [
            [int(bit) if index >> i & 1 else -int(bit)]
            for index, label in enumerate(board.labels)
            for cell in board.endpoints[label]
            for i, bit in enumerate(bits[cell])
        ])
        edges = vs.grid.edges
        e = np.arange(1, len(edges) + 1, dtype=np.int64)
        for i in range(k):
            x, y = bits[edges[:, 0], i], bits[edges[:, 1], i]
            out.extend_array("colour-edge", np.column_stack([-e, -x, y]))
            out.extend_array("colour-edge", np.column_stack([-e, x, -y]))
        largest = len(board.labels) - 1
        if largest + 1 == 1 << k:
            return
        # forbid codes above `largest`: bit i set where largest has 0 while every higher bit
        # equals largest's, one clause per zero bit of `largest`
        plain_bits = bits[vs.grid.plain]
        for i in range(k):
            if largest >> i & 1:
                continue
            pattern = [(i, False)] + [(j, not largest >> j & 1) for j in range(i + 1, k)]
            out.extend_array("colour-range", np.column_stack(
                [plain_bits[:, j] if positive else -plain_bits[:, j] for j, positive in pattern]))

    def prepare(self, pairs: Sequence[Edge], out: Clauses) -> None:
        """Create the difference bits that ``same_colour_tails`` will use, in one block."""
        add_differ(self.vs, np.asarray(pairs, dtype=np.int64).reshape(-1, 2), out)

    def same_colour_tails(self, cells: Sequence[int]) -> list[list[int]]:
        tail: list[int] = []
        for a, b in zip(cells, cells[1:], strict=False):
            tail.extend(self.vs.differ(a, b))
        return [tail]


class OneHotColours:
    """One variable per (open cell, label) (``onehot-edge``)."""

    def __init__(self, vs: Variables):
        self.vs = vs
        self.n_labels = len(vs.board.labels)
        vs.onehot = vs.cell_block("colour", vs.board.open_cells(), self.n_labels)
        vs.colour = self

    def add(self, out: Clauses, card: Cardinality) -> None:
        vs = self.vs
        board = vs.board
        x = vs.onehot
        if not self.n_labels:
            return
        out.extend("colour-endpoint", [
            [x[cell][i] if i == index else -x[cell][i]]
            for index, label in enumerate(board.labels)
            for cell in board.endpoints[label]
            for i in range(self.n_labels)
        ])
        flat = "".join(board.rows)
        for cell, ch in enumerate(flat):
            if ch == EMPTY:
                card.exactly_one(x[cell], "colour-one")
        clauses: list[list[int]] = []
        add = clauses.append
        for (a, b), e in vs.edge_var.items():
            for p, q in zip(x[a], x[b], strict=True):
                add([-e, -p, q])
                add([-e, p, -q])
        out.extend("colour-edge", clauses)

    def prepare(self, pairs: Sequence[Edge], out: Clauses) -> None:
        """Nothing to prepare: a shared label is visible directly in the one-hot variables."""

    def same_colour_tails(self, cells: Sequence[int]) -> list[list[int]]:
        x = self.vs.onehot
        return [[-x[c][i] for c in cells] for i in range(self.n_labels)]
