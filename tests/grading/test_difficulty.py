"""The human difficulty grader: sound on every geometry and profile, deterministic, and it
orders puzzles the way a solver would."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys

import pytest

from satlink import Board, check, parse_rules
from satlink.grading import BANDS, LEVEL, Contradiction, band_of, grade
from testbed.variants import FAMILIES, VARIANT_PROFILES, random_variant

EASY = ["A....",  # drawn by hand: every move is forced
        "B....",
        "CDD..",
        ".EEB.",
        "...CA"]
HARD = ["E....C",  # five long paths: a person has to try a move and see it fail
        ".DBA..",
        "......",
        ".BE...",
        "...A..",
        "D....C"]


def test_easy_and_hard_are_ordered() -> None:
    easy, hard = grade(Board.from_rows(EASY)), grade(Board.from_rows(HARD))
    assert easy.technique == "forced" and easy.band == "easy"
    assert hard.level >= LEVEL["lookahead-1"] and hard.band == "hard"
    assert easy.score < hard.score
    assert easy.level < hard.level


def test_forced_moves_alone_solve_the_easy_board() -> None:
    board = Board.from_rows(EASY)
    only = grade(board, parse_rules("flow"), max_level=1)
    assert only.solved == 1.0 and only.shares["forced"] == 1.0
    assert only.solution is not None
    assert only.solution.edges() == check(board, "flow").solutions[0].edges()
    hard = grade(Board.from_rows(HARD), parse_rules("flow"), max_level=1)
    assert hard.technique == "unsolved" and hard.solved < 0.5 and hard.solution is None


def test_grade_is_deterministic_across_processes() -> None:
    """Same figures twice in one process and in processes with other hash seeds."""
    board = Board.from_rows(HARD)
    first = grade(board).as_dict()
    assert grade(board).as_dict() == first
    code = ("import json, sys; from satlink import Board; from satlink.grading import grade; "
            f"print(json.dumps(grade(Board.from_rows({HARD!r})).as_dict()))")
    for seed in ("1", "2"):
        out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                             check=True, env={**os.environ, "PYTHONHASHSEED": seed}).stdout
        assert json.loads(out) == first


def test_bands_cover_every_level() -> None:
    levels = [level for lo, hi in BANDS.values() for level in range(lo, hi + 1)]
    assert sorted(levels) == list(range(1, LEVEL["unsolved"] + 1))
    assert band_of(LEVEL["notouch"]) == "easy" and band_of(LEVEL["bottleneck"]) == "medium"


def test_a_board_with_two_solutions_stays_unsolved() -> None:
    board = Board.from_rows(["A.B", "...", "A.B"])
    assert check(board, "nikoli").status == "multiple"
    result = grade(board, parse_rules("nikoli"))
    assert result.technique == "unsolved" and result.solution is None


def test_an_impossible_board_is_a_contradiction() -> None:
    with pytest.raises(Contradiction):
        grade(Board.from_rows(["AB", "BA"]), parse_rules("flow"))


@pytest.mark.parametrize("seed", range(3))
def test_sound_on_every_variant_and_profile(seed: int) -> None:
    """On random small boards of every geometry: a board the grader solves is unique and its
    solution is the solver's; a contradiction only on unsolvable boards."""
    rng = random.Random(seed)
    solved = 0
    for _ in range(60):
        board = random_variant(rng, rng.choice(FAMILIES)).board()
        if not board.labels:
            continue
        profile = rng.choice(VARIANT_PROFILES)
        verdict = check(board, profile)
        try:
            result = grade(board, parse_rules(profile), depth=2, budget=500)
        except Contradiction:
            assert verdict.status == "unsolvable"
            continue
        if result.solution is not None:
            solved += 1
            assert verdict.status == "unique"
            assert result.solution.edges() == verdict.solutions[0].edges()
        assert 0.0 <= result.solved <= 1.0
    assert solved > 5


def test_quality_carries_the_grade_of_unique_boards_only() -> None:
    from satlink.quality.figures import quality

    board = Board.from_rows(EASY)
    verdict = check(board, "flow")
    assert "grade" not in quality(board, verdict.solutions[0], verdict)  # only when asked
    graded = quality(board, verdict.solutions[0], verdict, grade=True)["grade"]
    assert graded["technique"] == "forced" and graded["band"] == "easy"
    assert graded == grade(board, parse_rules("flow")).as_dict()
    loose = Board.from_rows(["A.B", "...", "A.B"])
    verdict = check(loose, "nikoli")
    assert "grade" not in quality(loose, verdict.solutions[0], verdict, grade=True)


