"""One name per idea: the growth algorithm, the solver effort and the human grade have names
of their own, and what earlier versions wrote under the old names still reads and resumes."""

from __future__ import annotations

import json

from click.testing import CliRunner

from satlink.cli import main
from satlink.generate.catalogue import Catalogue
from satlink.generate.params import make_params
from satlink.generate.request import ParamsRequest

OLD_KEYS = [  # Params.key() as satlink wrote it before the renames (commit 7185e0d)
    (ParamsRequest("6x6", seed=7), "48dccde68efd416d"),
    (ParamsRequest("6x6", colours="1-12", min_length=2, max_solids=36, growth="unionfind",
                   strategy="reject", seed=3), "a092a7e1ded7859d"),
    (ParamsRequest("7x7", seed=1, grade="easy"), "deb74e4c912c2d2a"),
]


def test_the_run_keys_survive_the_renames() -> None:
    """``Params.key()`` names a run in every catalogue: renaming a field must not change it."""
    for request, key in OLD_KEYS:
        assert make_params(request).key() == key


BRANCH_KEYS = [  # Params.key() before the options were defined once (commit 046b3cd)
    (ParamsRequest("6x6"), "831f0b4808e88a48"),
    (ParamsRequest("7x7", grade="easy"), "097044d4467a0b28"),
    (ParamsRequest("9x9", grid="hex"), "3f453c515d8f080f"),
    (ParamsRequest("8x8", wrap=True, curve=True), "b9ad28361b5dea42"),
    (ParamsRequest("8x8", slots=("easy", "hard")), "5ff6b0c367f9a746"),
    (ParamsRequest("7x7", holes=3, walls=2, bridges=1), "384722910b6fe745"),
    (ParamsRequest(shape=("..#", "...", "...")), "af87955c54f68416"),
    (ParamsRequest("10x10", colours="5-9", min_length=2, max_solids=4, growth="unionfind",
                   strategy="reject", seed=4, symmetry="rotational", play="any"),
     "cebdeef251cd427e"),
    (ParamsRequest("6x6", rules="fill"), "c73c453edcb67635"),
    (ParamsRequest("15x15", grid="hex", grade="medium"), "89d3d379d9d0e06a"),
    (ParamsRequest("7x7", grade="2-4"), "472ef3ae79c321cb"),
]


def test_the_run_keys_survive_the_options_defined_once() -> None:
    """The keys are now made from the fields' declarations (the name each was first stored
    under, whether it came later): every kind of run keeps the key it had."""
    for request, key in BRANCH_KEYS:
        assert make_params(request).key() == key, request


def test_a_run_stored_before_the_later_options_is_found_and_resumed(tmp_path) -> None:
    """A run written before the variant, play, curve and solving options existed stored none
    of them (and the growth and grade under their old names): it is offered for resuming,
    and the same request resumes it."""
    params = make_params(ParamsRequest("6x6", seed=3, grade="easy"))
    old = {name: value for name, value in params.as_dict().items()
           if name not in {"solving", "grid", "wrap", "holes", "shape", "walls", "bridges",
                           "play", "curve", "slots", "growth", "grade"}}
    old.update(method="grow", difficulty="easy")
    catalogue = Catalogue(str(tmp_path / "old.sqlite"))
    catalogue.db.execute("INSERT INTO runs (run, params, accepted) VALUES (?, ?, 4)",
                         (params.key(), json.dumps(old, sort_keys=True)))
    assert catalogue.seeds_like(make_params(ParamsRequest("6x6", seed=8, grade="easy"))) == \
        [(3, 4)]
    assert catalogue.seeds_like(make_params(ParamsRequest("6x6", seed=8, grade="easy",
                                                          wrap=True))) == []
    assert catalogue.start(params).accepted == 4
    catalogue.close()


def test_a_run_stored_with_the_old_parameter_names_is_offered_for_resuming(tmp_path) -> None:
    """``seeds_like`` reads run parameters stored as ``method`` (now ``growth``) and
    ``difficulty`` (now ``grade``)."""
    params = make_params(ParamsRequest("6x6", colours="1-12", min_length=2, max_solids=36,
                                       growth="unionfind", strategy="reject", seed=3,
                                       grade="0-9"))
    stored = {**params.as_dict(), "seed": 99, "method": "unionfind", "difficulty": "0-9"}
    del stored["growth"], stored["grade"]
    catalogue = Catalogue(str(tmp_path / "old.sqlite"))
    catalogue.db.execute("INSERT INTO runs (run, params, accepted) VALUES ('x', ?, 5)",
                         (json.dumps(stored, sort_keys=True),))
    assert catalogue.seeds_like(params) == [(99, 5)]
    catalogue.close()


