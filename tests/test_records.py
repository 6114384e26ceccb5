"""One record schema: ``check --json`` and ``validate`` build their records in one place."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from satlink.cli import main
from satlink.records import RECORD_VERSION
from satlink.solver.verdict import Status

# unique, multiple (under fill), unsolvable, unique, an unreadable board
PACK = "2 2\nAB\nAB\n3 3\nA..\n...\n..A\n2 2\nAB\nBA\n2 1\nAA\n2 1\nA.A\n"
SOLVER_COUNTERS = {"variables", "clauses", "sat_calls", "cycle_cuts", "pieces", "conflicts", "decisions",
                   "edges", "presolved_edges", "presolve_seconds", "encode_seconds", "load_seconds",
                   "sat_seconds", "decode_seconds", "route", "presolve_stage", "frontier",
                   "frontier_decision"}
SAME_KEYS = ("source", "index", "width", "height", "labels", "rules", "status", "solutions",
             "diff_cells", "grid", "version", "solver", "encoding", "card", "cycles", "lemmas", "presolve",
             "quality", "error")


def lines(text: str) -> list[dict]:
    return [json.loads(line) for line in text.splitlines() if line.strip()]


def test_check_json_and_validate_agree_on_the_same_boards(tmp_path: Path) -> None:
    pack = tmp_path / "pack.txt"
    pack.write_text(PACK)
    checked = CliRunner().invoke(main, ["check", str(pack), "--rules", "fill", "--json",
                                        "--solver", "minisat22", "--lemmas", "all", "--grade"])
    out = tmp_path / "out.jsonl"
    validated = CliRunner().invoke(main, ["validate", str(pack), "--rules", "fill", "--jobs", "1",
                                          "--out", str(out), "--solver", "minisat22",
                                          "--lemmas", "all"])
    assert checked.exit_code == validated.exit_code == 2, (checked.output, validated.output)
    by_check = {r["index"]: r for r in lines(checked.output)}
    by_validate = {r["index"]: r for r in lines(out.read_text())}
    assert sorted(by_check) == sorted(by_validate) == [1, 2, 3, 4, 5]
    assert [by_check[i]["status"] for i in range(1, 6)] == [
        "unique", "multiple", "unsolvable", "unique", "invalid"]
    for index, c in by_check.items():
        v = by_validate[index]
        for key in SAME_KEYS:
            assert c.get(key) == v.get(key), (index, key, c.get(key), v.get(key))
        if c["status"] != "invalid":
            assert set(c["stats"]) == set(v["stats"]) == SOLVER_COUNTERS
            assert c["solver"] == "minisat22" and "2x2-cycle" in c["lemmas"]
    assert by_check[1]["quality"]["colours"] == 2 and "quality" not in by_check[3]
    assert by_validate[1]["hash"] and all(r["version"] == RECORD_VERSION == 3
                                          for r in by_validate.values())


def test_invalid_record_names_the_rules_the_user_chose() -> None:
    result = CliRunner().invoke(main, ["check", "-", "--rules", "nikoli", "--json"], input="A.A\n..\n")
    (record,) = lines(result.output)
    assert record["status"] == "invalid" and record["rules"] == "none"


def test_json_board_with_unknown_rules_is_invalid_and_the_rest_still_run() -> None:
    text = (json.dumps({"grid": ["A.A"], "rules": "bogus"}) + "\n"
            + json.dumps({"grid": ["B.B"], "rules": "nikoli"}) + "\n")
    result = CliRunner().invoke(main, ["check", "-", "--json"], input=text)
    bad, good = lines(result.output)
    assert result.exit_code == 2
    assert bad["status"] == "invalid" and "bogus" in bad["error"]["message"]
    assert bad["error"]["line"] == 1
    assert good["status"] == "unique" and good["rules"] == "none"


def test_status_is_one_enum_written_as_its_text() -> None:
    assert json.dumps({"s": Status.MULTIPLE}) == '{"s": "multiple"}'
    assert Status.DUPLICATE == "duplicate-of" and f"{Status.MISMATCH}" == "solution-mismatch"


@pytest.mark.parametrize("command", ["check", "validate", "generate", "solve"])
def test_every_solving_command_takes_the_same_method_options(command: str) -> None:
    help_text = CliRunner().invoke(main, [command, "--help"]).output
    for option in ("--encoding", "--card", "--lemmas", "--solver", "--cycles"):
        assert option in help_text, (command, option)


TIMES = ("encode_seconds", "load_seconds", "sat_seconds", "decode_seconds")


@pytest.mark.parametrize("solver", ["glucose4", "kissat404"])
def test_stats_split_the_time_into_four_non_negative_parts(solver: str) -> None:
    """encode, load, SAT and decode are all reported, for incremental and one-shot backends
    (kissat is rebuilt for each call: the rebuilds count as loading, not as SAT time)."""
    result = CliRunner().invoke(main, ["check", "-", "--rules", "fill", "--json", "--solver",
                                       solver], input=PACK)
    records = [r for r in lines(result.output) if r["status"] != "invalid"]
    assert [r["status"] for r in records] == ["unique", "multiple", "unsolvable", "unique"]
    for record in records:
        stats = record["stats"]
        for key in TIMES:
            assert isinstance(stats[key], float) and stats[key] >= 0, (key, stats)
        assert record["seconds"] >= 0


def test_differing_cells_are_summarised_and_listed_in_full_on_request(monkeypatch) -> None:
    import satlink.records

    board = "3 3\nA..\n...\n..A\n"
    (full,) = lines(CliRunner().invoke(main, ["check", "-", "--rules", "fill", "--json"],
                                       input=board).output)
    cells = full["diff_cells"]
    assert full["status"] == "multiple" and full["diff_count"] == len(cells) > 0
    rows, cols = [r for r, _ in cells], [c for _, c in cells]
    assert full["diff_box"] == [[min(rows), min(cols)], [max(rows), max(cols)]]
    monkeypatch.setattr(satlink.records, "DIFF_CELLS_LISTED", 1)
    (summary,) = lines(CliRunner().invoke(main, ["check", "-", "--rules", "fill", "--json"],
                                          input=board).output)
    assert "diff_cells" not in summary
    assert (summary["diff_count"], summary["diff_box"]) == (full["diff_count"], full["diff_box"])
    (listed,) = lines(CliRunner().invoke(main, ["check", "-", "--rules", "fill", "--json",
                                                "--all-diff-cells"], input=board).output)
    assert listed["diff_cells"] == cells


def test_a_record_grades_only_when_asked(monkeypatch):
    """Writing a record re-runs no deduction unless the grade is asked for."""
    import satlink.grading
    from satlink import Board, check
    from satlink.records import verdict_record

    board = Board.from_rows(["A..A", "B..B"])
    verdict = check(board)
    calls = []
    real = satlink.grading.grade
    monkeypatch.setattr(satlink.grading, "grade", lambda *a: calls.append(a) or real(*a))
    assert "grade" not in verdict_record("s", 1, board, verdict)["quality"] and not calls
    assert "grade" in verdict_record("s", 1, board, verdict, grade=True)["quality"] and calls


def test_long_paths_are_written_as_json_would_write_them(monkeypatch):
    """A record made lazily (long paths kept as nodes) is written as the very text
    ``json.dumps`` writes for the record with every path listed: boards with bridges, labels
    of any characters, and more than one solution."""
    from satlink import Board, check, records
    from satlink.records import dumps, verdict_record
    from testbed.variants import solved

    monkeypatch.setattr(records, "LONG_PATH", 2)
    boards = [solved("bridge")[0], solved("hex-bridge")[0],
              Board.from_rows(["é..é", "ß..ß", "\u00e8..\u00e8"]), Board.from_rows(["A...", "....", "...A"])]
    for board in boards:
        verdict = check(board, "nikoli")
        eager = json.dumps(verdict_record("s", 1, board, verdict), ensure_ascii=False)
        lazy = dumps(verdict_record("s", 1, board, verdict, lazy=True))
        assert lazy == eager


def test_long_paths_are_measured_as_short_ones_are(monkeypatch):
    """The array measures of long plain paths (straight runs, bends) give the loop's figures."""
    import random

    from satlink import Board
    from satlink.quality import figures as quality
    from satlink.quality import looks
    from satlink.solution import Solution

    rng = random.Random(7)
    w, h = 9, 8
    board = Board.from_rows(["A" + "." * (w - 1)] + ["." * w] * (h - 2) + ["." * (w - 1) + "A"])
    for _ in range(30):  # random self-avoiding walks as paths (figures need no validity)
        path, seen = [0], {0}
        while len(path) < 40:
            r, c = divmod(path[-1], w)
            options = [(r + dr) * w + c + dc for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))
                       if 0 <= r + dr < h and 0 <= c + dc < w and (r + dr) * w + c + dc not in seen]
            if not options:
                break
            path.append(rng.choice(options))
            seen.add(path[-1])
        solution = Solution.from_paths({"A": path})
        short = (looks.runs(board, path), quality.bends(board, solution))
        monkeypatch.setattr(looks, "LONG_PATH", 2)
        assert (looks.runs(board, path), quality.bends(board, solution)) == short
        monkeypatch.undo()
