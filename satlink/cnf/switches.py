"""One CNF for every board of one size, geometry and number of labels: each cell's holes
and endpoints are switches.

The studio re-checks a board after every edit, and most edits paint or erase a hole or move
an endpoint: the geometry, the profile and the number of labels stay.  This module writes
the CNF of the *blank* board (no holes, no endpoints) with three switches per cell, set by
assumptions for each board (:mod:`satlink.solver.session`):

* ``used(c)``: true for an open cell, false for a hole (the usage variable of
  :func:`satlink.cnf.usage.add_usage`: an edge implies both its cells used);
* ``end(c)``: true for an endpoint;
* the colour bits of an endpoint: its label's code.

One incremental solver then answers every such board, keeping what it learnt, since a
learnt clause is implied by these clauses alone and so holds under any assumptions.

Why each family says what the ``binary-edge`` CNF of the board itself says
(:mod:`satlink.cnf.builders`) once the switches are set:

* ``degree``: at most two edges anywhere; at least one if used; at least two if used and not
  an endpoint; at most one if an endpoint; an endpoint is used.  A hole, not used, has no
  edge; an endpoint exactly one; an open plain cell exactly two (``fill``).
* colours: an edge joins equal codes; codes past the last label are forbidden; an
  endpoint's code is assumed, where the board's CNF has it as unit clauses.
* ``notouch`` / ``no2x2`` take the usage value as they do without ``fill``: touching cells
  must be joined or differ in colour only if both are used.  (The board's CNF leaves out
  pairs of endpoints of two labels, whose codes differ anyway.)
* lemmas: ``corner`` gets "D is a hole or an endpoint" (its proof puts a plain D on a
  path); ``no-u-turn`` and ``2x2-cycle`` speak of edges only and hold on every board.

Only ``fill`` profiles are written this way: without ``fill`` a cell may already stay empty,
and its usage variable is not a switch.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations

import numpy as np

from satlink.board import Board
from satlink.cnf.card import Cardinality
from satlink.cnf.clauses import Clauses
from satlink.cnf.colour import BinaryColours
from satlink.cnf.corner import add_corner_lemma
from satlink.cnf.encoding import Encoding
from satlink.cnf.kinds import ENCODING_KINDS, LEMMA_RULES
from satlink.cnf.no2x2 import add_no2x2
from satlink.cnf.notouch import add_notouch
from satlink.cnf.rows import compact_rows
from satlink.cnf.usage import Usage, add_usage
from satlink.cnf.variables import Variables
from satlink.graph import EMPTY, SOLID
from satlink.rules import Rules


def blank(board: Board) -> Board:
    """The board with every hole opened and every endpoint taken away: the one CNF that
    covers every board of its size, geometry and number of labels."""
    return board.with_rows(EMPTY * len(row) for row in board.rows)


@dataclass(frozen=True)
class Switches:
    """The switch variables of each node: ``used`` and ``end`` (one per node), ``bits``
    (each node's colour code, (nodes, k))."""

    used: np.ndarray
    end: np.ndarray
    bits: np.ndarray

    def assumptions(self, board: Board) -> list[int]:
        """The literals that make the blank CNF ``board``'s: its holes off, its endpoints on
        with their labels' codes, every other cell open and plain."""
        kinds = board.graph.kinds
        code = {label: index for index, label in enumerate(board.labels)}
        out = []
        for node, (used, end) in enumerate(zip(self.used.tolist(), self.end.tolist(),
                                               strict=True)):
            kind = kinds[node]
            if kind == SOLID:
                out += [-used, -end]
            elif kind == EMPTY:
                out += [used, -end]
            else:
                out += [used, end]
                index = code[kind]
                out += [bit if index >> i & 1 else -bit
                        for i, bit in enumerate(self.bits[node].tolist())]
        return out


def add_switched_degree(vs: Variables, used: np.ndarray, end: np.ndarray, out: Clauses) -> None:
    """At most two edges; at least one if used, two if used and not an endpoint; at most one
    if an endpoint; an endpoint is used."""
    grid = vs.graph
    nodes = np.arange(grid.n_nodes)
    counts = (grid.incident != 0).sum(axis=1)
    out.extend_array("degree", np.column_stack([-end, used]))
    for d, inc in compact_rows(grid.incident).items():
        these = nodes[counts == d]
        off, ends = -used[these][:, None], end[these][:, None]
        for trio in combinations(range(d), 3):
            out.extend_array("degree", -inc[:, list(trio)])
        out.extend_array("degree", np.hstack([off, inc]))
        if d < 2:  # a dead end can only be a hole or an endpoint
            out.extend_array("degree", np.hstack([off, ends]))
        else:
            for v in range(d):  # any d - 1 of the edges include one of the two
                out.extend_array("degree", np.hstack([off, ends, inc[:, [u for u in range(d)
                                                                         if u != v]]]))
        for pair in combinations(range(d), 2):
            out.extend_array("degree", np.hstack([-ends, -inc[:, list(pair)]]))


def encode_switched(board: Board, rules: Rules,
                    lemmas: tuple[str, ...]) -> tuple[Encoding, Switches]:
    """The switched CNF of ``blank(board)`` under a ``fill`` profile, with codes for
    ``board``'s number of labels and ``lemmas`` (names sound for ``rules``)."""
    if not rules.fill:
        raise ValueError("switches are written for fill profiles only")
    n_labels = len(board.labels)
    board = blank(board)
    vs = Variables(board)
    out = Clauses()
    usage: Usage = add_usage(vs, out)
    used = usage.var
    end = vs.cell_array("end", np.arange(board.n_nodes), 1)[:, 0]
    add_switched_degree(vs, used, end, out)
    colours = BinaryColours(vs, n_labels)
    colours.add(out, Cardinality("pairwise", vs, out))
    if rules.notouch:
        add_notouch(vs, colours, usage, out)
    if rules.no2x2:
        add_no2x2(vs, colours, usage, out, notouch=rules.notouch)
    for name in lemmas:
        if name == "corner":
            add_corner_lemma(vs, out, np.column_stack([-used, end]))
        else:
            LEMMA_RULES[name].add(vs, out)
    encoding = Encoding(board, rules, vs, out, lemmas, ENCODING_KINDS["binary-edge"], "pairwise")
    return encoding, Switches(used, end, colours.bits)
