"""``validate``'s results file is never lost or overwritten by mistake: one run at a time,
resume only from satlink's own records, records judged again when they changed, outputs
checked before the run."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support.cli import BOARD, run
from tests.support.paths import ROOT


def test_validate_refuses_one_file_for_both_results_and_report(tmp_path: Path) -> None:
    pack = tmp_path / "pack.txt"
    pack.write_text(BOARD)
    out = tmp_path / "r.jsonl"
    result = run("validate", str(pack), "--out", str(out), "--report", str(out), "--jobs", "1")
    assert result.exit_code == 2 and "different files" in result.output
    assert not out.exists()


@pytest.mark.skipif(not hasattr(__import__("os"), "fork"), reason="flock is POSIX")
@pytest.mark.parametrize("resume", [False, True])
def test_a_second_run_on_the_same_out_stops_while_the_first_holds_it(
        tmp_path: Path, resume: bool) -> None:
    import fcntl

    pack = tmp_path / "pack.txt"
    pack.write_text(BOARD)
    out = tmp_path / "r.jsonl"
    first = run("validate", str(pack), "--out", str(out), "--jobs", "1")
    assert first.exit_code == 1 and out.read_text()  # multiple under flow
    before = out.read_text()
    with open(out, "a") as held:  # what a running validate holds
        fcntl.flock(held.fileno(), fcntl.LOCK_EX)
        second = run("validate", str(pack), "--out", str(out), "--jobs", "1",
                     *(["--resume"] if resume else []))
    assert second.exit_code == 2, second.output
    assert f"another satlink run is writing {out}" in second.output
    assert out.read_text() == before


@pytest.mark.skipif(not Path("/dev/null").exists(), reason="needs /dev/null")
def test_two_runs_may_write_to_dev_null_at_once(tmp_path: Path) -> None:
    """Only a results file is locked: a run sent to /dev/null while another run (here, its
    lock held) writes there too is not refused."""
    import fcntl

    pack = tmp_path / "pack.txt"
    pack.write_text("3 1\nA.A\n")
    with open("/dev/null", "ab") as held:  # what a running validate --out /dev/null held
        fcntl.flock(held.fileno(), fcntl.LOCK_EX)
        second = run("validate", str(pack), "--out", "/dev/null", "--jobs", "1")
    assert second.exit_code == 0, second.output


@pytest.mark.parametrize("content,message", [
    ('{"a": 1}\n', "line 1: not a 'satlink validate' record (no 'source')"),
    ('[1, 2]\n', "line 1: not a 'satlink validate' record (a JSON list"),
    (BOARD, "line 1: not a JSON record"),
    ('{"source": "p", "index": ' + "9" * 5000 + "}\n", "line 1: not a JSON record (Exceeds the limit"),
    ("[" * 3000 + "\n", "line 1: not a JSON record (nested too deeply)"),
    ('{"source": "p", "index": 1, "status": "unique"}\n{"cut', "line 1: not a 'satlink validate' "
                                                              "record (no 'hash')"),
])
def test_resume_from_a_file_that_is_not_results_is_refused_and_kept(
        tmp_path: Path, content: str, message: str) -> None:
    pack = tmp_path / "pack.txt"
    pack.write_text(BOARD)
    out = tmp_path / "other.json"
    out.write_text(content)
    result = run("validate", str(pack), "--out", str(out), "--resume", "--jobs", "1")
    assert result.exit_code == 2, result.output
    assert f"{out}, {message}" in result.output and "Traceback" not in result.output
    assert out.read_text() == content


def _results(out: Path) -> list[dict]:
    import json

    return [json.loads(line) for line in out.read_text().splitlines()]


def test_resume_runs_error_records_again_and_says_so(tmp_path: Path) -> None:
    import json

    pack = tmp_path / "pack.txt"
    pack.write_text("3 1\nA.A\n4 1\nB..B\n")
    out = tmp_path / "r.jsonl"
    run("validate", str(pack), "--out", str(out), "--jobs", "1")
    records = _results(out)
    records[1].update(status="error", error={"message": "worker process died"})
    out.write_text("".join(json.dumps(r) + "\n" for r in records))
    result = run("validate", str(pack), "--out", str(out), "--resume", "--jobs", "1")
    assert result.exit_code == 0, result.output
    assert "1 board retried" in result.output
    assert [(r["index"], r["status"]) for r in _results(out)] == [(1, "unique"), (2, "unique")]


def test_resume_replaces_the_line_of_a_board_that_changed(tmp_path: Path) -> None:
    pack = tmp_path / "pack.txt"
    pack.write_text("3 1\nA.A\n4 1\nB..B\n")
    out = tmp_path / "r.jsonl"
    run("validate", str(pack), "--out", str(out), "--jobs", "1")
    pack.write_text("3 1\nA.A\n5 1\nB...B\n")  # board 2 edited
    result = run("validate", str(pack), "--out", str(out), "--resume", "--jobs", "1")
    assert result.exit_code == 0, result.output
    records = _results(out)
    assert [(r["index"], r["grid"]) for r in records] == [(1, ["A.A"]), (2, ["B...B"])]
    assert not list(tmp_path.glob(".r.jsonl.*"))  # no temporary file left behind


def test_validate_checks_where_the_report_goes_before_the_run(tmp_path: Path) -> None:
    pack = tmp_path / "pack.txt"
    pack.write_text(BOARD)
    out = tmp_path / "r.jsonl"
    result = run("validate", str(pack), "--out", str(out), "--report",
                 str(tmp_path / "nowhere" / "report.html"))
    assert result.exit_code == 2 and "does not exist" in result.output
    assert not out.exists()  # refused before the run, not after it


def test_a_deeply_nested_json_line_is_an_invalid_board_in_validate_and_its_report(
        tmp_path: Path) -> None:
    """Issue 25, row 1: the report's excerpt of an invalid board parsed the line again."""
    pack = tmp_path / "deep.jsonl"
    pack.write_text('{"grid": ["A.A"]}\n' + "[" * 1500 + "\n")
    out, report = tmp_path / "o.jsonl", tmp_path / "r.html"
    result = run("validate", str(pack), "--out", str(out), "--report", str(report), "--jobs", "1")
    assert result.exit_code == 2, result.output
    assert "internal error" not in result.output and "Traceback" not in result.output
    records = {r["index"]: r for r in _results(out)}
    assert records[1]["status"] == "unique" and records[2]["status"] == "invalid"
    assert records[2]["error"]["line"] == 2 and report.exists()


