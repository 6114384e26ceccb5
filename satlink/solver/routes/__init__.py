"""How a board is decided: one ordered list of routes, tried in turn by one loop
(:func:`~satlink.solver.routes.loop.decide`) that ``check`` and ``solve`` share.

Each route says whether it applies to a job (cheaply) and, run, either decides the board or
says why it could not and hands the job on (:mod:`~satlink.solver.routes.job`).  The order:

1. ``stricter-solution`` (:mod:`~satlink.solver.routes.stricter`): ``solve`` under a profile
   without ``notouch``: the stricter profile's solution is one;
2. ``deductions`` (:mod:`~satlink.solver.routes.deductions`): the forced moves, look-ahead and
   case splits decide the board, or hand on the edges they decided;
3. ``kept-session`` (:mod:`~satlink.solver.routes.kept_session`): the studio tab's solver;
4. ``stricter-first`` (:mod:`~satlink.solver.routes.stricter`): a uniqueness check under a
   profile without ``notouch``: the stricter profile's solution, then a second one nearby;
   none nearby, it leaves the proof to the frontier route where that applies;
5. ``frontier`` (:mod:`~satlink.solver.routes.frontier`): a uniqueness check of the measured
   frontier widths, proved by graphillion's diagram (``fill``, ``nikoli``, in a child process)
   or the frontier sweep (``fill,no2x2``) on what the deductions left, in a share of the time;
   stopped or refused for memory, it hands on;
6. ``pieces`` (:mod:`~satlink.solver.routes.pieces`): what the deductions left open, cut into
   independent sub-boards proved apart;
7. ``whole-board`` (:mod:`~satlink.solver.routes.whole`): the board's CNF and one SAT
   solver; applies to every board and always decides.

A new route is a class with ``name``, ``needs_sat``, ``applies(job)`` and ``run(job)``, and
one entry below.
"""

from __future__ import annotations

from satlink.solver.routes.deductions import Deductions
from satlink.solver.routes.frontier import Frontier
from satlink.solver.routes.job import Route
from satlink.solver.routes.kept_session import KeptSession
from satlink.solver.routes.pieces import Pieces
from satlink.solver.routes.stricter import StricterFirst, StricterSolution
from satlink.solver.routes.whole import WholeBoard

ROUTES: tuple[Route, ...] = (
    StricterSolution(),
    Deductions(),
    KeptSession(),
    StricterFirst(),
    Frontier(),
    Pieces(),
    WholeBoard(),
)
"""Every way a board is decided, in the order they are tried."""

__all__ = ["ROUTES"]
