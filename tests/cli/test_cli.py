"""The command line: exit codes, the stable JSON record, help texts, stdin and files."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from satlink.cli import main
from testbed.boards import parity_rows

RECORD_KEYS = {"source", "index", "width", "height", "rules", "status", "solutions", "seconds"}


def run(*args: str, stdin: str | None = None):
    return CliRunner().invoke(main, list(args), input=stdin, catch_exceptions=False)


def records(output: str) -> list[dict]:
    return [json.loads(line) for line in output.splitlines() if line.strip()]


def test_check_example_pack_is_all_unique() -> None:
    result = run("check", "example", "--json")
    assert result.exit_code == 0
    recs = records(result.output)
    assert len(recs) >= 5
    assert all(r["status"] == "unique" and r["rules"] == "fill,notouch" for r in recs)
    assert all(RECORD_KEYS <= set(r) for r in recs)


def test_check_multiple_reports_witness_and_exit_1() -> None:
    result = run("check", "-", "--rules", "fill", "--json", stdin="A..\n...\n..A\n")
    assert result.exit_code == 1
    (rec,) = records(result.output)
    assert rec["status"] == "multiple" and len(rec["solutions"]) == 2
    assert rec["diff_cells"] and all(len(rc) == 2 for rc in rec["diff_cells"])


def test_count_option() -> None:
    result = run("check", "-", "--rules", "nikoli", "--count", "100", "--json", stdin="A..\n...\n..A\n")
    (rec,) = records(result.output)
    assert rec["count"] == len(rec["solutions"]) > 2


def test_invalid_board_is_a_record_and_exit_2_without_losing_the_others() -> None:
    result = run("check", "-", "--json", stdin="2 1\nAA\n2 1\nAB\n")
    assert result.exit_code == 2
    good, bad = records(result.output)
    assert good["status"] == "unique"
    assert bad["status"] == "invalid"
    assert bad["error"]["line"] == 4 and bad["error"]["board"] == 2


def test_human_output_names_the_place_of_an_error() -> None:
    result = CliRunner().invoke(main, ["check", "-"], input="A.A\n..\n")
    assert result.exit_code == 2
    assert "<stdin>, board 1, line 2, column 3: ragged row" in result.output
    assert "Traceback" not in result.output


def test_missing_file_is_a_clear_error() -> None:
    result = run("check", "no/such/file.txt")
    assert result.exit_code == 2
    assert "no/such/file.txt: cannot read file" in result.output


def test_unknown_rule_is_a_usage_error() -> None:
    result = CliRunner().invoke(main, ["check", "example", "--rules", "fly"])
    assert result.exit_code == 2 and "unknown rule or profile 'fly'" in result.output


def test_timeout_is_exit_1_with_status() -> None:
    board = "\n".join(parity_rows(20)) + "\n"
    # SAT alone: the deductions' chessboard count would prove this board unsolvable at once
    result = run("check", "-", "--rules", "fill", "--no-presolve", "--timeout", "0.3", "--json",
                 stdin=board)
    assert result.exit_code == 1
    assert records(result.output)[0]["status"] == "timeout"


def test_solve_draws_the_solution_in_plain_text() -> None:
    result = run("solve", "-", "--no-color", stdin="AB\n..\nAB\n")
    assert result.exit_code == 0
    assert "SOLVED" in result.output and "│" in result.output


def test_solve_writes_solutions_to_a_file(tmp_path) -> None:
    out = tmp_path / "solved.jsonl"
    result = run("solve", "example", "--out", str(out))
    assert result.exit_code == 0
    lines = records(out.read_text())
    assert lines and all("solution" in obj for obj in lines)
    again = run("check", str(out), "--json")
    assert again.exit_code == 0


def test_convert_to_puzzlink_and_back(tmp_path) -> None:
    url = run("convert", "-", "--to", "puzzlink", stdin="R.G.Y\n..B.O\n.....\n.G.Y.\n.RBO.\n").output
    assert url.strip() == "https://puzz.link/p?arukone/5/5/1g2g3h4g5l2g3h145g"
    target = tmp_path / "board.json"
    assert run("convert", "-", "-o", str(target), stdin=url).exit_code == 0
    assert json.loads(target.read_text())["width"] == 5


def test_convert_needs_a_target_format() -> None:
    result = CliRunner().invoke(main, ["convert", "example"])
    assert result.exit_code == 2 and "--to" in result.output


def test_every_command_is_registered() -> None:
    """Commands are loaded when used; each name must lead to its command."""
    names = {"check", "solve", "convert", "generate", "export", "validate", "render", "cnf",
             "decode", "bench", "repair", "explain", "hint", "paint", "studio"}
    assert set(main.list_commands(None)) == names
    for name in names:
        assert main.get_command(None, name).name == name
    assert main.get_command(None, "nosuch") is None


@pytest.mark.parametrize("command", sorted(main.list_commands(None)))
def test_help_has_an_example(command: str) -> None:
    result = run(command, "--help")
    assert result.exit_code == 0 and "Example:" in result.output


@pytest.mark.parametrize("args,message", [
    (["check", "example", "--solver", "nosuch"], "unknown SAT backend 'nosuch'"),
    (["solve", "example", "--lemmas", "bogus"], "unknown lemma 'bogus'"),
    (["check", "example", "--rules", "fill", "--lemmas", "corner"], "only sound under rules"),
    (["validate", "example", "--solver", "nosuch"], "unknown SAT backend"),
    (["check", "example", "--cycles", "propagator"], "needs --solver cadical195"),
    (["check", "example", "--card", "native"], "native cardinality"),
    (["check", "example", "--encoding", "nosuch"], "Invalid value for '--encoding'"),
    (["cnf", "example", "--card", "native"], "Invalid value for '--card'"),
    (["bench", "example", "--encodings", "nosuch"], "unknown encoding 'nosuch'"),
    (["render", "example", "--svg", "x.svg", "--cycles", "propagator"], "needs --solver cadical195"),
])
def test_bad_options_are_usage_errors_not_tracebacks(args, message) -> None:
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 2, result.output
    assert message in result.output and "Traceback" not in result.output


def test_a_file_that_is_not_a_catalogue(tmp_path) -> None:
    fake = tmp_path / "not.sqlite"
    fake.write_text("hello, I am not a database\n" * 100)
    for args in (["export", "--db", str(fake)], ["generate", "--db", str(fake), "--count", "1"]):
        result = CliRunner().invoke(main, args)
        assert result.exit_code == 2 and "not a satlink catalogue" in result.output


def test_a_bug_is_reported_as_a_bug_not_as_a_usage_error(monkeypatch) -> None:
    """Only bad input and bad options are usage errors; anything else says it is satlink's."""
    import satlink.cli.check

    def broken(*args, **kwargs):
        raise ValueError("something internal went wrong")

    monkeypatch.setattr(satlink.cli.check, "check_board", broken)
    result = CliRunner().invoke(main, ["check", "example"])
    assert result.exit_code == 3
    assert "internal error (a bug in satlink" in result.output
    assert "something internal went wrong" in result.output and "Traceback" not in result.output
    assert "Usage:" not in result.output


def test_check_ends_with_a_summary_of_the_boards_that_need_attention() -> None:
    result = run("check", "-", "--rules", "fill", stdin="2 2\nAB\nAB\n3 3\nA..\n...\n..A\n2 1\nA.\n")
    lines = result.output.splitlines()
    assert "  multiple     <stdin>:2" in lines and "  invalid      <stdin>:3" in lines
    assert lines[-1] == "== 3 boards: 1 unique, 1 multiple, 1 invalid =="


def test_quiet_draws_only_the_problem_boards() -> None:
    pack = "2 2\nAB\nAB\n3 3\nA..\n...\n..A\n"
    loud = run("check", "-", "--rules", "fill", stdin=pack).output
    quiet = run("check", "-", "--rules", "fill", "--quiet", stdin=pack).output
    assert "#1 2x2" in loud and "#1 2x2" not in quiet
    assert "#2 3x3" in quiet and quiet.splitlines()[-1] == loud.splitlines()[-1]
