"""The public library functions check their arguments and name what is wrong."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize("call,error", [
    (lambda s: s.check(None), TypeError),
    (lambda s: s.check(s.Board.from_rows(["A.A"]), 5), TypeError),
    (lambda s: s.check(s.Board.from_rows(["A.A"]), count=0), ValueError),
    (lambda s: s.check(s.Board.from_rows(["A.A"]), count=-1), ValueError),
    (lambda s: s.check(s.Board.from_rows(["A.A"]), timeout=-1), ValueError),
    (lambda s: s.check(s.Board.from_rows(["A.A"]), method="glucose4"), TypeError),
    (lambda s: s.solve(s.Board.from_rows(["A.A"]), timeout="soon"), TypeError),
    (lambda s: s.Board.from_rows("A.A"), TypeError),
    (lambda s: s.Board.from_rows([b"A.A"]), TypeError),
])
def test_library_arguments_are_checked_at_the_public_functions(call, error) -> None:
    import satlink

    with pytest.raises(error) as caught:
        call(satlink)
    assert "satlink" in str(caught.value) or "must" in str(caught.value) or "not" in str(caught.value)


def test_the_documented_explanation_calls_take_a_profile_name() -> None:
    """``explain``, ``hint``, ``trace`` and ``grade`` are library entry points (the explanation
    contract names them): a profile name, a parsed profile and None (the default) all work, and
    a name gives what the profile it names gives."""
    from satlink import Board
    from satlink.explain import explain, trace
    from satlink.explain.hint import hint
    from satlink.grading import grade
    from satlink.rules import DEFAULT_RULES, parse_rules

    board = Board.from_rows(["ACAD.", ".....", ".CB..", ".B...", "....D"])  # unique under each
    for name in ("fill", "nikoli", "flow"):
        parsed = parse_rules(name)
        assert grade(board, name).as_dict() == grade(board, parsed).as_dict()
        assert explain(board, name).reason == explain(board, parsed).reason
        assert len(trace(board, name).steps) == len(trace(board, parsed).steps)
        assert hint(board, name).as_dict() == hint(board, parsed).as_dict()
    assert grade(board, None).as_dict() == grade(board, DEFAULT_RULES).as_dict()
