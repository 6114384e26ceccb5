"""The pieces' route (:mod:`satlink.solver.pieces`, :mod:`satlink.solver.routes.pieces`) against
brute force: every profile and geometry, counts that multiply, witnesses the referee accepts,
cycles that stay inside a piece, and the substitution of decided edges into a CNF.

``KEPT_SHARE`` is raised to 1 and ``MIN_UNDECIDED`` lowered to 0 in these tests so that
every board the forced moves leave partly open goes piece by piece (in use only large open
boards are worth it); each test also checks that the route was taken, so it fails if the
route is never used.
"""

from __future__ import annotations

import itertools
import random
from dataclasses import replace

import numpy as np
import pytest

import satlink.solver.pieces as pieces_module
import satlink.solver.routes.pieces as pieces_route
from satlink import Board, check, parse_rules, solution_errors
from satlink.cnf.clauses import Clauses
from satlink.cnf.substitute import Falsified, substitute
from satlink.deduce import OFF, ON
from satlink.solver import presolve as presolve_module
from satlink.solver.method import DEFAULT_METHOD, Method
from satlink.solver.pieces import split
from satlink.solver.presolve import PARTIAL, presolve
from satlink.solver.routes.pieces import search_pieces
from testbed.boards import CAP, PROFILES, boards, cover_board, expected_status, mzucker_boards
from testbed.oracle import count_solutions
from testbed.variants import VARIANT_PROFILES, Variant, fits_oracle, random_variant, variants
from tests.support.paths import CORPUS
from tests.support.puzzles import FLOW_AMBIGUOUS

WHOLE = Method(pieces=False)


@pytest.fixture(autouse=True)
def every_split(monkeypatch):
    """Every board the fixpoint leaves open goes the pieces' way: no gate on the split, and
    no look-ahead, case splits or depth-first search before it (they would decide these small
    boards whole)."""
    monkeypatch.setattr(pieces_module, "KEPT_SHARE", 1.0)
    monkeypatch.setattr(pieces_module, "MIN_UNDECIDED", 0)
    monkeypatch.setattr(presolve_module, "LOOKAHEAD_MAX_NODES", 0)
    monkeypatch.setattr(presolve_module, "SPLIT_MAX_COLOURS", 0)
    monkeypatch.setattr(presolve_module, "SEARCH_MAX_SHORT_SIDE", 0)
    monkeypatch.setattr(presolve_module, "SEARCH_WIDE_SHORT_SIDE", 0)


