"""read_model (arrays) reads every model as the edge-by-edge reader and path walk do."""

from __future__ import annotations

import pytest
from pysat.solvers import Solver

from satlink import Board, Solution
from satlink.geometry import Geometry
from satlink.rules import parse_rules
from satlink.solver.decode import read_model
from satlink.solver.encode import encode
from satlink.solver.method import Method
from tests.support.helpers import model_edges

BOARDS = [
    (["A....", ".....", ".....", "....A"], Geometry(), "fill", True),  # room for cycles
    (["A...B", ".....", ".....", "B...A"], Geometry(), "nikoli", False),
    (["A..B", "....", "....", "B..A"], Geometry.of(bridges=[5, 10]), "fill", False),
    (["A....", ".....", "....A"], Geometry.of(wrap=True), "fill", False),
]


@pytest.mark.parametrize(("rows", "geometry", "rules", "has_cycles"), BOARDS)
def test_models_with_and_without_cycles_read_the_same(rows, geometry, rules, has_cycles) -> None:
    board = Board.from_rows(rows, geometry)
    encoding = encode(board, parse_rules(rules), Method(lemmas="none"))
    ends = encoding.variables.graph.edges
    endpoints = {c for pair in board.endpoints.values() for c in pair}
    cyclic = 0
    with Solver(name="glucose4", bootstrap_with=encoding.clauses.clauses) as solver:
        for _ in range(40):
            if not solver.solve():
                break
            model = solver.get_model()
            old = model_edges(board, model, endpoints)
            new = read_model(board, ends, model)
            assert new.edges() == old.edges
            assert sorted(map(sorted, new.cycles)) == sorted(map(sorted, old.cycles))
            assert new.solution() == Solution.from_edges(board, old.edges)
            cyclic += bool(old.cycles)
            solver.add_clause((-1 - new.chosen).tolist())
    assert cyclic or not has_cycles
