"""Flow Free variants end to end: satlink's counts agree with the brute-force oracle (its own
adjacency code, nothing from satlink's geometry or graph) on hundreds of random small boards
of every variant (holes, walls, warps, hexagonal cells, bridges, mixtures) under six
profiles, with every encoding, the propagator and every sound lemma set; every solution
passes the independent validator, whose rule checks agree with the oracle as well."""

from __future__ import annotations

from itertools import combinations

import pytest

from satlink import Board, check, parse_rules, solution_errors
from satlink.cnf import ENCODING_KINDS, LEMMA_RULES
from satlink.geometry import Geometry
from satlink.solver.cycles import detached_components
from satlink.solver.encode import encode
from satlink.solver.method import DEFAULT_METHOD, Method
from testbed.boards import CAP, expected_status
from testbed.variants import FAMILIES, VARIANT_PROFILES, Variant, variants
from tests.support.helpers import UncutSearch
from tests.support.size import sized

PER_FAMILY = sized(12, 40)  # boards a family: 12 by default, 40 in CI (tests/support/size.py)
BOARDS = variants(seed=2026, per_family=PER_FAMILY)  # 8 families x 40 = 320 boards in CI
SUBSET = BOARDS[::7]  # 46 boards, every family
LEMMA_SUBSET = BOARDS[2::10]  # 32 boards, every family

METHODS = {
    **{name: Method(encoding=name, presolve=False) for name in ENCODING_KINDS},
    "binary-edge/propagator": Method(solver="cadical195", cycles="propagator", presolve=False),
    "shape/propagator": Method(encoding="shape", solver="cadical195", cycles="propagator", presolve=False),
}


def agrees(variant: Variant, profile: str, method: Method = DEFAULT_METHOD) -> None:
    """satlink's count (capped at CAP) and verdict are the oracle's; each solution is a
    distinct edge set and passes the validator, as nodes and as the cells files write."""
    rules = parse_rules(profile)
    board = variant.board()
    truth = variant.count(rules, CAP)
    verdict = check(board, rules, count=CAP, method=method)
    where = (variant, profile, method.label)
    assert verdict.count == truth, where
    assert verdict.status == expected_status(truth), where
    assert len({s.edges() for s in verdict.solutions}) == len(verdict.solutions), where
    for solution in verdict.solutions:
        assert solution_errors(board, solution, rules) == [], where
        assert solution_errors(board, solution.to_cells(board), rules) == [], where


@pytest.mark.parametrize("profile", VARIANT_PROFILES)
def test_counts_match_brute_force(profile: str) -> None:
    for variant in BOARDS:
        agrees(variant, profile)


def test_boards_reach_every_verdict() -> None:
    """Each family has unique, multiple and unsolvable boards (so the counts above mean
    something), bridges are crossed both ways in some solution, and some hexagonal bridge is
    crossed along all three of its axes at once."""
    for f, family in enumerate(FAMILIES):
        seen = {expected_status(v.count(parse_rules(p), CAP))
                for v in BOARDS[f * PER_FAMILY:(f + 1) * PER_FAMILY] for p in VARIANT_PROFILES}
        assert seen == {"unique", "multiple", "unsolvable"}, family
    both = three = 0
    for variant in BOARDS:
        board = variant.board()
        if board.geometry.bridges:
            for solution in check(board, "fill", count=CAP).solutions:
                used = {n for path in solution.paths.values() for n in path}
                full = [b for b, nodes in board.crossings.items() if used >= set(nodes)]
                both += bool(full)
                three += any(len(board.crossings[b]) == 3 for b in full)
    assert both >= 10
    assert three >= 3


@pytest.mark.parametrize("profile", VARIANT_PROFILES)
@pytest.mark.parametrize("name", METHODS)
def test_every_method(name: str, profile: str) -> None:
    for variant in SUBSET:
        agrees(variant, profile, METHODS[name])


def sound_lemma_sets(profile: str) -> list[tuple[str, ...]]:
    sound = [name for name, lemma in LEMMA_RULES.items() if lemma.sound(parse_rules(profile))]
    return [combo for k in range(1, len(sound) + 1) for combo in combinations(sound, k)]


@pytest.mark.parametrize("profile", VARIANT_PROFILES)
def test_every_sound_lemma_set(profile: str) -> None:
    """Every non-empty set of lemmas sound for the profile with binary-edge, all of them
    with every encoding: no lemma removes a solution of a variant board."""
    for variant in LEMMA_SUBSET:
        for lemmas in sound_lemma_sets(profile):
            agrees(variant, profile, Method(lemmas=lemmas, presolve=False))
        for encoding in ENCODING_KINDS:
            agrees(variant, profile, Method(encoding=encoding, lemmas="all", presolve=False))


@pytest.mark.parametrize("profile", ["flow", "fill,notouch,no2x2"])
def test_corner_lemma_stays_sound(profile: str) -> None:
    """The corner lemma alone, on every board: its graph restatement keeps every solution
    on hexagons, warps, walls and bridges."""
    for variant in BOARDS:
        agrees(variant, profile, Method(lemmas="corner", presolve=False))