def test_check_grades_only_when_asked() -> None:
    from click.testing import CliRunner

    from satlink.cli import main

    def record(*options: str) -> dict:
        result = CliRunner().invoke(main, ["check", "-", "--json", *options],
                                    input="\n".join(EASY) + "\n")
        return json.loads(result.output.splitlines()[0])

    assert "grade" not in record()["quality"]
    assert record("--grade")["quality"]["grade"] == grade(Board.from_rows(EASY),
                                                          parse_rules("flow")).as_dict()


@pytest.mark.parametrize(("band", "top"), [("easy", "notouch"), ("medium", "bottleneck")])
def test_generated_bands_are_solved_without_search(tmp_path, band: str, top: str) -> None:
    """Every puzzle of a band below the top is solved completely by that band's techniques,
    to the pack's own solution."""
    from click.testing import CliRunner

    from satlink.cli import main
    from satlink.formats import read_file

    out = tmp_path / "pack.jsonl"
    result = CliRunner().invoke(main, ["generate", "--size", "6x6", "--count", "3", "--seed", "4",
                                       "--grade", band, "--out", str(out)])
    assert result.exit_code == 0, result.output
    entries = list(read_file(str(out)))
    figures = [json.loads(line)["quality"] for line in out.read_text().splitlines()]
    assert len(entries) == len(figures) == 3
    for entry, quality in zip(entries, figures, strict=True):
        assert quality["grade"]["band"] == band
        alone = grade(entry.board, parse_rules("flow"), max_level=LEVEL[top])
        assert alone.solved == 1.0 and alone.hypotheses == 0
        assert alone.solution.edges() == entry.solution.edges()


def test_grade_targets_and_the_run_key() -> None:
    from satlink.generate.params import ParamsError, make_params
    from satlink.generate.request import ParamsRequest
    from satlink.generate.targets import parse_target

    def params(grade):
        return make_params(ParamsRequest("7x7", seed=1, grade=grade))

    assert params(None).key() == params("").key()  # catalogues of earlier runs resume
    assert params("easy").key() != params(None).key() != params("hard").key()
    assert parse_target("2-4.5").admits({"level": 4, "score": 3.5})
    assert not parse_target("2-4.5").admits({"level": 5, "score": 4.6})
    assert parse_target("hard").admits({"level": LEVEL["unsolved"], "score": 8.2})
    assert not parse_target("easy").admits(None)
    for bad in ("impossible", "5-2", "10-12"):
        with pytest.raises(ParamsError):
            params(bad)
    with pytest.raises(ParamsError, match="at most"):
        make_params(ParamsRequest("40x40", seed=1, grade="easy"))


def test_export_sorts_by_the_grade(tmp_path) -> None:
    from click.testing import CliRunner

    from satlink.cli import main

    db = tmp_path / "levels.sqlite"
    runner = CliRunner()
    result = runner.invoke(main, ["generate", "--size", "6x6", "--count", "8", "--seed", "2",
                                  "--db", str(db), "--out", str(tmp_path / "all.jsonl")])
    assert result.exit_code == 0, result.output
    out = tmp_path / "pack.jsonl"
    assert runner.invoke(main, ["export", "--db", str(db), "--out", str(out)]).exit_code == 0
    rows = [json.loads(line)["quality"] for line in out.read_text().splitlines()]
    keys = [(q["grade"]["score"], q["effort"]) for q in rows]
    assert len(keys) == 8 and keys == sorted(keys)


def test_rows_stored_before_grades_are_graded_for_export() -> None:
    from satlink.generate.ordering import grade_key

    def row(rows: list[str], with_grade: bool) -> dict:
        quality = {"effort": 0.5}
        if with_grade:
            quality["grade"] = grade(Board.from_rows(rows)).as_dict()
        return {"grid": rows, "geometry": None, "rules": "fill,notouch", "quality": quality}

    old_easy, old_hard = row(EASY, False), row(HARD, False)
    assert grade_key(old_easy) == grade_key(row(EASY, True))
    assert sorted([old_hard, old_easy], key=grade_key) == [old_easy, old_hard]
