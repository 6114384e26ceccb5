"""Rule ``notouch``: a path never runs beside itself.

Two adjacent cells of one path must be consecutive on it.  Since each label is one path, this
is "two adjacent used cells with equal codes are joined by their edge":
``edge(a,b) or not used(a) or not used(b) or some bit differs``.
"""

from __future__ import annotations

from satlink.cnf.clauses import Clauses
from satlink.cnf.differ import differ_bits
from satlink.cnf.usage import not_used
from satlink.cnf.variables import Variables


def add_notouch(vs: Variables, out: Clauses) -> None:
    for e, var in vs.edge_var.items():
        a, b = e
        la, lb = vs.board.label_at(a), vs.board.label_at(b)
        if la is not None and lb is not None and la != lb:
            continue  # two different endpoints: codes are fixed and differ
        out.add("notouch", [var, *not_used(vs, a, b), *differ_bits(vs, e, out)])