def side_by_side(left: list[str], right: list[str], gap: str) -> list[str]:
    """Two boards in one, a column between them: ``#`` solid, or ``pairs`` of vertically
    adjacent endpoints (p p q q ...); the right board's labels renamed."""
    h = max(len(left), len(right))
    left = left + ["#" * len(left[0])] * (h - len(left))
    right = right + ["#" * len(right[0])] * (h - len(right))
    column = "#" * h if gap == "#" else "".join("pqrs"[r // 2] for r in range(h - h % 2)) + "#" * (h % 2)
    labels = sorted({ch for row in right for ch in row} - {".", "#"})
    rename = str.maketrans("".join(labels), "0123456789UVWXYZ"[:len(labels)])
    return [a + column[r] + b.translate(rename) for r, (a, b) in enumerate(zip(left, right, strict=True))]


def implied_states(board: Board, rules, rng: random.Random) -> bytes:
    """Edge states as the forced moves could leave them: each edge that every solution uses
    (on) or none uses (off) is decided with probability 3/4, the rest stay open.  On a board
    with no solution any state is sound; half its edges are then decided at random."""
    every = check(board, rules, count=10**6, method=WHOLE)
    assert every.count_complete
    sets = [s.edges() for s in every.solutions]
    out = bytearray(len(board.edges))
    for e, ab in enumerate(board.edges):
        if sets and rng.random() < 0.75:
            if all(ab in s for s in sets):
                out[e] = ON
            elif not any(ab in s for s in sets):
                out[e] = OFF
        elif not sets and rng.random() < 0.5:
            out[e] = rng.choice((ON, OFF))
    return bytes(out)


class Refused(Exception):
    """The referee refused a solution the pieces' route combined."""


def by_pieces(board: Board, rules, states: bytes, limit: int):
    """The pieces' route alone, on the given edge states: (solutions, exhausted, pieces), or
    None if the states do not split (nothing open, or a colour cut in two); raises
    :class:`Refused` when the route says the referee refused a combined solution."""
    parts = split(board, states)
    if parts is None:
        return None
    outcome = search_pieces(board, rules, DEFAULT_METHOD, parts, None, limit)
    if not outcome.finished:
        assert "refused" in outcome.why and not outcome.solutions
        raise Refused
    assert not outcome.timed_out
    return outcome.solutions, outcome.exhausted, outcome.stats.pieces


def agree(board: Board, rows: list[str], profile: str, rng: random.Random, **layout) -> int:
    """On edge states the forced moves could leave, the split route finds the oracle's count
    (up to CAP), distinct solutions the referee accepts; returns the pieces used."""
    rules = parse_rules(profile)
    truth = count_solutions(rows, rules.fill, rules.notouch, rules.no2x2, limit=CAP, **layout)
    routed = by_pieces(board, rules, implied_states(board, rules, rng), CAP)
    if routed is None:
        return 0
    found, exhausted, pieces = routed
    assert len(found) == truth, (rows, profile, layout, pieces)
    assert exhausted == (truth < CAP), (rows, profile)
    assert len({s.edges() for s in found}) == len(found)
    for solution in found:
        assert solution_errors(board, solution, rules) == [], (rows, profile)
    return pieces


@pytest.mark.parametrize("profile", PROFILES)
def test_split_route_matches_brute_force(profile: str) -> None:
    """Random small boards, and pairs of them side by side (a solid column or a column of
    adjacent endpoint pairs between them), under every profile."""
    rng = random.Random(40 + len(profile))
    samples = boards(seed=50 + len(profile), n=60)
    for _ in range(40):
        left, right = cover_board(rng, sizes=(2, 3)), cover_board(rng, sizes=(2, 3))
        samples.append(side_by_side(left, right, rng.choice(["#", "pairs"])))
    used = multi = 0
    for rows in samples:
        n = agree(Board.from_rows(rows), rows, profile, rng)
        used += n > 0
        multi += n > 1
    assert used >= 40 and multi >= 10, (used, multi)


@pytest.mark.parametrize("profile", VARIANT_PROFILES)
def test_split_route_matches_brute_force_on_every_geometry(profile: str) -> None:
    """Hexagons, warps, walls, holes and bridges (a bridge cell's two crossings are kept in
    one piece, bridges outside a piece dropped from its sub-board, crossings renumbered)."""
    rng = random.Random(len(profile))
    multi: dict[str, int] = {}
    for variant in variants(seed=77, per_family=14):
        n = agree(variant.board(), list(variant.rows), profile, rng, kind=variant.kind,
                  wrap=variant.wrap, walls=variant.walls, bridges=variant.bridges)
        if n > 1:
            family = ("bridges" if variant.bridges else "warps" if variant.wrap
                      else "walls" if variant.walls else variant.kind)
            multi[family] = multi.get(family, 0) + 1
    assert len(multi) >= 3, multi


@pytest.mark.parametrize("profile", PROFILES)
def test_check_takes_the_split_route_and_agrees(profile: str) -> None:
    """End to end: ``check`` after the real forced moves, verdict and count as brute force."""
    rules = parse_rules(profile)
    rng = random.Random(5)
    used = 0
    samples = [side_by_side(cover_board(rng, sizes=(2, 4)), cover_board(rng, sizes=(2, 4)), "#")
               for _ in range(40)] + boards(seed=60 + len(profile), n=40)
    for rows in samples:
        board = Board.from_rows(rows)
        truth = count_solutions(rows, rules.fill, rules.notouch, rules.no2x2, limit=CAP)
        verdict = check(board, rules, count=CAP)
        assert verdict.count == truth, (rows, profile)
        assert check(board, rules).status.value == expected_status(truth), (rows, profile)
        for solution in verdict.solutions:
            assert solution_errors(board, solution, rules) == [], (rows, profile)
        used += verdict.stats.pieces > 0
    if profile != "flow":  # under flow the forced moves decide these small boards whole
        assert used >= 1, used


def test_two_ambiguous_pieces_multiply() -> None:
    """Two pieces of two solutions each: 4 solutions, all four combinations."""
    rows = ["A.#B.", ".A#.B"]
    board = Board.from_rows(rows)
    assert count_solutions(rows, False, False, False) == 4
    verdict = check(board, "nikoli", count=10)
    assert (verdict.count, verdict.count_complete, verdict.stats.pieces) == (4, True, 2)
    assert len({s.edges() for s in verdict.solutions}) == 4
    capped = check(board, "nikoli", count=3)
    assert (capped.count, capped.count_complete) == (3, False)
    exact = check(board, "nikoli", count=4)  # found 4 = asked 4: not known to be all
    assert (exact.count, exact.count_complete) == (4, False)


def test_flow_pieces_multiply_up_to_the_bound() -> None:
    """Under flow: two boards of two solutions each, a column of walls between them."""
    left = ["CBA..A", "......", ".B.FF.", "...DE.", "#CE..D"]
    right = ["#....", "A..C.", ".BC..", ".#B.D", "...AD"]
    whole = side_by_side(left, right, "#")
    truth_left = count_solutions(left, True, True, False)
    truth_right = count_solutions(right, True, True, False)
    assert truth_left >= 2 and truth_right >= 2
    verdict = check(Board.from_rows(whole), "flow", count=100)
    assert verdict.stats.pieces == 2
    assert verdict.count == truth_left * truth_right
    assert verdict.count == count_solutions(whole, True, True, False)
    for solution in verdict.solutions:
        assert solution_errors(Board.from_rows(whole), solution, "flow") == []


def test_an_unsolvable_piece_ends_the_search() -> None:
    """One piece cannot be filled (parity), the other is ambiguous: no solution at all."""
    rows = side_by_side(["A.", ".A"], ["A...", "....", "...A"], "#")
    board = Board.from_rows(rows)
    assert count_solutions(rows, True, False, False) == 0
    found, exhausted, pieces = by_pieces(board, parse_rules("fill"), bytes(len(board.edges)), CAP)
    assert (found, exhausted, pieces) == ([], True, 2)


def test_cycles_are_cut_inside_their_piece() -> None:
    """Open room beside short paths invites detached cycles in each piece; the cuts stay in
    the piece's solver and the counts still agree with brute force."""
    rows = side_by_side(["A..", "...", "..A"], ["A..", "...", "..A"], "#")
    board = Board.from_rows(rows)
    for profile in ("fill", "nikoli"):
        rules = parse_rules(profile)
        truth = count_solutions(rows, rules.fill, False, False, limit=50)
        verdict = check(board, rules, count=50)
        assert verdict.stats.pieces == 2
        assert verdict.count == truth
    cuts = check(board, "fill", count=50).stats.cycle_cuts
    assert cuts > 0


def test_split_and_whole_routes_agree_on_real_states() -> None:
    """Under flow, on the edge states the real forced moves leave (the boards of
    ``FLOW_AMBIGUOUS``, and the mzucker corpus when ``../shared`` is there): the split route
    finds what the whole board finds, verdict and count."""
    rules = parse_rules("flow")
    samples = [Board.from_rows(rows) for rows in FLOW_AMBIGUOUS]
    if CORPUS.is_dir():
        samples += [board for _, board in mzucker_boards(CORPUS)]
    used = 0
    for board in samples:
        result = presolve(board, rules)
        if result.outcome != PARTIAL:
            continue
        whole = check(board, rules, count=CAP, method=WHOLE)
        assert whole.stats.pieces == 0
        routed = by_pieces(board, rules, result.states, CAP)
        assert routed is not None
        assert len(routed[0]) == whole.count, board.rows
        used += 1
    assert used >= len(FLOW_AMBIGUOUS), used


def test_a_decided_path_separates_two_pieces() -> None:
    """The middle row's path, decided, cuts the board in two: each sub-board keeps its own
    colour only, the decided path is added to the solution, and brute force agrees."""
    rows = ["A...A", "X...X", "B...B"]
    board = Board.from_rows(rows)
    states = bytearray(len(board.edges))
    for e, (a, b) in enumerate(board.edges):
        if 5 <= a < 10 and 5 <= b < 10:
            states[e] = ON  # along the middle row
        elif 5 <= a < 10 or 5 <= b < 10:
            states[e] = OFF  # into or out of it
    parts = split(board, bytes(states))
    assert parts is not None
    assert [set(p.board.labels) for p in parts.pieces] in ([{"A"}, {"B"}], [{"B"}, {"A"}])
    assert sorted(parts.fixed) == [(5, 6), (6, 7), (7, 8), (8, 9)]
    assert all("X" not in "".join(p.board.rows) for p in parts.pieces)
    found, exhausted, pieces = by_pieces(board, parse_rules("nikoli"), bytes(states), CAP)
    assert (len(found), exhausted, pieces) == (count_solutions(rows, False, False, False), True, 2)
    assert found[0].paths["X"] == (5, 6, 7, 8, 9)


def test_a_refused_combination_falls_back_to_the_whole_board(monkeypatch) -> None:
    """Should the referee refuse a combined solution, the board is decided whole: same
    verdict, no pieces reported."""
    rows = ["A.#B.", ".A#.B"]
    board = Board.from_rows(rows)
    monkeypatch.setattr(pieces_route, "solution_errors", lambda *args: ["refused"])
    verdict = check(board, "nikoli", count=10)
    assert (verdict.count, verdict.stats.pieces, verdict.stats.route) == (4, 0, "whole-board")


def models(clauses: list[list[int]], n: int) -> set[tuple[bool, ...]]:
    return {bits for bits in itertools.product((False, True), repeat=n)
            if all(any(bits[abs(v) - 1] == (v > 0) for v in c) for c in clauses)}


def test_substitution_keeps_exactly_the_models_with_the_known_literals() -> None:
    rng = random.Random(3)
    for _ in range(300):
        n = rng.randint(2, 7)
        clauses = [[rng.choice((1, -1)) * rng.randint(1, n) for _ in range(rng.randint(1, 4))]
                   for _ in range(rng.randint(1, 12))]
        known = [rng.choice((1, -1)) * v for v in rng.sample(range(1, n + 1), rng.randint(0, n))]
        store = Clauses()
        width = {len(c) for c in clauses}
        for w in width:  # as arrays (the vectorised families) and as lists
            same = [c for c in clauses if len(c) == w]
            if w % 2:
                store.extend_array("a", np.array(same, dtype=np.int64))
            else:
                store.extend("b", same)
        expected = models(clauses + [[lit] for lit in known], n)
        try:
            out = substitute(store, known, n)
        except Falsified:
            assert not expected
            continue
        kept = out.clauses
        assert models(kept, n) == expected
        assert not any(abs(lit) in {abs(k) for k in known} for c in kept if len(c) > 1
                       for lit in c), "a known literal was left in a clause"


def test_the_deadline_stops_the_split_route() -> None:
    """A deadline already past stops the first piece's encoding: timed out, nothing found."""
    import time

    board = Board.from_rows(["A.#B.", ".A#.B"])
    parts = split(board, bytes(len(board.edges)))
    outcome = search_pieces(board, parse_rules("nikoli"), DEFAULT_METHOD, parts,
                            time.monotonic() - 1, CAP)
    assert outcome.finished
    assert (outcome.exhausted, outcome.timed_out, outcome.solutions) == (False, True, [])


def crowded_bridges(seed: int, n: int) -> list[Variant]:
    """``n`` bridge boards (square, hexagonal, warped) with walls and holes put next to their
    bridges, and paths that start or end beside them: where a piece's sub-board must keep
    a bridge's crossings, its walls and the holes around it."""
    rng = random.Random(seed)
    out: list[Variant] = []
    while len(out) < n:
        variant = random_variant(rng, rng.choice(("bridges", "hex-bridges", "square-mix")))
        if not variant.bridges:
            continue
        layout = variant.layout()
        rows = [list(r) for r in variant.rows]
        walls = list(variant.walls)
        for bridge in variant.bridges:
            for near in sorted(layout.near(bridge)):
                if rng.random() < 0.35 and not {(bridge, near), (near, bridge)} & set(walls):
                    walls.append((bridge, near))
                elif (rng.random() < 0.25 and rows[near[0]][near[1]] == "."
                      and near not in variant.bridges):
                    rows[near[0]][near[1]] = "#"
        crowded = replace(variant, rows=tuple("".join(r) for r in rows), walls=tuple(walls))
        if fits_oracle(crowded):
            out.append(crowded)
    return out


@pytest.mark.parametrize("profile", VARIANT_PROFILES)
def test_split_route_matches_brute_force_beside_walled_and_holed_bridges(profile: str) -> None:
    """On an unsolvable board the random edge states may isolate an open cell (a walled-in
    bridge): the pieces' route then combines piece solutions the referee refuses under
    ``fill`` and says so, and ``check`` decides the board whole; never on a solvable one."""
    rng = random.Random(9 + len(profile))
    rules = parse_rules(profile)
    used = 0
    for variant in crowded_bridges(seed=31, n=60):
        try:
            used += agree(variant.board(), list(variant.rows), profile, rng, kind=variant.kind,
                          wrap=variant.wrap, walls=variant.walls, bridges=variant.bridges) > 0
        except Refused:
            assert rules.fill and variant.count(rules, 1) == 0, (variant, profile)
        assert check(variant.board(), rules, count=CAP).count == variant.count(rules, CAP)
    assert used >= 20, used
