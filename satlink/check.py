"""Verdicts: solve a board, or decide whether its solution is unique.

``check`` answers ``unique`` / ``multiple`` / ``unsolvable`` / ``timeout`` and, for
``multiple``, returns a second solution as a witness with the cells where the two differ.
``solve`` answers ``solved`` / ``unsolvable`` / ``timeout``.  Both are plain functions so the
CLI, the batch runner, the generator, the benchmark harness and the tests call the same code;
how the board is solved is one :class:`~satlink.method.Method` value.
"""

from __future__ import annotations

import time

from satlink.backend import Timeout
from satlink.board import Board, Solution, diff_cells
from satlink.cnf import encode
from satlink.method import DEFAULT_METHOD, Method
from satlink.rules import Rules, parse_rules
from satlink.solve import SolutionSearch
from satlink.verdict import Status, Verdict


def check(
    board: Board,
    rules: Rules | str | None = None,
    *,
    count: int = 2,
    timeout: float | None = None,
    method: Method = DEFAULT_METHOD,
) -> Verdict:
    """Find up to ``count`` (at least 2) solutions and classify the board.

    With ``count > 2`` the verdict's ``count`` field holds the number found (capped at
    ``count``) and ``solutions`` all of them.
    """
    return _run(board, rules, max(2, count), timeout, method, report_count=count > 2)


def solve(
    board: Board,
    rules: Rules | str | None = None,
    *,
    timeout: float | None = None,
    method: Method = DEFAULT_METHOD,
) -> Verdict:
    """Find one solution (no uniqueness proof)."""
    return _run(board, rules, 1, timeout, method, report_count=False)


def _run(
    board: Board,
    rules: Rules | str | None,
    limit: int,
    timeout: float | None,
    method: Method,
    report_count: bool,
) -> Verdict:
    profile = parse_rules(rules)
    lemmas = method.lemmas_for(profile)
    start = time.perf_counter()
    deadline = None if timeout is None else time.monotonic() + timeout
    encoding = encode(board, profile, lemmas, method.encoding, method.card)
    encoded = time.perf_counter()
    found: list[Solution] = []
    timed_out = False
    with SolutionSearch(encoding, method, deadline) as search:
        try:
            for solution in search.solutions():
                found.append(solution)
                if len(found) >= limit:
                    break
        except Timeout:
            timed_out = True
    stats = search.stats
    stats.encode_seconds = encoded - start
    verdict = Verdict(
        status=_status(len(found), limit, timed_out),
        rules=profile,
        method=method,
        lemmas=lemmas,
        solutions=found,
        stats=stats,
        seconds=time.perf_counter() - start,
        count=len(found) if report_count else None,
    )
    if len(found) >= 2:
        verdict.diff_cells = diff_cells(board, found[0], found[1])
    return verdict


def _status(found: int, limit: int, timed_out: bool) -> Status:
    if found >= 2:
        return Status.MULTIPLE
    if timed_out:
        return Status.TIMEOUT
    if found == 0:
        return Status.UNSOLVABLE
    return Status.SOLVED if limit == 1 else Status.UNIQUE
