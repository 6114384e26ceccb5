"""The catalogue database shared by ``generate`` and ``export``: one count per store, a file
that cannot be a catalogue named and left alone, a read-only one refused by generate and
read by export, ``export --where`` values checked."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support.cli import BOARD, run
from tests.support.paths import ROOT


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
