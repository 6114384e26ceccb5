"""A clause list that remembers which family each clause came from.

Family counts are what the encoding documents in ``encodings/`` give as formulas; tests
compare the two so that the documents cannot drift.  Native at-most-k constraints (only with
``--card native``) are kept apart: they are not clauses and cannot be written as DIMACS.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable


class Clauses:
    """Clauses grouped by named family, in the order they were added."""

    def __init__(self) -> None:
        self.clauses: list[list[int]] = []
        self.atmost: list[tuple[list[int], int]] = []
        self.counts: Counter[str] = Counter()

    def extend(self, family: str, clauses: Iterable[list[int]]) -> None:
        """Add a whole family at once (the fast path: one call instead of one per clause)."""
        before = len(self.clauses)
        self.clauses.extend(clauses)
        self.counts[family] += len(self.clauses) - before

    def add_atmost(self, family: str, lits: list[int], bound: int) -> None:
        """A native cardinality constraint, counted under ``family + "-native"``."""
        self.atmost.append((lits, bound))
        self.counts[family + "-native"] += 1

    def __len__(self) -> int:
        return len(self.clauses) + len(self.atmost)