HOSTILE_FIELDS = [
    ("width", "3", "'width' is \"3\", not a whole number"),
    ("quality", {"colours": "<img src=x onerror=alert(1)>"}, "'quality' is {\"colours\": \"<img"),
    ("count", "<b>9</b>", "'count' is \"<b>9</b>\", not a whole number"),
    ("error", {"message": "m", "line": "<i>"}, "'error' is {\"message\": \"m\", \"line\": \"<i>\"}"),
    ("seconds", [1], "'seconds' is [1], not a number"),
    ("seconds", float("nan"), "'seconds' is NaN, not a number"),
    ("solutions", [{"A": [[0, "x"]]}], "'solutions' is [{\"A\": [[0, \"x\"]]}], not a list"),
    ("grid", "A.A", "'grid' is \"A.A\", not a list of strings"),
    ("repairs", [{"grid": [1]}], "'repairs' is [{\"grid\": [1]}], not a list of proposals"),
]


@pytest.mark.parametrize("field,value,message", HOSTILE_FIELDS)
def test_resume_refuses_a_record_whose_fields_are_not_what_satlink_writes(
        tmp_path: Path, field: str, value, message: str) -> None:
    """Issue 25, rows 11 and 12: a hand-edited results file reached the summary (TypeError)
    and the HTML report (a string drawn as HTML) unchecked."""
    import json

    pack = tmp_path / "pack.txt"
    pack.write_text("3 1\nA.A\n" + BOARD)
    out = tmp_path / "r.jsonl"
    run("validate", str(pack), "--out", str(out), "--jobs", "1")
    records = _results(out)
    records[1][field] = value
    out.write_text("".join(json.dumps(r) + "\n" for r in records))
    before = out.read_text()
    result = run("validate", str(pack), "--out", str(out), "--resume", "--jobs", "1",
                 "--report", str(tmp_path / "r.html"))
    assert result.exit_code == 2, result.output
    assert f"{out}, line 2: not a 'satlink validate' record ({message}" in result.output
    assert "Traceback" not in result.output and out.read_text() == before


def test_resume_completes_a_last_record_without_its_newline(tmp_path: Path) -> None:
    """Issue 25, row 9: the next record was appended on the same line, and the second
    resume refused the file satlink itself had written."""
    pack = tmp_path / "pack.txt"
    pack.write_text("3 1\nA.A\n4 1\nB..B\n5 1\nC...C\n")
    out = tmp_path / "r.jsonl"
    run("validate", str(pack), "--out", str(out), "--jobs", "1")
    lines = out.read_text().splitlines(keepends=True)
    out.write_text("".join(lines[:2]).rstrip("\n"))  # the third never written, the second unended
    for _ in range(2):
        result = run("validate", str(pack), "--out", str(out), "--resume", "--jobs", "1")
        assert result.exit_code == 0, result.output
        assert sorted(r["index"] for r in _results(out)) == [1, 2, 3]
        assert out.read_text().endswith("\n")


@pytest.mark.parametrize("resume", [False, True])
def test_validate_refuses_the_same_pack_given_twice(tmp_path: Path, resume: bool) -> None:
    """Issue 25, row 10: its records shared their keys, so a resume kept one set of two and
    the summary still counted both."""
    pack = tmp_path / "three.txt"
    pack.write_text("3 1\nA.A\n4 1\nB..B\n5 1\nC...C\n")
    out = tmp_path / "t.jsonl"
    out.write_text("")
    result = run("validate", str(pack), str(pack), "--out", str(out), "--jobs", "1",
                 *(["--resume"] if resume else []))
    assert result.exit_code == 2, result.output
    assert f"{pack} is given twice; give each pack once" in result.output
    assert out.read_text() == ""


