"""Zero-padded rows of variables, regrouped for clause families built as whole arrays (the
board graph's arrays, :class:`satlink.graph.GraphArrays`, pad each node's row with 0)."""

from __future__ import annotations

import numpy as np


def compact_rows(rows: np.ndarray) -> dict[int, np.ndarray]:
    """Group the rows of a zero-padded matrix by their number of nonzero entries and move
    those entries to the front: ``{d: (m, d) array}``."""
    nonzero = rows != 0
    order = np.argsort(~nonzero, axis=1, kind="stable")
    packed = np.take_along_axis(rows, order, axis=1)
    counts = nonzero.sum(axis=1)
    return {int(d): packed[counts == d][:, :d] for d in np.unique(counts)}
