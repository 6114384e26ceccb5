"""The notouch clause groups made from a sort of rows are those ``np.unique`` made."""

from __future__ import annotations


def test_the_notouch_groups_are_those_of_a_sort_of_rows() -> None:
    """Issue 25, row 14: np.unique(axis=0) sorted two million rows (2.2 s) past the deadline."""
    import numpy as np

    from satlink.cnf.usage import Usage

    rng = np.random.default_rng(25)
    usage = Usage(np.where(rng.random(50) < 0.5, 0, np.arange(1, 51)))
    for width in (1, 2, 3):
        cells = rng.integers(0, 50, size=(200, width))
        may = usage.var[cells] != 0
        patterns, inverse = np.unique(may, axis=0, return_inverse=True)
        expected = [(inverse.reshape(-1) == p, -usage.var[cells[inverse.reshape(-1) == p]][:, pat])
                    for p, pat in enumerate(patterns)]
        got = usage.not_used_columns(cells)
        assert len(got) == len(expected)
        for (rows, lits), (rows2, lits2) in zip(got, expected, strict=True):
            assert np.array_equal(rows, rows2) and np.array_equal(lits, lits2)
