"""``generate --curve TARGETS``: a grade target per slot of the pack (issue 22 follow-up).
Each puzzle is in its slot's band or score range (graded again here), the pack is written
in slot order, every puzzle is unique (solver and brute force) and distinct, the same seed
gives the same pack for any --jobs or after a resume, and an unreachable slot target is
refused before any attempt."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from satlink import Board, check
from satlink.canonical import canonical_hash
from satlink.cli import main
from satlink.generate import pipeline
from satlink.generate.catalogue import Catalogue
from satlink.generate.params import ParamsError, make_params
from satlink.generate.request import ParamsRequest, spread_slots
from satlink.generate.runner import Workers, run_generation
from satlink.generate.slots import in_slot_order
from satlink.generate.targets import parse_target
from satlink.grading import grade
from satlink.rules import parse_rules
from testbed.oracle import count_graph_solutions

FLOW = parse_rules("flow")


def _generate(*args: str) -> list[dict]:
    result = CliRunner().invoke(main, ["generate", *args])
    assert result.exit_code == 0, result.output
    return [json.loads(line) for line in result.stdout.splitlines() if line.startswith("{")]


@pytest.mark.parametrize("curve,count,slots", [
    ("easy,hard,medium,easy", 4, ["easy", "hard", "medium", "easy"]),
    ("0-2,4-5", 4, ["0-2", "0-2", "4-5", "4-5"]),
])
def test_pack_follows_its_slots_in_order(curve: str, count: int, slots: list[str]) -> None:
    rows = _generate("--size", "6x6", "--curve", curve, "--count", str(count), "--seed", "4")
    assert [row["quality"]["slot_target"] for row in rows] == slots
    hashes = set()
    for row, slot in zip(rows, slots, strict=True):
        board = Board.from_json(row["grid"])
        assert parse_target(slot).admits(grade(board, FLOW).as_dict()), (slot, row["grid"])
        assert check(board, "flow").status == "unique"
        assert count_graph_solutions(board, True, True, limit=2) == 1
        hashes.add(canonical_hash(board))
    assert len(hashes) == count


def _pack(params, jobs: int = 1, catalogue: Catalogue | None = None,
          max_attempts: int | None = None) -> list[str]:
    catalogue = catalogue or Catalogue(":memory:")
    run_generation(params, len(params.slots), catalogue, Workers(jobs),
                   max_attempts=max_attempts)
    rows = in_slot_order(catalogue.puzzles(run=params.key(), order="attempt"), params.slots)
    return ["\n".join(row["grid"]) for row in rows]


def test_same_pack_for_any_jobs_and_after_a_resume(tmp_path) -> None:
    params = make_params(ParamsRequest("6x6", seed=9, slots=spread_slots("hard,easy", 4)))
    whole = _pack(params)
    assert len(whole) == 4
    assert _pack(params, jobs=2) == whole
    catalogue = Catalogue(str(tmp_path / "run.sqlite"))
    assert len(_pack(params, catalogue=catalogue, max_attempts=2)) < 4  # stopped early
    assert _pack(params, catalogue=catalogue) == whole


def test_slots_are_stretched_over_the_count_in_order() -> None:
    assert spread_slots("easy,medium,hard", 6) == ("easy", "easy", "medium", "medium", "hard",
                                                   "hard")
    assert spread_slots("easy, hard", 5) == ("easy", "easy", "easy", "hard", "hard")
    assert spread_slots("1-3,2-4,4-6", 3) == ("1-3", "2-4", "4-6")
    with pytest.raises(ParamsError, match="3 targets for a pack of 2"):
        spread_slots("easy,medium,hard", 2)
    with pytest.raises(ParamsError, match="empty target"):
        spread_slots("easy,,hard", 3)


def test_unreachable_or_bad_slot_target_is_refused_at_once(monkeypatch) -> None:
    def no_attempts(*_):
        raise AssertionError("an attempt was made")

    monkeypatch.setattr(pipeline, "_attempt", no_attempts)
    runner = CliRunner()
    for args, message in (
            (["--size", "8x8", "--curve", "easy,6-9"], "--curve 6-9: at 8x8 the generator "
             "reaches the bands easy, medium, hard, grade scores 0-6"),
            (["--size", "4x4", "--curve", "easy,hard"], "--curve hard: at 4x4 the generator "
             "reaches the bands easy, medium"),
            # a plain --curve aims at every band: at 4x4 two thirds of its attempts were wasted
            (["--size", "4x4", "--curve"], "--curve hard: at 4x4 the generator reaches the "
             "bands easy, medium"),
            (["--size", "7x7", "--curve", "easy,tricky"], "--curve: grade 'tricky' is not"),
            (["--size", "7x7", "--curve", "easy,hard", "--grade", "easy"], "give one of them")):
        result = runner.invoke(main, ["generate", *args, "--count", "4", "--seed", "1"])
        assert result.exit_code == 2, result.output
        assert message in result.output and "Traceback" not in result.output


def test_plain_curve_keeps_its_run_key() -> None:
    """``--curve`` without targets is the run it was: its catalogue key is the one main
    computed before slot targets existed (so an earlier catalogue resumes), and slot targets
    make another run."""
    plain = make_params(ParamsRequest("7x7", seed=3, curve=True))
    assert plain.key() == "12750da78209490a"
    slotted = make_params(ParamsRequest("7x7", seed=3, slots=spread_slots("easy,hard", 2)))
    assert slotted.key() != plain.key()
