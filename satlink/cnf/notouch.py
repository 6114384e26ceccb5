"""Rule ``notouch``: a path never runs beside itself.

Two adjacent cells of one path must be consecutive on it.  Since each label is one path, this
is "two adjacent used cells with the same colour are joined by their edge":
``edge(a,b) or not used(a) or not used(b) or the colours differ`` (one clause with binary
codes, built as arrays; one per label with one-hot colours).
"""

from __future__ import annotations

import numpy as np

from satlink.cnf.clauses import Clauses
from satlink.cnf.colour import BinaryColours
from satlink.cnf.differ import add_differ
from satlink.cnf.usage import not_used
from satlink.cnf.variables import Variables


def touching_candidates(vs: Variables) -> np.ndarray:
    """Edges (rows a, b) whose cells could carry one label (two different endpoints never
    do), with their edge variables as a third column."""
    grid = vs.grid
    edges = grid.edges
    var = np.arange(1, len(edges) + 1, dtype=np.int64)
    both = grid.endpoint[edges[:, 0]] & grid.endpoint[edges[:, 1]]
    label_at = vs.board.label_at
    same = np.array([label_at(int(a)) == label_at(int(b)) for a, b in edges[both]], dtype=bool)
    keep = ~both
    keep[np.flatnonzero(both)[same]] = True
    return np.column_stack([edges[keep], var[keep]])


def add_notouch(vs: Variables, out: Clauses) -> None:
    candidates = touching_candidates(vs)
    if isinstance(vs.colour, BinaryColours):
        _binary(vs, candidates, out)
        return
    colour = vs.colour
    pairs = [(int(a), int(b)) for a, b, _ in candidates]
    colour.prepare(pairs, out)
    out.extend("notouch", [
        [int(e), *not_used(vs, a, b), *tail]
        for (a, b), e in zip(pairs, candidates[:, 2].tolist(), strict=True)
        for tail in colour.same_colour_tails((a, b))
    ])


def _binary(vs: Variables, candidates: np.ndarray, out: Clauses) -> None:
    ds = add_differ(vs, candidates[:, :2], out)
    used = vs.used_array
    if used is None:  # fill: every cell is used
        out.extend_array("notouch", np.column_stack([candidates[:, 2], ds]))
        return
    ua, ub = used[candidates[:, 0]], used[candidates[:, 1]]
    for has_a in (False, True):  # group rows by which cells have a used variable
        for has_b in (False, True):
            rows = ((ua != 0) == has_a) & ((ub != 0) == has_b)
            columns = [candidates[rows, 2:3]]
            if has_a:
                columns.append(-ua[rows, None])
            if has_b:
                columns.append(-ub[rows, None])
            out.extend_array("notouch", np.hstack(columns + [ds[rows]]))