def test_generate_growth_and_its_deprecated_alias(tmp_path) -> None:
    runner = CliRunner()
    args = ["generate", "--size", "6x6", "--seed", "3", "--count", "2", "--colors", "1-12",
            "--min-length", "2", "--max-solids", "36", "--strategy", "reject"]
    new = runner.invoke(main, [*args, "--growth", "unionfind"])
    old = runner.invoke(main, [*args, "--method", "unionfind"])
    default = runner.invoke(main, args)
    assert new.exit_code == old.exit_code == 0, (new.output, old.output)
    assert new.stdout == old.stdout != default.stdout
    assert "--method is deprecated" in old.stderr and "--growth" in old.stderr
    assert "deprecated" not in new.stderr
    shown = runner.invoke(main, ["generate", "--help"]).output
    assert "--growth" in shown and "--method" not in shown
    both = runner.invoke(main, [*args, "--growth", "grow", "--method", "unionfind"])
    assert both.stdout == default.stdout  # the name given wins over the deprecated one
    assert "--method is deprecated" in both.stderr


def test_generate_grade_and_its_deprecated_alias() -> None:
    runner = CliRunner()
    args = ["generate", "--size", "5x5", "--seed", "2", "--count", "2"]
    new = runner.invoke(main, [*args, "--grade", "easy"])
    old = runner.invoke(main, [*args, "--difficulty", "easy"])
    assert new.exit_code == old.exit_code == 0, (new.output, old.output)
    assert new.stdout == old.stdout
    assert all(json.loads(line)["quality"]["grade"]["band"] == "easy"
               for line in new.stdout.splitlines())
    assert "--difficulty is deprecated" in old.stderr and "--grade" in old.stderr
    assert "deprecated" not in new.stderr
    bad = runner.invoke(main, [*args, "--grade", "impossible"])
    assert bad.exit_code == 2 and "grade 'impossible' is not easy" in bad.output
    shown = runner.invoke(main, ["generate", "--help"]).output
    assert "--grade" in shown and "--difficulty" not in shown


def test_rejections_counted_as_difficulty_are_counted_as_grade(tmp_path) -> None:
    params = make_params(ParamsRequest("5x5", seed=2, grade="easy"))
    catalogue = Catalogue(str(tmp_path / "old.sqlite"))
    catalogue.start(params)
    catalogue.db.execute("UPDATE runs SET rejected = ? WHERE run = ?",
                         (json.dumps({"difficulty": 3, "grade": 1}), params.key()))
    assert catalogue.state(params).rejected == {"grade": 4}
    catalogue.close()


# -- version-2 records and catalogues --------------------------------------------------------

PACK = "A.B\n...\nA.B\n\nAB\nAB\n\nA..\n...\n..A\n"  # unique, unsolvable, multiple


def as_version_2(record: dict) -> dict:
    """A record as satlink wrote it before version 3: the effort under ``difficulty``."""
    old = {**record, "version": 2}
    if "quality" in old:
        old["quality"] = {("difficulty" if k == "effort" else k): v
                          for k, v in record["quality"].items()}
    return old


def test_a_version_2_results_file_resumes_as_version_3(tmp_path) -> None:
    from satlink.records import RECORD_VERSION

    pack, out = tmp_path / "pack.txt", tmp_path / "results.jsonl"
    pack.write_text(PACK)
    runner = CliRunner()
    first = runner.invoke(main, ["validate", str(pack), "--jobs", "1", "--out", str(out)])
    assert first.exit_code == 1, first.output
    records = [json.loads(line) for line in out.read_text().splitlines()]
    (unique,) = [r for r in records if r["status"] == "unique"]
    assert len(records) == 3 and "effort" in unique["quality"]
    out.write_text("".join(json.dumps(as_version_2(r), ensure_ascii=False) + "\n"
                           for r in records))
    report = tmp_path / "report.html"
    resumed = runner.invoke(main, ["validate", str(pack), "--jobs", "1", "--out", str(out),
                                   "--resume", "--report", str(report)])
    assert resumed.exit_code == 1, resumed.output
    again = [json.loads(line) for line in out.read_text().splitlines()]
    assert again == records  # nothing ran again (the times are the first run's), as version 3
    assert all(r["version"] == RECORD_VERSION == 3 for r in again)
    page = report.read_text()
    assert "solver effort" in page and "human grade" in page
    data = json.loads(page.split("id='satlink-data'>")[1].split("</script>")[0])
    (shown,) = [row for row in data["rows"] if data["statuses"][row[2]] == "unique"]
    assert shown[8] == round(unique["quality"]["effort"], 3)  # read from the version-2 line


