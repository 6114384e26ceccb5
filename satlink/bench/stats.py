"""Spread and significance for benchmark figures, without SciPy.

* :func:`bootstrap_ratio`: a percentile bootstrap confidence interval of the ratio of two
  configurations' summed times, resampling the boards they both solved (paired: a resample
  takes a board's two times together), so an interval says how much the ratio rests on a
  few boards;
* :func:`wilcoxon_signed_rank`: the paired Wilcoxon signed-rank test over common boards (the
  standard nonparametric test of "A is faster than B on the same instances"): exact p-values
  from the distribution of the rank sum for up to :data:`EXACT_MAX` non-zero pairs (no ties
  among them), else the normal approximation with the tie and continuity corrections.

Every random draw is seeded, so a results file's intervals can be computed again.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np

RESAMPLES = 2000
SEED = 20261128
EXACT_MAX = 30


def quartiles(values: Sequence[float]) -> tuple[float, float, float] | None:
    """(q1, median, q3), linear between neighbours; None for no values."""
    if not values:
        return None
    q1, med, q3 = np.quantile(np.asarray(values, dtype=float), [0.25, 0.5, 0.75])
    return float(q1), float(med), float(q3)


def bootstrap_ratio(mine: Sequence[float], base: Sequence[float], level: float = 0.95,
                    resamples: int = RESAMPLES) -> tuple[float, float] | None:
    """The ``level`` percentile-bootstrap interval of ``sum(mine) / sum(base)`` over paired
    boards; None with fewer than two boards or a zero base."""
    a, b = np.asarray(mine, dtype=float), np.asarray(base, dtype=float)
    if len(a) < 2 or len(a) != len(b) or not b.sum():
        return None
    rng = np.random.default_rng(SEED)
    picks = rng.integers(0, len(a), size=(resamples, len(a)))
    bottom = b[picks].sum(axis=1)
    ratios = a[picks].sum(axis=1)[bottom > 0] / bottom[bottom > 0]
    tail = (1 - level) / 2
    low, high = np.quantile(ratios, [tail, 1 - tail])
    return round(float(low), 4), round(float(high), 4)


def ranks(values: list[float]) -> list[float]:
    """Average ranks (1-based) of ``values``, ties sharing the mean of their ranks."""
    order = sorted(range(len(values)), key=values.__getitem__)
    ranks = [0.0] * len(values)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
            j += 1
        for k in range(i, j + 1):
            ranks[order[k]] = (i + j) / 2 + 1
        i = j + 1
    return ranks


def _exact_p(n: int, w_plus: float) -> float:
    """Two-sided exact p-value of the rank sum ``w_plus`` with ``n`` untied non-zero pairs:
    the count of sign patterns by rank sum (a subset-sum table over 1..n)."""
    total = n * (n + 1) // 2
    counts = [0] * (total + 1)
    counts[0] = 1
    for rank in range(1, n + 1):
        for s in range(total, rank - 1, -1):
            counts[s] += counts[s - rank]
    low = min(w_plus, total - w_plus)
    tail = sum(counts[: int(math.floor(low)) + 1]) / 2 ** n
    return min(1.0, 2 * tail)


def wilcoxon_signed_rank(a: Sequence[float], b: Sequence[float]) -> dict:
    """The paired Wilcoxon signed-rank test of ``a`` against ``b`` (pairs with a zero
    difference dropped, as Wilcoxon's own procedure does): ``n`` pairs used, ``w_plus`` (the
    rank sum where a > b), ``w_minus``, ``p_value`` (two-sided), ``method`` (``exact`` or
    ``normal``) and ``median_difference`` (of a - b)."""
    diffs = [x - y for x, y in zip(a, b, strict=True)]
    nonzero = [d for d in diffs if d != 0]
    n = len(nonzero)
    median = float(np.median(diffs)) if diffs else None
    if n == 0:
        return {"n": 0, "w_plus": 0.0, "w_minus": 0.0, "p_value": 1.0, "method": "exact",
                "median_difference": median}
    ranked = ranks([abs(d) for d in nonzero])
    w_plus = sum(r for r, d in zip(ranked, nonzero, strict=True) if d > 0)
    w_minus = n * (n + 1) / 2 - w_plus
    tied = len(set(abs(d) for d in nonzero)) < n
    if n <= EXACT_MAX and not tied:
        p, method = _exact_p(n, w_plus), "exact"
    else:
        mean = n * (n + 1) / 4
        ties = {}
        for d in nonzero:
            ties[abs(d)] = ties.get(abs(d), 0) + 1
        variance = n * (n + 1) * (2 * n + 1) / 24 - sum(t ** 3 - t for t in ties.values()) / 48
        z = (abs(w_plus - mean) - 0.5) / math.sqrt(variance) if variance > 0 else 0.0
        p, method = min(1.0, math.erfc(max(z, 0.0) / math.sqrt(2))), "normal"
    return {"n": n, "w_plus": w_plus, "w_minus": w_minus, "p_value": round(p, 6),
            "method": method, "median_difference": median}
