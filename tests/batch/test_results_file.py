"""Hostile input, faults and limits: a clear message and the right exit status, never a
traceback, never lost or overwritten data (issue 10's regressions, one test each)."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from satlink.cli import main
from tests.support.paths import ROOT

BOARD = "3 3\nA.B\n...\nA.B\n"


def run(*args: str, stdin: str | None = None):
    return CliRunner().invoke(main, list(args), input=stdin)


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


def test_validate_refuses_one_file_for_both_results_and_report(tmp_path: Path) -> None:
    pack = tmp_path / "pack.txt"
    pack.write_text(BOARD)
    out = tmp_path / "r.jsonl"
    result = run("validate", str(pack), "--out", str(out), "--report", str(out), "--jobs", "1")
    assert result.exit_code == 2 and "different files" in result.output
    assert not out.exists()


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
    from satlink.cnf.kinds import ENCODING_KINDS
    from satlink.solver.memory import estimated_bytes

    binary, onehot = ENCODING_KINDS["binary-edge"], ENCODING_KINDS["onehot-edge"]
    # measured (benchmarks/README.md): 34 M clauses / 5.3 GB at 1002x1002 with 4 labels,
    # 4.1 M / 615 MB at 200x200 with 5,000 labels, 101 M / 19.3 GB one-hot at 50x50 (300)
    assert 34e6 <= binary.clauses(1002 * 1002, 4, "pairwise") <= 1.3 * 34e6
    assert 5.3 * 2**30 <= estimated_bytes(1002 * 1002, 4, binary) <= 1.3 * 5.3 * 2**30
    assert 4.1e6 <= binary.clauses(200 * 200, 5000, "pairwise") <= 1.3 * 4.1e6
    assert 19.3 * 2**30 <= estimated_bytes(50 * 50, 300, onehot) <= 1.5 * 19.3 * 2**30


def test_a_board_too_large_for_the_memory_left_is_refused_before_it_is_built(monkeypatch) -> None:
    import satlink.solver.memory
    from satlink import Board, check

    monkeypatch.setattr(satlink.solver.memory, "available_bytes", lambda: 200 * 2**20)
    board = Board.from_rows(["A" + "." * 299] + ["." * 300] * 298 + ["." * 299 + "A"])
    with pytest.raises(satlink.solver.memory.BoardTooLarge, match="GB available"):
        check(board, "flow")
    result = run("check", "-", "--json", "--max-cells", "1000000", stdin="\n".join(board.rows) + "\n")
    assert result.exit_code == 2
    assert '"status": "invalid"' in result.output and "needs about" in result.output
    drawn = run("check", "-", "--max-cells", "1000000", stdin="\n".join(board.rows) + "\n")
    assert drawn.exit_code == 2
    assert "invalid: <stdin>" in drawn.output and "needs about" in drawn.output
    assert "== 1 board: 1 invalid ==" in drawn.output


def test_max_cells_defaults_to_what_memory_allows(monkeypatch) -> None:
    import satlink.solver.memory

    monkeypatch.setattr(satlink.solver.memory, "available_bytes", lambda: 60 * 2**20)
    result = run("check", "-", "--json", stdin="A" + "." * 20000 + "A\n")
    assert result.exit_code == 2 and "more than the limit" in result.output


def test_the_deadline_covers_encoding_and_loading_not_only_the_search() -> None:
    """With the deadline already past when the CNF is built, no clause reaches a solver."""
    from satlink import Board, check
    from satlink.rules import parse_rules
    from satlink.solver.backend import Backend, Timeout
    from satlink.solver.encode import encode

    board = Board.from_rows(["A" + "." * 59] + ["." * 60] * 58 + ["." * 59 + "A"])
    verdict = check(board, "flow", timeout=0)
    assert verdict.status == "timeout" and verdict.timed_out
    assert verdict.stats.sat_calls == 0
    import time

    clauses = encode(board, parse_rules("flow")).clauses
    with pytest.raises(Timeout):
        Backend("glucose4", clauses, deadline=time.monotonic() - 1)


@pytest.mark.parametrize("address,message", [
    ("tcp://127.0.0.1:1", "cannot reach the Dask scheduler at tcp://127.0.0.1:1 within 1 s"),
    ("not-a-url", "'not-a-url' is not a Dask scheduler address"),
    ("", "--scheduler is empty"),
])
def test_a_scheduler_that_cannot_be_used_is_a_usage_error_and_out_is_kept(
        tmp_path: Path, address: str, message: str) -> None:
    import time

    if address.startswith("tcp"):
        pytest.importorskip("distributed")
    pack = tmp_path / "pack.txt"
    pack.write_text(BOARD)
    out = tmp_path / "r.jsonl"
    out.write_text("earlier results\n")
    start = time.monotonic()
    result = run("validate", str(pack), "--out", str(out), "--scheduler", address,
                 "--scheduler-timeout", "1")
    assert time.monotonic() - start < 10
    assert result.exit_code == 2, result.output
    assert message in result.output and "Traceback" not in result.output
    assert out.read_text() == "earlier results\n"


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc")
@pytest.mark.parametrize("command", ["validate", "generate"])
def test_workers_end_when_their_parent_is_killed(tmp_path: Path, command: str) -> None:
    import signal
    import subprocess
    import sys

    from testbed.boards import parity_rows
    from tests.support.processes import kill_all, wait_for_children, wait_gone

    if command == "validate":  # slow boards (unfillable by parity) keep both workers busy
        pack = tmp_path / "slow.txt"
        pack.write_text("".join(f"{n} {n}\n" + "\n".join(parity_rows(n)) + "\n" for n in (20, 22)))
        args = ["validate", str(pack), "--rules", "fill", "--timeout", "60", "--jobs", "2",
                "--out", str(tmp_path / "r.jsonl")]
    else:
        args = ["generate", "--size", "40x40", "--count", "100", "--jobs", "2",
                "--out", str(tmp_path / "p.jsonl")]
    proc = subprocess.Popen([sys.executable, "-m", "satlink", *args], cwd=ROOT,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    workers: list[int] = []
    try:
        workers = wait_for_children(proc.pid, 2, 30)
        assert len(workers) == 2
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        assert wait_gone(workers, 5) == []
    finally:
        proc.kill()
        proc.wait()
        kill_all(workers)


def test_two_generate_runs_on_one_catalogue_store_the_count_once(tmp_path: Path) -> None:
    import sqlite3
    import subprocess
    import sys

    db = tmp_path / "levels.sqlite"
    cmd = [sys.executable, "-m", "satlink", "generate", "--size", "7x7", "--count", "40",
           "--db", str(db), "--seed", "11", "--out", str(tmp_path / "{}.jsonl")]
    runs = [subprocess.Popen([a.format(n) for a in cmd], cwd=ROOT,
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            for n in range(2)]
    assert [run.wait(timeout=60) for run in runs] == [0, 0]
    with sqlite3.connect(db) as connection:
        (stored,), = connection.execute("SELECT COUNT(*) FROM puzzles")
        (accepted,), = connection.execute("SELECT accepted FROM runs")
    assert stored == accepted == 40
    for n in range(2):
        assert len((tmp_path / f"{n}.jsonl").read_text().splitlines()) == 40


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


def _foreign_db(path: Path) -> None:
    import sqlite3

    with sqlite3.connect(path) as connection:
        connection.execute("CREATE TABLE puzzles (id INTEGER PRIMARY KEY, name TEXT)")
    connection.close()


@pytest.mark.parametrize("command", ["generate", "export"])
@pytest.mark.parametrize("case,message", [
    ("missing folder", "does not exist"),
    ("foreign schema", "not a satlink catalogue (table 'puzzles' has no column 'hash'"),
    ("empty file", "not a satlink catalogue"),
    ("not sqlite", "not a satlink catalogue (file is not a database)"),
])
def test_a_db_that_cannot_be_a_catalogue_is_named_and_left_alone(
        tmp_path: Path, command: str, case: str, message: str) -> None:
    db = tmp_path / "levels.sqlite"
    if case == "missing folder":
        db = tmp_path / "nowhere" / "levels.sqlite"
    elif case == "foreign schema":
        _foreign_db(db)
    elif case == "empty file":
        db.write_bytes(b"")
    else:
        db.write_text(BOARD * 200)
    before = db.read_bytes() if db.exists() else None
    args = (["generate", "--size", "4x4", "--count", "1", "--db", str(db)] if command == "generate"
            else ["export", "--db", str(db)])
    result = run(*args)
    if case == "empty file" and command == "generate":  # a new catalogue, as for a new name
        assert result.exit_code == 0, result.output
        return
    assert result.exit_code == 2, result.output
    assert str(db) in result.output and message in result.output.replace("\n", " ")
    assert "Traceback" not in result.output
    assert (db.read_bytes() if db.exists() else None) == before
    assert sorted(p.name for p in db.parent.glob("*")) == ([db.name] if before is not None else [])


def test_a_read_only_catalogue_is_refused_by_generate_and_read_by_export(tmp_path: Path) -> None:
    import os
    import subprocess

    db = tmp_path / "levels.sqlite"
    assert run("generate", "--size", "4x4", "--count", "2", "--db", str(db)).exit_code == 0
    if os.geteuid() == 0:  # root writes whatever the mode says: make the file immutable
        if subprocess.run(["chattr", "+i", str(db)], capture_output=True).returncode:
            pytest.skip("cannot make a read-only file as root here (no chattr +i)")
    else:
        db.chmod(0o444)
    try:
        refused = run("generate", "--size", "4x4", "--count", "3", "--db", str(db))
        exported = run("export", "--db", str(db))
    finally:
        if os.geteuid() == 0:
            subprocess.run(["chattr", "-i", str(db)], check=True)
    assert refused.exit_code == 2 and f"{db}: cannot write the catalogue" in refused.output
    assert exported.exit_code == 0 and exported.output.count('"grid"') == 2


@pytest.mark.parametrize("where,message", [
    ("width=abc", "width takes a whole number such as 10, not 'abc' in 'width=abc'"),
    ("width==25", "not '=25' in 'width==25'"),
    ('width="25"', """not '"25"' in 'width="25"'"""),
    ("solids=0x1", "not '0x1' in 'solids=0x1'"),
    ("effort>nan", "effort takes a number"),
    ("rules=flo", "'rules=flo': unknown rule or profile 'flo'"),
    ("rules>flow", "rules takes = or !="),
    ("width=99999999999999999999", "width takes a whole number below 2**63, not one of 20 digits"),
    ("solids<-9223372036854775809", "not one of 19 digits in 'solids<-9223372036854775809'"),
    ("width=" + "9" * 4300, "not one of 4300 digits in 'width=99999"),
    ("size=3x" + "9" * 4300, "size takes a whole number below 2**63, not one of 4300 digits"),
])
def test_export_where_values_are_checked(tmp_path: Path, where: str, message: str) -> None:
    db = tmp_path / "levels.sqlite"
    assert run("generate", "--size", "4x4", "--count", "1", "--db", str(db)).exit_code == 0
    result = run("export", "--db", str(db), "--where", where)
    assert result.exit_code == 2 and message in result.output, result.output
    assert "Traceback" not in result.output


def test_export_where_rules_takes_profile_names(tmp_path: Path) -> None:
    db = tmp_path / "levels.sqlite"
    assert run("generate", "--size", "4x4", "--count", "2", "--db", str(db)).exit_code == 0
    for where in ("rules=flow", "rules=notouch,fill", "rules=fill,notouch and width=4",
                  "effort>=0 and effort<1e9"):
        result = run("export", "--db", str(db), "--where", where)
        assert result.exit_code == 0 and result.output.count('"grid"') == 2, (where, result.output)
    assert run("export", "--db", str(db), "--where", "rules!=flow").output.count('"grid"') == 0


def test_the_deadline_stops_the_encoding_between_clause_families(monkeypatch) -> None:
    """A deadline that passes while the CNF is built stops it at the next family: a huge
    board with --timeout 2 must not spend its whole encoding time first."""
    import satlink.cnf.builders
    from satlink import Board, Method, check

    built: list[str] = []
    real = satlink.cnf.builders.add_notouch
    monkeypatch.setattr(satlink.cnf.builders, "add_notouch",
                        lambda *args, **kwargs: built.append("notouch") or real(*args, **kwargs))
    board = Board.from_rows(["A" + "." * 29] + ["." * 30] * 28 + ["." * 29 + "A"])
    encoded = Method(presolve=False)  # the forced moves alone prove this board unsolvable
    verdict = check(board, "flow", timeout=0, method=encoded)
    assert verdict.status == "timeout" and verdict.stats.sat_calls == 0
    assert built == []  # stopped before the notouch family was built
    assert check(board, "flow", method=encoded).status != "timeout" and built == ["notouch"]


@pytest.fixture
def fake_system(tmp_path: Path, monkeypatch):
    """A /proc and /sys/fs/cgroup of our own, with 20 GiB MemAvailable and no limits."""
    import satlink.solver.memory as resources

    (tmp_path / "meminfo").write_text("MemTotal: 33554432 kB\nMemAvailable: 20971520 kB\n")
    (tmp_path / "statm").write_text("262144 1000 0 0 0 0 0\n")  # 262144 pages mapped
    monkeypatch.setattr(resources, "MEMINFO", tmp_path / "meminfo")
    monkeypatch.setattr(resources, "SELF_STATM", tmp_path / "statm")
    monkeypatch.setattr(resources, "SELF_CGROUP", tmp_path / "cgroup")
    monkeypatch.setattr(resources, "CGROUP_ROOT", tmp_path / "sys")
    (tmp_path / "cgroup").write_text("0::/\n")
    monkeypatch.setattr("resource.getrlimit", lambda which: (-1, -1))
    return tmp_path


MiB = 2**20


def _write(folder: Path, **files: str) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    for name, text in files.items():
        (folder / name.replace("_", ".", 1)).write_text(text)


def test_available_memory_is_memavailable_without_limits(fake_system: Path) -> None:
    from satlink.solver.memory import available_bytes

    assert available_bytes() == 20 * 1024 * MiB


def test_available_memory_honours_a_cgroup_v2_limit_and_its_ancestors(fake_system: Path) -> None:
    from satlink.solver.memory import available_bytes, default_max_cells

    (fake_system / "cgroup").write_text("0::/jobs/box\n")
    _write(fake_system / "sys", memory_max="max\n", memory_current="999999999999\n")
    _write(fake_system / "sys" / "jobs" / "box", memory_max=f"{1024 * MiB}\n",
           memory_current=f"{300 * MiB}\n", memory_stat=f"anon 1\ninactive_file {100 * MiB}\n")
    assert available_bytes() == (1024 - 200) * MiB  # page cache it can reclaim is not used
    _write(fake_system / "sys" / "jobs", memory_max=f"{512 * MiB}\n", memory_current=f"{500 * MiB}\n")
    assert available_bytes() == 12 * MiB  # the parent's limit applies too
    assert default_max_cells() == 10_000  # the floor, not 20 GiB's worth


def test_available_memory_honours_a_cgroup_v1_limit(fake_system: Path) -> None:
    from satlink.solver.memory import available_bytes

    (fake_system / "cgroup").write_text("4:memory:/box\n0::/\n")
    _write(fake_system / "sys" / "memory", memory_limit_in_bytes="9223372036854771712\n")
    _write(fake_system / "sys" / "memory" / "box", memory_limit_in_bytes=f"{2048 * MiB}\n",
           memory_usage_in_bytes=f"{1024 * MiB}\n",
           memory_stat=f"inactive_file 5\ntotal_inactive_file {24 * MiB}\n")
    assert available_bytes() == (2048 - 1000) * MiB


def test_available_memory_honours_the_address_space_limit(fake_system: Path, monkeypatch) -> None:
    import os

    from satlink.solver.memory import available_bytes

    monkeypatch.setattr("resource.getrlimit", lambda which: (4096 * MiB, -1))
    mapped = 262144 * os.sysconf("SC_PAGE_SIZE")
    assert available_bytes() == 4096 * MiB - mapped


@pytest.mark.skipif(not hasattr(__import__("os"), "mkfifo"), reason="needs FIFOs and /dev/zero")
@pytest.mark.parametrize("kind,message", [("fifo", "a FIFO (named pipe), not a regular file"),
                                          ("device", "a character device, not a regular file")])
def test_decode_refuses_a_model_that_is_not_a_regular_file(
        tmp_path: Path, kind: str, message: str) -> None:
    import os
    import resource
    import subprocess
    import sys

    model = tmp_path / "model.fifo"
    if kind == "fifo":
        os.mkfifo(model)
    else:
        model = Path("/dev/zero")

    def little_memory() -> None:  # reading /dev/zero to its end must fail fast, not swap
        resource.setrlimit(resource.RLIMIT_AS, (4 * 2**30, 4 * 2**30))

    done = subprocess.run([sys.executable, "-m", "satlink", "decode", "example", str(model)],
                          cwd=ROOT, capture_output=True, text=True,
                          timeout=30, preexec_fn=little_memory)
    assert done.returncode == 2, done.stderr
    assert f"{model}: cannot read file: it is {message}" in done.stderr


def test_decode_reads_a_model_up_to_the_read_cap(tmp_path: Path, monkeypatch) -> None:
    import satlink.formats

    monkeypatch.setattr(satlink.formats, "MAX_READ_BYTES", 100)
    model = tmp_path / "m.txt"
    model.write_text("v " + " ".join(str(i) for i in range(1, 200)) + " 0\n")
    for args, stdin in (([str(model)], None), (["-"], model.read_text())):
        result = run("decode", "example", *args, stdin=stdin)
        assert result.exit_code == 2 and "longer than the read limit of 100 bytes" in result.output


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


def test_validate_checks_where_the_report_goes_before_the_run(tmp_path: Path) -> None:
    pack = tmp_path / "pack.txt"
    pack.write_text(BOARD)
    out = tmp_path / "r.jsonl"
    result = run("validate", str(pack), "--out", str(out), "--report",
                 str(tmp_path / "nowhere" / "report.html"))
    assert result.exit_code == 2 and "does not exist" in result.output
    assert not out.exists()  # refused before the run, not after it


def test_human_output_says_when_a_count_was_cut_short() -> None:
    capped = run("check", "-", "--rules", "nikoli", "--count", "3", stdin="A..\n...\n..A\n")
    assert "3+ solutions found (count stopped at --count 3; there may be more)" in capped.output
    board = "\n".join(["A" + "." * 11] + ["." * 12] * 10 + ["." * 11 + "A"]) + "\n"
    cut = run("check", "-", "--rules", "nikoli", "--count", "1000000000", "--timeout", "0.5",
              "--no-color", stdin=board)
    assert "+ solutions found (count cut short by the timeout; there may be more)" in cut.output
    exact = run("check", "-", "--rules", "nikoli", "--count", "100", stdin="A.A\n")
    assert "+ solutions" not in exact.output and "1 solution found" in exact.output


def test_runs_opening_one_new_catalogue_together_all_get_a_whole_one(tmp_path: Path) -> None:
    """Creating the schema is one transaction: an opener never sees a half-made file (a
    ``puzzles`` table without ``runs``) and refuses it as 'not a satlink catalogue'."""
    import threading

    from satlink.generate.catalogue import Catalogue

    def open_it(path: str, start: threading.Barrier, errors: list[Exception]) -> None:
        start.wait()
        try:
            Catalogue(path).db.close()
        except Exception as exc:  # collected: the assertion below names it
            errors.append(exc)

    for trial in range(15):
        path, start = str(tmp_path / f"levels{trial}.sqlite"), threading.Barrier(6)
        errors: list[Exception] = []
        threads = [threading.Thread(target=open_it, args=(path, start, errors)) for _ in range(6)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert errors == [], errors


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


def test_decode_locates_a_geometry_line_nested_too_deeply(tmp_path: Path) -> None:
    """Issue 25, row 2."""
    cnf = tmp_path / "b.cnf"
    assert run("cnf", "example", "--out", str(cnf)).exit_code == 0
    lines = cnf.read_text().splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("c grid "))
    lines.insert(at, "c geometry " + "[" * 3000)
    cnf.write_text("\n".join(lines) + "\n")
    model = tmp_path / "m.txt"
    model.write_text("v -1 0\n")
    result = run("decode", str(cnf), str(model))
    assert result.exit_code == 2, result.output
    assert f"{cnf}: line {at + 1}: the 'c geometry' line is not geometry JSON (nested too deeply)" \
        in result.output


@pytest.mark.skipif(not hasattr(__import__("os"), "mkfifo"), reason="needs FIFOs and /dev/zero")
@pytest.mark.parametrize("option", ["--shape", "--db", "export --db"])
@pytest.mark.parametrize("kind,message", [("fifo", "a FIFO (named pipe), not a regular file"),
                                          ("device", "a character device, not a regular file")])
def test_shape_and_db_refuse_what_is_not_a_regular_file(
        tmp_path: Path, option: str, kind: str, message: str) -> None:
    """Issue 25, row 6: ``--shape /dev/zero`` grew without bound, a FIFO blocked forever.
    Run in a subprocess with little memory and a timeout, so the old behaviour fails fast."""
    import os
    import resource
    import subprocess
    import sys

    path = tmp_path / "special"
    if kind == "fifo":
        os.mkfifo(path)
    else:
        path = Path("/dev/zero")
    args = (["export", "--db", str(path)] if option == "export --db"
            else ["generate", option, str(path), "--count", "1", "--size", "3x3"])

    def little_memory() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (4 * 2**30, 4 * 2**30))

    try:
        done = subprocess.run([sys.executable, "-m", "satlink", *args], cwd=ROOT,
                              capture_output=True, text=True, timeout=30, preexec_fn=little_memory)
    except subprocess.TimeoutExpired:
        pytest.fail(f"{args} blocked")
    assert done.returncode == 2, done.stderr
    assert str(path) in done.stderr and message in done.stderr, done.stderr
    assert "Traceback" not in done.stderr


def test_a_shape_that_is_not_utf8_is_located_in_its_file(tmp_path: Path) -> None:
    shape = tmp_path / "mask.txt"
    shape.write_bytes(b"...\n.\xff.\n")
    result = run("generate", "--shape", str(shape), "--count", "1")
    assert result.exit_code == 2
    assert f"--shape {shape}: line 2, column 2: not UTF-8 text: byte 0xff" in result.output


def test_cnf_refuses_a_board_too_large_for_the_memory_left(tmp_path: Path, monkeypatch) -> None:
    """Issue 25, row 7: cnf built whatever it was asked (10 GB and counting), unlike check."""
    import satlink.solver.memory

    monkeypatch.setattr(satlink.solver.memory, "available_bytes", lambda: 200 * 2**20)
    pack = tmp_path / "big.txt"
    pack.write_text("\n".join(["A" + "." * 299] + ["." * 300] * 298 + ["." * 299 + "A"]) + "\n")
    out = tmp_path / "big.cnf"
    result = run("cnf", str(pack), "--out", str(out))
    assert result.exit_code == 2, result.output
    assert f"invalid: {pack}, board 1, line 1: a 300x300 board with 1 labels needs about" \
        in result.output and "for the acyclic encoding" in result.output
    assert not out.exists()


@pytest.mark.parametrize("command", ["generate", "validate"])
def test_jobs_is_capped_at_the_cores_available(tmp_path: Path, monkeypatch, command: str) -> None:
    """Issue 25, row 8: --jobs 99999 started thousands of processes."""
    import satlink.batch.run
    import satlink.cli.options
    import satlink.generate.runner

    monkeypatch.setattr(satlink.cli.options, "cores", lambda: 2)
    asked: list[int] = []
    if command == "generate":
        real = satlink.generate.runner.run_generation
        monkeypatch.setattr(satlink.generate.runner, "run_generation",
                            lambda p, n, c, jobs, *a, **k: asked.append(jobs)
                            or real(p, n, c, 1, *a, **k))
        result = run("generate", "--size", "4x4", "--count", "1", "--jobs", "99999")
    else:
        real_run = satlink.batch.run.validate_tasks
        monkeypatch.setattr(satlink.batch.run, "validate_tasks",
                            lambda tasks, options, *a, **k: asked.append(options.jobs)
                            or real_run(tasks, options, *a, **k))
        pack = tmp_path / "pack.txt"
        pack.write_text(BOARD)
        result = run("validate", str(pack), "--jobs", "99999")
    assert result.exit_code in (0, 1), result.output
    assert "note: --jobs 99999 is more than the 2 cores available; using 2" in result.output
    assert asked == [2]


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


def test_the_report_takes_only_numbers_where_it_draws_numbers() -> None:
    """What reaches the page's number columns is a number or nothing, whatever the record."""
    from satlink.render.report import html_report, report_data

    hostile = "<img src=x onerror=alert(1)>"
    record = {"source": "p.txt", "index": 1, "status": "multiple", "width": hostile, "height": 1,
              "grid": ["A.A"], "quality": {"colours": hostile, "difficulty": hostile},
              "count": hostile, "seconds": float("nan"), "labels": hostile,
              "error": {"message": hostile, "line": hostile, "column": hostile}}
    (row,) = report_data([record], read_sources=False)["rows"]
    assert row[3:5] == [0, 1] and row[5] == "" and row[7] is None and row[8] is None
    assert row[9] is None and "c" not in row[-1] and row[-1]["e"] == {"message": hostile}
    page = html_report([record])
    assert hostile not in page  # the message is data, never markup: '<' is escaped as \u003c


