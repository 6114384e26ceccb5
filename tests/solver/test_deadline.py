"""The deadline covers the whole check: encoding and loading the clauses as well as the search."""

from __future__ import annotations

import pytest


def test_the_deadline_covers_encoding_and_loading_not_only_the_search() -> None:
    """With the deadline already past when the CNF is built, no clause reaches a solver."""
    from satlink import Board, check
    from satlink.rules import parse_rules
    from satlink.solver.backend import Backend, Timeout
    from satlink.solver.encode import encode

    board = Board.from_rows(["A" + "." * 59] + ["." * 60] * 58 + ["." * 59 + "A"])
    verdict = check(board, "flow", timeout=0)
    assert verdict.status == "timeout" and verdict.timed_out
    assert verdict.stats.sat_calls == 0
    import time

    clauses = encode(board, parse_rules("flow")).clauses
    with pytest.raises(Timeout):
        Backend("glucose4", clauses, deadline=time.monotonic() - 1)


def test_the_deadline_stops_the_encoding_between_clause_families(monkeypatch) -> None:
    """A deadline that passes while the CNF is built stops it at the next family: a huge
    board with --timeout 2 must not spend its whole encoding time first."""
    import satlink.cnf.builders
    from satlink import Board, Method, check

    built: list[str] = []
    real = satlink.cnf.builders.add_notouch
    monkeypatch.setattr(satlink.cnf.builders, "add_notouch",
                        lambda *args, **kwargs: built.append("notouch") or real(*args, **kwargs))
    board = Board.from_rows(["A" + "." * 29] + ["." * 30] * 28 + ["." * 29 + "A"])
    encoded = Method(presolve=False)  # the forced moves alone prove this board unsolvable
    verdict = check(board, "flow", timeout=0, method=encoded)
    assert verdict.status == "timeout" and verdict.stats.sat_calls == 0
    assert built == []  # stopped before the notouch family was built
    assert check(board, "flow", method=encoded).status != "timeout" and built == ["notouch"]
