"""The generator's look: shape figures of a solution, few long paths at the published colour
counts, symmetric layouts on every size."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from satlink import Board, check
from satlink.generate.catalogue import Catalogue
from satlink.generate.layout import LayoutError, make_layout
from satlink.generate.longpaths import lengthen, reshape
from satlink.generate.params import make_params
from satlink.generate.pipeline import attempt
from satlink.generate.request import ParamsRequest
from satlink.generate.runner import run_generation
from satlink.generate.symmetry import fold
from satlink.generate.unionfind import grow_paths
from satlink.geometry import Geometry
from satlink.quality.looks import look
from satlink.solution import Solution


def cells(width: int, *coords: tuple[int, int]) -> list[int]:
    return [r * width + c for r, c in coords]


def test_look_figures_of_a_hand_made_solution() -> None:
    board = Board.from_rows(["A...A", "B..DD", "CC..B"])
    solution = Solution.from_paths({
        "A": cells(5, (0, 0), (0, 1), (0, 2), (0, 3), (0, 4)),            # one straight run
        "B": cells(5, (1, 0), (1, 1), (1, 2), (2, 2), (2, 3), (2, 4)),    # runs 2, 1, 2: a jog
        "C": cells(5, (2, 0), (2, 1)),
        "D": cells(5, (1, 3), (1, 4)),
    })
    figures = look(board, solution)
    assert figures == {
        "straight_share": round(5 / 7, 4),   # inner cells 3 + 4, turns 2
        "run_mean": round(11 / 6, 4),        # 11 edges in 6 runs
        "jogs": 1,
        "longest_share": round(6 / 15, 4),
        "border_end_share": round(7 / 12, 4),  # (1, 3) is the only inner endpoint
        "short_share": 0.5,
    }


def test_look_has_no_border_on_warps() -> None:
    board = Board.from_rows(["A.A", "B.B", "C.C"], Geometry.of("square", wrap=True))
    solution = Solution.from_paths({k: cells(3, (r, 0), (r, 1), (r, 2))
                                    for r, k in enumerate("ABC")})
    figures = look(board, solution)
    assert figures["border_end_share"] is None
    assert figures["straight_share"] == 1.0 and figures["short_share"] == 1.0


def test_quality_carries_the_look_figures() -> None:
    result = attempt(make_params(ParamsRequest("6x6", seed=3)), 0)
    assert result.accepted
    board = result.board()
    solution = Solution.from_coords(board, result.solution)
    for key, value in look(board, solution).items():
        assert result.quality[key] == value


@pytest.mark.parametrize("symmetry,size", [("mirror", "7x7"), ("rotational", "7x7"),
                                           ("mirror", "9x5"), ("rotational", "5x9")])
def test_odd_symmetric_layouts_are_symmetric_and_unique(symmetry: str, size: str) -> None:
    """Odd x odd: the mirror's centre column and the half turn's centre cell are crossed
    straight by a path that is its own image (or, on the column, run along it)."""
    params = make_params(ParamsRequest(size, seed=5, symmetry=symmetry))
    accepted = [r for r in (attempt(params, n) for n in range(6)) if r.accepted]
    assert len(accepted) >= 3
    for result in accepted:
        board = result.board()
        folded = fold(board.width, board.height, symmetry)
        pairs = {frozenset(p) for p in board.endpoints.values()}
        assert {frozenset(map(folded.sigma, p)) for p in pairs} == pairs
        verdict = check(board, "flow")
        assert verdict.status == "unique"
        solution = verdict.solutions[0]
        images = {frozenset(map(folded.sigma, p)) for p in solution.paths.values()}
        assert images == {frozenset(p) for p in solution.paths.values()}  # paths map too
        for path in solution.paths.values():
            on = [k for k, c in enumerate(path) if c in folded.fixed]
            if on and len(on) < len(path):  # crosses the centre (cell or column) once, straight
                (k,) = on
                assert 0 < k < len(path) - 1 and path[k] - path[k - 1] == path[k + 1] - path[k]


@pytest.mark.parametrize("size,colours", [("7x7", "3"), ("10x10", "4"), ("12x12", "5"),
                                          ("7x7", "3-4"), ("12x12", "5-7")])
def test_published_low_end_colour_counts_succeed(size: str, colours: str) -> None:
    """The fewest colours of published levels (3, 4, 5), every puzzle proven unique, and
    few short paths (the walk merges paths; it does not wait for a lucky candidate).  Since
    issue 22 the walk no longer penalises paths of at most 3 cells (7-13 % of published
    paths are that short); with so few colours a puzzle keeps at most one."""
    params = make_params(ParamsRequest(size, colours=colours, seed=7))
    catalogue = Catalogue(":memory:")
    assert run_generation(params, 3, catalogue, max_attempts=12) == 3
    for row in catalogue.puzzles():
        board = Board(tuple(row["grid"]))
        assert params.colours_min <= len(board.labels) <= params.colours_max
        assert sum(n <= 3 for n in row["quality"]["lengths"]) <= 1
        assert check(board, "flow").status == "unique"


def test_default_colour_range_is_the_published_one() -> None:
    published = {7: (3, 9), 10: (4, 12), 12: (5, 14), 14: (8, 16), 15: (9, 16)}
    for side, expected in published.items():
        params = make_params(ParamsRequest(f"{side}x{side}", seed=0))
        assert (params.colours_min, params.colours_max) == expected
    wide = make_params(ParamsRequest("11x14", seed=0))  # about 12x12
    assert 5 <= wide.colours_min and wide.colours_max <= 15


def _assert_valid(system) -> None:
    cells = [c for p in system.paths for c in p]
    assert len(cells) == len(set(cells)), "a node on two paths"
    assert set(cells) | system.solids == set(system.nodes()) and not set(cells) & system.solids
    for path in system.paths:
        assert len(path) >= 2
        assert all(b in system.neighbours(a) for a, b in zip(path, path[1:], strict=False))
        assert not system.touches_itself(path)
        assert system.can_end(path[0]) and system.can_end(path[-1])


@settings(max_examples=40, deadline=None)
@given(st.integers(2, 11), st.integers(2, 11), st.sampled_from(["plain", "hex", "wrap", "holes",
                                                                "walls", "bridges"]),
       st.integers(0, 10**6))
def test_the_walk_keeps_every_path_valid(width: int, height: int, kind: str, seed: int) -> None:
    """Whatever the board and target, the walk and a reshape leave simple, non-touching
    paths covering every node but the leftovers, none ending on a bridge crossing."""
    rng = random.Random(seed)
    layout = None
    if kind != "plain":
        geometry = Geometry("hex" if kind == "hex" else "square", kind == "wrap")
        try:
            layout = make_layout(width, height, geometry, 3 if kind == "holes" else 0, (),
                                 3 if kind == "walls" else 0,
                                 max(1, width * height // 20) if kind == "bridges" else 0, rng)
        except LayoutError:
            return
    system = grow_paths(width, height, rng, layout)
    walk = lengthen(system, rng, rng.randint(1, width * height // 3 + 1), 3)
    _assert_valid(system)
    reshape(walk, rng.sample(system.nodes(), min(5, len(system.nodes()))), frozenset(), rng)
    _assert_valid(system)


def test_walk_restore_undoes_the_moves_since_its_snapshot() -> None:
    """The steering climb (satlink.generate.steer) undoes a rejected move by
    Walk.restore: the walk and the path system it writes must be back exactly, and the
    snapshot usable again."""
    from satlink.generate.longpaths.moves import propose

    rng = random.Random(11)
    system = grow_paths(8, 8, rng)
    walk = lengthen(system, rng, 8, 3)

    def state() -> tuple:
        return (walk.owner[:], walk.index[:], {k: p[:] for k, p in walk.paths.items()},
                sorted(walk.ids), dict(walk.cost_of), walk.next_id, set(walk.free),
                walk.border_ends, walk.colours, walk.longest, walk.cost,
                [p[:] for p in system.paths])

    before = state()
    saved = walk.snapshot()
    for _ in range(2):  # twice from the same snapshot
        made = 0
        for _ in range(200):
            move = propose(walk, rng)
            if move is not None:
                move[1]()
                walk.finish()
                made += 1
        assert made and state() != before
        walk.restore(saved)
        assert state() == before


def test_the_look_aimed_at_follows_the_board_size() -> None:
    """Small boards aim at more staircases and border endpoints, large ones at a shorter
    longest path (satlink.generate.longpaths.aims), linear between the tuned sides and held
    beyond them."""
    from satlink.generate.longpaths.aims import BORDER_SHARE, JOG, SNAKE_SHARE, by_side, look_for

    assert by_side(((7, 1.0), (10, 4.0)), 8) == pytest.approx(2.0)
    assert by_side(((7, 1.0), (10, 4.0)), 5) == 1.0 and by_side(((7, 1.0), (10, 4.0)), 20) == 4.0
    small, large = look_for(49), look_for(196)
    assert small.jog == JOG[0][1] < large.jog == JOG[-1][1]
    assert small.border_share == BORDER_SHARE[0][1] > large.border_share
    assert small.snake_share > large.snake_share == SNAKE_SHARE[-1][1]
    assert large.snake_over > 0


@pytest.mark.parametrize("size", [7, 12])
def test_the_walks_running_cost_is_the_cost_rescored(size: int) -> None:
    """The walk prices each move from the paths it changes and running totals (the longest
    path among them, now also penalised past its cap): after many moves the running cost
    must equal the cost of the same paths scored from scratch."""
    from satlink.generate.longpaths import Walk
    from satlink.generate.longpaths.aims import look_for
    from satlink.generate.longpaths.moves import propose

    rng = random.Random(size)
    system = grow_paths(size, size, rng)
    look = look_for(size * size)
    walk = lengthen(system, rng, size, 3, look)
    for _ in range(500):
        move = propose(walk, rng)
        if move is not None:
            move[1]()
    walk.finish()
    fresh = Walk(system, size, 3, look)
    assert walk.longest == fresh.longest
    assert walk.cost + sum(walk.cost_of.values()) == pytest.approx(
        fresh.cost + sum(fresh.cost_of.values()))
