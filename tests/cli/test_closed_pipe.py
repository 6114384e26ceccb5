"""A reader that goes away (``satlink check --json | head -c 100``) cuts the run short: the
exit status then says what was judged and what was not, never "every board unique" for boards
that were never looked at."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

UNIQUE = "2 2\nAB\nAB\n"
MULTIPLE = "3 3\nA..\n...\n..A\n"


def _pack(tmp_path: Path, boards: list[str]) -> Path:
    pack = tmp_path / "pack.txt"
    pack.write_text("".join(boards))
    return pack


def _read_then_close(args: list[str], keep: int) -> tuple[int, str]:
    """Run ``satlink ARGS``, read ``keep`` bytes of its output, close the pipe (as ``head -c``
    does) and return its exit status and standard error."""
    process = subprocess.Popen([sys.executable, "-m", "satlink", *args], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE)
    process.stdout.read(keep)
    process.stdout.close()
    err = process.stderr.read().decode()
    return process.wait(timeout=120), err


@pytest.mark.parametrize("as_json", [True, False])
def test_a_closed_pipe_before_the_last_board_is_not_success(tmp_path: Path, as_json) -> None:
    """300 unique boards then one multiple: the pipe closes long before the multiple one is
    judged, so the run cannot say 'every board unique' (before: exit 0 with --json)."""
    pack = _pack(tmp_path, [UNIQUE] * 300 + [MULTIPLE])
    args = ["check", str(pack), "--rules", "flow"] + (["--json"] if as_json else ["--no-color"])
    status, err = _read_then_close(args, 100)
    assert status == 1, err
    assert "Traceback" not in err


def test_the_status_of_a_run_cut_short_says_what_was_judged() -> None:
    """A reader that leaves after every verdict is known (text mode prints the summary after
    the last board) cut nothing short: 0 if every board was unique; any board not judged
    makes it 1, an invalid one 2, as in a whole run."""
    from satlink.cli.exits import run_status
    from satlink.solver.verdict import Status

    assert run_status([Status.UNIQUE] * 3, Status.UNIQUE, complete=True) == 0
    assert run_status([Status.UNIQUE] * 3, Status.UNIQUE, complete=False) == 1
    assert run_status([Status.UNIQUE, Status.INVALID], Status.UNIQUE, complete=False) == 2
    assert run_status([Status.MULTIPLE], Status.UNIQUE, complete=True) == 1


def test_other_commands_cut_short_by_a_closed_pipe_exit_non_zero(tmp_path: Path) -> None:
    """``cnf`` writes its clauses line by line: a reader gone after ten bytes cut it short."""
    rows = ["A" + "." * 28 + "B"] + ["." * 30] * 28 + ["B" + "." * 28 + "A"]
    board = tmp_path / "board.txt"
    board.write_text("30 30\n" + "\n".join(rows) + "\n")
    status, err = _read_then_close(["cnf", str(board)], 10)
    assert status == 1 and "Traceback" not in err, err
