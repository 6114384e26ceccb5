"""Degree constraints: the local shape of paths.

An endpoint has exactly one path edge.  Any other open cell has exactly two (``fill``) or
zero or two (no ``fill``).  Solid cells have no edge variables at all.  Degrees are at most
four on the square grid, so direct (pairwise/triple) clauses beat any auxiliary-variable
cardinality encoding for the path cells; the endpoints' exactly-one follows ``--card``.
Built as arrays, grouped by degree (see :mod:`satlink.cnf.rows`).

Local degrees alone still admit *detached cycles*; :mod:`satlink.solver.search` removes them.
"""

from __future__ import annotations

from itertools import combinations

import numpy as np

from satlink.cnf.card import Cardinality
from satlink.cnf.clauses import Clauses
from satlink.cnf.rows import compact_rows
from satlink.cnf.variables import Variables
from satlink.rules import Rules


def add_degree(vs: Variables, rules: Rules, out: Clauses, card: Cardinality) -> None:
    grid = vs.graph
    if card.method == "pairwise":
        for d, inc in compact_rows(grid.incident[grid.endpoint]).items():
            _exactly_one(inc, d, out)
    else:
        for cell in np.flatnonzero(grid.endpoint):
            card.exactly_one([int(v) for v in grid.incident[cell] if v], "degree")
    for d, inc in compact_rows(grid.incident[grid.plain]).items():
        if rules.fill:
            _exactly_two(inc, d, out)
        else:
            _zero_or_two(inc, d, out)


def _exactly_one(inc: np.ndarray, d: int, out: Clauses) -> None:
    # d = 0 gives one empty clause per walled-in endpoint: unsatisfiable, as it should be
    out.extend_array("degree", inc)
    for i, j in combinations(range(d), 2):
        out.extend_array("degree", -inc[:, [i, j]])


def _at_most_two(inc: np.ndarray, d: int, out: Clauses) -> None:
    for i, j, k in combinations(range(d), 3):
        out.extend_array("degree", -inc[:, [i, j, k]])


def _exactly_two(inc: np.ndarray, d: int, out: Clauses) -> None:
    if d < 2:  # a dead end can never be filled: (no edge) or (its one edge and not it)
        out.extend_array("degree", inc)
        if d == 1:
            out.extend_array("degree", -inc)
        return
    _at_most_two(inc, d, out)
    for v in range(d):  # any d - 1 of the edges include one of the two
        out.extend_array("degree", inc[:, [u for u in range(d) if u != v]])


def _zero_or_two(inc: np.ndarray, d: int, out: Clauses) -> None:
    _at_most_two(inc, d, out)
    for v in range(d):  # one edge implies a second
        others = [u for u in range(d) if u != v]
        out.extend_array("degree", np.hstack([-inc[:, [v]], inc[:, others]]))