def test_the_report_reads_version_2_records() -> None:
    from satlink.render.report import report_data

    record = {"source": "p.txt", "index": 1, "width": 3, "height": 1, "labels": 1,
              "rules": "fill,notouch", "status": "unique", "grid": ["A.A"], "version": 2,
              "solutions": [{"A": [[0, 0], [0, 1], [0, 2]]}], "seconds": 0.5,
              "quality": {"colours": 1, "difficulty": 1.25,
                          "grade": {"level": 1, "band": "easy", "score": 0.2}}}
    (row,) = report_data([record], read_sources=False)["rows"]
    assert row[8] == 1.25 and row[9] == [0.2, 0]  # the effort, the grade [score, band]


OLD_SCHEMA = """
CREATE TABLE puzzles (
    id INTEGER PRIMARY KEY,
    hash TEXT UNIQUE NOT NULL,
    width INTEGER NOT NULL, height INTEGER NOT NULL,
    colours INTEGER NOT NULL, solids INTEGER NOT NULL,
    rules TEXT NOT NULL, difficulty REAL NOT NULL,
    grid TEXT NOT NULL, solution TEXT NOT NULL, stats TEXT NOT NULL,
    run TEXT NOT NULL, attempt INTEGER NOT NULL, created REAL NOT NULL,
    geometry TEXT NOT NULL DEFAULT ''
);
CREATE TABLE runs (
    run TEXT PRIMARY KEY, params TEXT NOT NULL,
    next_attempt INTEGER NOT NULL DEFAULT 0,
    accepted INTEGER NOT NULL DEFAULT 0, duplicates INTEGER NOT NULL DEFAULT 0,
    rejected TEXT NOT NULL DEFAULT '{}'
);
"""
"""The catalogue schema of record version 2 (commit 7185e0d)."""

GENERATE = ["generate", "--size", "6x6", "--seed", "7"]


