"""Which candidate edits are checked first, and which need no check at all.

The solutions already known (the board's own two, and every witness a ``multiple`` check
met since) say much before the solver is asked:

* a candidate two of them still fit is ``multiple``: no check;
* a candidate exactly one of them fits, or that keeps a solution by construction (a split
  or a slide, :attr:`~satlink.repair.proposals.Candidate.keeps`), is solvable and has lost
  the other: the likeliest to be unique, so checked first;
* the rest (new pairs, moves, removals: they may well be unsolvable) after.

Within each tier the cheapest edits come first (:meth:`Candidate.order`).  Draw mode's edits
are all of the first tier, which is why it finds its fixes within a small budget; ordering
Repair the same way keeps a budget spent on edits of unknown outcome from hiding them.
"""

from __future__ import annotations

from collections.abc import Iterable

from satlink.referee import is_valid
from satlink.repair.proposals import Candidate
from satlink.rules import Rules
from satlink.solution import Solution


def fitting(candidate: Candidate, known: Iterable[Solution], rules: Rules) -> int:
    """How many distinct known solutions the edited board has (the one it keeps
    included), counted up to two: two make it ``multiple`` without a check."""
    board = candidate.board
    fits = [candidate.keeps] if candidate.keeps is not None else []
    labels = set(board.labels)
    for solution in known:
        if len(fits) >= 2:
            break
        if (set(solution.paths) == labels and all(solution.paths != f.paths for f in fits)
                and is_valid(board, solution, rules)):
            fits.append(solution)
    return len(fits)


def triaged(candidates: Iterable[Candidate], known: list[Solution], rules: Rules
            ) -> tuple[list[Candidate], int]:
    """The candidates in the order they are checked (those with one known solution first,
    cheapest first within each tier), and how many are ``multiple`` without a check."""
    tiers, dropped = [], 0
    for candidate in candidates:
        fits = fitting(candidate, known, rules)
        if fits >= 2:
            dropped += 1
            continue
        tiers.append((0 if fits == 1 else 1, candidate.order(), candidate))
    tiers.sort(key=lambda t: t[:2])
    return [c for _, _, c in tiers], dropped
