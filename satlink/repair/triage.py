"""Which candidate edits are checked first, and which need no check at all.

The solutions already known (the board's own two, and every witness a ``multiple`` check
met since) say much before the solver is asked:

* a candidate two of them still fit is ``multiple``: no check;
* a candidate exactly one of them fits, or that keeps a solution by construction (a split
  or a slide, :attr:`~satlink.repair.proposals.Candidate.keeps`), is solvable and has lost
  the other: the likeliest to be unique, so checked first;
* the rest (new pairs, moves, removals: they may well be unsolvable) after;
* last, a split or slide whose kept solution has a path shorter than the designer allows:
  unique, it would be that solution, so never a proposal, only shown as "too short".

Within each tier the cheapest edits come first (:meth:`Candidate.order`).  Draw mode's edits
are all of the first tier, which is why it finds its fixes within a small budget; ordering
Repair the same way keeps a budget spent on edits of unknown outcome from hiding them.
"""

from __future__ import annotations

from collections.abc import Iterable

from satlink.board import Board
from satlink.referee import is_valid
from satlink.repair.path_edits import same_edit
from satlink.repair.plans import Constraints
from satlink.repair.proposals import Candidate
from satlink.rules import Rules
from satlink.solution import Solution


def fitting(candidate: Candidate, known: Iterable[Solution], rules: Rules) -> int:
    """How many distinct known solutions the edited board has (the one it keeps
    included), counted up to two: two make it ``multiple`` without a check."""
    board = candidate.board
    fits = [candidate.keeps] if candidate.keeps is not None else []
    for solution in known:
        if len(fits) >= 2:
            break
        if not ends_match(board, solution):
            if candidate.path_edit is None:
                continue
            solution = same_edit(candidate.path_edit, board, solution)
            if solution is None or not ends_match(board, solution):
                continue
        if all(solution.paths != f.paths for f in fits) and is_valid(board, solution, rules):
            fits.append(solution)
    return len(fits)


def ends_match(board: Board, solution: Solution) -> bool:
    """Whether every path of ``solution`` runs between its label's endpoints on ``board``
    and every label has a path: cheap, and necessary for the referee to accept it, so the
    referee is asked only about the few known solutions an edit left their endpoints."""
    if len(solution.paths) != len(board.labels):
        return False
    for label, path in solution.paths.items():
        ends = board.endpoints.get(label)
        if ends is None or {path[0], path[-1]} != set(ends):
            return False
    return True


def triaged(candidates: Iterable[Candidate], known: list[Solution], rules: Rules,
            constraints: Constraints) -> tuple[list[Candidate], int]:
    """The candidates in the order they are checked (the tiers of the module's docstring,
    cheapest first within each), and how many are ``multiple`` without a check."""
    tiers, dropped = [], 0
    for candidate in candidates:
        fits = fitting(candidate, known, rules)
        if fits >= 2:
            dropped += 1
            continue
        short = (candidate.keeps is not None
                 and constraints.too_short(candidate.board, candidate.keeps))
        tiers.append((2 if short else 0 if fits == 1 else 1, candidate.order(), candidate))
    tiers.sort(key=lambda t: t[:2])
    return [c for _, _, c in tiers], dropped
