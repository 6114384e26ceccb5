"""The nearest solvable board: the fewest edits that give an unsolvable draft a solution.

A best-first search over single edits has no measure of how close an unsolvable board is to
a solvable one: every unsolvable board looks the same to it.  Here the edits are part of the
SAT problem instead.  One encoding holds the board with its endpoints *free*: each endpoint
of each pair sits on one of its candidate cells (its own cell, or an empty cell within
``reach`` steps: a move), or the pair is removed, and one new pair may be placed on any two
empty cells, and (when the designer allows solids, under ``fill``) any open cell may be made
solid.  A literal per edit (an original endpoint cell that lost its endpoint, a removed pair,
the new pair, a new solid cell) goes into one cardinality constraint (PySAT's incremental
totalizer), and the bound is raised k = 1, 2, 3 under solver assumptions: the first model is
a board at the fewest edits that has a solution, *and* that solution.

One solver serves the whole search: for each k, endpoints are first kept within ``near``
steps of where they were (one selector literal, assumed, forbids every farther spot), then
allowed anywhere.  The near boards read as the same draft and their models are found
quickly; what the solver learnt there, and the boards and cycles it was told to avoid, stay
for the wider search, where building a fresh encoding per k and per reach (as before) cost
most of the time at 8x8-10x10.  Solids are only encoded under ``fill``: without it a cell
may stay empty, so a solid cell never gives a board a solution it did not have.

The rest of the encoding is the profile's rules written once on free endpoints: one colour
per used cell (one-hot), an edge joins two cells of one colour, an endpoint has one edge and
any other used cell two, ``fill`` uses every cell, ``notouch`` joins any two neighbouring
cells of one colour by their edge, and no path is shorter than ``min_length`` (two adjacent
endpoints never joined directly, for the default 3).  Detached cycles are cut lazily, as the
check's own loop does; whatever else the referee refuses (``no2x2``, a longer
``min_length``) is blocked edge set by edge set.  Every board yielded is re-checked by the
referee (:func:`satlink.referee.is_valid`) with the solution the model gave.

Plain and variant grids alike (the board graph's edges), but not bridges (a crossing node is
never an endpoint, and the encoding does not know crossings): :func:`supported` says which.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from dataclasses import dataclass

from pysat.card import ITotalizer
from pysat.solvers import Solver

from satlink.board import Board
from satlink.graph import Cell
from satlink.referee import is_valid
from satlink.repair.near_edits import DEFAULT_REACH, NearEdit, NearLimits
from satlink.repair.nearest_model import NearestModel
from satlink.rules import DEFAULT_RULES, Rules
from satlink.solution import Solution
from satlink.solver.cycles import detached_components, endpoint_cells

BACKEND = "cadical195"
"""CaDiCaL 1.9.5: fast on these small instances and incremental with assumptions."""


def in_order(board: Board, edits: tuple[NearEdit, ...], colours: int
             ) -> list[NearEdit] | None:
    """The edits in an order a designer can make them one by one: each onto cells that are
    empty by then (an endpoint may take a cell another left), the pair count within
    +-``colours`` of the draft's all along; None if there is none (two endpoints that swap
    cells)."""
    delta = {"move": 0, "solid": 0, "remove": -1, "pair": 1}
    rank = {"move": 0, "solid": 1, "remove": 2, "pair": 3}
    left, out, net = list(edits), [], 0
    occupied = {x for name in board.labels for x in board.endpoints[name]}

    def free(e: NearEdit) -> bool:
        targets = e.cells[1:] if e.kind == "move" else e.cells if e.kind in ("pair", "solid") \
            else ()
        return not occupied.intersection(targets)

    while left:
        options = [e for e in left if free(e) and abs(net + delta[e.kind]) <= colours]
        if not options:
            return None
        e = min(options, key=lambda e: (abs(net + delta[e.kind]), rank[e.kind]))
        left.remove(e)
        out.append(e)
        net += delta[e.kind]
        if e.kind == "move":
            occupied.discard(e.cells[0])
            occupied.add(e.cells[1])
        elif e.kind == "remove":
            occupied.difference_update(e.cells)
        else:  # a new pair's cells, a solid cell: no endpoint may come there after
            occupied.update(e.cells)
    return out


@dataclass(frozen=True)
class Nearest:
    """A solvable board at ``len(edits)`` edits from the draft, and a solution of it (valid
    by the referee)."""

    edits: tuple[NearEdit, ...]
    board: Board
    solution: Solution


def supported(board: Board) -> bool:
    """Boards the encoding handles: no bridges (every graph node is a cell)."""
    return board.n_nodes == board.size and not board.geometry.bridges


class NearestSearch:
    """Solvable boards at the fewest edits from ``board`` first (k = ``first`` ..
    ``limits.max_edits``), each with a solution, a board once (:meth:`boards`).  ``limits``:
    the edits allowed (:class:`~satlink.repair.near_edits.NearLimits`, each knob explained
    there); ``seconds``: the whole search's budget (the boards simply stop when it runs
    out); ``first``: the fewest edits tried (a caller that knows fewer cannot help skips
    them).

    ``exhausted`` is set when the solver proved that no other board within ``max_edits``
    edits of these kinds has a solution (not when the time ran out)."""

    def __init__(self, board: Board, rules: Rules = DEFAULT_RULES,
                 limits: NearLimits | None = None, *, seconds: float = 10.0, first: int = 1):
        self.board, self.rules = board, rules
        self.limits = limits or NearLimits()
        self.max_edits, self.first, self.seconds = self.limits.max_edits, first, seconds
        self.exhausted = False
        self.solves = 0

    def boards(self) -> Iterator[Nearest]:
        deadline = time.monotonic() + self.seconds
        board, profile = self.board, self.rules
        if not supported(board):
            return
        model = NearestModel(board, profile, self.limits)
        if not model.edit_lits:
            self.exhausted = True
            return
        total = ITotalizer(lits=model.edit_lits, ubound=self.max_edits + 1,
                           top_id=model.pool.top)
        with Solver(name=BACKEND, bootstrap_with=model.clauses + total.cnf.clauses) as solver:
            passes = [[model.near], []] if model.near is not None else [[]]
            for k, near in ((k, p) for k in range(max(self.first, 0), self.max_edits + 1)
                            for p in passes):
                assume = ([-total.rhs[k]] if k < len(total.rhs) else []) + near
                while True:
                    sat = _solve(solver, assume, deadline)
                    self.solves += 1
                    if sat is None:
                        return
                    if not sat:
                        break
                    found = {lit for lit in solver.get_model() if lit > 0}
                    edited, edits, solution, chosen = model.decode(found)
                    if solution is None:  # detached cycles: cut them, as the check's loop does
                        for clause in _cycles(model, edited, chosen) or [_exact(model, chosen)]:
                            solver.add_clause(clause)
                        continue
                    if not is_valid(edited, solution, profile):
                        solver.add_clause(_exact(model, chosen))
                        continue
                    solver.add_clause(_not_board(model, found))
                    yield Nearest(tuple(edits), edited, solution)
        self.exhausted = True


def _cycles(model: NearestModel, edited: Board, chosen: list[tuple[Cell, Cell]]) -> list[list[int]]:
    """A clause per detached cycle of an edge set (a component holding no endpoint, found
    as the check's loop finds it, :mod:`satlink.solver.cycles`): not all of its edges."""
    return [[-model.edge_var[e] for e in sorted(e for e in chosen if e[0] in comp)]
            for comp in detached_components(chosen, endpoint_cells(edited))]


def _exact(model: NearestModel, chosen: list[tuple[Cell, Cell]]) -> list[int]:
    """Not exactly this edge set."""
    on = set(chosen)
    return [-var if e in on else var for e, var in model.edge_var.items()]


def _not_board(model: NearestModel, found: set[int]) -> list[int]:
    """Not this placement of endpoints again (the same board with another solution)."""
    out = []
    for spots in model.pos.values():
        out.extend(-lit for lit in spots.values() if lit in found)
    for off in list(model.off.values()) + list(model.solid.values()):
        out.append(-off if off in found else off)
    return out


def _solve(solver: Solver, assume: list[int], deadline: float) -> bool | None:
    """True / False, or None at the deadline.  CaDiCaL 1.9.5 has no ``interrupt()``: the
    search runs in conflict-budget slices (learnt clauses kept), the deadline checked between
    them, as :mod:`satlink.solver.backend` does; a slice grows while it takes under a tenth
    of the time left, so the last one ends near the deadline."""
    budget = 1_000
    while True:
        began = time.monotonic()
        if began >= deadline:
            return None
        solver.conf_budget(budget)
        sat = solver.solve_limited(assumptions=assume)
        if sat is not None:
            return sat
        took = time.monotonic() - began
        if took < 0.1 * (deadline - time.monotonic()):
            budget = min(2 * budget, 16_000)
        elif took > 0.2 * (deadline - time.monotonic()):
            budget = max(budget // 2, 100)


__all__ = ["DEFAULT_REACH", "NearEdit", "Nearest", "NearestSearch", "in_order",
           "supported"]
