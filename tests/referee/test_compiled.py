"""The compiled referee gives the Python referee's verdict: on planted mistakes of every kind,
on every solution of random boards of every geometry (and mistakes planted in them), and on
the corpus's hand-made boards.  ``benchmarks/referee_agreement.py`` runs the same comparison
at scale."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from satlink import Board, Solution, check, parse_rules
from satlink.formats import read_file
from satlink.geometry import Geometry
from satlink.referee import compiled, solution_errors
from satlink.referee import paths as reference
from testbed.oracle import graph_solutions
from testbed.referees import disagreements, family_boards, oracle_solutions
from testbed.variants import FAMILIES
from tests.support.size import sized

pytestmark = pytest.mark.skipif(compiled._check is None,
                                reason="satlink.referee._check is not built")

CENTRE = Board.from_rows(["A.B", "...", "B.A"], Geometry.of(bridges=[4]))
V = 9  # the vertical crossing of CENTRE's bridge
PLAIN = Board.from_rows(["A.B", "...", "A.B"])
HEX = Board.from_rows(["A.", ".A", ".."], Geometry.of("hex"))
WARP = Board.from_rows(["A.A", "...", "..."], Geometry.of(wrap=True))

PLANTED = [  # (board, rules, paths, what the Python referee says)
    (PLAIN, "nikoli", {"A": (0, 4, 6), "B": (2, 5, 8)}, "jumps"),
    (Board.from_rows(["A.A", "..."]), "nikoli", {"A": (0, 2)}, "jumps"),  # a warp step, no warps
    (Board.from_rows([".A", "A.", ".."], Geometry.of("hex")), "nikoli", {"A": (2, 1)}, "jumps"),
    (PLAIN, "nikoli", {"A": (0, 1, 4, 3, 6), "B": (2, 1, 5, 8)}, "used twice"),
    (PLAIN, "nikoli", {"A": (0, 3, 4, 3, 6), "B": (2, 5, 8)}, "used twice"),
    (PLAIN, "fill", {"A": (0, 3, 6), "B": (2, 5, 8)}, "cells stay empty"),
    (Board.from_rows(["###", "A.A", "###"], Geometry.of(bridges=[4])), "fill", {"A": (3, 4, 5)},
     "cells stay empty"),
    (PLAIN, "notouch", {"A": (0, 1, 4, 3, 6), "B": (2, 5, 8)}, "touches itself"),
    (WARP, "notouch", {"A": (0, 1, 2)}, "touches itself"),
    (HEX, "notouch", {"A": (0, 2, 3)}, "touches itself"),
    (PLAIN, "no2x2", {"A": (0, 1, 4, 3, 6), "B": (2, 5, 8)}, "2x2 block"),
    (HEX, "no2x2", {"A": (0, 2, 3)}, "fills the triangle"),
    (CENTRE, "nikoli", {"A": (0, 1, V, 5, 8), "B": (2, 1)}, "turns on the bridge"),
    (CENTRE, "nikoli", {"A": (0, 1, 4, 7, 8), "B": (2, 5, 8)}, "names its horizontal crossing"),
    (CENTRE, "nikoli", {"A": (0, 1, V), "B": (2, 5, 8, 7, 6)}, "ends on the bridge"),
    (Board.from_rows(["B..", "A.A", "..B"], Geometry.of(bridges=[4])), "nikoli",
     {"A": (3, 4, 5), "B": (0, 3, 4, 5, 8)}, "crossed horizontally twice"),
    (PLAIN, "nikoli", {"A": (0, 3), "B": (2, 5, 8)}, "does not run between"),
    (PLAIN, "nikoli", {"A": (2, 5, 8), "B": (0, 3, 6)}, "does not run between"),
    (PLAIN, "nikoli", {"A": (0, 3, 6)}, "no path for labels"),
    (PLAIN, "nikoli", {"A": (0, 3, 6), "B": (2, 5, 8), "C": (1, 4)}, "unknown labels"),
    (Board.from_rows(["AB.A", "#..B"]), "nikoli", {"A": (0, 1, 2, 3), "B": (1, 5, 6, 7)},
     "passes through endpoint"),
    (Board.from_rows(["AB.A", "#..B"]), "nikoli", {"A": (0, 4, 5, 6, 2, 3), "B": (1, 7)}, "solid"),
    (Board.from_rows(["A.A", "..."], Geometry.of(walls=[(0, 1)])), "nikoli", {"A": (0, 1, 2)},
     "crosses the wall"),
    (PLAIN, "nikoli", {"A": (0, 3, 6, 9), "B": (2, 5, 8)}, "leaves the board"),
    (PLAIN, "nikoli", {"A": (0,), "B": (2, 5, 8)}, "fewer than two cells"),
]


@pytest.mark.parametrize("board,rules,paths,reason", PLANTED)
def test_a_planted_mistake_is_caught_by_both(board, rules, paths, reason) -> None:
    solution = Solution.from_paths(paths)
    if set(paths) == set(board.labels):  # (other labels never reach the compiled check)
        assert not compiled.valid(board, solution, parse_rules(rules))
    errors = reference.solution_errors(board, solution, rules)
    assert any(reason in e for e in errors), errors
    assert solution_errors(board, solution, rules) == errors  # the chooser words it alike


VALID = [
    (CENTRE, "fill", {"A": (0, 3, 4, 5, 8), "B": (2, 1, V, 7, 6)}),
    (Board.from_rows(["...", "A..", ".A."], Geometry.of(bridges=[4])), "notouch",
     {"A": (3, 4, 5, 2, 1, V, 7)}),
    (Board.from_rows(["A.", "A."], Geometry.of(walls=[(0, 2)])), "notouch", {"A": (0, 1, 3, 2)}),
    (WARP, "nikoli", {"A": (0, 6, 7, 8, 2)}),
    (Board.from_rows(["A..", "...", "A.."], Geometry.of(wrap=True)), "no2x2", {"A": (0, 2, 8, 6)}),
    (Board.from_rows(["A..", "A..", "..."], Geometry.of(bridges=[4])), "no2x2",
     {"A": (0, 1, 2, 5, 4, 3)}),
    (Board.from_rows(["A.", ".A", ".."], Geometry.of("hex", walls=[(0, 3)])), "notouch",
     {"A": (0, 2, 3)}),
    (Board.from_rows(["A.", ".A", ".."], Geometry.of("hex")), "nikoli", {"A": (3, 2, 0)}),
]


@pytest.mark.parametrize("board,rules,paths", VALID)
def test_valid_solutions_of_every_geometry_pass_both(board, rules, paths) -> None:
    solution = Solution.from_paths(paths)
    assert compiled.valid(board, solution, parse_rules(rules))
    assert reference.solution_errors(board, solution, rules) == []


@pytest.mark.parametrize("family", FAMILIES)
def test_random_boards_of_every_geometry(family) -> None:
    """Every solution of each board (the oracle's, under the loosest profile) and mistakes
    planted in them, judged under every profile: both verdicts met, no difference."""
    rng = random.Random(43)
    tally: dict[tuple[str, bool], int] = {}
    differ = []
    for board in family_boards(4300 + FAMILIES.index(family), family, sized(12, 40)):
        differ += disagreements(rng, board, oracle_solutions(board), 3, tally)
    assert differ == []
    assert {valid for (_, valid) in tally} == {True, False}


ORACLE_PROFILES = [(fill, notouch, no2x2) for no2x2 in (False, True)
                   for fill in (False, True) for notouch in (False, True)]


def _profile(fill: bool, notouch: bool, no2x2: bool):
    names = [name for name, on in (("fill", fill), ("notouch", notouch), ("no2x2", no2x2)) if on]
    return parse_rules(",".join(names) or "nikoli")


@pytest.mark.parametrize("family", FAMILIES)
def test_the_compiled_referee_accepts_what_the_oracle_finds(family) -> None:
    """Of every solution under the loosest profile, the ones the compiled referee takes under
    a profile are exactly the brute-force oracle's solutions under that profile (its own
    search with the profile's rules), on every geometry; no2x2 where the oracle knows it
    (plain square boards)."""
    compared, accepted = 0, 0
    for board in family_boards(4400 + FAMILIES.index(family), family, 12):
        loose = [(edges, Solution.from_edges(board, edges))
                 for edges, _ in graph_solutions(board, False, False, limit=3000)]
        assert len(loose) < 3000  # (every solution: the comparison is of whole sets)
        for fill, notouch, no2x2 in ORACLE_PROFILES:
            if no2x2 and not board.geometry.is_plain:
                continue
            rules = _profile(fill, notouch, no2x2)
            want = {edges for edges, _ in graph_solutions(board, fill, notouch, no2x2, 10**5)}
            taken = {edges for edges, solution in loose if compiled.valid(board, solution, rules)}
            assert taken == want, (board.rows, board.geometry, str(rules))
            compared, accepted = compared + 1, accepted + len(taken)
    assert compared >= 4 * 12 and accepted > 0


def test_corpus_hand_made_boards(corpus: Path) -> None:
    """The solution satlink finds for each hand-made corpus board, judged alike under every
    profile, and mistakes planted in it."""
    rng = random.Random(7)
    differ, seen = [], 0
    files = [corpus / "thomasahle-numberlink" / "puzzles" / f"inputs{i}" for i in (1, 2, 4)]
    files += sorted((corpus / "mzucker-flow_solver" / "puzzles").glob("*.txt"))
    for path in files:
        for entry in read_file(str(path)):
            if entry.error is not None:
                continue
            verdict = check(entry.board, "flow")
            for solution in verdict.solutions:
                assert compiled.valid(entry.board, solution, verdict.rules)
                differ += disagreements(rng, entry.board, [solution], 4)
                seen += 1
    assert seen > 30 and differ == []
