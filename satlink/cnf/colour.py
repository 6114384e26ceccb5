"""Colour schemes: a path carries one label from end to end.

Two schemes share one small interface so the rule modules (``notouch``, ``no2x2``) are
written once and never ask which scheme they were given:

* :class:`BinaryColours`: each open cell holds a ``k = ceil(log2 L)``-bit code.  Endpoints
  are fixed to their label's index, an edge forces equal codes on its two cells, and codes
  past ``L - 1`` are forbidden.  ``k`` bits per cell instead of ``L``: hundreds of labels.
* :class:`OneHotColours`: one variable per (cell, label), exactly one per cell (in the
  cardinality encoding chosen), an edge forces equal colours label by label.  The baseline.

``same_colour_tails(groups, out)`` takes an (m, j) array of cell groups and returns clause
tails as arrays T (each (m, t)): for any literals P, the clauses ``P ∨ T[row]`` say "P holds,
or the cells of that group do not all carry the same colour".  Schemes are built by
:func:`make_colours`, which also adds their clauses, so a rule can only receive a finished
scheme.
"""

from __future__ import annotations

import numpy as np

from satlink.cnf.card import Cardinality
from satlink.cnf.clauses import Clauses
from satlink.cnf.differ import DifferBits
from satlink.cnf.variables import Variables

DIRECT_CODE_BITS = 2
"""Codes of at most this many bits (at most 4 labels) say "these two cells' codes differ"
(``notouch``) directly, one clause per possible code ("some bit of either cell differs from
it"), instead of through k difference variables per pair of cells.  Both forms let unit
propagation force the last free bit; the direct one has no fresh variable, and a SAT
solver's memory on huge boards is mostly per variable (watch lists, activity, reason,
trail), so on a huge board with few labels it halves the variables.  Longer codes, and the
4-cell blocks of ``no2x2`` (where difference bits are shared by neighbouring blocks), keep
the difference bits: the direct form measured slower there (``encodings/binary-edge.md``;
``benchmarks/code_bits.py``; the figures in ``benchmarks/README.md``)."""


class BinaryColours:
    """Logarithmic colour codes (``binary-edge``, ``shape``, ``acyclic``), built as arrays."""

    def __init__(self, vs: Variables, n_labels: int | None = None):
        """``n_labels``: codes for that many labels (default: the board's); a board without
        endpoints whose endpoints are assumptions (:mod:`satlink.cnf.switches`) names it."""
        self.vs = vs
        n_labels = len(vs.board.labels) if n_labels is None else n_labels
        self.n_labels = n_labels
        self.k = max(1, (n_labels - 1).bit_length()) if n_labels else 0
        self.bits = vs.cell_array("bit", vs.graph.open_cells, self.k)
        """(cells, k) bit variables, zero rows for solid cells."""
        self.differ = DifferBits(vs, self.bits)

    def add(self, out: Clauses, card: Cardinality) -> None:
        vs = self.vs
        board = vs.board
        k = self.k
        if not k:
            return
        bits = self.bits
        out.extend_array("colour-endpoint", endpoint_codes(board, bits, k))
        edges = vs.graph.edges
        e = vs.graph.edge_var
        for i in range(k):
            x, y = bits[edges[:, 0], i], bits[edges[:, 1], i]
            out.extend_array("colour-edge", np.column_stack([-e, -x, y]))
            out.extend_array("colour-edge", np.column_stack([-e, x, -y]))
        largest = self.n_labels - 1
        if largest + 1 == 1 << k:
            return
        # forbid codes above `largest`: bit i set where largest has 0 while every higher bit
        # equals largest's, one clause per zero bit of `largest`
        plain_bits = bits[vs.graph.plain]
        for i in range(k):
            if largest >> i & 1:
                continue
            pattern = [(i, False)] + [(j, not largest >> j & 1) for j in range(i + 1, k)]
            out.extend_array("colour-range", np.column_stack(
                [plain_bits[:, j] if positive else -plain_bits[:, j] for j, positive in pattern]))

    def same_colour_tails(self, groups: np.ndarray, out: Clauses) -> list[np.ndarray]:
        """Pairs of cells with codes of up to :data:`DIRECT_CODE_BITS` bits: one tail per
        possible code, "some bit of either cell differs from it".  Otherwise (longer codes,
        or the blocks of ``no2x2``, whose overlapping pairs share their bits): one tail, the
        difference bits of the group's consecutive cells (made as needed)."""
        if not self.k:
            return [np.zeros((len(groups), 0), dtype=np.int64)]
        m, j = groups.shape
        if self.k <= DIRECT_CODE_BITS and j == 2:
            bits = self.bits[groups].reshape(m, j * self.k)  # cell by cell, bit by bit
            # a bit differs from code bit 1 when it is false, from code bit 0 when it is true
            return [bits * np.tile([-1 if code >> i & 1 else 1 for i in range(self.k)], j)
                    for code in range(1 << self.k)]
        pairs = np.sort(np.stack([groups[:, :-1], groups[:, 1:]], axis=2), axis=2)  # (m, j-1, 2)
        rows = self.differ.rows(pairs.reshape(-1, 2), out)  # one block for all, as numbered before
        return [rows.reshape(m, (j - 1) * self.k)]


