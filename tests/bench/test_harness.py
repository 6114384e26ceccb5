"""The benchmark harness: configurations, interleaving, summaries, outputs (not speed)."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from satlink.bench.configs import bench_configs, configurations
from satlink.bench.corpus import generated_boards
from satlink.bench.runner import BenchBoard, RunOptions, run_interleaved
from satlink.bench.summary import disagreements, summarise
from satlink.board import Board
from satlink.cli import main
from satlink.geometry import HEX, Geometry
from satlink.solver.method import MethodError


def test_configurations_skip_what_cannot_run() -> None:
    labels = [c.label for c in bench_configs(configurations(
        "binary-edge,acyclic", "glucose4,cadical195,minicard", "pairwise,native",
        "lazy,propagator"), [])]
    assert "binary-edge/cadical195/propagator" in labels
    assert "acyclic/cadical195/propagator" not in labels  # nothing to cut
    assert "binary-edge/glucose4/propagator" not in labels  # IPASIR-UP is CaDiCaL's
    assert "binary-edge/minicard/native" in labels
    assert "binary-edge/glucose4/native" not in labels and "binary-edge/minicard" not in labels
    with pytest.raises(ValueError, match="unknown encoding 'bogus'"):
        configurations("bogus")


def test_interleaved_order_and_summary() -> None:
    boards = [BenchBoard(f"b{i}", Board.from_rows(rows), "flow")
              for i, rows in enumerate([["AB..", "..A.", "B..."], ["AB..", "AB.."], ["A.A"]])]
    configs = bench_configs(configurations("binary-edge,shape", "glucose4"), [])
    rows = run_interleaved(boards, configs, RunOptions(timeout=10), repeat=2)
    assert len(rows) == 3 * 2 * 2
    # each board is finished by every configuration before the next board starts
    assert [r["board"] for r in rows[:4]] == ["b0", "b0", "b1", "b1"]
    assert rows[0]["config"] != rows[2]["config"]  # the order rotates between boards
    assert disagreements(rows) == []
    summary = summarise(rows, timeout=10)
    assert {t["config"] for t in summary} == {c.label for c in configs}
    assert all(t["solved"] == 3 for t in summary)
    assert [t["ratio"] for t in summary if t["config"] == "binary-edge/glucose4"] == [1.0]
    assert {r["status"] for r in rows} == {"unique", "unsolvable"}


def test_disagreement_is_reported() -> None:
    rows = [{"board": "x", "config": "a", "status": "unique"},
            {"board": "x", "config": "b", "status": "multiple"},
            {"board": "y", "config": "a", "status": "unique"},
            {"board": "y", "config": "b", "status": "timeout"}]
    assert disagreements(rows) == [{"board": "x", "verdicts": {"a": "unique", "b": "multiple"}}]


def test_bench_command_writes_json_csv_and_plots(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    out, table, plots = tmp_path / "r.json", tmp_path / "r.csv", tmp_path / "plots"
    result = CliRunner().invoke(main, [
        "bench", "example", "--limit", "3", "--generate", "6x6", "--per-size", "2",
        "--encodings", "binary-edge,acyclic", "--solvers", "glucose4,kissat404", "--timeout", "20",
        "--out", str(out), "--csv", str(table), "--plots", str(plots)])
    assert result.exit_code == 0, result.output
    assert "binary-edge/glucose4" in result.output and "ratio" in result.output
    data = json.loads(out.read_text())
    assert data["version"] == 3 and len(data["summary"]) == 4
    assert len(data["rows"]) == 5 * 4
    assert {r["board"] for r in data["rows"]} >= {"generated:6x6#1", "generated:6x6#2"}
    with table.open() as f:
        assert len(list(csv.DictReader(f))) == 20
    assert (plots / "cactus.png").stat().st_size > 0 and (plots / "size.png").stat().st_size > 0


def test_bench_usage_errors() -> None:
    result = CliRunner().invoke(main, ["bench", "example", "--solvers", "glucose4",
                                       "--cycles", "propagator"])
    assert result.exit_code == 2 and "no runnable combination" in result.output


def test_plots_without_matplotlib_are_a_usage_error_before_any_run(monkeypatch, tmp_path) -> None:
    import sys

    monkeypatch.setitem(sys.modules, "matplotlib", None)  # import matplotlib fails
    monkeypatch.setitem(sys.modules, "matplotlib.pyplot", None)
    result = CliRunner().invoke(main, ["bench", "example", "--plots", str(tmp_path / "plots")])
    assert result.exit_code == 2 and "plots need matplotlib" in result.output


def test_generated_boards_follow_colours_and_method() -> None:
    few = generated_boards("12x12", 3, seed=1, rules="flow", colours="16-19")
    assert len(few) == 3 and all(16 <= len(b.board.labels) <= 19 for b in few)
    assert [b.name for b in few] == ["generated:12x12#1", "generated:12x12#2", "generated:12x12#3"]
    raw = generated_boards("12x12", 2, seed=1, rules="flow", growth="unionfind")
    assert any(b.board.solid_count() for b in raw)  # no improver: leftover cells stay solid
    assert all(not b.board.solid_count() for b in generated_boards("12x12", 2, 1, "flow"))
    with pytest.raises(ValueError, match="widen --colors"):  # one path cannot fill it
        generated_boards("6x6", 1, seed=1, rules="flow", colours="1")


def test_lemma_settings_reach_the_solver() -> None:
    board = [BenchBoard("b", Board.from_rows(["AB..", "..A.", "B..."]), "flow")]
    rows = run_interleaved(board, bench_configs(configurations(lemmas="auto,none,all",
                                                               presolve="off"), []),
                           RunOptions(timeout=10))
    clauses = {r["config"]: r["clauses"] for r in rows}
    assert clauses["binary-edge/glucose4/lemmas=none/no-presolve"] < clauses[
        "binary-edge/glucose4/no-presolve"]
    assert clauses["binary-edge/glucose4/no-presolve"] < clauses[
        "binary-edge/glucose4/lemmas=all/no-presolve"]


def test_any_two_lemma_sets_can_be_compared() -> None:
    """``corner+no-u-turn`` names a set: a hexagonal board's auto is exactly that set."""
    hexagons = Board.from_rows(["AB..", "..A.", "B..."], geometry=Geometry.of(HEX))
    configs = configurations(lemmas="auto,corner,corner+no-u-turn", presolve="off")
    assert [c.lemmas for c in configs] == ["auto", "corner", "corner,no-u-turn"]
    rows = run_interleaved([BenchBoard("h", hexagons, "flow")], bench_configs(configs, []),
                           RunOptions(timeout=10))
    clauses = {r["config"]: r["clauses"] for r in rows}
    assert clauses["binary-edge/glucose4/lemmas=corner/no-presolve"] < clauses[
        "binary-edge/glucose4/no-presolve"] == clauses[
        "binary-edge/glucose4/lemmas=corner,no-u-turn/no-presolve"]
    with pytest.raises(MethodError, match="unknown lemma 'sideways' in 'corner\\+sideways'"):
        configurations(lemmas="corner+sideways")
    with pytest.raises(MethodError, match="no lemma setting"):
        configurations(lemmas=" , ")
    same = configurations(lemmas="no-u-turn + corner, corner+no-u-turn,auto,auto", presolve="off")
    assert [c.lemmas for c in same] == ["corner,no-u-turn", "auto"]  # one order, each once
