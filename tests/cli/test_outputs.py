"""Where a command writes: an output that is also an input, in a missing folder, on a full
device, or whose write fails is refused or reported with the file named, before anything is
written, never with a traceback."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support.cli import BOARD, run


@pytest.mark.parametrize("command", [
    ["solve", "{pack}", "--rules", "nikoli", "--out", "{same}"],
    ["convert", "{pack}", "--to", "wh", "--out", "{same}"],
    ["cnf", "{pack}", "--out", "{same}"],
    ["bench", "{pack}", "--out", "{same}", "--timeout", "5"],
    ["validate", "{pack}", "--out", "{same}", "--jobs", "1"],
    ["validate", "{pack}", "--out", "{same}", "--resume", "--jobs", "1"],
    ["validate", "{pack}", "--report", "{same}", "--jobs", "1"],
    ["export", "--db", "{pack}", "--out", "{same}"],
    ["generate", "--db", "{pack}", "--out", "{same}", "--count", "1", "--size", "4x4"],
    ["generate", "--shape", "{pack}", "--out", "{same}", "--count", "1", "--to", "json"],
])
@pytest.mark.parametrize("alias", ["dotdot", "hardlink", "symlink"])
def test_an_output_that_is_an_input_is_refused_before_anything_is_written(
        tmp_path: Path, command: list[str], alias: str) -> None:
    import os

    pack = tmp_path / "pack.txt"
    pack.write_text(BOARD)
    (tmp_path / "sub").mkdir()
    same = tmp_path / "sub" / ".." / "pack.txt"  # the same file under another name
    if alias == "hardlink":
        same = tmp_path / "sub" / "linked.txt"
        os.link(pack, same)
    elif alias == "symlink":
        same = tmp_path / "sub" / "pointer.txt"
        same.symlink_to(pack)
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


def test_writing_to_a_full_device_is_a_message_not_a_traceback(tmp_path: Path) -> None:
    import subprocess
    import sys

    if not Path("/dev/full").exists():
        pytest.skip("no /dev/full here")
    with open("/dev/full", "w") as full:
        done = subprocess.run([sys.executable, "-m", "satlink", "check", "example", "--json"],
                              stdout=full, stderr=subprocess.PIPE, text=True, timeout=120)
    assert done.returncode == 2
    assert "No space left on device" in done.stderr and "Traceback" not in done.stderr


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full here")
@pytest.mark.parametrize("command", [
    ["solve", "{pack}", "--rules", "nikoli", "--out", "/dev/full"],
    ["convert", "{pack}", "--to", "wh", "--out", "/dev/full"],
    ["cnf", "{pack}", "--out", "/dev/full"],
    ["render", "{pack}", "--svg", "/dev/full"],
    ["validate", "{pack}", "--jobs", "1", "--out", "/dev/full"],
    ["validate", "{pack}", "--jobs", "1", "--report", "/dev/full"],
    ["bench", "{pack}", "--timeout", "5", "--out", "/dev/full"],
])
def test_a_write_that_fails_names_the_file(tmp_path: Path, command: list[str]) -> None:
    pack = tmp_path / "pack.txt"
    pack.write_text(BOARD)
    result = run(*[a.format(pack=pack) for a in command])
    assert result.exit_code == 2, result.output
    assert "cannot write /dev/full: No space left on device" in result.output
    assert "Traceback" not in result.output and "internal error" not in result.output
