"""The compiled engine's compact form of a large open square board (one byte per cell,
:func:`satlink.deduce.compiled.square_steps`): the same edges, in the same order, as the
buffers it stands for, and the same deductions from them."""

from __future__ import annotations


def _decoded_steps(steps: bytes, width: int) -> tuple[list[tuple[int, int]], list[int]]:
    """The edges and open nodes one byte per cell describes, read as the compiled engine
    reads them (bit 2 open, bit 0 a step right, bit 1 a step down; cell by cell)."""
    edges, nodes = [], []
    for x, step in enumerate(steps):
        if step & 4:
            nodes.append(x)
        if step & 1:
            edges.append((x, x + 1))
        if step & 2:
            edges.append((x, x + width))
    return edges, nodes


def test_square_steps_are_the_edges_in_order_and_the_open_nodes(monkeypatch) -> None:
    """A large open square board reaches the compiled engine as one byte per cell (made
    without numpy): read cell by cell they are its edges in EDGE_ORDER and its open nodes; a
    board with a solid cell, a small board and a variant have none (they hand buffers)."""
    import random

    from satlink import Board
    from satlink.deduce import compiled
    from satlink.deduce.compiled import square_steps
    from testbed.variants import FAMILIES, random_variant

    rng = random.Random(44)
    monkeypatch.setattr(compiled, "NUMPY_CELLS", 0)
    for w, h in [(1, 2), (2, 1), (1, 7), (7, 1), (2, 2), (3, 5), (5, 3), (12, 9)]:
        rows = [["."] * w for _ in range(h)]
        rows[0][0] = rows[-1][-1] = "A"
        board = Board.from_rows(["".join(row) for row in rows])
        steps = square_steps(board.graph)
        assert steps is not None and len(steps) == w * h
        edges, nodes = _decoded_steps(steps, w)
        assert edges == list(board.graph.edges) == sorted(set(edges))
        assert nodes == list(range(w * h))
    assert square_steps(Board.from_rows(["A.#", "..A"]).graph) is None  # a solid cell
    for family in FAMILIES:
        board = random_variant(rng, family).board()
        if not board.geometry.is_plain:
            assert square_steps(board.graph) is None
    monkeypatch.setattr(compiled, "NUMPY_CELLS", 10**9)
    assert square_steps(Board.from_rows(["A..", "..A"]).graph) is None  # small: its buffers


def test_the_compiled_engine_reads_square_steps_as_the_buffers_they_stand_for(monkeypatch) -> None:
    """The same boards deduced from the bytes and from the buffers: the same edge states after
    the fixpoint and the same solutions found by case splits; bytes that do not describe a
    board's cells (the wrong length, an unknown bit, a step off the board, a step right from
    the last column, a one-column board's step right, which is its step down, a step to a
    closed cell) are refused."""
    import random

    import pytest

    import satlink.graph
    from satlink import Board
    from satlink.deduce import Contradiction, Puzzle
    from satlink.deduce import compiled as boundary
    from satlink.deduce.compiled import square_steps
    from satlink.deduce.engines import compiled
    from satlink.deduce.split import CaseSplits
    from satlink.rules import parse_rules
    from testbed.boards import cover_board

    eng = compiled()
    if eng is None:
        pytest.skip("the compiled engine is not built")
    rng = random.Random(45)

    def deduced(rows: list[str], rules: str, cells: int) -> tuple[bytes, list[bytes]] | str:
        monkeypatch.setattr(satlink.graph, "NUMPY_CELLS", cells)
        monkeypatch.setattr(boundary, "NUMPY_CELLS", cells)
        board = Board.from_rows(rows)
        puzzle = Puzzle(board, parse_rules(rules))
        assert (square_steps(board.graph) is not None) == (cells == 0)
        st = eng.state(puzzle)
        try:
            eng.fixpoint(st, ("corner", "notouch", "region", "bottleneck"))
        except Contradiction as why:
            return why.kind
        search = CaseSplits(200, 3, ("corner", "notouch"))
        eng.split(st.copy(), search)
        return bytes(st.es), search.solutions

    tried = 0
    while tried < 60:
        rows = cover_board(rng, (2, 7))
        if "#" in "".join(rows):
            continue
        tried += 1
        for rules in ("flow", "nikoli"):
            assert deduced(rows, rules, 0) == deduced(rows, rules, 10**9), (rows, rules)

    core = eng._core
    ends = [(0, 5)]
    core.square_graph(3, 2, b"\x07\x07\x06\x05\x05\x04", ends, True, True, [])  # the open 3x2
    for steps in (b"\x07\x07\x06\x05\x05", b"\x0f\x07\x06\x05\x05\x04",
                  b"\x07\x07\x06\x07\x05\x04"):
        with pytest.raises(ValueError):  # short; bit 3; a step down off the board
            core.square_graph(3, 2, steps, ends, True, True, [])
    with pytest.raises(ValueError):  # a one-column board's step right is its step down
        core.square_graph(1, 2, b"\x07\x04", [(0, 1)], True, True, [])
    for steps in (b"\x07\x07\x07\x05\x05\x04",  # a step right from the last column
                  b"\x07\x07\x06\x05\x05\x00"):  # a step to a closed cell
        with pytest.raises(ValueError):
            core.square_graph(3, 2, steps, ends, True, True, [])
