"""One CNF for every way of painting holes on a board: each plain cell's hole is a switch.

The studio re-checks a board after every edit, and painting or erasing a hole is the edit a
designer makes most.  Such an edit keeps the endpoints, the geometry and the profile; only
which cells are solid changes.  This module writes the CNF of the board with every hole
opened (the *skeleton*) in which each plain cell's usage variable ``used(c)`` says whether
the cell is open: assume it true and the cell is an ordinary cell of a ``fill`` profile,
assume it false and the cell is a hole.  One incremental solver can then answer every edit
of the holes with assumptions (:mod:`satlink.solver.session`), keeping what it learnt, since
a learnt clause is implied by these clauses alone and so holds under any assumptions.

Why each family stays sound under every switch setting, against the ``binary-edge`` CNF of
the board with those holes (:mod:`satlink.cnf.builders`):

* ``used``: an edge implies that both its cells are used (:func:`satlink.cnf.usage.add_usage`),
  so a switched-off cell has no edge, as a hole has none.
* ``degree``: endpoints exactly one edge, plain cells at most two, as before; a plain cell's
  "at least two" clauses hold only if it is used (``not used(c)`` added to each).
* colours: an edge joins equal codes, endpoints carry their own; a hole has no edges, and
  its code is free within the codes in use, which constrains nothing else.
* ``notouch`` / ``no2x2`` take the usage value as they do without ``fill``: two touching
  cells must be joined or differ in colour only if both are used.
* lemmas: ``corner`` gets ``not used(D)`` (its proof puts D on a path, which needs D open);
  ``no-u-turn`` and ``2x2-cycle`` speak of edges only, which a hole's edges being off satisfies.

Only ``fill`` profiles are written this way: without ``fill`` a cell may already stay empty,
and its usage variable is not a switch.
"""

from __future__ import annotations

import numpy as np

from satlink.board import Board
from satlink.cnf.card import Cardinality
from satlink.cnf.clauses import Clauses
from satlink.cnf.colour import BinaryColours, make_colours
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


def skeleton(board: Board) -> Board:
    """The board with every hole opened: the one CNF that covers all its hole paintings."""
    if board.solid_count == 0:
        return board
    return board.with_rows(row.replace(SOLID, EMPTY) for row in board.rows)


def add_switched_degree(vs: Variables, usage: Usage, out: Clauses) -> None:
    """Endpoints: exactly one edge.  Plain cells: at most two, and at least two if used."""
    grid = vs.graph
    for d, inc in compact_rows(grid.incident[grid.endpoint]).items():
        out.extend_array("degree", inc)
        for i in range(d):
            for j in range(i + 1, d):
                out.extend_array("degree", -inc[:, [i, j]])
    plain = np.flatnonzero(grid.plain)
    for d, inc in compact_rows(grid.incident[plain]).items():
        off = -usage.var[plain[(grid.incident[plain] != 0).sum(axis=1) == d]][:, None]
        for i in range(d):
            for j in range(i + 1, d):
                for k in range(j + 1, d):
                    out.extend_array("degree", -inc[:, [i, j, k]])
        if d < 2:  # a dead end can only be a hole
            out.extend_array("degree", off)
            continue
        for v in range(d):  # any d - 1 of the edges include one of the two
            out.extend_array("degree", np.hstack([off, inc[:, [u for u in range(d) if u != v]]]))


def encode_switched(board: Board, rules: Rules, lemmas: tuple[str, ...]) -> tuple[Encoding, Usage]:
    """The switched CNF of ``skeleton(board)`` under a ``fill`` profile, with ``lemmas`` (names
    sound for ``rules``), and its usage variables: ``usage.var[c]`` is cell c's switch."""
    if not rules.fill:
        raise ValueError("hole switches are written for fill profiles only")
    board = skeleton(board)
    vs = Variables(board)
    out = Clauses()
    usage = add_usage(vs, out)
    add_switched_degree(vs, usage, out)
    colours = make_colours(BinaryColours, vs, out, Cardinality("pairwise", vs, out))
    if rules.notouch:
        add_notouch(vs, colours, usage, out)
    if rules.no2x2:
        add_no2x2(vs, colours, usage, out, notouch=rules.notouch)
    for name in lemmas:
        if name == "corner":
            add_corner_lemma(vs, out, usage)
        else:
            LEMMA_RULES[name].add(vs, out)
    return Encoding(board, rules, vs, out, lemmas, ENCODING_KINDS["binary-edge"], "pairwise"), usage
