"""A board's graph makes its edges on first use, by numpy on large boards, in the same order
as the cell-by-cell construction."""

from __future__ import annotations

from tests.support.helpers import random_rows


def test_a_huge_board_is_read_without_its_edges_and_numpy_makes_the_same_ones(monkeypatch) -> None:
    """Issue 25, row 14: reading a 1002x1002 board took 1.4 s outside every deadline, most of
    it making two million edge tuples; they are made on first use now, by numpy on large
    boards, in the same order."""
    import random

    import numpy as np

    import satlink.graph
    from satlink import Board

    rng = random.Random(25)
    for _ in range(40):
        rows = random_rows(rng, rng.randint(2, 40), rng.randint(1, 40))
        fresh = Board.from_rows(rows)
        assert "edges" not in fresh.graph.__dict__ and "neighbours" not in fresh.graph.__dict__
        monkeypatch.setattr(satlink.graph, "NUMPY_CELLS", 10**9)
        python = Board.from_rows(rows)
        expected = python.edges, [python.neighbors(x) for x in range(python.n_nodes)]
        monkeypatch.setattr(satlink.graph, "NUMPY_CELLS", 0)
        numpy = Board.from_rows(rows)
        assert numpy.n_edges == len(expected[0])  # from the array, before any tuple
        assert "edges" not in numpy.graph.__dict__
        assert np.array_equal(numpy.edge_array(), np.asarray(expected[0]).reshape(-1, 2))
        assert (numpy.edges, [numpy.neighbors(x) for x in range(numpy.n_nodes)]) == expected
        assert numpy == python