class OneHotColours:
    """One variable per (open cell, label) (``onehot-edge``)."""

    def __init__(self, vs: Variables):
        self.vs = vs
        self.n_labels = len(vs.board.labels)
        self.x = vs.cell_array("colour", vs.graph.open_cells, self.n_labels)
        """(cells, L) colour variables, zero rows for solid cells."""

    def add(self, out: Clauses, card: Cardinality) -> None:
        vs = self.vs
        board = vs.board
        x = self.x
        if not self.n_labels:
            return
        ends = np.array([board.endpoints[label] for label in board.labels], dtype=np.int64)
        rows = x[ends.ravel()]  # (2L, L): each endpoint's variables, its own label's positive
        own = np.repeat(np.arange(self.n_labels), 2)
        signs = -np.ones_like(rows)
        signs[np.arange(len(rows)), own] = 1
        out.extend_array("colour-endpoint", (rows * signs).reshape(-1, 1))
        for n, cell in enumerate(np.flatnonzero(vs.graph.plain).tolist()):
            if n % DEADLINE_EVERY == 0:
                out.check_deadline()  # L x L clauses a cell, pairwise: a long loop
            card.exactly_one([int(v) for v in x[cell]], "colour-one")
        edges = vs.graph.edges
        e = vs.graph.edge_var
        clauses = []
        for i in range(self.n_labels):  # an edge joins cells of one colour, label by label
            out.check_deadline()  # every edge, once per label
            p, q = x[edges[:, 0], i], x[edges[:, 1], i]
            clauses.append(np.column_stack([-e, -p, q]))
            clauses.append(np.column_stack([-e, p, -q]))
        if clauses:  # interleaved per edge, as the clauses were first written
            out.extend_array("colour-edge", np.stack(clauses, axis=1).reshape(-1, 3))

    def same_colour_tails(self, groups: np.ndarray, out: Clauses) -> list[np.ndarray]:
        """One tail per label: "some cell of the group does not carry it"."""
        return [-self.x[groups, i] for i in range(self.n_labels)]


Colours = BinaryColours | OneHotColours

DEADLINE_EVERY = 64
"""Cells between looks at the deadline while one-hot writes each cell's exactly-one."""


def endpoint_codes(board, bits: np.ndarray, k: int) -> np.ndarray:
    """Unit clauses fixing each endpoint's code to its label's index, label by label, endpoint
    by endpoint, bit by bit: one array (a list per clause took seconds with 100,000 labels)."""
    ends = np.array([board.endpoints[label] for label in board.labels], dtype=np.int64)
    if not len(ends):
        return np.zeros((0, 1), dtype=np.int64)
    codes = np.repeat(np.arange(len(ends)), 2)[:, None] >> np.arange(k)[None, :] & 1
    cell_bits = bits[ends.ravel()].astype(np.int64)  # (2L, k)
    return np.where(codes == 1, cell_bits, -cell_bits).reshape(-1, 1)


def make_colours(scheme: type, vs: Variables, out: Clauses, card: Cardinality) -> Colours:
    """Allocate a scheme's variables and add its clauses; the rules then take the result."""
    colours = scheme(vs)
    colours.add(out, card)
    return colours
