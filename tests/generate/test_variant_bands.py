"""Issue 22 on the Flow Free variants: easy and medium puzzles on hexagons and warps (where
they need the top of a wider colour range), and a band a variant's size does not reach
refused at once with the range it reaches."""

from __future__ import annotations

import pytest

from satlink import Solution, check
from satlink.generate.params import CELLS_PER_COLOUR, ParamsError, make_params, parse_colours
from satlink.generate.pipeline import attempt
from satlink.generate.request import ParamsRequest
from satlink.grading import LOOKAHEAD, grade
from satlink.rules import parse_rules

FLOW = parse_rules("flow")


def _params(size: str, band: str | None, colours: str | None = None, **options):
    return make_params(ParamsRequest(size, colours=colours, seed=1, grade=band, **options))


@pytest.mark.parametrize(("variant", "band"), [({"grid": "hex"}, "medium"),
                                               ({"wrap": True}, "easy")])
def test_hex_and_wrap_10x10_reach_the_easier_bands(variant: dict, band: str) -> None:
    """On main (1f9c54a) hex 10x10 reached no medium puzzle in 6 attempts and wrap 10x10 no
    easy one; here the first attempts give them.  Each is unique (the solver), and the
    grader solves it completely by deductions alone, reaching the grown solution (sound
    deductions that decide every edge leave one solution)."""
    params = _params("10x10", band, **variant)
    found = [r for r in (attempt(params, n) for n in range(4)) if r.accepted]
    assert found
    for result in found:
        board = result.board()
        graded = grade(board, FLOW)
        assert graded.band == band and graded.level < LOOKAHEAD and graded.hypotheses == 0
        assert graded.solution is not None
        assert graded.solution.edges() == Solution.from_coords(board, result.solution).edges()
        assert check(board, FLOW).status == "unique"


def test_easier_targets_widen_the_colour_range_on_hex_and_wrap_only() -> None:
    """--grade easy or medium (or a range in them), --curve, or an easier slot target."""
    cells = 15 * 15
    low, high = parse_colours(None, cells, "hex")
    assert high < round(cells / CELLS_PER_COLOUR)
    for band in ("easy", "medium", "2-4"):
        params = _params("15x15", band, grid="hex")
        assert (params.colours_min, params.colours_max) == (low, round(cells / CELLS_PER_COLOUR))
    assert _params("15x15", "medium", wrap=True).colours_max == round(cells / CELLS_PER_COLOUR)
    widened = round(cells / CELLS_PER_COLOUR)
    assert _params("15x15", None, grid="hex", curve=True).colours_max == widened
    slotted = ParamsRequest("15x15", seed=1, grid="hex", slots=("hard", "medium"))
    assert make_params(slotted).colours_max == widened
    slotted = ParamsRequest("15x15", seed=1, grid="hex", slots=("hard", "5-9"))
    assert make_params(slotted).colours_max == high
    # not for hard, nor without a target, nor over an explicit --colors, nor on squares
    assert _params("15x15", "hard", grid="hex").colours_max == high
    assert _params("15x15", None, grid="hex").colours_max == high
    assert _params("15x15", "medium", "8-12", grid="hex").colours_max == 12
    assert _params("15x15", "medium").colours_max == parse_colours(None, cells)[1]


def test_a_variant_band_measured_out_of_reach_is_refused_at_once(monkeypatch) -> None:
    """5x5 with two bridges reached no medium puzzle in 30 attempts of grade_reach.py
    --variants (every band from 10x10): ``--grade medium`` there is refused before any
    attempt, naming the bands and scores that size reaches and the measured sizes that reach
    medium."""
    from click.testing import CliRunner

    from satlink.cli import main
    from satlink.generate import pipeline

    def no_attempts(*_):
        raise AssertionError("an attempt was made")

    monkeypatch.setattr(pipeline, "_attempt", no_attempts)
    result = CliRunner().invoke(main, ["generate", "--size", "5x5", "--bridges", "2", "--grade",
                                       "medium", "--seed", "1"])
    assert result.exit_code == 2, result.output
    assert "on bridges at 5x5 the generator reaches the bands easy, hard, grade scores 0-6" in (
        " ".join(result.output.split()))
    assert "or a board of 10x10 or 15x15" in " ".join(result.output.split())
    assert "Traceback" not in result.output
    with pytest.raises(ParamsError, match="ask for a range in the easy or hard bands"):
        _params("5x5", "3.5-4.9", bridges=2)
    _params("5x5", "6-9", bridges=2)  # a hard range: refused by band only (few attempts)


def test_only_measured_variants_and_sizes_are_refused() -> None:
    from satlink.generate.reach import VARIANT_REACH, unreachable, variant_of
    from satlink.generate.targets import parse_target

    assert "medium" not in VARIANT_REACH["bridges"][(5, 5)][0]
    assert variant_of({"grid": "hex", "wrap": False, "walls": 0}) == "hex"
    assert variant_of({"bridges": 1}) is None  # not the measured 2 bridges
    assert unreachable(parse_target("medium"), 7, 7, variant="bridges") is None  # not measured
    # other counts, an explicit colour range, other rules: let through as before
    _params("5x5", "medium", bridges=1)
    _params("5x5", "medium", "3-5", bridges=2)
    make_params(ParamsRequest("5x5", rules="fill", seed=1, grade="medium", bridges=2))
    for band in ("easy", "medium", "hard"):  # measured reachable
        _params("15x15", band, grid="hex")
        _params("15x15", band, wrap=True)
