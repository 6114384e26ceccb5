"""A clause store that remembers which family each clause came from.

Family counts are what the encoding documents in ``encodings/`` give as formulas; tests
compare the two so that the documents cannot drift.  Families built as numpy arrays (one
clause per row) stay arrays until they are handed to a solver chunk by chunk, so a board
with tens of millions of clauses never holds them all as Python lists; large arrays are
32-bit (half the memory of numpy's default) and a solver that keeps its own copy may take them with
``chunks(release=True)``, which lets each array go once it is handed over.  Native at-most-k
constraints (only with ``--card native``) are kept apart: they are not clauses and cannot be
written as DIMACS.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Iterable, Iterator

import numpy as np

CHUNK = 200_000
NARROW_FROM = 4096
"""Arrays of at least this many literals are stored 32-bit when they fit (checking costs
more than it saves on the small families of small boards)."""


class Timeout(Exception):
    """The time budget ran out (raised while encoding, loading or solving a board; the same
    class as :class:`satlink.solver.backend.Timeout`)."""


class Clauses:
    """Clauses grouped by named family, in the order they were added.

    ``deadline`` (a :func:`time.monotonic` value): adding a family after it raises
    :class:`Timeout`, so encoding a huge board stops within one family of the deadline.
    """

    def __init__(self, deadline: float | None = None) -> None:
        self.deadline = deadline
        self._parts: list[list[list[int]] | np.ndarray] = []
        self._size = 0
        self.released = False
        self.atmost: list[tuple[list[int], int]] = []
        self.counts: Counter[str] = Counter()

    def extend(self, family: str, clauses: Iterable[list[int]]) -> None:
        """Add a whole family given as lists (one call instead of one per clause)."""
        self._check_deadline()
        batch = clauses if isinstance(clauses, list) else list(clauses)
        if batch:
            self._parts.append(batch)
        self._size += len(batch)
        self.counts[family] += len(batch)

    def extend_array(self, family: str, rows: np.ndarray) -> None:
        """Add a family given as an (m, width) integer array, one clause per row."""
        self._check_deadline()
        if rows.size or len(rows):
            narrow = rows.size >= NARROW_FROM and int(np.abs(rows).max()) < 2**31
            self._parts.append(np.ascontiguousarray(rows, dtype=np.int32 if narrow else np.int64))
        self._size += len(rows)
        self.counts[family] += len(rows)

    def check_deadline(self) -> None:
        """Raise :class:`Timeout` past the deadline: for a family built in a long loop (one
        pass per label), which looks between its steps, not only when it is added."""
        if self.deadline is not None and time.monotonic() > self.deadline:
            raise Timeout

    _check_deadline = check_deadline

    def add_atmost(self, family: str, lits: list[int], bound: int) -> None:
        """A native cardinality constraint, counted under ``family + "-native"``."""
        self.atmost.append((lits, bound))
        self.counts[family + "-native"] += 1

    def chunks(self, size: int = CHUNK, release: bool = False) -> Iterator[list[list[int]]]:
        """All clauses as lists, a bounded number at a time.  ``release``: drop each family's
        array once it has been handed out (less memory at the loading peak of a huge board);
        the counts stay, the clauses cannot be read again."""
        for part in self._hand_out(release):
            if isinstance(part, list):
                yield part
                continue
            for start in range(0, len(part), size):
                yield part[start:start + size].tolist()
            del part

    def buffers(self, release: bool = False) -> Iterator[np.ndarray]:
        """All clauses as flat, zero-terminated 32-bit arrays, one per family part, for a
        solver that reads such a buffer (CryptoMiniSat): no Python list per clause at all.
        An empty clause would be a lone 0, which such a reader skips: it is written as the
        contradiction ``1 0 -1 0`` instead.  ``release`` as for :meth:`chunks`."""
        for part in self._hand_out(release):
            if isinstance(part, list):
                if part:
                    yield np.array([lit for clause in part for lit in (*clause, 0) if clause]
                                   + [1, 0, -1, 0] * (not all(part)), dtype=np.int32)
                continue
            if part.shape[1] == 0:
                yield np.array([1, 0, -1, 0], dtype=np.int32)
                continue
            flat = np.zeros((len(part), part.shape[1] + 1), dtype=np.int32)
            flat[:, :-1] = part
            del part
            yield flat.ravel()

    def parts(self) -> Iterator[list[list[int]] | np.ndarray]:
        """Each family part as stored (a list of lists or an (m, width) array), not copied:
        for a step that rewrites clauses a part at a time
        (:func:`satlink.cnf.substitute.substitute`)."""
        return self._hand_out(False)

    def _hand_out(self, release: bool) -> Iterator[list[list[int]] | np.ndarray]:
        """Each family part in order; ``release``: forget each as it is handed out."""
        if self.released:
            raise RuntimeError("these clauses were released to a solver and cannot be read again")
        self.released = release
        parts = self._parts
        for i, part in enumerate(parts):
            if release:
                parts[i] = []
            yield part
            del part

    @property
    def clauses(self) -> list[list[int]]:
        """Every clause as a list (materialised: for small boards, tests and debugging)."""
        return [clause for chunk in self.chunks() for clause in chunk]

    @property
    def n_clauses(self) -> int:
        return self._size

    def __len__(self) -> int:
        return self._size + len(self.atmost)
