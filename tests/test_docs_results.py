"""The performance page's tables are drawn from published results (``docs/results/*.json``):
every ``results-table`` on a page matches its file, every published file is shown somewhere,
``benchmarks/publish.py`` turns a benchmark's results into the published form, and a table
that does not match its file is an error naming what is missing.

The directive's functions are read from ``docs/_ext/satlink_results.py`` itself (the docs
build imports the same file); ``publish.py`` runs as a benchmark runs, in a process started
from the checkout's root with ``PYTHONPATH=.`` (the tests import nothing of ``benchmarks/``).
"""

from __future__ import annotations

import importlib.util
import json
import os
import re
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

from tests.support.paths import ROOT

DIRECTIVE = re.compile(r"^```\{results-table\} (?P<name>\S+)\n(?P<options>(?::\w+:.*\n)*)```",
                       flags=re.MULTILINE)


def extension() -> ModuleType:
    path = ROOT / "docs" / "_ext" / "satlink_results.py"
    spec = importlib.util.spec_from_file_location("satlink_results", path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("satlink_results", module)
    spec.loader.exec_module(module)
    return module


RESULTS = extension()


def directives() -> list[tuple[str, str, dict[str, str]]]:
    """(page, published name, options) of every results table on the site."""
    found = []
    for page in sorted((ROOT / "docs").rglob("*.md")):
        for match in DIRECTIVE.finditer(page.read_text(encoding="utf-8")):
            options = dict(re.findall(r"^:(\w+): ?(.*)$", match["options"], flags=re.MULTILINE))
            found.append((str(page.relative_to(ROOT)), match["name"], options))
    return found


def publish(tmp_path: Path, results: object, *args: str) -> subprocess.CompletedProcess[str]:
    source = tmp_path / "run.json"
    source.write_text(json.dumps(results), encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "benchmarks/publish.py", str(source),
                           "--to", str(tmp_path / "published"), *args],
                          cwd=ROOT, env=env, capture_output=True, text=True)


def envelope(**parts: object) -> dict:
    return {"schema": "satlink-benchmark/1", "benchmark": "probe",
            "command": [str(ROOT / "benchmarks" / "probe.py"), "--size", "7"],
            "args": {}, "commit": "abc123", "machine": {"python": "3.11.7", "cpus": 2},
            "started": "2026-11-26T10:00:00+0000", "seconds": 3.5,
            "load_before": [1.25, 1.0, 1.0], "load_after": [2.5, 1.0, 1.0],
            "rows": [{"board": 1, "seconds": 0.5}], "parts": parts}


def test_the_site_draws_some_table_from_results() -> None:
    assert any(page == "docs/performance.md" for page, _, _ in directives())


@pytest.mark.parametrize("page, name, options", directives(),
                         ids=lambda value: value if isinstance(value, str) else "")
def test_every_results_table_matches_its_published_file(page: str, name: str,
                                                        options: dict[str, str]) -> None:
    published = RESULTS.load(name)
    headers, cells = RESULTS.table_cells(published, options.get("table"), options.get("columns"),
                                         options.get("where"), options.get("format"))
    assert cells and all(len(row) == len(headers) for row in cells)
    assert published["command"] and RESULTS.provenance(published)


def test_every_published_file_is_shown_on_a_page() -> None:
    shown = {name for _, name, _ in directives()}
    files = {path.stem for path in (ROOT / "docs" / "results").glob("*.json")}
    assert files - shown == set()


def test_publish_keeps_the_tables_and_the_provenance(tmp_path: Path) -> None:
    table = [{"size": "7x7", "seconds": 0.25, "unique": True},
             {"size": "9x9", "seconds": 1.5, "unique": False, "note": None}]
    done = publish(tmp_path, envelope(table=table, settings={"count": 40}), "--as", "probe")
    assert done.returncode == 0, done.stderr
    published = RESULTS.load("probe", tmp_path / "published")
    assert list(published["tables"]) == ["table"]  # rows left out, settings is not a table
    assert published["command"] == "python benchmarks/probe.py --size 7"
    assert published["commit"] == "abc123" and published["load"] == [1.25, 2.5]
    headers, cells = RESULTS.table_cells(published, None, "size | seconds -> s | unique | note",
                                         "size ^= 9", "seconds = .3f")
    assert headers == ["size", "s", "unique", "note"]
    assert cells == [["9x9", "1.500", "no", "–"]]


