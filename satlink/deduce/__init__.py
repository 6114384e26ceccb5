"""Propagation over candidate edges and colours: the deductions a person makes on a board.

The state of a partly solved board is, for every edge of the board graph, whether the
solution uses it (``ON``), does not (``OFF``) or is not known yet, and for every node the
colours (labels) it may still carry.  Nodes joined by ``ON`` edges form *chains*: pieces of
one path, whose colour is the set its nodes share; a chain's two *ends* are where it may
still grow.  Every rule below is a sound consequence of the rule profile, stated on the graph,
so it holds for every geometry (square, hexagonal, warps, walls, bridges) and a contradiction
proves that the state (or the hypothesis that made it) admits no solution.

Without ``fill`` a node may stay empty: its colour set then holds the extra bit ``U``
(unused), and a node whose set is only ``U`` has every edge off.

The rules, grouped by the technique a person would name (see :mod:`satlink.grading`):

* ``forced``: an endpoint uses one edge and any other node two (none if empty): a node with
  exactly as many ways left as it needs takes them all, a satisfied node closes the others;
  an edge that would join two colours or close a loop is off.
* ``corner``: where a path turns at X between N1 and N2, a node D beside both N1 and N2 can
  be on neither side of the bend (on the path, notouch would close the loop N1-X-N2-D), so
  its edges to N1 and N2 are off (the staircase inside every corner).
* ``notouch``: an edge that would make a chain run beside itself is off; two neighbours known
  to carry one colour are joined; beside a closed edge a known colour is ruled out; under
  ``no2x2``, no block of the geometry (2x2 square, hexagon triangle) lies on one path.
* ``region``: a colour is ruled out of every node its two ends cannot reach through nodes
  that may carry it; a region no colour can reach is a contradiction.
* ``bottleneck``: a colour's path is a simple path between its endpoints, so it stays in the
  blocks (biconnected components) between them: pockets behind a single node are out, and a
  node or edge every route must cross takes the colour.
* ``parity`` (``fill`` only; asked by no plan today, since it was measured to decide nothing
  more): in every part of the undecided
  graph the nodes' remaining needs balance between the two shades of a chessboard (or, where
  the part has an odd cycle, sum to an even number); a part where they do not is a
  contradiction (:mod:`satlink.deduce.shades`).

Two engines apply these rules (:mod:`satlink.deduce.engines`): the Python one in this package,
the reference, and a compiled one (``satlink/deduce/core``, built by ``pip install .``) that
applies the same rules in the same order and is tested against it.  Code that deduces goes
through :func:`~satlink.deduce.engines.engine`, which picks the compiled one when it is built.
"""

from __future__ import annotations

from satlink.deduce.local import corner, finished, forced, notouch
from satlink.deduce.passes import TECHNIQUES, fixpoint, passes_named
from satlink.deduce.puzzle import (
    FAILURES,
    OFF,
    ON,
    UNKNOWN,
    BudgetSpent,
    Contradiction,
    OutOfTime,
    Puzzle,
)
from satlink.deduce.reach import bottleneck, region
from satlink.deduce.state import State

__all__ = ["FAILURES", "OFF", "ON", "TECHNIQUES", "UNKNOWN", "BudgetSpent", "Contradiction", "OutOfTime",
           "Puzzle", "State", "bottleneck", "corner", "finished", "fixpoint", "forced", "notouch",
           "passes_named", "region"]
