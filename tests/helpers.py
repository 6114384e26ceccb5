"""Test-only ways of running the solver that the library deliberately does not offer."""

from __future__ import annotations

from satlink import Board, Solution
from satlink.cnf import encode
from satlink.method import DEFAULT_METHOD, Method
from satlink.rules import parse_rules
from satlink.solve import SolutionSearch


class UncutSearch(SolutionSearch):
    """A search that takes every model's edge set as it is, detached cycles and all."""

    _cut_cycles = False


def solutions_without_cuts(board: Board, rules: str, method: Method = DEFAULT_METHOD,
                           limit: int = 2) -> list[Solution]:
    """Up to ``limit`` distinct edge sets of the bare encoding, read as solutions, with the
    detached-cycle check switched off: what a solver that ignores cycles would answer."""
    profile = parse_rules(rules)
    encoding = encode(board, profile, method.lemmas_for(profile), method.encoding, method.card)
    found: list[Solution] = []
    with UncutSearch(encoding, method) as search:
        for solution in search.solutions():
            found.append(solution)
            if len(found) >= limit:
                break
    return found
