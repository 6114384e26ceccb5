"""The referee every caller uses: the compiled check when it is built, the Python walk's
messages whenever a solution is not valid.

:func:`solution_errors` answers exactly as :func:`satlink.referee.paths.solution_errors`
(the reference) does: an empty list for a valid solution, the reference's own messages
otherwise.  Only the "valid" answer may come from the compiled referee
(:mod:`satlink.referee.compiled`), which is tested to give the reference's verdict.
"""

from __future__ import annotations

from satlink.board import Board
from satlink.referee import compiled
from satlink.referee import paths as reference
from satlink.referee.paths import PathsLike, as_solution
from satlink.rules import Rules, parse_rules


def solution_errors(board: Board, solution: PathsLike, rules: Rules | str) -> list[str]:
    """All reasons why ``solution`` is not a solution of ``board`` under ``rules`` (empty:
    valid).  ``solution`` may be a plain mapping ``{label: path}`` (see
    :func:`~satlink.referee.paths.as_solution`)."""
    if compiled.available():
        solution, rules = as_solution(board, solution), parse_rules(rules)
        if compiled.valid(board, solution, rules):
            return []
    return reference.solution_errors(board, solution, rules)


def is_valid(board: Board, solution: PathsLike, rules: Rules | str) -> bool:
    return not solution_errors(board, solution, rules)
