"""Rule ``notouch``: a path never runs beside itself.

Two cells of one path that are joined by an edge of the board graph must be consecutive on
it.  Since each label is one path, this is "two adjacent used cells with the same colour are
joined by their edge": ``edge(a,b) or not used(a) or not used(b) or the colours differ``
(one clause per graph edge with binary codes, one per edge and label with one-hot colours).
"Adjacent" means joined by a graph edge, so a wall, a hole or the far side of a bridge never
makes two cells touch, and a warp edge does.
"""

from __future__ import annotations

import numpy as np

from satlink.cnf.clauses import Clauses
from satlink.cnf.colour import Colours
from satlink.cnf.usage import Usage
from satlink.cnf.variables import Variables


def touching_candidates(vs: Variables) -> np.ndarray:
    """Edges (rows a, b) whose cells could carry one label (two different endpoints never
    do), with their edge variables as a third column."""
    graph = vs.graph
    edges = graph.edges
    var = graph.edge_var
    both = graph.endpoint[edges[:, 0]] & graph.endpoint[edges[:, 1]]
    label_at = vs.board.label_at
    same = np.array([label_at(int(a)) == label_at(int(b)) for a, b in edges[both]], dtype=bool)
    keep = ~both
    keep[np.flatnonzero(both)[same]] = True
    return np.column_stack([edges[keep], var[keep]])


def add_notouch(vs: Variables, colours: Colours, usage: Usage, out: Clauses) -> None:
    candidates = touching_candidates(vs)
    pairs, joined = candidates[:, :2], candidates[:, 2:3]
    tails = colours.same_colour_tails(pairs, out)
    for rows, not_used in usage.not_used_columns(pairs):
        for tail in tails:
            out.extend_array("notouch", np.hstack([joined[rows], not_used, tail[rows]]))
