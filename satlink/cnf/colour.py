"""Binary colour codes: a path carries one label from end to end.

Each open cell holds a ``k = ceil(log2 L)``-bit code.  Endpoints are fixed to their label's
index, an edge forces equal codes on its two cells, and codes past ``L - 1`` are forbidden.
This scales to hundreds of labels with ``k`` bits per cell instead of ``L``.
"""

from __future__ import annotations

from satlink.cnf.clauses import Clauses
from satlink.cnf.variables import Variables


def add_colour(vs: Variables, out: Clauses) -> None:
    board = vs.board
    k = vs.code_bits
    if not k:
        return
    for index, label in enumerate(board.labels):
        for cell in board.endpoints[label]:
            for i, bit in enumerate(vs.bits[cell]):
                out.add("colour-endpoint", [bit if index >> i & 1 else -bit])
    for (a, b), e in vs.edge_var.items():
        for x, y in zip(vs.bits[a], vs.bits[b], strict=True):
            out.add("colour-edge", [-e, -x, y])
            out.add("colour-edge", [-e, x, -y])
    largest = len(board.labels) - 1
    if largest + 1 == 1 << k:
        return
    for cell in range(board.size):
        if board.is_solid(cell) or board.label_at(cell) is not None:
            continue
        bits = vs.bits[cell]
        for i in range(k):
            if largest >> i & 1:
                continue
            # forbid: bit i set while every higher bit equals the largest code's bit
            clause = [-bits[i]]
            for j in range(i + 1, k):
                clause.append(-bits[j] if largest >> j & 1 else bits[j])
            out.add("colour-range", clause)
