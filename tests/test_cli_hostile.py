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
