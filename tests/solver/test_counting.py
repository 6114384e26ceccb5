"""Counts say whether they are exact: a count cut short by its cap or its timeout says so in
the result, the record and the human output."""

from __future__ import annotations

from tests.support.cli import run


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


def test_human_output_says_when_a_count_was_cut_short() -> None:
    capped = run("check", "-", "--rules", "nikoli", "--count", "3", stdin="A..\n...\n..A\n")
    assert "3+ solutions found (count stopped at --count 3; there may be more)" in capped.output
    board = "\n".join(["A" + "." * 11] + ["." * 12] * 10 + ["." * 11 + "A"]) + "\n"
    cut = run("check", "-", "--rules", "nikoli", "--count", "1000000000", "--timeout", "0.5",
              "--no-color", stdin=board)
    assert "+ solutions found (count cut short by the timeout; there may be more)" in cut.output
    exact = run("check", "-", "--rules", "nikoli", "--count", "100", stdin="A.A\n")
    assert "+ solutions" not in exact.output and "1 solution found" in exact.output