def test_publish_names_a_missing_table_and_a_file_that_is_not_results(tmp_path: Path) -> None:
    done = publish(tmp_path, envelope(table=[{"a": 1}]), "--table", "nope")
    assert done.returncode != 0 and "no table named nope" in done.stderr
    assert "its tables are: rows, table" in done.stderr
    done = publish(tmp_path, {"schema": "something else"})
    assert done.returncode != 0 and "run.json" in done.stderr and "Traceback" not in done.stderr
    (tmp_path / "run.json").write_text('{"schema":\n  nope}', encoding="utf-8")
    done = subprocess.run([sys.executable, "benchmarks/publish.py", str(tmp_path / "run.json")],
                          cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)},
                          capture_output=True, text=True)
    assert done.returncode != 0 and "run.json: not a JSON results file (line 2, column 3)" in done.stderr


def test_a_table_that_does_not_match_its_file_is_an_error_naming_it() -> None:
    page = {"schema": RESULTS.PUBLISHED, "command": "x",
            "tables": {"t": {"columns": ["a", "b"], "rows": [[1, 2.0]]}}}
    with pytest.raises(RESULTS.ResultsError, match="no column 'c'; the columns are: a \\| b"):
        RESULTS.table_cells(page, "t", "a | c", None, None)
    with pytest.raises(RESULTS.ResultsError, match="no table 'u'"):
        RESULTS.table_cells(page, "u", None, None, None)
    with pytest.raises(RESULTS.ResultsError, match="no row"):
        RESULTS.table_cells(page, "t", None, "a = 2", None)
    with pytest.raises(RESULTS.ResultsError, match="columns not shown: b"):
        RESULTS.table_cells(page, "t", "a", None, "b = .1f")
    text = {"schema": RESULTS.PUBLISHED, "command": "x",
            "tables": {"t": {"columns": ["a"], "rows": [["4.87"]]}}}
    with pytest.raises(RESULTS.ResultsError, match="'a' holds text"):
        RESULTS.table_cells(text, "t", None, None, "a = .1f")
    short = {"schema": RESULTS.PUBLISHED, "command": "x",
             "tables": {"t": {"columns": ["a", "b"], "rows": [[1]]}}}
    with pytest.raises(RESULTS.ResultsError, match="does not have its 2 columns"):
        RESULTS.table_cells(short, "t", None, None, None)


def test_a_published_file_without_its_command_is_refused(tmp_path: Path) -> None:
    (tmp_path / "bare.json").write_text(json.dumps({"schema": RESULTS.PUBLISHED, "tables": {}}))
    with pytest.raises(RESULTS.ResultsError, match="bare.json: no command"):
        RESULTS.load("bare", tmp_path)


@pytest.mark.parametrize("value, text", [(None, "–"), (True, "yes"), (12345, "12,345"),
                                         (1234.5, "1,234"), (36.44, "36.4"), (2.236, "2.24"),
                                         (0.0123, "0.0123"), ("0.5 s", "0.5 s")])
def test_cells_read_as_plain_numbers(value: object, text: str) -> None:
    assert RESULTS.cell_text(value, None) == text


def test_publish_reads_the_summary_of_satlink_bench(tmp_path: Path) -> None:
    from satlink.bench.report import BENCH_VERSION

    bench = {"version": BENCH_VERSION, "machine": {"cpus": 2, "load_average": [3.0, 2.0, 1.0],
                                       "git": {"commit": "0123456789abcdef", "dirty": True},
                                       "date": "2026-11-26T12:00:00+00:00"},
             "settings": {"command": ["/x/satlink/__main__.py", "bench", "in.txt"]},
             "summary": [{"config": "binary-edge/glucose4", "par2_sum_seconds": 1.5}],
             "per_board": [{"board": "in.txt#1"}]}
    done = publish(tmp_path, bench, "--as", "bench")
    assert done.returncode == 0, done.stderr
    published = RESULTS.load("bench", tmp_path / "published")
    assert published["command"] == "satlink bench in.txt"
    assert published["commit"] == "0123456789ab+" and list(published["tables"]) == ["summary"]
