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


def test_every_edge_builder_makes_the_one_order_and_hands_it_to_the_core_as_it_is(monkeypatch) -> None:
    """The edge order SAT variables depend on is EDGE_ORDER (pairs a < b, sorted) on every
    geometry and from every builder (cell by cell, numpy, the geometry's own adjacency); the
    buffers the compiled engine is handed hold that list as it is, and the open nodes."""
    import random

    import satlink.graph
    from satlink import Board
    from satlink.graph import EDGE_ORDER, SOLID
    from testbed.variants import FAMILIES, random_variant

    assert EDGE_ORDER == "sorted"
    rng = random.Random(42)
    boards = [v.board() for family in FAMILIES for v in (random_variant(rng, family) for _ in range(8))]
    for cells in (10**9, 0):  # cell by cell, then numpy on every plain board
        monkeypatch.setattr(satlink.graph, "NUMPY_CELLS", cells)
        boards += [Board.from_rows(random_rows(rng, rng.randint(1, 30), rng.randint(1, 30)))
                   for _ in range(20)]
    for board in boards:
        g = board.graph
        flat = [int(x) for x in g.edge_buffer()]
        pairs = list(zip(flat[::2], flat[1::2], strict=True))
        assert pairs == sorted(set(pairs)) and all(a < b for a, b in pairs)
        assert pairs == list(g.edges)
        assert [int(x) for x in g.open_node_buffer()] == [x for x, ch in enumerate(g.kinds)
                                                          if ch != SOLID]


def test_the_compiled_engine_refuses_edges_out_of_order() -> None:
    from array import array

    import pytest

    from satlink.deduce.engines import compiled

    if compiled() is None:
        pytest.skip("the compiled engine is not built")
    core = compiled()._core
    nodes = array("i", [0, 1, 2])
    core.graph(3, nodes, array("i", [0, 1, 0, 2, 1, 2]), [], True, True, [])  # in order
    for edges in ([0, 2, 0, 1], [1, 0], [0, 1, 0, 1], [0, 1, 0]):
        with pytest.raises(ValueError):
            core.graph(3, nodes, array("i", edges), [], True, True, [])


def test_square_edges_from_the_kept_open_grid_are_the_cell_loops_edges():
    """The open grid's edges, kept per size, less the solid cells' steps: the edges the loop
    over every cell made (each cell's step right, then down, between open cells)."""
    import random

    from satlink.graph import SOLID, open_square_edges, square_edges

    def loop(flat: str, w: int, h: int) -> list[tuple[int, int]]:
        edges = []
        for a in range(w * h):
            r, c = divmod(a, w)
            if flat[a] == SOLID:
                continue
            if c + 1 < w and flat[a + 1] != SOLID:
                edges.append((a, a + 1))
            if r + 1 < h and flat[a + w] != SOLID:
                edges.append((a, a + w))
        return edges

    rng = random.Random(43)
    for w in range(1, 13):
        for h in range(1, 13):
            assert list(open_square_edges(w, h)) == loop("." * (w * h), w, h)
            for _ in range(4):
                flat = "".join(rng.choice("..#A") for _ in range(w * h))
                assert list(square_edges(flat, w, h)) == loop(flat, w, h)


def test_neighbours_are_ascending_on_every_geometry():
    """Neighbours are listed as the sorted edges give them, without a sort: ascending on
    every family's boards (bridges' crossings, warps, hexagons) and on plain ones."""
    from satlink import Board
    from testbed.referees import family_boards
    from testbed.variants import FAMILIES

    boards = [board for family in FAMILIES for board in family_boards(5, family, 15)]
    boards += [Board.from_rows(["A.#.", "..#A", "B..B"]), Board.from_rows(["A..A"])]
    for board in boards:
        assert board.graph.edges == tuple(sorted(board.graph.edges))
        for x, around in enumerate(board.graph.neighbours):
            assert list(around) == sorted(around)
            assert set(around) == {b for a, b in board.graph.edges if a == x} | {
                a for a, b in board.graph.edges if b == x}
