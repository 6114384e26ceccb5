"""``--shuffle SEED``: the same CNF with its variables renamed and its clauses (and the
literals in each) reordered, a standard check that a comparison does not rest on one lucky
order.

The solver sees only the shuffled formula; :class:`ShuffledBackend` renames every clause the
search adds (cuts, blocking clauses, forced moves) and every assumption on the way in, and
the model on the way out, so the search loop and the decoding never know.  The permutation
depends on the seed, the board and the repeat, so repeats measure different orders and every
configuration of an encoding sees the same one.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable

import numpy as np

from satlink.cnf.clauses import Clauses


def shuffle_seed(seed: int, board: str, repeat: int) -> int:
    """A 64-bit seed for this (seed, board, repeat), the same in every process and run."""
    digest = hashlib.sha256(f"{seed}\0{board}\0{repeat}".encode()).digest()
    return int.from_bytes(digest[:8], "little")


class Shuffle:
    """A random renaming of variables ``1..n`` and a random clause order."""

    def __init__(self, n_vars: int, seed: int):
        self.rng = np.random.default_rng(seed)
        self.forward = np.zeros(n_vars + 1, dtype=np.int64)
        self.forward[1:] = self.rng.permutation(n_vars) + 1
        self.backward = np.zeros_like(self.forward)
        self.backward[self.forward] = np.arange(n_vars + 1)

    def rename(self, clause: list[int]) -> list[int]:
        return [int(self.forward[abs(lit)]) * (1 if lit > 0 else -1) for lit in clause]

    def clauses(self, clauses: Clauses) -> Clauses:
        """Every clause renamed, its literals and the clause order shuffled (one family
        named ``shuffled``; native at-most-k constraints renamed and kept)."""
        every = [self.rename(c) for chunk in clauses.chunks() for c in chunk]
        for clause in every:
            self.rng.shuffle(clause)
        order = self.rng.permutation(len(every))
        out = Clauses()
        out.extend("shuffled", [every[i] for i in order])
        for lits, bound in clauses.atmost:
            out.add_atmost("shuffled", self.rename(lits), bound)
        return out

    def model_back(self, model: list[int]) -> list[int]:
        """A model of the shuffled formula as a model of the original (entry ``v - 1`` is
        variable ``v``'s literal)."""
        value = np.zeros(len(self.forward), dtype=bool)
        for lit in model:
            if 0 < abs(lit) < len(self.forward):
                value[int(self.backward[abs(lit)])] = lit > 0
        return [v if value[v] else -v for v in range(1, len(self.forward))]


class ShuffledBackend:
    """A backend built on the shuffled formula, seen through the original names."""

    def __init__(self, shuffle: Shuffle, clauses: Clauses,
                 build: Callable[[Clauses], object]):
        self.shuffle = shuffle
        self.inner = build(shuffle.clauses(clauses))

    def __getattr__(self, name: str):  # load_seconds, counters, counts_known, delete, ...
        return getattr(self.inner, name)

    def add_clause(self, clause: list[int]) -> None:
        self.inner.add_clause(self.shuffle.rename(clause))

    def solve(self, deadline: float | None, assumptions: list[int] | None = None
              ) -> list[int] | None:
        model = self.inner.solve(deadline, self.shuffle.rename(assumptions or []))
        return None if model is None else self.shuffle.model_back(model)
