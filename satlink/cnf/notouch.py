"""Rule ``notouch``: a path never runs beside itself.

Two adjacent cells of one path must be consecutive on it.  Since each label is one path, this
is "two adjacent used cells with the same colour are joined by their edge":
``edge(a,b) or not used(a) or not used(b) or the colours differ`` (one clause with binary
codes, one per label with one-hot colours).
"""

from __future__ import annotations

from satlink.cnf.clauses import Clauses
from satlink.cnf.usage import not_used
from satlink.cnf.variables import Variables


def touching_candidates(vs: Variables) -> list[tuple[int, int]]:
    """Edges whose cells could carry one label (two different endpoints never do)."""
    label_at = vs.board.label_at
    edges = []
    for a, b in vs.edge_var:
        la, lb = label_at(a), label_at(b)
        if la is None or lb is None or la == lb:
            edges.append((a, b))
    return edges


def add_notouch(vs: Variables, out: Clauses) -> None:
    edges = touching_candidates(vs)
    colour = vs.colour
    colour.prepare(edges, out)
    ev = vs.edge_var
    out.extend("notouch", [
        [ev[e], *not_used(vs, *e), *tail]
        for e in edges
        for tail in colour.same_colour_tails(e)
    ])
