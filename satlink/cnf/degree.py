"""Degree constraints: the local shape of paths.

An endpoint has exactly one path edge.  Any other open cell has exactly two (``fill``) or
zero or two (no ``fill``).  Solid cells have no edge variables at all.  Degrees are at most
four on the square grid, so direct (pairwise/triple) clauses beat any auxiliary-variable
cardinality encoding here.

Local degrees alone still admit *detached cycles*; :mod:`satlink.solve` removes them.
"""

from __future__ import annotations

from itertools import combinations

from satlink.cnf.clauses import Clauses
from satlink.cnf.variables import Variables
from satlink.rules import Rules


def add_degree(vs: Variables, rules: Rules, out: Clauses) -> None:
    board = vs.board
    for cell in range(board.size):
        if board.is_solid(cell):
            continue
        inc = vs.incident[cell]
        if board.label_at(cell) is not None:
            _exactly_one(inc, out)
        elif rules.fill:
            _exactly_two(inc, out)
        else:
            _zero_or_two(inc, out)


def _exactly_one(inc: list[int], out: Clauses) -> None:
    out.add("degree", list(inc))  # empty when the endpoint is walled in: unsatisfiable
    for a, b in combinations(inc, 2):
        out.add("degree", [-a, -b])


def _exactly_two(inc: list[int], out: Clauses) -> None:
    if len(inc) < 2:
        out.add("degree", list(inc))  # a dead end can never be filled
        if inc:
            out.add("degree", [-inc[0]])
        return
    for trio in combinations(inc, 3):
        out.add("degree", [-v for v in trio])
    for v in inc:
        out.add("degree", [u for u in inc if u != v])


def _zero_or_two(inc: list[int], out: Clauses) -> None:
    for trio in combinations(inc, 3):
        out.add("degree", [-v for v in trio])
    for v in inc:
        out.add("degree", [-v] + [u for u in inc if u != v])
