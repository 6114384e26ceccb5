"""Hostile input to the newest commands (paint, repair, explain, hint): a located message and
the documented exit status, never a traceback, and ``--json`` output that stays one JSON
object per board, whatever the board."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from satlink.cli import main

PACK = "\n".join(json.dumps({"grid": grid}) for grid in (
    ["AAB", "A.B", "AAB"],  # partly painted: a cell left unpainted
    ["A.?"],  # invalid: a label once
    ["A.B", "...", "A.B"],  # a puzzle
)) + "\n"


def run(*args: str):
    return CliRunner().invoke(main, list(args))


@pytest.mark.parametrize("chain", [[], ["--chain", "--seconds", "5"]])
def test_repair_json_is_one_object_per_board_whatever_the_board(tmp_path: Path, chain) -> None:
    pack = tmp_path / "pack.jsonl"
    pack.write_text(PACK)
    result = run("repair", str(pack), "--json", *chain)
    assert result.exit_code == 2, result.output  # an invalid board: input error, the rest still done
    records = [json.loads(line) for line in result.stdout.splitlines()]
    assert [r["index"] for r in records] == [1, 2, 3]
    assert records[0]["painted"]["outcome"] == "partial"
    assert records[1]["status"] == "invalid"
    assert records[1]["error"]["line"] == 2 and records[1]["error"]["grid_column"] == 1
    assert "Traceback" not in result.stderr


def test_a_progress_file_nested_too_deeply_is_located_not_an_internal_error(tmp_path: Path) -> None:
    board = tmp_path / "board.txt"
    board.write_text("A.B\n...\nA.B\n")
    progress = tmp_path / "drawn.json"
    progress.write_text('{"paths":\n ' + "[" * 100_000 + "]" * 100_000 + "}\n")
    for json_flag in ([], ["--json"]):
        result = run("hint", str(board), "--progress", str(progress), *json_flag)
        assert result.exit_code == 2, result.output
        assert "nested too deeply" in result.stderr and "line 2" in result.stderr
        assert "internal error" not in result.stderr


def test_studio_names_an_address_it_cannot_listen_on(tmp_path: Path) -> None:
    """192.0.2.1 is a documentation address (TEST-NET-1), on no machine: bind fails at once."""
    result = run("studio", "--host", "192.0.2.1", "--port", "0")
    assert result.exit_code == 2, result.output
    assert "--host 192.0.2.1" in result.stderr and "file" not in result.stderr


def test_studio_says_a_folder_is_a_folder(tmp_path: Path) -> None:
    result = run("studio", str(tmp_path))
    assert result.exit_code == 2, result.output
    assert "folder" in result.stderr and "no such file" not in result.stderr


def test_hint_json_on_an_invalid_board_prints_the_invalid_record(tmp_path: Path) -> None:
    """The shape `explain --json` prints for an invalid board, located, with exit status 2."""
    path = tmp_path / "bad.txt"
    path.write_text("3 3\nA..\n.B.\nA.C\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["hint", str(path), "--json"])
    assert result.exit_code == 2
    record = json.loads(result.stdout.splitlines()[0])
    assert record["status"] == "invalid"
    assert (record["error"]["line"], record["error"]["column"]) == (3, 2)
