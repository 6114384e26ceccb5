"""Difference bits: ``d[i]`` true only if two cells' codes differ at bit ``i``.

Only the direction "d -> differ" is encoded: the rules that use these variables
(``notouch``, ``no2x2``) use them positively, to claim that two cells carry other labels.
A pair gets its bits once, however many rules ask for it; the :class:`DifferBits` store
belongs to the binary colour scheme that owns the codes.
"""

from __future__ import annotations

import numpy as np

from satlink.cnf.clauses import Clauses
from satlink.cnf.variables import Variables


class DifferBits:
    """The difference bits made so far, looked up by cell pair as arrays."""

    def __init__(self, vs: Variables, bits: np.ndarray):
        self.vs = vs
        self.bits = bits
        self.k = bits.shape[1]
        self.n = bits.shape[0]
        self._keys = np.zeros(0, dtype=np.int64)
        self._vars = np.zeros((0, self.k), dtype=np.int64)

    def rows(self, pairs: np.ndarray, out: Clauses) -> np.ndarray:
        """The difference bits of each (a, b) row of ``pairs`` (a < b), made where missing:
        an (m, k) array."""
        pairs = pairs.reshape(-1, 2)
        known = self._lookup(pairs)
        if not self.k:
            return known
        missing = np.flatnonzero(known[:, 0] == 0)
        if len(missing):
            self._make(np.unique(pairs[missing], axis=0), out)
            known = self._lookup(pairs)
        return known

    def _make(self, pairs: np.ndarray, out: Clauses) -> None:
        k = self.k
        first = self.vs.fresh_block(k * len(pairs), "differ")
        ds = first + np.arange(k * len(pairs), dtype=np.int64).reshape(-1, k)
        for i in range(k):
            x, y = self.bits[pairs[:, 0], i], self.bits[pairs[:, 1], i]
            out.extend_array("differ", np.column_stack([-ds[:, i], x, y]))
            out.extend_array("differ", np.column_stack([-ds[:, i], -x, -y]))
        keys = np.concatenate([self._keys, pairs[:, 0] * self.n + pairs[:, 1]])
        values = np.concatenate([self._vars, ds])
        order = np.argsort(keys, kind="stable")
        self._keys, self._vars = keys[order], values[order]

    def _lookup(self, pairs: np.ndarray) -> np.ndarray:
        out = np.zeros((len(pairs), self.k), dtype=np.int64)
        if not len(self._keys) or not len(pairs):
            return out
        keys = pairs[:, 0] * self.n + pairs[:, 1]
        at = np.minimum(np.searchsorted(self._keys, keys), len(self._keys) - 1)
        found = self._keys[at] == keys
        out[found] = self._vars[at[found]]
        return out
