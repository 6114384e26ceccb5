"""Generator: the seeds' invariants, proven uniqueness, reproducibility, dedup, resume."""

from __future__ import annotations

import json
import os
import random
import re
import signal
import sqlite3
import subprocess
import sys
import time
from statistics import mean

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from satlink import Board, check, solution_errors
from satlink.canonical import canonical_hash, transforms
from satlink.cli import main
from satlink.generate.catalogue import Catalogue, CatalogueError, WhereError, parse_where
from satlink.generate.params import ParamsError, make_params
from satlink.generate.paths import PathSystem
from satlink.generate.pipeline import attempt
from satlink.generate.repair import split_on_difference
from satlink.generate.request import ParamsRequest
from satlink.generate.runner import Workers, run_generation
from satlink.generate.unionfind import grow_paths
from satlink.quality.figures import bends


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 12), st.integers(1, 12), st.integers(0, 10**6))
def test_seeds_algorithm_invariants(width: int, height: int, seed: int) -> None:
    system = grow_paths(width, height, random.Random(seed))
    cells = [c for p in system.paths for c in p]
    assert len(cells) == len(set(cells)), "a cell on two paths"
    assert set(cells) | system.solids == set(range(width * height))
    assert not set(cells) & system.solids
    for path in system.paths:
        assert len(path) >= 2
        assert all(b in system.neighbours(a) for a, b in zip(path, path[1:], strict=False))
        assert not system.touches_itself(path)
    for x in system.solids:  # leftovers are isolated: no free neighbouring pair remained
        assert not any(n in system.solids for n in system.neighbours(x))


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(["5x5", "7x7", "8x6", "10x10"]), st.integers(0, 10**6))
def test_accepted_puzzles_are_valid_unique_and_measured(size: str, seed: int) -> None:
    params = make_params(ParamsRequest(size, seed=seed))
    for number in range(30):
        result = attempt(params, number)
        if not result.accepted:
            continue
        board = Board(tuple(result.rows))
        verdict = check(board, "flow")
        assert verdict.status == "unique"
        solution = verdict.solutions[0]
        assert solution.to_coords(board) == {k: [list(rc) for rc in v]
                                             for k, v in result.solution.items()}
        assert solution_errors(board, solution, verdict.rules) == []
        stats = result.quality
        assert stats["colours"] == len(board.labels)
        assert stats["lengths"] == sorted(len(p) for p in solution.paths.values())
        assert stats["length_min"] >= 3 and stats["solids"] == board.solid_count() == 0
        assert stats["bends"] == bends(board, solution)
        assert params.colours_min <= stats["colours"] <= params.colours_max
        return
    pytest.fail("no puzzle accepted in 30 attempts")


def test_seeds_method_with_reject_strategy_only_keeps_unique_boards() -> None:
    params = make_params(ParamsRequest("6x6", colours="1-12", min_length=2, max_solids=36, growth="unionfind",
                                       strategy="reject", seed=3))
    outcomes = [attempt(params, n) for n in range(40)]
    assert any(r.accepted for r in outcomes)
    assert all(r.repairs == 0 for r in outcomes)
    for r in outcomes:
        if r.accepted:
            assert check(Board(tuple(r.rows)), "flow").status == "unique"


def test_repair_breaks_the_other_solution_and_keeps_ours() -> None:
    board = Board.from_rows(["A...", "....", "...A"])
    verdict = check(board, "fill", count=50)
    assert verdict.status == "multiple"
    ours, other = verdict.solutions[0], verdict.solutions[1]
    system = PathSystem(4, 3, [list(ours.paths["A"])])
    assert split_on_difference(system, other, 2, random.Random(1))
    repaired = system.board()
    again = check(repaired, "fill", count=50)
    assert again.count < verdict.count
    assert system.solution().edges() in {s.edges() for s in again.solutions}
    assert other.edges() not in {s.edges() for s in again.solutions}


def test_same_seed_same_pack_whatever_the_jobs() -> None:
    params = make_params(ParamsRequest("8x8", seed=42))
    packs = []
    for jobs in (1, 2, 1):
        catalogue = Catalogue(":memory:")
        run_generation(params, 6, catalogue, Workers(jobs))
        packs.append([p["grid"] for p in catalogue.puzzles(order="attempt")])
    assert packs[0] == packs[1] == packs[2] and len(packs[0]) == 6
    other = make_params(ParamsRequest("8x8", seed=43))
    catalogue = Catalogue(":memory:")
    run_generation(other, 6, catalogue)
    assert [p["grid"] for p in catalogue.puzzles(order="attempt")] != packs[0]


def test_canonical_hash_ignores_symmetry_and_labels() -> None:
    board = Board.from_rows(["AB.", "...", "#AB", "C.C"])
    relabel = str.maketrans("ABC", "xyz")
    hashes = {canonical_hash(Board(tuple(row.translate(relabel) for row in t)))
              for t in transforms(board.rows)}
    assert hashes == {canonical_hash(board)}
    assert canonical_hash(Board.from_rows(["AB.", "...", "#BA", "C.C"])) != canonical_hash(board)