def test_the_report_escapes_every_value_it_writes_as_html() -> None:
    """report.js: numbers from the data are escaped too (defence in depth)."""
    from importlib import resources

    script = (resources.files("satlink.render") / "report.js").read_text()
    for raw in ("(row[COL] == null ? '–' : row[COL])", "row[SEC].toFixed(3))",
                "return k + ' ' + x.e[k];", "notes.push(x.c +", "var status = st +",
                "row[W] + 'x' + row[H]"):
        assert raw not in script, raw


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


def _random_rows(rng, width: int, height: int) -> list[str]:
    rows = [[rng.choice(".#.") for _ in range(width)] for _ in range(height)]
    rows[0][0] = rows[-1][-1] = "A"
    return ["".join(row) for row in rows]


def test_a_huge_board_is_read_without_its_edges_and_numpy_makes_the_same_ones(monkeypatch) -> None:
    """Issue 25, row 14: reading a 1002x1002 board took 1.4 s outside every deadline, most of
    it making two million edge tuples; they are made on first use now, by numpy on large
    boards, in the same order."""
    import random

    import numpy as np

    import satlink.graph
    from satlink import Board

    rng = random.Random(25)
    for _ in range(40):
        rows = _random_rows(rng, rng.randint(2, 40), rng.randint(1, 40))
        fresh = Board.from_rows(rows)
        assert "edges" not in fresh.graph.__dict__ and "neighbours" not in fresh.graph.__dict__
        monkeypatch.setattr(satlink.graph, "NUMPY_CELLS", 10**9)
        python = Board.from_rows(rows)
        expected = python.edges, [python.neighbors(x) for x in range(python.n_nodes)]
        monkeypatch.setattr(satlink.graph, "NUMPY_CELLS", 0)
        numpy = Board.from_rows(rows)
        assert numpy.n_edges == len(expected[0])  # from the array, before any tuple
        assert "edges" not in numpy.graph.__dict__
        assert np.array_equal(numpy.edge_array(), np.asarray(expected[0]).reshape(-1, 2))
        assert (numpy.edges, [numpy.neighbors(x) for x in range(numpy.n_nodes)]) == expected
        assert numpy == python