def test_validator_rules_match_brute_force() -> None:
    """The validator is a second referee: of all nikoli solutions of a board (what every
    profile restricts), it accepts under each profile exactly as many as the oracle counts."""
    compared = 0
    for variant in variants(seed=2026, per_family=40)[::2]:  # full size: it counts 100 compared
        board = variant.board()
        everything = check(board, "nikoli", count=200)
        if not everything.count_complete:
            continue
        compared += 1
        for profile in VARIANT_PROFILES:
            rules = parse_rules(profile)
            accepted = sum(not solution_errors(board, s, rules) for s in everything.solutions)
            assert accepted == variant.count(rules, 10**6), (variant, profile)
    assert compared >= 100


# -- hand-made regression boards ---------------------------------------------------------

# Under fill the only solution runs A, B and C down the columns through the middle row; the
# wrap edges join each label's endpoints directly, and locally "three one-step paths and a
# loop round the torus along the middle row" fits too (a cycle with no endpoint that no 2x2
# block or corner can see).
TORUS_TRAP = Variant(("ABC", "...", "ABC"), wrap=True)


def test_torus_trap_is_real() -> None:
    """The bare encoding (cycle cuts switched off) offers the loop round the torus."""
    board = TORUS_TRAP.board()
    encoding = encode(board, parse_rules("fill"), Method(lemmas="none"))
    ends = {c for pair in board.endpoints.values() for c in pair}
    loops = []
    with UncutSearch(encoding, Method(lemmas=())) as search:
        for edges in search.edge_sets():
            loops += detached_components(edges, ends)
    assert {3, 4, 5} in loops  # the whole middle row, closed by its wrap edge (3, 5)


@pytest.mark.parametrize("name", [*METHODS, "no-lemmas"])
def test_torus_trap(name: str) -> None:
    method = METHODS.get(name, Method(lemmas=()))
    board = TORUS_TRAP.board()
    fill = check(board, "fill", count=CAP, method=method)
    assert fill.status == "unique"
    assert fill.solutions[0].paths == {"A": (0, 3, 6), "B": (1, 4, 7), "C": (2, 5, 8)}
    assert check(board, "flow", method=method).status == "unsolvable"  # A's ends touch
    for profile in VARIANT_PROFILES:
        agrees(TORUS_TRAP, profile, method)


# The only fill solution runs A through the bridge twice: down its vertical crossing
# (0,1)-(1,1)-(2,1), later across its horizontal one (1,0)-(1,1)-(1,2).
TWICE = Variant(("A.A.", "....", "...."), bridges=((1, 1),))


def test_one_path_crosses_a_bridge_both_ways() -> None:
    board = TWICE.board()
    verdict = check(board, "fill", count=CAP)
    assert verdict.status == "unique"
    (path,) = verdict.solutions[0].to_cells(board).values()
    assert path.count(5) == 2
    assert path == (0, 1, 5, 9, 8, 4, 5, 6, 10, 11, 7, 3, 2)
    for profile in VARIANT_PROFILES:
        for method in METHODS.values():
            agrees(TWICE, profile, method)


# Each label takes one crossing of the centre bridge; the mirror image is the second fill
# solution.  The same centre bridge on a warp board is crossed both ways by A alone.
CENTRE = Variant(("A.B", "...", "B.A"), bridges=((1, 1),))
CENTRE_WARP = Variant(("A..", "..A", "..."), wrap=True, bridges=((1, 1),))


def test_three_by_three_centre_bridge() -> None:
    board = CENTRE.board()
    fill = check(board, "fill", count=CAP)
    assert fill.count == 2
    for solution in fill.solutions:
        cells = solution.to_cells(board)
        assert all(path.count(4) == 1 for path in cells.values())
        assert {4, 9} <= {n for path in solution.paths.values() for n in path}
    warp = check(CENTRE_WARP.board(), "fill", count=CAP)
    assert warp.status == "unique"
    assert warp.solutions[0].to_cells(CENTRE_WARP.board())["A"].count(4) == 2
    for variant in (CENTRE, CENTRE_WARP):
        for profile in VARIANT_PROFILES:
            for method in METHODS.values():
                agrees(variant, profile, method)


def test_bridge_crossings_stay_empty_only_without_fill() -> None:
    """nikoli: each crossing of a bridge may stay unused on its own; fill: both are used."""
    board = Board.from_rows(["..A..", "B...B", "..A.."], Geometry.of(bridges=[7]))
    assert check(board, "fill").status == "unsolvable"  # the corners stay empty
    nikoli = check(board, "nikoli", count=50)
    assert nikoli.count_complete and nikoli.count == 9
    paths = [s.to_cells(board) for s in nikoli.solutions]
    assert {"A": (2, 7, 12), "B": (5, 6, 7, 8, 9)} in paths  # both crossings used
    assert all(p["A"] == (2, 7, 12) for p in paths)  # A has no other way


@pytest.mark.parametrize("kind,wrap", [("square", False), ("square", True), ("hex", False)])
def test_a_board_too_large_to_memoise_gets_the_same_neighbours_and_blocks(monkeypatch, kind, wrap) -> None:
    """Past MEMO_CELLS a board's neighbours are walked cell by cell and its blocks built
    uncached (a cached 1002x1002 table would stay in memory for the rest of a batch)."""
    from satlink import geometry

    shape = geometry.Geometry.of(kind, wrap)
    memoised = [shape.adjacent(7, 6, c) for c in range(42)], shape.blocks(7, 6)
    monkeypatch.setattr(geometry, "MEMO_CELLS", 0)
    assert ([shape.adjacent(7, 6, c) for c in range(42)], shape.blocks(7, 6)) == memoised