def test_catalogue_rejects_a_rotated_relabelled_copy() -> None:
    params = make_params(ParamsRequest("7x7", seed=5))
    catalogue = Catalogue(":memory:")
    run_generation(params, 1, catalogue)
    (first,) = catalogue.puzzles()
    rotated = transforms(tuple(first["grid"]))[3]
    copy = attempt(params, 0)
    while not copy.accepted:
        copy = attempt(params, copy.number + 1)
    copy.rows = [row.replace("A", "\u4e00") for row in rotated]
    copy.number = 999
    outcome = catalogue.record(params, copy, canonical_hash(Board(tuple(copy.rows))))
    assert outcome == "duplicate"
    assert len(catalogue.puzzles()) == 1


def test_interrupted_run_resumes_without_loss_or_duplicates() -> None:
    params = make_params(ParamsRequest("8x8", seed=9))
    whole = Catalogue(":memory:")
    run_generation(params, 8, whole)
    parts = Catalogue(":memory:")
    run_generation(params, 8, parts, max_attempts=5)  # stops early, like an interruption
    assert len(parts.puzzles()) < 8
    run_generation(params, 8, parts)
    assert [p["hash"] for p in parts.puzzles(order="attempt")] == \
        [p["hash"] for p in whole.puzzles(order="attempt")]


def test_killed_process_resumes(tmp_path) -> None:
    db = tmp_path / "levels.sqlite"
    cmd = [sys.executable, "-m", "satlink", "generate", "--size", "12x12", "--count", "60",
           "--db", str(db), "--seed", "7", "-o", os.devnull]
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.time() + 60
    while time.time() < deadline and (not db.exists() or _stored(db) < 5):
        time.sleep(0.05)
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    assert 0 < _stored(db) < 60
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    hashes = [p["hash"] for p in Catalogue(str(db)).puzzles()]
    assert len(hashes) == len(set(hashes)) == 60


def test_ctrl_c_says_how_many_puzzles_are_stored(monkeypatch) -> None:
    import satlink.generate.runner

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(satlink.generate.runner, "run_generation", interrupted)
    result = CliRunner().invoke(main, ["generate", "--size", "5x5", "--count", "2"])
    assert result.exit_code == 130
    assert "interrupted with 0 puzzles stored" in result.output
    assert "to keep them" in result.output


def test_plain_runs_take_fresh_seeds_that_make_the_pack_again() -> None:
    runner = CliRunner()
    args = ["generate", "--size", "6x6", "--count", "3"]
    first, second = runner.invoke(main, args), runner.invoke(main, args)
    assert first.exit_code == second.exit_code == 0
    assert first.stdout != second.stdout  # two plain runs, two packs
    seed = re.search(r"seed (\d+) \(give --seed \1 to make this pack again\)", first.output)
    assert seed, first.output
    again = runner.invoke(main, [*args, "--seed", seed.group(1)])
    assert again.stdout == first.stdout and "give --seed" not in again.output
    assert f"seed {seed.group(1)})" in again.output  # the summary names it too


def test_a_fresh_seed_is_stored_and_named_for_resuming(tmp_path) -> None:
    db = tmp_path / "levels.sqlite"
    runner = CliRunner()
    args = ["generate", "--size", "6x6", "--db", str(db), "-o", os.devnull]
    first = runner.invoke(main, [*args, "--count", "2"])
    seed = int(re.search(r"seed (\d+) \(give --seed \1 to make this pack again or to resume "
                         r"the run\)", first.output).group(1))
    with sqlite3.connect(db) as connection:
        (stored,), = connection.execute("SELECT params FROM runs")
    assert json.loads(stored)["seed"] == seed
    second = runner.invoke(main, [*args, "--count", "2"])  # a new seed: a new run
    assert f"holds earlier runs with these settings, seeds {seed} (2 puzzles)" in second.output
    resumed = runner.invoke(main, [*args, "--count", "4", "--seed", str(seed)])
    assert resumed.exit_code == 0 and "holds earlier runs" not in resumed.output
    catalogue = Catalogue(str(db))
    mine = make_params(ParamsRequest("6x6", seed=seed))
    assert len(catalogue.puzzles(run=mine.key())) == 4  # the first run, grown from 2 to 4
    assert catalogue.state(mine).next_attempt >= 4
    catalogue.close()


def _stored(db) -> int:
    try:
        return len(Catalogue(str(db)).puzzles())
    except (sqlite3.Error, CatalogueError):  # the file exists but the schema is not written yet
        return 0


def test_rules_as_text_as_rules_or_left_out_make_the_same_run() -> None:
    from satlink.rules import parse_rules

    runs = [make_params(ParamsRequest("6x6", rules=rules, seed=0))
            for rules in ("flow", parse_rules("fill,notouch"), None)]
    assert {p.rules for p in runs} == {parse_rules("flow")}  # parsed once, kept as Rules
    assert {p.as_dict()["rules"] for p in runs} == {"fill,notouch"}  # stored as text
    assert len({p.key() for p in runs}) == 1


