"""Rule ``notouch``: a path never runs beside itself.

Two adjacent cells of one path must be consecutive on it.  Since each label is one path, this
is "two adjacent used cells with equal codes are joined by their edge":
``edge(a,b) or not used(a) or not used(b) or some bit differs``.
"""

from __future__ import annotations

from satlink.cnf.clauses import Clauses
from satlink.cnf.differ import add_differ
from satlink.cnf.usage import not_used
from satlink.cnf.variables import Variables


def add_notouch(vs: Variables, out: Clauses) -> None:
    label_at = vs.board.label_at
    edges = []
    for a, b in vs.edge_var:
        la, lb = label_at(a), label_at(b)
        if la is None or lb is None or la == lb:  # two different endpoints always differ
            edges.append((a, b))
    add_differ(vs, edges, out)
    ev = vs.edge_var
    out.extend("notouch", [[ev[e], *not_used(vs, *e), *vs.differ(*e)] for e in edges])
