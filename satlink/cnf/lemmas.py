"""Redundant edge-level constraints on 2x2 blocks; each is implied by the rules it needs.

* ``no-u-turn`` (sound under ``notouch`` or ``no2x2``): three edges of one 2x2 block join its
  four cells into one path.  Under ``no2x2`` that is forbidden outright; under ``notouch`` the
  two ends of the U are adjacent cells of one path that are not consecutive on it (were they
  joined too, the four edges would close a cycle with no endpoint).
* ``2x2-cycle`` (sound under every profile): the four edges of one block form a cycle that no
  endpoint can be on (an endpoint has degree one), i.e. the smallest detached cycle.  Saves
  the lazy loop its most common cut.
"""

from __future__ import annotations

from itertools import combinations

from satlink.cnf.clauses import Clauses
from satlink.cnf.no2x2 import blocks_2x2
from satlink.cnf.variables import Variables


def _block_edges(vs: Variables) -> list[list[int]]:
    ev = vs.edge_var
    out = []
    for blk in blocks_2x2(vs):
        pairs = [(p, q) if p < q else (q, p) for p, q in zip(blk, blk[1:] + blk[:1], strict=True)]
        found = [ev.get(pair) for pair in pairs]
        if None not in found:
            out.append(found)
    return out


def add_no_u_turn(vs: Variables, out: Clauses) -> None:
    out.extend("no-u-turn", [[-a, -b, -c] for four in _block_edges(vs)
                             for a, b, c in combinations(four, 3)])


def add_no_square_cycle(vs: Variables, out: Clauses) -> None:
    out.extend("2x2-cycle", [[-e for e in four] for four in _block_edges(vs)])