@pytest.mark.parametrize("size,colours,min_length,message", [
    ("2x2", "5", 3, "do not fit a 2x2 board"),
    ("3x3", None, 12, "longer than the 3x3 board"),
    ("10by10", None, 3, "is not WxH"),
    ("5x5", "8-4", 3, "MIN <= MAX"),
])
def test_bad_parameters_are_clear(size, colours, min_length, message) -> None:
    with pytest.raises(ParamsError, match=message):
        make_params(ParamsRequest(size, colours=colours, min_length=min_length, seed=0))
    args = ["generate", "--size", size, "--min-length", str(min_length)]
    if colours:
        args += ["--colors", colours]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 2 and message in result.output


def test_export_filters_and_orders_by_effort(tmp_path) -> None:
    db = tmp_path / "c.sqlite"
    runner = CliRunner()
    for size in ("6x6", "8x8"):
        assert runner.invoke(main, ["generate", "--size", size, "--count", "4", "--db", str(db),
                                    "-o", str(tmp_path / "x.jsonl")]).exit_code == 0
    result = runner.invoke(main, ["export", "--db", str(db), "--where", "size=8x8"])
    rows = [json.loads(line) for line in result.stdout.splitlines() if line.startswith("{")]
    assert len(rows) == 4 and all(r["width"] == 8 for r in rows)
    assert all(r["rules"] == "fill,notouch" and r["solution"] and r["quality"]["colours"] for r in rows)
    effort = [Catalogue(str(db)).puzzles("size=8x8")[i]["quality"]["effort"] for i in range(4)]
    assert effort == sorted(effort)
    with pytest.raises(WhereError):
        parse_where("colour>3; drop table puzzles")


def test_effort_ranks_extreme_above_regular(corpus) -> None:
    """The SAT proof's effort (the deductions before SAT, which decide most of these levels
    and then score 0, left out)."""
    from satlink.formats import read_file
    from satlink.quality.figures import effort
    from satlink.solver.method import Method

    def scores(prefix: str) -> list[float]:
        out = []
        for path in sorted((corpus / "mzucker-flow_solver" / "puzzles").glob(prefix + "*.txt")):
            board = next(read_file(str(path))).board
            out.append(effort(board, check(board, "flow", method=Method(presolve=False))))
        return out

    assert mean(scores("extreme")) > mean(scores("regular"))


def _sigma(symmetry: str, width: int, height: int):
    from satlink.generate.symmetry import fold

    return fold(width, height, symmetry).sigma


@pytest.mark.parametrize("symmetry,size", [("mirror", "8x8"), ("mirror", "9x6"),
                                           ("rotational", "10x10"), ("rotational", "7x8")])
def test_symmetric_layouts(symmetry: str, size: str) -> None:
    """σ maps every endpoint pair onto an endpoint pair, and the puzzle is still unique."""
    params = make_params(ParamsRequest(size, seed=11, symmetry=symmetry))
    accepted = [r for r in (attempt(params, n) for n in range(15)) if r.accepted]
    assert accepted
    for result in accepted:
        board = Board(tuple(result.rows))
        sigma = _sigma(symmetry, board.width, board.height)
        pairs = {frozenset(p) for p in board.endpoints.values()}
        assert {frozenset(sigma(c) for c in p) for p in pairs} == pairs
        assert check(board, "flow").status == "unique"


def test_symmetric_repair_keeps_the_layout() -> None:
    from satlink.generate.symmetry import split_symmetric

    board = Board.from_rows(["A..A", "....", "....", "B..B"])
    verdict = check(board, "nikoli", count=20)
    ours = verdict.solutions[0]
    other = next(s for s in verdict.solutions if s.edges() != ours.edges())
    sigma = _sigma("mirror", 4, 4)
    system = PathSystem(4, 4, [list(p) for p in ours.paths.values()])
    before = len(system.paths)
    assert split_symmetric(system, other, 1, random.Random(0), sigma)
    assert len(system.paths) > before
    pairs = {frozenset((p[0], p[-1])) for p in system.paths}
    assert {frozenset(sigma(c) for c in p) for p in pairs} == pairs
    assert system.solution().edges() <= ours.edges()



def test_runs_with_the_forced_moves_on_keep_the_keys_they_had_before_it_was_a_choice() -> None:
    """The key of a run with a non-default method must not change because Method gained a
    field: catalogues started before still resume; switching the forced moves off is a new
    run (its solver-effort figures differ)."""
    from satlink.generate.params import Params
    from satlink.solver.method import Method

    def key(**method) -> str:
        return Params(width=7, height=7, colours_min=5, colours_max=7,
                      solving=Method(solver="cadical195", **method)).key()

    assert key() == "876b87edcf85a202"  # the key this run had before presolve existed
    assert key(presolve=False) != key()
