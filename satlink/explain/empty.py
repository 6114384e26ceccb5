"""The fewest cells that must stay empty: what ``fill`` asks that the pairs cannot give.

A board that has solutions under its profile without ``fill`` but none with it fails only
because some cells cannot all be covered.  How many at the least, and where, is a MaxSAT
question: the hard clauses are the board's CNF without ``fill`` (the ``acyclic`` encoding,
so a detached loop cannot cover cells for free), and one soft clause per free node says "a
path passes here" (one of its edges is on).  PySAT's RC2 finds an assignment that breaks the
fewest soft clauses: that number is the minimum of empty nodes over every solution without
fill, and its model is one solution that reaches it.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from satlink.board import Board
from satlink.cnf.card import Cardinality
from satlink.cnf.clauses import Clauses
from satlink.cnf.kinds import ENCODING_KINDS
from satlink.cnf.variables import Variables
from satlink.graph import edge_variable
from satlink.referee import solution_errors
from satlink.rules import Rules
from satlink.solution import Solution

MAX_MAXSAT_NODES = 400
"""Boards with more graph nodes (20x20) get no MaxSAT bound: RC2 cannot be stopped at a
deadline, and a designer's drafts are far smaller."""


@dataclass
class EmptyCells:
    """At least ``count`` nodes stay empty in every solution under ``rules`` (no ``fill``);
    ``cells`` are those of one solution that reaches the bound (``solution``)."""

    count: int
    cells: list[int]
    rules: Rules
    solution: Solution | None = field(default=None, repr=False)
    seconds: float = 0.0
    exact: bool = True
    """False: the deadline stopped RC2; ``count`` is then the lower bound it had proven and
    ``cells`` is empty."""

    def sentence(self, board: Board) -> str:
        if not self.exact:
            return (f"Every way to join the pairs leaves at least {self.count} cell"
                    f"{'s' if self.count != 1 else ''} empty, which fill forbids (a lower bound: "
                    "the budget ran out before the least number was found).")
        where = ", ".join(f"({r},{c})" for r, c in board.coords(self.cells[:8]))
        more = f" and {len(self.cells) - 8} more" if len(self.cells) > 8 else ""
        return (f"Every way to join the pairs leaves at least {self.count} cell"
                f"{'s' if self.count != 1 else ''} empty, which fill forbids; one such solution "
                f"leaves {where}{more} empty.")

    def as_dict(self, board: Board) -> dict:
        return {"count": self.count, "cells": board.coords(self.cells),
                "rules": str(self.rules), "exact": self.exact,
                "sentence": self.sentence(board),
                "solution": None if self.solution is None else self.solution.to_coords(board),
                "seconds": round(self.seconds, 4)}


def fewest_empty(board: Board, rules: Rules, deadline: float | None = None) -> EmptyCells | None:
    """The fewest nodes any solution under ``rules`` (a profile without ``fill``) leaves
    empty, with one solution that does; None if there is no solution at all.

    A timer interrupts RC2 at ``deadline`` (``time.monotonic()``); the result then holds the
    lower bound RC2 had proven, ``exact`` False."""
    import threading

    from pysat.examples.rc2 import RC2
    from pysat.formula import WCNF

    if rules.fill:
        raise ValueError("the empty cells are counted without fill")
    start = time.perf_counter()
    vs = Variables(board)
    out = Clauses()
    ENCODING_KINDS["acyclic"].build(vs, rules, out, Cardinality("pairwise", vs, out))
    wcnf = WCNF()
    for clause in out.clauses:  # pairwise cardinality: plain clauses only, no native atmost
        wcnf.append([int(lit) for lit in clause])
    inc = board.graph.incidence
    free = [x for x in board.open_nodes() if board.label_at(x) is None]
    for x in free:
        if inc[x]:
            wcnf.append([edge_variable(e) for e, _ in inc[x]], weight=1)
    unreachable = [x for x in free if not inc[x]]  # no edge at all: empty in every solution
    with RC2(wcnf) as rc2:
        timer = None
        if deadline is not None:
            timer = threading.Timer(max(0.0, deadline - time.monotonic()), rc2.interrupt)
            timer.start()
        try:
            model = rc2.compute(expect_interrupt=deadline is not None)
        finally:
            if timer is not None:
                timer.cancel()
        if model is None and getattr(rc2, "interrupted", False):
            return EmptyCells(rc2.cost, [], rules, None, time.perf_counter() - start,
                              exact=False)
    if model is None:
        return None
    on = {lit for lit in model if lit > 0}
    chosen = [ab for e, ab in enumerate(board.edges) if edge_variable(e) in on]
    solution = Solution.from_edges(board, chosen)
    errors = solution_errors(board, solution, rules)
    if errors:  # the referee must agree, or the count proves nothing
        raise RuntimeError(f"the MaxSAT model is not a solution: {errors[0]}")
    used = {x for path in solution.paths.values() for x in path}
    empty = sorted({board.node_cell(x) for x in free if x not in used} |
                   {board.node_cell(x) for x in unreachable})
    count = sum(1 for x in free if x not in used)
    return EmptyCells(count, empty, rules, solution, time.perf_counter() - start)


__all__ = ["MAX_MAXSAT_NODES", "EmptyCells", "fewest_empty"]
