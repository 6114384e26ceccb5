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
