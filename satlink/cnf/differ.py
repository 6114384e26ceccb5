"""Difference bits: ``d[i]`` true only if two adjacent cells' codes differ at bit ``i``.

Only the direction "d -> differ" is encoded: the rules that use these variables
(``notouch``, ``no2x2``) use them positively, to claim that two cells carry other labels.
"""

from __future__ import annotations

from collections.abc import Sequence

from satlink.board import Edge
from satlink.cnf.clauses import Clauses
from satlink.cnf.variables import Variables


def add_differ(vs: Variables, edges: Sequence[Edge], out: Clauses) -> None:
    """Create the difference bits of every edge in ``edges`` that does not have them yet."""
    k = vs.code_bits
    missing = [e for e in dict.fromkeys(edges) if vs.differ(*e) is None]
    if not missing or not k:
        for e in missing:
            vs.set_differ(e, [])
        return
    first = vs.fresh_block(k * len(missing), "differ")
    bits = vs.bits
    clauses: list[list[int]] = []
    add = clauses.append
    for j, (a, b) in enumerate(missing):
        ds = list(range(first + j * k, first + (j + 1) * k))
        vs.set_differ((a, b), ds)
        for d, x, y in zip(ds, bits[a], bits[b], strict=True):
            add([-d, x, y])
            add([-d, -x, -y])
    out.extend("differ", clauses)
