"""diff_cells (numpy) against the definition written out in plain Python."""

from __future__ import annotations

import pytest

from satlink import Board, Solution, check
from satlink.geometry import HEX, Geometry
from satlink.solution import diff_cells


def by_definition(board: Board, first: Solution, second: Solution) -> list[int]:
    """Cells holding a node covered by another label, or with another set of incident edges
    (a bridge, with its two crossings, once)."""
    def incidence(solution: Solution) -> dict[int, tuple[str, frozenset]]:
        edges: dict[int, set] = {}
        for e in solution.edges():
            for node in e:
                edges.setdefault(node, set()).add(e)
        owner = solution.owner()
        return {node: (owner[node], frozenset(edges.get(node, ()))) for node in owner}

    one, two = incidence(first), incidence(second)
    return sorted({board.node_cell(n) for n in set(one) | set(two) if one.get(n) != two.get(n)})


BOARDS = [
    (["A..", "...", "..A"], Geometry()),
    (["A..B", "....", "....", "A..B"], Geometry()),
    (["A..B", "....", "....", "B..A"], Geometry.of(bridges=[5, 10])),
    (["A...", "....", "...A"], Geometry.of(wrap=True)),
    (["A..", "...", "..A"], Geometry.of(HEX)),
    (["A..B", "....", "A..B"], Geometry.of(walls=[(1, 5), (6, 7)])),
]


@pytest.mark.parametrize(("rows", "geometry"), BOARDS)
def test_every_pair_of_solutions_differs_where_the_definition_says(rows, geometry) -> None:
    board = Board.from_rows(rows, geometry)
    solutions = check(board, "nikoli", count=12).solutions
    assert len(solutions) >= 2
    for first in solutions:
        for second in solutions:
            assert diff_cells(board, first, second) == by_definition(board, first, second)
    assert diff_cells(board, solutions[0], solutions[0]) == []


def test_many_coordinates_at_once_are_the_coordinates_one_by_one() -> None:
    board = Board.from_rows(["A" + "." * 38 + "B", "." * 40, "." * 40, "B" + "." * 38 + "A"],
                            Geometry.of(bridges=[45, 50]))
    nodes = [(7 * i) % board.n_nodes for i in range(1000)]
    assert board.n_nodes - 1 in nodes or board.size in nodes  # bridge crossings included
    assert board.coords(nodes) == [list(board.coord(c)) for c in nodes]
    assert board.coords(nodes[:10]) == [list(board.coord(c)) for c in nodes[:10]]
