"""Difference bits: ``d[i]`` true only if two adjacent cells' codes differ at bit ``i``.

Only the direction "d -> differ" is encoded: the rules that use these variables
(``notouch``, ``no2x2``) use them positively, to claim that two cells carry other labels.
"""

from __future__ import annotations

from satlink.board import Edge
from satlink.cnf.clauses import Clauses
from satlink.cnf.variables import Variables


def differ_bits(vs: Variables, e: Edge, out: Clauses) -> list[int]:
    existing = vs.differ(*e)
    if existing is not None:
        return existing
    a, b = e
    ds = []
    for i, (x, y) in enumerate(zip(vs.bits[a], vs.bits[b], strict=True)):
        d = vs.fresh("differ", a, b, i)
        out.add("differ", [-d, x, y])
        out.add("differ", [-d, -x, -y])
        ds.append(d)
    vs.set_differ(e, ds)
    return ds
