"""Solve a board piece by piece (:mod:`satlink.solver.pieces`) and combine the answers.

Each piece has its own encoding and its own solver, so its cycle cuts and blocking clauses
stay in it.  Order of work, smallest piece first:

1. one solution per piece; a piece with none makes the board unsolvable at once (the
   pieces after it are never encoded);
2. further solutions, piece by piece, only until the product of the counts reaches the
   number of solutions asked for (two for a uniqueness check).

A board solution is one solution per piece plus the decided edges outside them; each one
handed back is checked by the referee (:func:`satlink.referee.solution_errors`).  Should
the referee refuse one, the split (or the forced moves it rests on) is wrong, and the caller
decides the board whole instead: a bug may cost time, never a verdict.
"""

from __future__ import annotations

import itertools
import time
from contextlib import ExitStack
from dataclasses import replace

from satlink.board import Board
from satlink.cnf.substitute import Falsified, substitute
from satlink.referee import solution_errors
from satlink.rules import Rules
from satlink.solution import Solution
from satlink.solver.backend import Timeout
from satlink.solver.encode import encode
from satlink.solver.method import Method
from satlink.solver.pieces import Piece, Split
from satlink.solver.search import SolutionSearch
from satlink.solver.stats import SolveStats


class Refused(Exception):
    """The referee refused a combined solution: decide the board without the split."""


class _Part:
    """One piece's solver, opened on first use, and the solutions found so far."""

    def __init__(self, piece: Piece, profile: Rules, method: Method, deadline: float | None,
                 stack: ExitStack):
        self.piece = piece
        self.stats = SolveStats()
        begun = time.perf_counter()
        encoding = encode(piece.board, profile, method, deadline)
        self.found: list[list] = []  # each solution's edges on the whole board
        self.exhausted = False
        try:
            encoding = replace(encoding, clauses=substitute(encoding.clauses, piece.units,
                                                            encoding.n_vars))
        except Falsified:  # the decided edges contradict the piece's rules: no solution
            self.exhausted = True
        self.stats.encode_seconds = time.perf_counter() - begun
        if deadline is not None and time.monotonic() > deadline:
            raise Timeout
        if self.exhausted:
            return
        # the decided edges are in the substituted clauses already, as unit clauses
        search = stack.enter_context(SolutionSearch(encoding, method, deadline,
                                                    release_clauses=True, stats=self.stats))
        self._solutions = search.solutions()

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
                  deadline: float | None, limit: int, stats: SolveStats,
                  found: list[Solution]) -> tuple[bool, bool]:
    """Append up to ``limit`` board solutions to ``found``; returns (exhausted, timed_out)
    like the whole-board search.  Raises :class:`Refused` if the referee refuses one."""
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
    _add(stats, parts)
    stats.pieces = len(split.pieces)
    if unsolvable:
        return True, False
    complete = len(parts) == len(split.pieces) and all(p.found for p in parts)
    if complete:
        combined = time.perf_counter()
        for choice in itertools.islice(itertools.product(*(p.found for p in parts)), limit):
            edges = [e for chosen in choice for e in chosen] + split.fixed
            try:
                solution = Solution.from_edges(board, edges)
            except ValueError:
                raise Refused from None
            if solution_errors(board, solution, profile):
                raise Refused
            found.append(solution)
        stats.decode_seconds += time.perf_counter() - combined
    exhausted = (not timed_out and complete and all(p.exhausted for p in parts)
                 and _product(parts) < limit)
    return exhausted, timed_out


def _product(parts: list[_Part]) -> int:
    out = 1
    for part in parts:
        out *= len(part.found)
    return out


def _add(stats: SolveStats, parts: list[_Part]) -> None:
    """The pieces' figures added into the board's (counters and times alike)."""
    for part in parts:
        stats.add_search(part.stats)


__all__ = ["Refused", "search_pieces"]
