"""Every repair message is one whole sentence with its seconds rounded, and a chain never
offers a board that lost every solution as progress."""

from __future__ import annotations

from types import SimpleNamespace

from satlink import Board, parse_rules
from satlink.repair.chains import repair_chain
from satlink.repair.plans import ChainOptions, seconds_words
from satlink.repair.proposals import Repair
from satlink.solver.verdict import Status
from testbed.designs import RING


def test_seconds_are_rounded_as_people_read_them() -> None:
    assert seconds_words(9.99979) == "10 s"
    assert seconds_words(2.0) == "2 s"
    assert seconds_words(0.3) == "0.3 s"
    assert seconds_words(0.04) == "0 s"


def test_studio_statements_are_whole_sentences() -> None:
    from satlink.studio.repairs import _statement, chain_statement

    found = Repair(Status.MULTIPLE, candidates=233, skipped=0)
    found.tried = [(None, Status.MULTIPLE)] * 60
    cut_short = _statement(found, 0, False, 9.99979)
    assert "none found among the 60 single edits checked of 233 within 10 s" in cut_short
    assert "9.99979" not in cut_short
    every = _statement(Repair(Status.MULTIPLE, candidates=5), 0, True, 2.0)
    assert "no single edit makes it unique" not in cut_short
    offered = _statement(found, 2, False, 2.0)
    for sentence in (cut_short, every, offered):
        assert not sentence[0].islower() and sentence.endswith("."), sentence
    assert not every.rstrip(".").endswith("may")  # the sentence once stopped at "may"
    chain = SimpleNamespace(repaired=False, partial=True, steps=[], reason="budget", checks=7)
    text = chain_statement(chain, 1.99996)
    assert text.startswith("No chain found within 2 s") and text.endswith(".")
    assert "budget" not in text.split("(")[0] or "ran out" in text


def test_a_chain_never_offers_an_unsolvable_board_as_progress() -> None:
    """Under fill the ring board has 16+ solutions; removing a pair or moving an endpoint
    mostly leaves it unsolvable, which once ranked as the best partial chain ("remove pair E
    -> unsolvable").  Held to a few checks, the chain's best is a board with solutions."""
    board, rules = Board.from_rows(RING), parse_rules("fill")
    for kinds in (frozenset({"move"}), frozenset({"pair", "move"})):
        chain = repair_chain(board, rules, ChainOptions(nearest=False, checks=12,
                                                        kinds=kinds, seconds=120))
        assert not chain.repaired or chain.proven
        if chain.steps and not chain.repaired:
            assert chain.steps[-1].status != Status.UNSOLVABLE, chain.steps[-1]