def version_2_catalogue(tmp_path, fresh) -> str:
    """A catalogue as version 2 wrote it, holding the first two puzzles of the run
    ``GENERATE`` (copied from ``fresh``, a catalogue of this version, under the old names)."""
    import sqlite3

    path = str(tmp_path / "old.sqlite")
    old = sqlite3.connect(path)
    old.executescript(OLD_SCHEMA)
    new = sqlite3.connect(fresh)
    for row in new.execute("SELECT hash, width, height, colours, solids, rules, effort, grid, "
                           "solution, stats, run, attempt, created, geometry FROM puzzles "
                           "ORDER BY attempt LIMIT 2"):
        stats = json.loads(row[9])
        stats = {("difficulty" if k == "effort" else k): v for k, v in stats.items()}
        old.execute("INSERT INTO puzzles (hash, width, height, colours, solids, rules, "
                    "difficulty, grid, solution, stats, run, attempt, created, geometry) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (*row[:9], json.dumps(stats), *row[10:]))
    (run, params, last) = new.execute(
        "SELECT runs.run, params, (SELECT attempt FROM puzzles ORDER BY attempt LIMIT 1 OFFSET 1)"
        " FROM runs").fetchone()
    params = json.loads(params)
    params["method"], params["difficulty"] = params.pop("growth"), params.pop("grade")
    old.execute("INSERT INTO runs (run, params, next_attempt, accepted) VALUES (?, ?, ?, 2)",
                (run, json.dumps(params, sort_keys=True), last + 1))
    old.commit()
    old.close()
    new.close()
    assert run == OLD_KEYS[0][1]  # the key version 2 gave this run
    return path


def test_a_version_2_catalogue_exports_and_resumes(tmp_path) -> None:
    runner = CliRunner()
    fresh = str(tmp_path / "fresh.sqlite")
    made = runner.invoke(main, [*GENERATE, "--count", "3", "--db", fresh])
    assert made.exit_code == 0, made.output
    three = [json.loads(line) for line in made.stdout.splitlines()]
    path = version_2_catalogue(tmp_path, fresh)

    exported = runner.invoke(main, ["export", "--db", path, "--where", "effort>=0"])
    assert exported.exit_code == 0, exported.output
    rows = [json.loads(line) for line in exported.stdout.splitlines() if line.startswith("{")]
    assert len(rows) == 2 and all("effort" in r["quality"] for r in rows)
    assert all("difficulty" not in r["quality"] for r in rows)
    alias = runner.invoke(main, ["export", "--db", path, "--where", "difficulty>=0"])
    assert alias.exit_code == 0 and alias.stdout == exported.stdout
    assert "'difficulty' is deprecated" in alias.stderr and "'effort'" in alias.stderr

    resumed = runner.invoke(main, [*GENERATE, "--count", "3", "--db", path])
    assert resumed.exit_code == 0, resumed.output
    assert [json.loads(line) for line in resumed.stdout.splitlines()] == three
    catalogue = Catalogue(path)
    assert catalogue.db.execute("SELECT COUNT(*) FROM runs").fetchone()[0] == 1  # the same run
    assert "effort" in {row[1] for row in catalogue.db.execute("PRAGMA table_info(puzzles)")}
    catalogue.close()


def test_export_filters_by_the_human_grade(tmp_path) -> None:
    runner = CliRunner()
    db = str(tmp_path / "levels.sqlite")
    made = runner.invoke(main, ["generate", "--size", "7x7", "--seed", "5", "--count", "8",
                                "--db", db])
    assert made.exit_code == 0, made.output
    grades = [json.loads(line)["quality"]["grade"] for line in made.stdout.splitlines()]
    scores = sorted(g["score"] for g in grades)
    middle = scores[len(scores) // 2]
    assert scores[0] < middle  # the pack has grades on both sides of the cut

    def export(where: str) -> list[dict]:
        result = runner.invoke(main, ["export", "--db", db, "--where", where])
        assert result.exit_code == 0, result.output
        return [json.loads(line)["quality"]["grade"] for line in result.stdout.splitlines()
                if line.startswith("{")]

    above = export(f"grade>={middle}")
    assert sorted(g["score"] for g in above) == [s for s in scores if s >= middle]
    assert len(export(f"grade<{middle} and width=7")) == len(scores) - len(above)
    for band in ("easy", "medium", "hard"):
        assert [g["band"] for g in export(f"band={band}")] == \
            [band] * sum(g["band"] == band for g in grades)
    assert len(export("band<=medium")) == sum(g["band"] != "hard" for g in grades)
    bad = runner.invoke(main, ["export", "--db", db, "--where", "band=tricky"])
    assert bad.exit_code == 2 and "band takes easy, medium, hard" in bad.output


def test_an_error_inside_a_json_grid_is_located_by_fields_end_to_end(tmp_path) -> None:
    """The grid row and column travel as fields of the record's ``error`` (not inside its
    message), and the report marks the cell from them."""
    from satlink.render.report import report_data

    pack, out = tmp_path / "bad.jsonl", tmp_path / "results.jsonl"
    pack.write_text('{"grid": ["A.A"]}\n{"grid": ["A.A", "B.."]}\n')
    result = CliRunner().invoke(main, ["validate", str(pack), "--jobs", "1", "--out", str(out)])
    assert result.exit_code == 2, result.output
    (bad,) = [json.loads(line) for line in out.read_text().splitlines()
              if json.loads(line)["status"] == "invalid"]
    error = bad["error"]
    assert (error["line"], error["column"], error["grid_row"], error["grid_column"]) == \
        (2, None, 2, 1)
    assert error["message"].startswith("label 'B' appears 1 time")
    (row,) = [r for r in report_data([bad])["rows"]]
    assert row[-1]["x"]["at"] == [1, 0] and row[-1]["e"]["grid_row"] == 2


def test_two_runs_opening_one_old_catalogue_together_migrate_it_once(tmp_path) -> None:
    """The rename of ``difficulty`` to ``effort`` is looked for and made in one write
    transaction: a second opener that waited for the first finds it done."""
    import sqlite3
    import threading

    path = str(tmp_path / "old.sqlite")
    old = sqlite3.connect(path)
    old.executescript(OLD_SCHEMA)
    old.commit()
    old.close()
    errors: list[Exception] = []

    def open_it() -> None:
        try:
            Catalogue(path).close()
        except Exception as exc:  # noqa: BLE001 (reported below)
            errors.append(exc)

    threads = [threading.Thread(target=open_it) for _ in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    have = {row[1] for row in sqlite3.connect(path).execute("PRAGMA table_info(puzzles)")}
    assert "effort" in have and "difficulty" not in have
