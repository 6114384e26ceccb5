"""A clause list that remembers which family each clause came from.

Family counts are what the encoding documents in ``encodings/`` give as formulas; tests
compare the two so that the documents cannot drift from the code.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable


class Clauses:
    """Clauses grouped by named family, in the order they were added."""

    def __init__(self) -> None:
        self.clauses: list[list[int]] = []
        self.counts: Counter[str] = Counter()

    def extend(self, family: str, clauses: Iterable[list[int]]) -> None:
        """Add a whole family at once (the fast path: one call instead of one per clause)."""
        before = len(self.clauses)
        self.clauses.extend(clauses)
        self.counts[family] += len(self.clauses) - before

    def __len__(self) -> int:
        return len(self.clauses)
