"""Difference bits: ``d[i]`` true only if two cells' codes differ at bit ``i``.

Only the direction "d -> differ" is encoded: the rules that use these variables
(``notouch``, ``no2x2``) use them positively, to claim that two cells carry other labels.
"""

from __future__ import annotations

import numpy as np

from satlink.cnf.clauses import Clauses
from satlink.cnf.variables import Variables


def add_differ(vs: Variables, pairs: np.ndarray, out: Clauses) -> np.ndarray:
    """Difference bits for each (a, b) row of ``pairs`` (a < b) that has none yet; returns
    an (m, k) array of the difference bits of every row, new or old."""
    k = vs.code_bits
    pairs = pairs.reshape(-1, 2)
    known = vs.differ_rows(pairs)
    missing = np.flatnonzero(known[:, 0] == 0) if k else np.zeros(0, dtype=np.int64)
    if len(missing) and k:
        new_pairs = np.unique(pairs[missing], axis=0)
        first = vs.fresh_block(k * len(new_pairs), "differ")
        ds = first + np.arange(k * len(new_pairs), dtype=np.int64).reshape(-1, k)
        vs.add_differ_block(new_pairs, ds)
        bits = vs.bits
        for i in range(k):
            x, y = bits[new_pairs[:, 0], i], bits[new_pairs[:, 1], i]
            out.extend_array("differ", np.column_stack([-ds[:, i], x, y]))
            out.extend_array("differ", np.column_stack([-ds[:, i], -x, -y]))
        known = vs.differ_rows(pairs)
    return known
