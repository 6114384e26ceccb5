"""Eager acyclicity: orientation arcs and binary ranks, so a model never has a detached cycle.

Each used edge is oriented (two arc variables, exactly one true on a used edge, none on an
unused one).  Each label's first endpoint is its *source* (no arc enters it, rank 0), the
second its *sink* (no arc leaves it).  Every used plain cell has at least one entering arc,
and an arc ``a → b`` forces ``rank(b) = rank(a) + 1`` with ``R = ceil(log2 open cells)``
bits, never overflowing.

Why this excludes detached cycles: a component without endpoints is a cycle of n plain cells
and n edges; each edge gives one entering arc, each cell needs one, so the cycle is directed
and the ranks would increase all the way round, which is impossible.  Why it keeps every
solution: orient each path from source to sink and number its cells 0, 1, 2, ... (a path has
at most ``open cells`` cells, so the ranks fit).  The same counting shows each path's
orientation and ranks are then unique, so models and solutions differ only in the free
auxiliaries of other families (colour codes of empty cells, difference bits); the DIMACS
export projects onto the edge variables.
"""

from __future__ import annotations

import numpy as np

from satlink.cnf.clauses import Clauses
from satlink.cnf.rows import compact_rows
from satlink.cnf.usage import Usage
from satlink.cnf.variables import Variables
from satlink.graph import edge_of_variable


def rank_bits(n_open: int) -> int:
    """Bits for ranks ``0 .. n_open - 1``."""
    return max(1, (n_open - 1).bit_length())


def add_acyclic(vs: Variables, usage: Usage, out: Clauses) -> None:
    grid = vs.graph
    board = vs.board
    edges = grid.edges
    n_edges = len(edges)
    e = grid.edge_var
    first_arc = vs.named_block("arc", [n for a, b in edges.tolist() for n in ((a, b), (b, a))])
    forward = first_arc + 2 * np.arange(n_edges, dtype=np.int64)  # a -> b (a < b)
    backward = forward + 1  # b -> a
    out.extend_array("arc-edge", np.column_stack([-e, forward, backward]))
    out.extend_array("arc-edge", np.column_stack([-forward, e]))
    out.extend_array("arc-edge", np.column_stack([-backward, e]))
    out.extend_array("arc-edge", np.column_stack([-forward, -backward]))

    # arcs leaving / entering each cell, per direction (0 where there is no edge)
    index = edge_of_variable(grid.incident)
    has = grid.incident != 0
    lower = np.zeros_like(has)  # is this cell the smaller end of that edge?
    lower[has] = edges[index[has], 0] == np.nonzero(has)[0]
    leaving = np.zeros_like(index)
    entering = np.zeros_like(index)
    at = index[has]
    leaving[has] = np.where(lower[has], forward[at], backward[at])
    entering[has] = np.where(lower[has], backward[at], forward[at])

    sources = np.array([pair[0] for pair in board.endpoints.values()], dtype=np.int64)
    sinks = np.array([pair[1] for pair in board.endpoints.values()], dtype=np.int64)
    into_sources, out_of_sinks = entering[sources], leaving[sinks]
    out.extend_array("arc-endpoint", -into_sources[into_sources != 0].reshape(-1, 1))
    out.extend_array("arc-endpoint", -out_of_sinks[out_of_sinks != 0].reshape(-1, 1))

    plain = np.flatnonzero(grid.plain)
    used = usage.var[plain]
    for arcs in _grouped(entering[plain], -used if used.any() else None).values():
        out.extend_array("arc-enter", arcs)

    opened = grid.open_cells
    r = rank_bits(len(opened))
    rank = vs.cell_array("rank", opened, r)
    out.extend_array("rank-source", -rank[sources].reshape(-1, 1))
    # carry[c, i] = "bits 0..i-1 of rank(c) are all one"; column 0 is unused (the carry into
    # bit 0 is always one), column 1 is bit 0 itself, columns 2.. are variables
    not_sink = np.ones(board.n_nodes, dtype=bool)
    not_sink[sinks] = False
    carry_cells = opened[not_sink[opened]]
    carry = np.zeros((board.n_nodes, r), dtype=np.int64)
    if r > 1:
        carry[:, 1] = rank[:, 0]
    if r > 2:
        carry[:, 2:] = vs.cell_array("carry", carry_cells, r - 2)
        c = carry_cells
        for i in range(2, r):
            t, prev, bit = carry[c, i], carry[c, i - 1], rank[c, i - 1]
            out.extend_array("rank-carry", np.column_stack([-t, prev]))
            out.extend_array("rank-carry", np.column_stack([-t, bit]))
            out.extend_array("rank-carry", np.column_stack([t, -prev, -bit]))

    # every arc that may be true: not into a source, not out of a sink
    tails = np.concatenate([edges[:, 0], edges[:, 1]])
    heads = np.concatenate([edges[:, 1], edges[:, 0]])
    arcs = np.concatenate([forward, backward])
    keep = not_sink[tails] & ~np.isin(heads, sources)
    o, ra, rb, ca = arcs[keep], rank[tails[keep]], rank[heads[keep]], carry[tails[keep]]
    out.extend_array("rank-step", np.column_stack([-o, rb[:, 0], ra[:, 0]]))
    out.extend_array("rank-step", np.column_stack([-o, -rb[:, 0], -ra[:, 0]]))
    for i in range(1, r):
        x, y, t = ra[:, i], rb[:, i], ca[:, i]
        out.extend_array("rank-step", np.column_stack([-o, -y, x, t]))
        out.extend_array("rank-step", np.column_stack([-o, -y, -x, -t]))
        out.extend_array("rank-step", np.column_stack([-o, y, -x, t]))
        out.extend_array("rank-step", np.column_stack([-o, y, x, -t]))
    last = ra[:, r - 1]
    overflow = [-o, -last] if r == 1 else [-o, -ca[:, r - 1], -last]
    out.extend_array("rank-step", np.column_stack(overflow))  # no step past the top rank


def _grouped(arcs: np.ndarray, prefix: np.ndarray | None) -> dict[int, np.ndarray]:
    """Rows of entering arcs grouped by count, each led by ``prefix`` (¬used) if given."""
    groups = {}
    if prefix is None:
        return compact_rows(arcs)
    for d in range(arcs.shape[1] + 1):
        rows = (arcs != 0).sum(axis=1) == d
        if rows.any():
            packed = compact_rows(arcs[rows])[d]
            groups[d] = np.hstack([prefix[rows, None], packed])
    return groups
