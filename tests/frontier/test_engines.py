"""The compiled sweep gives the Python reference's counts, board by board: random boards of
every geometry and the corpus boards small enough for the reference."""

from __future__ import annotations

import pytest

from satlink import parse_rules, solution_errors
from satlink.frontier import count
from satlink.frontier.engines import compiled_available, sweep_engine
from testbed.boards import mzucker_boards
from testbed.variants import variants

pytestmark = pytest.mark.skipif(not compiled_available(), reason="the compiled sweep is not built")


def same(board, profile: str, limit: int) -> None:
    rules = parse_rules(profile)
    python = count(board, rules, limit=limit, engine="python")
    compiled = count(board, rules, limit=limit, engine="compiled")
    assert (compiled.ended, compiled.count) == (python.ended, python.count), profile
    for solution in compiled.solutions:
        assert solution_errors(board, solution, rules) == []


@pytest.mark.parametrize("profile", ("flow", "fill", "nikoli", "notouch", "no2x2", "fill,no2x2"))
def test_random_boards(profile: str) -> None:
    for variant in variants(seed=45, per_family=3):
        same(variant.board(), profile, 10**6)


def test_corpus_boards(corpus) -> None:
    small = [board for _, board in mzucker_boards(corpus) if board.width <= 6]
    assert small
    for board in small:
        for profile in ("flow", "fill", "nikoli"):
            same(board, profile, 2)


def test_the_engine_is_chosen_by_name_or_environment(monkeypatch) -> None:
    assert sweep_engine("python").name == "python"
    monkeypatch.setenv("SATLINK_FRONTIER", "compiled")
    assert sweep_engine().name == "compiled"
    with pytest.raises(ValueError, match="unknown frontier sweep"):
        sweep_engine("quantum")
