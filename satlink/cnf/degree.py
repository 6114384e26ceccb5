"""Degree constraints: the local shape of paths.

An endpoint has exactly one path edge.  Any other open cell has exactly two (``fill``) or
zero or two (no ``fill``).  Solid cells have no edge variables at all.  Degrees are at most
four on the square grid, so direct (pairwise/triple) clauses beat any auxiliary-variable
cardinality encoding for the path cells; the endpoints' exactly-one follows ``--card``.

Local degrees alone still admit *detached cycles*; :mod:`satlink.solve` removes them.
"""

from __future__ import annotations

from itertools import combinations

from satlink.board import EMPTY, SOLID
from satlink.cnf.card import Cardinality
from satlink.cnf.clauses import Clauses
from satlink.cnf.variables import Variables
from satlink.rules import Rules


def add_degree(vs: Variables, rules: Rules, out: Clauses, card: Cardinality) -> None:
    flat = "".join(vs.board.rows)
    clauses: list[list[int]] = []
    for cell, ch in enumerate(flat):
        if ch == SOLID:
            continue
        inc = vs.incident[cell]
        if ch != EMPTY:
            if card.method == "pairwise":
                clauses += _exactly_one(inc)
            else:
                card.exactly_one(inc, "degree")
        elif rules.fill:
            clauses += _exactly_two(inc)
        else:
            clauses += _zero_or_two(inc)
    out.extend("degree", clauses)


def _exactly_one(inc: list[int]) -> list[list[int]]:
    # an empty first clause (walled-in endpoint) makes the board unsatisfiable, as it should
    return [list(inc)] + [[-a, -b] for a, b in combinations(inc, 2)]


def _exactly_two(inc: list[int]) -> list[list[int]]:
    if len(inc) < 2:  # a dead end can never be filled
        return [list(inc)] + ([[-inc[0]]] if inc else [])
    return [[-a, -b, -c] for a, b, c in combinations(inc, 3)] + [
        [u for u in inc if u != v] for v in inc
    ]


def _zero_or_two(inc: list[int]) -> list[list[int]]:
    return [[-a, -b, -c] for a, b, c in combinations(inc, 3)] + [
        [-v] + [u for u in inc if u != v] for v in inc
    ]
