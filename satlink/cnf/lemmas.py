"""Redundant edge-level constraints on blocks (2x2 squares, hexagon triangles: see
:mod:`satlink.cnf.no2x2`) whose cycle edges all exist; each is implied by the rules it needs.
On a triangle the "U" is two of its three edges.

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
from satlink.cnf.no2x2 import block_edges
from satlink.cnf.variables import Variables


def _closed_blocks(vs: Variables) -> list[list[int]]:
    """Edge variables round every block whose cycle edges all exist (no wall cuts it)."""
    return [found for blk in vs.board.graph.open_blocks if (found := block_edges(vs, blk))]


def add_no_u_turn(vs: Variables, out: Clauses) -> None:
    out.extend("no-u-turn", [[-e for e in part] for ring in _closed_blocks(vs)
                             for part in combinations(ring, len(ring) - 1)])


def add_no_square_cycle(vs: Variables, out: Clauses) -> None:
    out.extend("2x2-cycle", [[-e for e in ring] for ring in _closed_blocks(vs)])
