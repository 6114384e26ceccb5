"""Verdicts: solve a board, or decide whether its solution is unique.

``check`` answers ``unique`` / ``multiple`` / ``unsolvable`` / ``timeout`` and, for
``multiple``, returns a second solution as a witness with the cells where the two differ.
``solve`` answers ``solved`` / ``unsolvable`` / ``timeout``.  Both are plain functions so the
CLI, the batch runner and tests call the same code.
"""

from __future__ import annotations

import time
from collections.abc import Iterable
from dataclasses import dataclass, field

from satlink.backend import Timeout
from satlink.board import Board, Solution, diff_cells
from satlink.cnf import DEFAULT_CARD, DEFAULT_ENCODING, encode
from satlink.rules import Rules, parse_rules
from satlink.solve import DEFAULT_CYCLES, DEFAULT_SOLVER, SolutionSearch, SolveStats

UNIQUE, MULTIPLE, UNSOLVABLE, TIMEOUT, SOLVED = (
    "unique",
    "multiple",
    "unsolvable",
    "timeout",
    "solved",
)


@dataclass(frozen=True)
class Method:
    """How a board is solved: encoding, cardinality encoding, lemmas, backend, cycle handling.

    Every combination gives the same verdicts (the shared correctness suite runs them all);
    they differ in speed, which ``satlink bench`` measures.
    """

    encoding: str = DEFAULT_ENCODING
    card: str = DEFAULT_CARD
    lemmas: tuple[str, ...] | None = None  # None: the default lemmas sound for the profile
    solver: str = DEFAULT_SOLVER
    cycles: str = DEFAULT_CYCLES


@dataclass
class Verdict:
    """The outcome for one board under one rule profile."""

    status: str
    rules: Rules
    solutions: list[Solution] = field(default_factory=list)
    diff_cells: list[int] = field(default_factory=list)
    stats: SolveStats = field(default_factory=SolveStats)
    seconds: float = 0.0
    count: int | None = None


def check(
    board: Board,
    rules: Rules | str | None = None,
    *,
    count: int = 2,
    timeout: float | None = None,
    solver: str = DEFAULT_SOLVER,
    lemmas: Iterable[str] | None = None,
    eliminate_cycles: bool = True,
    method: Method | None = None,
) -> Verdict:
    """Find up to ``count`` (at least 2) solutions and classify the board.

    With ``count > 2`` the verdict's ``count`` field holds the number found (capped at
    ``count``) and ``solutions`` all of them.  ``method`` overrides ``solver``/``lemmas``.
    """
    method = method or Method(solver=solver, lemmas=None if lemmas is None else tuple(lemmas))
    return _run(board, rules, max(2, count), timeout, method, eliminate_cycles,
                report_count=count > 2)


def solve(
    board: Board,
    rules: Rules | str | None = None,
    *,
    timeout: float | None = None,
    solver: str = DEFAULT_SOLVER,
    lemmas: Iterable[str] | None = None,
    method: Method | None = None,
) -> Verdict:
    """Find one solution (no uniqueness proof)."""
    method = method or Method(solver=solver, lemmas=None if lemmas is None else tuple(lemmas))
    return _run(board, rules, 1, timeout, method, True, report_count=False)


def _run(
    board: Board,
    rules: Rules | str | None,
    limit: int,
    timeout: float | None,
    method: Method,
    eliminate_cycles: bool,
    report_count: bool,
) -> Verdict:
    profile = parse_rules(rules)
    start = time.perf_counter()
    deadline = None if timeout is None else time.monotonic() + timeout
    encoding = encode(board, profile, method.lemmas, method.encoding, method.card)
    encoded = time.perf_counter()
    found: list[Solution] = []
    timed_out = False
    with SolutionSearch(encoding, method.solver, deadline, eliminate_cycles,
                        method.cycles) as search:
        try:
            for solution in search.solutions():
                found.append(solution)
                if len(found) >= limit:
                    break
        except Timeout:
            timed_out = True
    stats = search.stats
    stats.encode_seconds = encoded - start
    stats.extra["lemmas"] = encoding.lemmas
    stats.extra["method"] = method
    verdict = Verdict(
        status=_status(len(found), limit, timed_out),
        rules=profile,
        solutions=found,
        stats=stats,
        seconds=time.perf_counter() - start,
        count=len(found) if report_count else None,
    )
    if len(found) >= 2:
        verdict.diff_cells = diff_cells(board, found[0], found[1])
    return verdict


def _status(found: int, limit: int, timed_out: bool) -> str:
    if found >= 2:
        return MULTIPLE
    if timed_out:
        return TIMEOUT
    if found == 0:
        return UNSOLVABLE
    return SOLVED if limit == 1 else UNIQUE
