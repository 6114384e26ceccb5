"""Hostile input, faults and limits: a clear message and the right exit status, never a
traceback, never lost or overwritten data (issue 10's regressions, one test each)."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from satlink.cli import main

BOARD = "3 3\nA.B\n...\nA.B\n"


def run(*args: str, stdin: str | None = None):
    return CliRunner().invoke(main, list(args), input=stdin)


@pytest.mark.parametrize("command", [
    ["solve", "{pack}", "--rules", "nikoli", "--out", "{same}"],
    ["convert", "{pack}", "--to", "wh", "--out", "{same}"],
    ["cnf", "{pack}", "--out", "{same}"],
    ["bench", "{pack}", "--out", "{same}", "--timeout", "5"],
])
def test_an_output_that_is_an_input_is_refused_before_anything_is_written(
        tmp_path: Path, command: list[str]) -> None:
    pack = tmp_path / "pack.txt"
    pack.write_text(BOARD)
    (tmp_path / "sub").mkdir()
    same = tmp_path / "sub" / ".." / "pack.txt"  # the same file under another name
    args = [a.format(pack=pack, same=same) for a in command]
    result = run(*args)
    assert result.exit_code == 2, result.output
    assert "is one of the input files" in result.output and "Traceback" not in result.output
    assert pack.read_text() == BOARD


def test_an_output_in_a_missing_folder_is_refused_up_front(tmp_path: Path) -> None:
    pack = tmp_path / "pack.txt"
    pack.write_text(BOARD)
    result = run("solve", str(pack), "--out", str(tmp_path / "nowhere" / "out.jsonl"))
    assert result.exit_code == 2 and "does not exist" in result.output
