"""Issue 33: puzzles open by plain forced moves as published ones do.

The generator steers on its own copy of issue 33's forced-moves-only solver
(:mod:`satlink.generate.play`); ``benchmarks/opening.py`` measures with a copy written apart
from it on plain grids.  They must colour the same cells."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

from satlink import Board, Solution
from satlink.generate.params import make_params
from satlink.generate.pipeline import candidate_board
from satlink.generate.play import forced_colouring, opening_share
from satlink.rules import parse_rules

FLOW = parse_rules("flow")
BENCH = Path(__file__).resolve().parents[1] / "benchmarks" / "opening.py"


def _bench():
    spec = importlib.util.spec_from_file_location("opening_bench", BENCH)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclass looks itself up there
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("size", ["5x5", "7x7", "9x9", "6x10"])
def test_the_generators_solver_colours_what_the_benchmarks_does(size: str) -> None:
    """Grown candidates (solvable, not always unique): the same cells, the same colours."""
    bench = _bench()
    params = make_params(size, None, 3, 0, "flow", "grow", "repair", 33)
    shares = []
    for number in range(25):
        board = candidate_board(params, number)
        ours = forced_colouring(board)
        ends = {x for label in board.labels for x in board.endpoints[label]}
        theirs = bench.opening(list(board.rows))
        assert {divmod(x, board.width): k for x, k in ours.items() if x not in ends} \
            == theirs.coloured, (size, number)
        assert opening_share(board, FLOW) == pytest.approx(theirs.share, abs=1e-4)
        shares.append(theirs.share)
    assert len(set(shares)) > 1  # boards that open differently, not one case 25 times


def test_the_benchmarks_solver_agrees_with_the_solution_and_counts_inner_cells() -> None:
    bench = _bench()
    rows = [".C..FG.", "...B...", "...EIB.", "...D.G.", ".FE..A.", ".D...I.", "..CH.HA"]
    board = Board.from_rows(rows)
    from satlink import check

    (solution,) = check(board, FLOW).solutions
    coords = solution.to_coords(board)
    got = bench.opening(rows, coords)
    assert got.complete and got.cells == 49 - 18 and got.wrong == 0
    wrong = {label: path for label, path in coords.items()}
    wrong["A"], wrong["B"] = coords["B"], coords["A"]  # colours swapped: every A/B cell wrong
    assert bench.opening(rows, wrong).wrong == sum(len(coords[k]) - 2 for k in "AB")
    assert Solution.from_coords(board, coords).edges() == solution.edges()