def test_resume_judges_again_what_was_judged_under_other_options(tmp_path: Path) -> None:
    """Issue 25, row 13: the resume key ignored the rules (a flow verdict was kept under
    nikoli), a longer --timeout, --repairs and the shipped solution."""
    import json

    pack = tmp_path / "pack.txt"
    pack.write_text(BOARD)
    out = tmp_path / "r.jsonl"
    run("validate", str(pack), "--out", str(out), "--jobs", "1", "--rules", "flow")
    assert [r["status"] for r in _results(out)] == ["unsolvable"]
    result = run("validate", str(pack), "--out", str(out), "--jobs", "1", "--rules", "nikoli",
                 "--resume")
    assert "1 board judged again" in result.output, result.output
    assert [(r["rules"], r["status"]) for r in _results(out)] == [("none", "multiple")]
    kept = run("validate", str(pack), "--out", str(out), "--jobs", "1", "--rules", "nikoli",
               "--resume")
    assert "judged again" not in kept.output and "1 from --resume" in " ".join(kept.output.split())
    again = run("validate", str(pack), "--out", str(out), "--jobs", "1", "--rules", "nikoli",
                "--resume", "--repairs", "1")
    assert "1 board judged again" in again.output
    assert "repairs" in _results(out)[0]
    record = _results(out)[0]  # a timeout, as if cut at 0.5 s: a longer --timeout judges again
    record.update(status="timeout", seconds=0.5)
    out.write_text(json.dumps(record) + "\n")
    same = run("validate", str(pack), "--out", str(out), "--jobs", "1", "--rules", "nikoli",
               "--resume", "--timeout", "0.5")
    assert "judged again" not in same.output and _results(out)[0]["status"] == "timeout"
    longer = run("validate", str(pack), "--out", str(out), "--jobs", "1", "--rules", "nikoli",
                 "--resume", "--timeout", "60")
    assert "1 board judged again" in longer.output and _results(out)[0]["status"] == "multiple"


def test_the_resume_key_holds_the_shipped_solution() -> None:
    from satlink.batch.tasks import content_hash
    from satlink.formats import read_text

    one = '{"grid": ["A.A"], "solution": {"A": [[0, 0], [0, 1], [0, 2]]}}\n'
    (with_solution,) = read_text(one, "p.jsonl")
    (without,) = read_text('{"grid": ["A.A"]}\n', "p.jsonl")
    assert content_hash(with_solution) != content_hash(without)


def test_a_board_alone_of_its_kind_is_not_hashed_for_duplicates(tmp_path: Path, monkeypatch) -> None:
    """Issue 25, row 14: the canonical form (seconds on a huge board) was made for every
    board, though only boards sharing size, labels and holes can be copies."""
    import satlink.batch.tasks
    from satlink.batch.tasks import plan

    hashed: list[tuple[str, ...]] = []
    real = satlink.batch.tasks.duplicate_key
    monkeypatch.setattr(satlink.batch.tasks, "duplicate_key",
                        lambda board: hashed.append(board.rows) or real(board))
    pack = tmp_path / "p.txt"
    pack.write_text("3 1\nA.A\n4 1\nB..B\n1 4\nC\n.\n.\nC\n3 3\nA.B\n...\nA.B\n")
    tasks = plan([str(pack)])
    assert [t.duplicate_of for t in tasks] == [None, None, {"source": str(pack), "index": 2},
                                                  None]
    assert sorted(hashed) == [("B..B",), ("C", ".", ".", "C")]


def test_validate_keeps_the_results_when_every_pack_is_missing(tmp_path: Path) -> None:
    """Issue 25, minor: a mistyped pack name replaced a results file with one invalid record."""
    out = tmp_path / "existing.jsonl"
    out.write_text('{"source": "p", "index": 1}\n' * 400)
    before = out.read_text()
    missing = tmp_path / "missing.jsonl"
    result = run("validate", str(missing), "--out", str(out), "--jobs", "1")
    assert result.exit_code == 2, result.output
    assert f"none of the packs exists ({missing}); refusing to replace the results in {out}" \
        in " ".join(result.output.split())
    assert out.read_text() == before
    fresh = tmp_path / "new.jsonl"  # nothing to lose: the missing pack is an invalid record
    assert run("validate", str(missing), "--out", str(fresh), "--jobs", "1").exit_code == 2
    assert '"status": "invalid"' in fresh.read_text()


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="needs /dev/null and /dev/zero")
@pytest.mark.parametrize("device", ["/dev/null", "/dev/zero"])
@pytest.mark.parametrize("resume", [False, True])
def test_validate_writes_its_results_to_a_device(tmp_path: Path, device: str, resume: bool) -> None:
    """--out /dev/null failed on fsync (EINVAL); --out /dev/zero --resume read without end."""
    import subprocess
    import sys

    pack = tmp_path / "pack.txt"
    pack.write_text("3 1\nA.A\n")
    done = subprocess.run([sys.executable, "-m", "satlink", "validate", str(pack), "--jobs", "1",
                           "--out", device, *(["--resume"] if resume else [])],
                          cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
