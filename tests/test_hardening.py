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


@pytest.mark.parametrize("value", ["inf", "1e308"])
def test_a_far_or_infinite_timeout_means_no_limit_not_a_timer_crash(value: str) -> None:
    result = run("check", "-", "--rules", "nikoli", "--json", "--timeout", value, stdin="A.A\n")
    assert result.exit_code == 0, result.output
    assert "Traceback" not in result.output and "OverflowError" not in result.output


@pytest.mark.parametrize("value", ["nan", "-1", "soon"])
def test_a_timeout_that_is_not_seconds_is_a_usage_error(value: str) -> None:
    result = run("check", "-", "--timeout", value, stdin="A.A\n")
    assert result.exit_code == 2 and "--timeout" in result.output


def test_counting_says_whether_the_count_is_exact() -> None:
    from satlink import Board, check

    board = Board.from_rows(["A...", "....", "...A"])
    exact = check(board, "nikoli", count=10_000)
    assert exact.count_complete is True and exact.count == len(exact.solutions) < 10_000
    capped = check(board, "nikoli", count=5)
    assert capped.count == 5 and capped.count_complete is False
    open_board = Board.from_rows(["A" + "." * 11] + ["." * 12] * 10 + ["." * 11 + "A"])
    cut = check(open_board, "nikoli", count=10**9, timeout=0.5)
    assert cut.timed_out and cut.count_complete is False and cut.count >= 2


def test_count_complete_and_timed_out_are_in_the_record() -> None:
    result = run("check", "-", "--rules", "nikoli", "--count", "3", "--json", stdin="A..\n...\n..A\n")
    import json

    (record,) = [json.loads(line) for line in result.output.splitlines()]
    assert record["count"] == 3 and record["count_complete"] is False


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


def test_a_model_file_that_is_not_utf8_is_invalid_input(tmp_path: Path) -> None:
    model = tmp_path / "m.txt"
    model.write_bytes(b"v 1 \xff\xfe 0\n")
    result = run("decode", "example", str(model))
    assert result.exit_code == 2 and "not UTF-8" in result.output


@pytest.mark.parametrize("call,error", [
    (lambda s: s.check(None), TypeError),
    (lambda s: s.check(s.Board.from_rows(["A.A"]), 5), TypeError),
    (lambda s: s.check(s.Board.from_rows(["A.A"]), count=0), ValueError),
    (lambda s: s.check(s.Board.from_rows(["A.A"]), count=-1), ValueError),
    (lambda s: s.check(s.Board.from_rows(["A.A"]), timeout=-1), ValueError),
    (lambda s: s.check(s.Board.from_rows(["A.A"]), method="glucose4"), TypeError),
    (lambda s: s.solve(s.Board.from_rows(["A.A"]), timeout="soon"), TypeError),
    (lambda s: s.Board.from_rows("A.A"), TypeError),
    (lambda s: s.Board.from_rows([b"A.A"]), TypeError),
])
def test_library_arguments_are_checked_at_the_public_functions(call, error) -> None:
    import satlink

    with pytest.raises(error) as caught:
        call(satlink)
    assert "satlink" in str(caught.value) or "must" in str(caught.value) or "not" in str(caught.value)


@pytest.mark.parametrize("args,message", [
    (["generate", "--size", "100000x100000"], "at most 250,000"),
    (["generate", "--size", "9" * 5000 + "x3"], "is not WxH"),
    (["generate", "--colors", "9" * 5000], "is not N or MIN-MAX"),
    (["render", "example", "--cell", "1000000", "--png", "x.png"], "--cell"),
])
def test_sizes_are_validated_before_anything_is_built(args: list[str], message: str) -> None:
    result = run(*args)
    assert result.exit_code == 2 and message in result.output, result.output


def test_memory_estimate_follows_the_measured_sizes() -> None:
    from satlink.resources import estimated_bytes, estimated_clauses

    # measured (benchmarks/README.md): 34 M clauses / 5.3 GB at 1002x1002 with 4 labels,
    # 4.1 M / 615 MB at 200x200 with 5,000 labels, 101 M / 19.3 GB one-hot at 50x50 (300)
    assert 34e6 <= estimated_clauses(1002 * 1002, 4, "binary-edge") <= 1.3 * 34e6
    assert 5.3 * 2**30 <= estimated_bytes(1002 * 1002, 4, "binary-edge") <= 1.3 * 5.3 * 2**30
    assert 4.1e6 <= estimated_clauses(200 * 200, 5000, "binary-edge") <= 1.3 * 4.1e6
    assert 19.3 * 2**30 <= estimated_bytes(50 * 50, 300, "onehot-edge") <= 1.5 * 19.3 * 2**30


def test_a_board_too_large_for_the_memory_left_is_refused_before_it_is_built(monkeypatch) -> None:
    import satlink.resources
    from satlink import Board, check

    monkeypatch.setattr(satlink.resources, "available_bytes", lambda: 200 * 2**20)
    board = Board.from_rows(["A" + "." * 299] + ["." * 300] * 298 + ["." * 299 + "A"])
    with pytest.raises(satlink.resources.BoardTooLarge, match="GB available"):
        check(board, "flow")
    result = run("check", "-", "--json", "--max-cells", "1000000", stdin="\n".join(board.rows) + "\n")
    assert result.exit_code == 2
    assert '"status": "invalid"' in result.output and "needs about" in result.output
    drawn = run("check", "-", "--max-cells", "1000000", stdin="\n".join(board.rows) + "\n")
    assert drawn.exit_code == 2
    assert "invalid: <stdin>" in drawn.output and "needs about" in drawn.output
    assert "== 1 board: 1 invalid ==" in drawn.output


def test_max_cells_defaults_to_what_memory_allows(monkeypatch) -> None:
    import satlink.resources

    monkeypatch.setattr(satlink.resources, "available_bytes", lambda: 60 * 2**20)
    result = run("check", "-", "--json", stdin="A" + "." * 20000 + "A\n")
    assert result.exit_code == 2 and "more than the limit" in result.output


def test_the_deadline_covers_encoding_and_loading_not_only_the_search() -> None:
    """With the deadline already past when the CNF is built, no clause reaches a solver."""
    from satlink import Board, check
    from satlink.backend import Backend, Timeout
    from satlink.cnf import encode
    from satlink.rules import parse_rules

    board = Board.from_rows(["A" + "." * 59] + ["." * 60] * 58 + ["." * 59 + "A"])
    verdict = check(board, "flow", timeout=0)
    assert verdict.status == "timeout" and verdict.timed_out
    assert verdict.stats.sat_calls == 0
    import time

    clauses = encode(board, parse_rules("flow")).clauses
    with pytest.raises(Timeout):
        Backend("glucose4", clauses, deadline=time.monotonic() - 1)
