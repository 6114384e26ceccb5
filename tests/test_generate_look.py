"""The generator's look: shape figures of a solution, few long paths at the published colour
counts, symmetric layouts on every size."""

from __future__ import annotations

from satlink import Board
from satlink.board import Solution
from satlink.geometry import Geometry
from satlink.looks import look


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
    from satlink.generate.params import make_params
    from satlink.generate.pipeline import attempt

    result = attempt(make_params("6x6", None, 3, 0, "flow", "grow", "repair", 3), 0)
    assert result.accepted
    board = result.board()
    solution = Solution.from_coords(board, result.solution)
    for key, value in look(board, solution).items():
        assert result.quality[key] == value
