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

from satlink.board import EMPTY
from satlink.cnf.clauses import Clauses
from satlink.cnf.variables import Variables
from satlink.rules import Rules


def rank_bits(n_open: int) -> int:
    """Bits for ranks ``0 .. n_open - 1``."""
    return max(1, (n_open - 1).bit_length())


def add_acyclic(vs: Variables, rules: Rules, out: Clauses) -> None:
    board = vs.board
    edges = list(vs.edge_var.items())
    first_arc = vs.named_block("arc", [n for (a, b), _ in edges for n in ((a, b), (b, a))])
    arc: dict[tuple[int, int], int] = {}
    clauses: list[list[int]] = []
    for i, ((a, b), e) in enumerate(edges):
        ab, ba = first_arc + 2 * i, first_arc + 2 * i + 1
        arc[(a, b)], arc[(b, a)] = ab, ba
        clauses += [[-e, ab, ba], [-ab, e], [-ba, e], [-ab, -ba]]
    out.extend("arc-edge", clauses)

    sources = {pair[0] for pair in board.endpoints.values()}
    sinks = {pair[1] for pair in board.endpoints.values()}
    entering: list[list[int]] = [[] for _ in range(board.size)]
    for (_, b), v in arc.items():
        entering[b].append(v)
    out.extend("arc-endpoint",
               [[-arc[(n, s)]] for s in sources for n in board.neighbors(s)]
               + [[-arc[(t, n)]] for t in sinks for n in board.neighbors(t)])
    flat = "".join(board.rows)
    plain = [c for c, ch in enumerate(flat) if ch == EMPTY]
    out.extend("arc-enter", [
        ([-vs.used(c)] if vs.used(c) else []) + entering[c] for c in plain
    ])

    opened = board.open_cells()
    r = rank_bits(len(opened))
    rank = vs.cell_block("rank", opened, r)
    out.extend("rank-source", [[-bit] for s in sources for bit in rank[s]])
    # carry[c][i] = "bits 0..i-1 of rank(c) are all one" for i >= 2 (carry 1 is bit 0 itself)
    carry_cells = [c for c in opened if c not in sinks]
    carry_vars = vs.cell_block("carry", carry_cells, max(0, r - 2)) if r > 2 else None
    carry_clauses: list[list[int]] = []
    carry: dict[int, list[int]] = {}
    for c in carry_cells:
        bits = rank[c]
        chain = [0, bits[0]] if r > 1 else [0]  # chain[i]: literal for carry into bit i
        for i in range(2, r):
            t = carry_vars[c][i - 2]
            prev, bit = chain[i - 1], bits[i - 1]
            carry_clauses += [[-t, prev], [-t, bit], [t, -prev, -bit]]
            chain.append(t)
        carry[c] = chain
    out.extend("rank-carry", carry_clauses)

    inc: list[list[int]] = []
    add = inc.append
    for (a, b), o in arc.items():
        if b in sources or a in sinks:
            continue  # these arcs are false
        ra, rb, chain = rank[a], rank[b], carry[a]
        add([-o, rb[0], ra[0]])
        add([-o, -rb[0], -ra[0]])
        for i in range(1, r):
            x, y, t = ra[i], rb[i], chain[i]
            add([-o, -y, x, t])
            add([-o, -y, -x, -t])
            add([-o, y, -x, t])
            add([-o, y, x, -t])
        add([-o, -ra[r - 1]] if r == 1 else [-o, -chain[r - 1], -ra[r - 1]])  # no overflow
    out.extend("rank-step", inc)
