"""One correctness suite for every way of solving: encodings, cardinality encodings, lemmas,
backends and cycle handling must all give the brute-force verdicts and counts.

A method that miscounted, let a detached cycle through or lost a solution fails here; speed
is compared in ``satlink bench``, never asserted.
"""

from __future__ import annotations

from collections import Counter
from importlib.util import find_spec
from pathlib import Path

import pytest

from satlink import Board, check, parse_rules, solution_errors
from satlink.cnf import ENCODING_KINDS, LEMMA_RULES
from satlink.solver.method import Method
from testbed.boards import CAP, FILL_AMBIGUOUS, PROFILES, TRAP, boards, mzucker_boards, parity_rows
from testbed.oracle import count_solutions
from tests.support.helpers import solutions_without_cuts

ALL_LEMMAS = tuple(LEMMA_RULES)
METHODS = {
    "default (forced moves first)": Method(),
    **{name: Method(encoding=name, presolve=False) for name in ENCODING_KINDS},
    "onehot-edge/seqcounter": Method(encoding="onehot-edge", card="seqcounter", presolve=False),
    "onehot-edge/totalizer": Method(encoding="onehot-edge", card="totalizer", presolve=False),
    "shape/ladder": Method(encoding="shape", card="ladder", presolve=False),
    "shape/native-minicard": Method(encoding="shape", card="native", solver="minicard", presolve=False),
    "acyclic/bitwise": Method(encoding="acyclic", card="bitwise", presolve=False),
    "binary-edge/propagator": Method(solver="cadical195", cycles="propagator", presolve=False),
    "shape/propagator": Method(encoding="shape", solver="cadical195", cycles="propagator", presolve=False),
    "binary-edge/minisat22": Method(solver="minisat22", presolve=False),
    "binary-edge/kissat404": Method(solver="kissat404", presolve=False),  # one-shot: rebuilt for each call
    "acyclic/kissat404": Method(encoding="acyclic", solver="kissat404", presolve=False),
    "binary-edge/no-lemmas": Method(lemmas=()),
}
if find_spec("pycryptosat") is not None:  # optional: pip install 'satlink[cms]'
    METHODS["binary-edge/cms"] = Method(solver="cms", presolve=False)  # clauses loaded as flat buffers


@pytest.mark.parametrize("profile", PROFILES)
@pytest.mark.parametrize("name", METHODS)
def test_counts_match_brute_force(name: str, profile: str) -> None:
    rules = parse_rules(profile)
    method = METHODS[name]
    for rows in boards(seed=300 + len(profile), n=25):
        board = Board.from_rows(rows)
        truth = count_solutions(rows, rules.fill, rules.notouch, rules.no2x2, limit=CAP)
        verdict = check(board, rules, count=CAP, method=method)
        assert verdict.count == truth, (name, rows, profile)
        assert len({s.edges() for s in verdict.solutions}) == len(verdict.solutions)
        for solution in verdict.solutions:
            assert solution_errors(board, solution, rules) == [], (name, rows, profile)


@pytest.mark.parametrize("profile", PROFILES)
@pytest.mark.parametrize("encoding", ENCODING_KINDS)
def test_every_sound_lemma_keeps_every_solution(encoding: str, profile: str) -> None:
    method = Method(encoding=encoding, lemmas="all", presolve=False)
    rules = parse_rules(profile)
    for rows in boards(seed=400 + len(profile), n=25):
        truth = count_solutions(rows, rules.fill, rules.notouch, rules.no2x2, limit=CAP)
        assert check(Board.from_rows(rows), rules, count=CAP, method=method).count == truth, rows


@pytest.mark.parametrize("name", METHODS)
def test_cycle_trap(name: str) -> None:
    board = Board.from_rows(TRAP)
    method = METHODS[name]
    assert check(board, "fill", method=method).status == "unique"
    assert check(board, "flow", method=method).status == "unsolvable"
    assert check(Board.from_rows(parity_rows(4)), "fill", method=method).status == "unsolvable"


def test_acyclic_needs_no_cuts_at_all() -> None:
    """The eager encoding alone, with the cycle check switched off, is exact."""
    board = Board.from_rows(TRAP)
    method = Method(encoding="acyclic", lemmas=())
    assert len(solutions_without_cuts(board, "fill", method)) == 1
    assert solutions_without_cuts(board, "flow", method) == []
    for rows in boards(seed=9, n=40):
        truth = count_solutions(rows, True, False, False, limit=CAP)
        found = solutions_without_cuts(Board.from_rows(rows), "fill", method, limit=CAP)
        assert len(found) == truth, rows


def test_propagator_cuts_inside_one_search() -> None:
    """The same cuts, but without extra solve() calls: one call per solution (and one more)."""
    board = Board.from_rows(["A...", "....", "...A"])
    truth = count_solutions(["A...", "....", "...A"], True, False, False, limit=50)
    lazy = check(board, "fill", count=50,
                 method=Method(solver="cadical195", lemmas=(), presolve=False))
    inside = check(board, "fill", count=50, method=Method(solver="cadical195", cycles="propagator",
                                                          lemmas=(), presolve=False))
    assert lazy.count == inside.count == truth
    assert inside.stats.cycle_cuts > 0
    assert inside.stats.sat_calls == truth + 1
    assert lazy.stats.cycle_cuts > 0 and lazy.stats.sat_calls > truth + 1


@pytest.mark.parametrize("encoding", ENCODING_KINDS)
def test_corpus_verdicts(corpus: Path, encoding: str) -> None:
    """mzucker's 29 puzzles: flow verdicts for every encoding, fill verdicts on the small ones."""
    statuses: Counter[str] = Counter()
    for name, board in mzucker_boards(corpus):
        verdict = check(board, "flow", method=Method(encoding=encoding, presolve=False))
        statuses[verdict.status] += 1
        if board.width <= 9:
            fill = check(board, "fill", method=Method(encoding=encoding, presolve=False), timeout=60)
            expected = "multiple" if name in FILL_AMBIGUOUS else "unique"
            if name == "unsolvable_cross":
                expected = "unsolvable"
            assert fill.status == expected, name
    assert statuses == {"unique": 28, "unsolvable": 1}
