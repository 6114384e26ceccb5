"""Loading clauses: the direct C path and PySAT's own path give the solver the same formula."""

from __future__ import annotations

import pytest
from pysat.solvers import Solver

from satlink.solver.backend import DIRECT_ADD, clause_loader

CLAUSES = [[1, 2], [-1, 2], [1, -2], [3, -3], [-1, -2, 4]]


@pytest.mark.parametrize("name", ["glucose4", "minisat22", "cadical195", "kissat404", "lingeling"])
def test_every_loader_gives_the_same_formula(name: str) -> None:
    solver = Solver(name=name)
    try:
        load = clause_loader(solver)
        direct = type(solver.solver).__name__ in DIRECT_ADD
        assert (load != solver.append_formula) == direct
        load(CLAUSES)
        load([[-4]])
        assert solver.solve() is False  # 1 and 2 are forced, so 4 is: [-4] contradicts it
    finally:
        solver.delete()


def test_a_pysat_without_the_expected_handle_falls_back_to_append_formula() -> None:
    solver = Solver(name="glucose4")
    try:
        handle = solver.solver.glucose
        solver.solver.glucose = None  # as if PySAT kept its handle elsewhere
        assert clause_loader(solver) == solver.append_formula
        solver.solver.glucose = handle
    finally:
        solver.delete()


def test_released_clauses_are_loaded_once_and_counted_still() -> None:
    from satlink import Board
    from satlink.rules import parse_rules
    from satlink.solver.backend import Backend
    from satlink.solver.encode import encode

    board = Board.from_rows(["AB", "..", "AB"])
    expected = encode(board, parse_rules("flow")).clauses.clauses
    clauses = encode(board, parse_rules("flow")).clauses
    backend = Backend("glucose4", clauses, release=True)
    try:
        assert backend.solve(None) is not None
    finally:
        backend.delete()
    assert clauses.n_clauses == len(expected)
    with pytest.raises(RuntimeError, match="released"):
        clauses.chunks().__next__()
    # a one-shot backend rebuilds its solver from the clauses, so it keeps them
    kept = encode(board, parse_rules("flow")).clauses
    backend = Backend("kissat404", kept, release=True)
    backend.delete()
    assert kept.clauses == expected


def test_encoding_stops_at_the_deadline() -> None:
    import time

    from satlink import Board
    from satlink.rules import parse_rules
    from satlink.solver.backend import Timeout
    from satlink.solver.encode import encode

    board = Board.from_rows(["A" + "." * 29] + ["." * 30] * 28 + ["." * 29 + "A"])
    with pytest.raises(Timeout):
        encode(board, parse_rules("flow"), deadline=time.monotonic() - 1)
    assert encode(board, parse_rules("flow"), deadline=time.monotonic() + 600).n_clauses > 0


def test_flat_buffers_hold_the_same_clauses_as_the_lists() -> None:
    from satlink import Board
    from satlink.rules import parse_rules
    from satlink.solver.encode import encode
    from satlink.solver.method import Method

    board = Board.from_rows(["A.B.", "....", "B..A"])
    clauses = encode(board, parse_rules("nikoli"), Method(lemmas="none")).clauses
    flat = [int(x) for buffer in clauses.buffers() for x in buffer]
    expected = [lit for clause in clauses.clauses for lit in (*clause, 0)]
    assert flat == expected
    empty = encode(Board.from_rows(["#."]), parse_rules("flow"), Method(lemmas="none")).clauses
    assert [] in empty.clauses  # the open cell cannot be covered
    assert [1, 0, -1, 0] == [int(x) for x in list(empty.buffers())[-1][-4:]]


def test_cryptominisat_without_its_package_is_a_usage_error(monkeypatch) -> None:
    import satlink.solver.method
    from satlink.solver.method import Method, MethodError

    monkeypatch.setattr(satlink.solver.method, "find_spec", lambda name: None)
    with pytest.raises(MethodError, match="pycryptosat"):
        Method(solver="cms")
