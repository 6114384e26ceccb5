"""Binary colour codes: a path carries one label from end to end.

Each open cell holds a ``k = ceil(log2 L)``-bit code.  Endpoints are fixed to their label's
index, an edge forces equal codes on its two cells, and codes past ``L - 1`` are forbidden.
This scales to hundreds of labels with ``k`` bits per cell instead of ``L``.
"""

from __future__ import annotations

from satlink.board import EMPTY
from satlink.cnf.clauses import Clauses
from satlink.cnf.variables import Variables


def add_colour(vs: Variables, out: Clauses) -> None:
    board = vs.board
    k = vs.code_bits
    if not k:
        return
    bits = vs.bits
    out.extend("colour-endpoint", [
        [bit if index >> i & 1 else -bit]
        for index, label in enumerate(board.labels)
        for cell in board.endpoints[label]
        for i, bit in enumerate(bits[cell])
    ])
    clauses: list[list[int]] = []
    add = clauses.append
    for (a, b), e in vs.edge_var.items():
        for x, y in zip(bits[a], bits[b], strict=True):
            add([-e, -x, y])
            add([-e, x, -y])
    out.extend("colour-edge", clauses)
    largest = len(board.labels) - 1
    if largest + 1 == 1 << k:
        return
    # forbid codes above `largest`: bit i set where largest has 0 while every higher bit
    # equals largest's, one clause per zero bit of `largest`
    patterns = []
    for i in range(k):
        if not largest >> i & 1:
            patterns.append([(i, False)] + [(j, not largest >> j & 1) for j in range(i + 1, k)])
    flat = "".join(board.rows)
    out.extend("colour-range", [
        [bits[cell][j] if positive else -bits[cell][j] for j, positive in pattern]
        for cell, ch in enumerate(flat) if ch == EMPTY
        for pattern in patterns
    ])
