"""The independent pieces' route: the board cut where the deductions left it in independent
parts (:mod:`satlink.solver.pieces`), each part proved on its own, the answers combined.

Each piece has its own encoding and its own solver, so its cycle cuts and blocking clauses
stay in it.  Order of work, smallest piece first:

1. one solution per piece; a piece with none makes the board unsolvable at once (the
   pieces after it are never encoded);
2. further solutions, piece by piece, only until the product of the counts reaches the
   number of solutions asked for (two for a uniqueness check).

A board solution is one solution per piece plus the decided edges outside them; each one
handed back is checked by the referee (:func:`satlink.referee.solution_errors`).  Should
the referee refuse one, the split (or the forced moves it rests on) is wrong: the route says
so and hands the routes after it the board without the forced moves, which the whole board's
search then decides: a bug may cost time, never a verdict.
"""

from __future__ import annotations

import itertools
import time
from contextlib import ExitStack
from dataclasses import replace
from typing import TYPE_CHECKING

from satlink.board import Board
from satlink.referee import solution_errors
from satlink.rules import Rules
from satlink.solution import Solution
from satlink.solver.method import Method
from satlink.solver.pieces import Piece, Split, split
from satlink.solver.routes.job import NOTHING_FORCED, Job, Outcome
from satlink.solver.stats import SolveStats, phase

if TYPE_CHECKING:  # the SAT side is imported where it is used (routes.loop.import_sat_modules)
    from satlink.solver.search import SolutionEnumerator


class Pieces:
    """Applies where the deductions ran and left edges undecided, under a method that asks for
    pieces (the default); passes the board on when it does not split into pieces worth
    proving apart (:func:`satlink.solver.pieces.split`)."""

    name = "pieces"
    needs_sat = True

    def applies(self, job: Job) -> bool:
        return job.method.pieces and bool(job.forced.states)

    def run(self, job: Job) -> Outcome:
        parts = split(job.board, job.forced.states)
        if parts is None:
            return Outcome.passed("the board does not split into pieces worth proving apart",
                                  job)
        outcome = search_pieces(job.board, job.profile, job.method, parts, job.deadline,
                                job.limit)
        if not outcome.finished:  # refused by the referee: the forced moves may be wrong too
            outcome.next_job = job.with_forced(NOTHING_FORCED)
        return outcome


class _Part:
    """One piece's solver, opened on first use, and the solutions found so far."""

    def __init__(self, piece: Piece, profile: Rules, method: Method, deadline: float | None,
                 stack: ExitStack):
        from satlink.cnf.substitute import Falsified, substitute
        from satlink.solver.backend import Timeout
        from satlink.solver.encode import encode
        from satlink.solver.search import SolutionEnumerator

        self.piece = piece
        self.stats = SolveStats()
        self.found: list[list] = []  # each solution's edges on the whole board
        self.exhausted = False
        with phase(self.stats, "encode"):
            encoding = encode(piece.board, profile, method, deadline)
            try:
                encoding = replace(encoding, clauses=substitute(encoding.clauses, piece.units,
                                                                encoding.n_vars))
            except Falsified:  # the decided edges contradict the piece's rules: no solution
                self.exhausted = True
        if deadline is not None and time.monotonic() > deadline:
            raise Timeout
        if self.exhausted:
            return
        # the decided edges are in the substituted clauses already, as unit clauses
        enumerator: SolutionEnumerator = stack.enter_context(SolutionEnumerator(
            encoding, method, deadline, release_clauses=True, stats=self.stats))
        self._solutions = enumerator.solutions()

    def more(self) -> bool:
        """Find one more solution; False once there is none."""
        if self.exhausted:
            return False
        solution = next(self._solutions, None)
        if solution is None:
            self.exhausted = True
            return False
        self.found.append(self.piece.full_edges(solution.edges()))
        return True


def search_pieces(board: Board, profile: Rules, method: Method, split: Split,
                  deadline: float | None, limit: int) -> Outcome:
    """Up to ``limit`` board solutions, finished; or, should the referee refuse a combined
    solution, an outcome that says so (not finished, nothing found)."""
    from satlink.solver.backend import Timeout

    parts: list[_Part] = []
    timed_out = unsolvable = False
    with ExitStack() as stack:
        try:
            for piece in split.pieces:  # smallest first: the first unsolvable one ends it
                part = _Part(piece, profile, method, deadline, stack)
                parts.append(part)
                if not part.more():
                    unsolvable = True
                    break
            else:
                for part in parts:
                    while _product(parts) < limit and part.more():
                        pass
        except Timeout:
            timed_out = True
    # the solvers' figures are final once they are closed
    stats = SolveStats(pieces=len(split.pieces))
    for part in parts:
        stats.add_search(part.stats)
    if unsolvable:
        return Outcome(exhausted=True, stats=stats)
    found: list[Solution] = []
    complete = len(parts) == len(split.pieces) and all(p.found for p in parts)
    if complete:
        with phase(stats, "decode"):
            for choice in itertools.islice(itertools.product(*(p.found for p in parts)), limit):
                edges = [e for chosen in choice for e in chosen] + split.fixed
                try:
                    solution = Solution.from_edges(board, edges)
                except ValueError:
                    solution = None
                if solution is None or solution_errors(board, solution, profile):
                    stats.pieces = 0  # the board was not proved as pieces after all
                    return Outcome(stats=stats, finished=False,
                                   why="the referee refused a solution combined from the pieces")
                found.append(solution)
    exhausted = (not timed_out and complete and all(p.exhausted for p in parts)
                 and _product(parts) < limit)
    return Outcome(found, exhausted=exhausted, timed_out=timed_out, stats=stats)


def _product(parts: list[_Part]) -> int:
    out = 1
    for part in parts:
        out *= len(part.found)
    return out


__all__ = ["Pieces", "search_pieces"]