def test_the_quick_drawing_is_the_cell_by_cell_one() -> None:
    """Issue 25, row 14: drawing a million cells cell by cell took seconds after --timeout."""
    import random

    from satlink import Board, check
    from satlink.render.terminal import draw_plain
    from satlink.render.terminal.glyphs import cell_glyphs
    from satlink.render.terminal.glyphs import widened as _widened

    rng = random.Random(14)
    boards = [Board.from_rows(rows) for rows in (["A.B", "...", "A.B"], ["A#A", "B.B"],
                                                  ["ACAD.", ".....", ".CB..", ".B...", "....D"])]
    boards += [Board.from_rows(_random_rows(rng, 5, 4)) for _ in range(10)]
    for board in boards:
        for rules in ("nikoli", "flow"):
            for solution in (None, *check(board, rules).solutions[:2]):
                slow = "\n".join("".join(ch for ch, _ in row)
                                 for row in _widened(cell_glyphs(board, solution)))
                assert draw_plain(board, solution) == slow


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


def test_the_notouch_groups_are_those_of_a_sort_of_rows() -> None:
    """Issue 25, row 14: np.unique(axis=0) sorted two million rows (2.2 s) past the deadline."""
    import numpy as np

    from satlink.cnf.usage import Usage

    rng = np.random.default_rng(25)
    usage = Usage(np.where(rng.random(50) < 0.5, 0, np.arange(1, 51)))
    for width in (1, 2, 3):
        cells = rng.integers(0, 50, size=(200, width))
        may = usage.var[cells] != 0
        patterns, inverse = np.unique(may, axis=0, return_inverse=True)
        expected = [(inverse.reshape(-1) == p, -usage.var[cells[inverse.reshape(-1) == p]][:, pat])
                    for p, pat in enumerate(patterns)]
        got = usage.not_used_columns(cells)
        assert len(got) == len(expected)
        for (rows, lits), (rows2, lits2) in zip(got, expected, strict=True):
            assert np.array_equal(rows, rows2) and np.array_equal(lits, lits2)


@pytest.mark.parametrize("value", ["", ",", " , "])
def test_an_empty_rule_list_has_one_meaning(value: str) -> None:
    """Issue 25, minor: --rules '' meant flow but --rules ',' meant nikoli."""
    from satlink.rules import parse_rules

    assert str(parse_rules(value)) == str(parse_rules(None)) == "fill,notouch"
    result = run("check", "example", "--rules", value)
    assert result.exit_code == 2 and f"{value!r} names no rule" in result.output
    assert "'none' for no rules" in result.output


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


def test_a_model_literal_of_thousands_of_digits_is_quoted_short(tmp_path: Path) -> None:
    model = tmp_path / "m.txt"
    model.write_text("v 1 -" + "9" * 5000 + " 0\n")
    result = run("decode", "example", str(model))
    assert result.exit_code == 2 and "(5,001 characters)" in result.output
    assert len(result.output) < 300
