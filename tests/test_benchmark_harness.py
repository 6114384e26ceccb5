"""The benchmarks' results: the harness writes the envelope the development page documents, and
no benchmark writes JSON results of its own, except the scripts listed below, not moved onto
the harness yet (the list may only shrink).

The harness is run as a benchmark runs it, in a process started from the checkout's root: the
tests import nothing of ``benchmarks/`` (``test_harness_boundaries``)."""

from __future__ import annotations

import ast
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support.paths import ROOT

OWN_FORMAT = {
    # the behaviour fingerprint is compared key by key with one written by another checkout's
    # copy of the script: a contract of its own, not a benchmark's results
    "behaviour.py",
    # the writer itself
    "harness.py",
}


def documented_keys() -> list[str]:
    """The keys of the results table under "## Benchmarks" in docs/development.md."""
    page = (ROOT / "docs" / "development.md").read_text(encoding="utf-8")
    section = page.split("\n## Benchmarks\n", 1)[1].split("\n#", 1)[0]  # to the next heading
    return re.findall(r"^\| `(\w+)` \|", section, flags=re.MULTILINE)


def test_the_envelope_is_what_the_development_page_documents(tmp_path: Path) -> None:
    out = tmp_path / "results" / "probe.json"
    script = ("import sys; from benchmarks.harness import Run; "
              "Run('probe', {'size': 7}).write(sys.argv[1], [{'board': 1, 'seconds': 0.5}], "
              "origins={'base': 'abc'})")
    subprocess.run([sys.executable, "-c", script, str(out)], cwd=ROOT, check=True,
                   env={**os.environ, "PYTHONPATH": str(ROOT)})
    results = json.loads(out.read_text(encoding="utf-8"))
    assert list(results) == documented_keys()
    assert results["schema"] == "satlink-benchmark/1"
    assert f"`\"{results['schema']}\"`" in (ROOT / "docs" / "development.md").read_text()
    assert results["benchmark"] == "probe" and results["args"] == {"size": 7}
    assert results["rows"] == [{"board": 1, "seconds": 0.5}]
    assert results["parts"] == {"origins": {"base": "abc"}}
    assert len(results["load_before"]) == len(results["load_after"]) == 3
    assert results["commit"] and results["machine"]["python"]


def writes_json_results(path: Path) -> list[int]:
    """Lines where ``path`` writes JSON to a file of its own: ``json.dump(...)``, or
    ``X.write_text(json.dumps(...))`` / ``X.write(...)`` with an ``out`` in ``X`` (the
    ``--out`` file; JSON lines to a worker or an input pack written for a run are not results)."""
    lines = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)):
            continue
        func = node.func
        if func.attr == "dump" and isinstance(func.value, ast.Name) and func.value.id == "json":
            lines.append(node.lineno)
        elif func.attr in ("write_text", "write") and "out" in names_in(func.value) and any(
                isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute)
                and n.func.attr == "dumps" for arg in node.args for n in ast.walk(arg)):
            lines.append(node.lineno)
    return lines


def names_in(node: ast.AST) -> set[str]:
    return {n.id for n in ast.walk(node) if isinstance(n, ast.Name)} | {
        n.attr for n in ast.walk(node) if isinstance(n, ast.Attribute)}


def test_no_benchmark_writes_json_results_except_through_the_harness() -> None:
    writers = {path.name for path in (ROOT / "benchmarks").glob("*.py") if writes_json_results(path)}
    assert writers - OWN_FORMAT == set(), "write through benchmarks.harness.Run"


def test_a_file_that_is_not_a_results_file_is_named_in_one_line(tmp_path: Path) -> None:
    """``repair.py --tables-from`` reads results back: a missing file, a file that is not
    JSON and JSON of another kind each end in one line naming the file, not a traceback."""
    cases = {"missing.json": None, "broken.json": '{"schema":\n  oops', "other.json": "[1, 2]"}
    for name, text in cases.items():
        if text is not None:
            (tmp_path / name).write_text(text, encoding="utf-8")
        script = ("import sys; from benchmarks.harness import read_results; "
                  "read_results(sys.argv[1])")
        done = subprocess.run([sys.executable, "-c", script, str(tmp_path / name)], cwd=ROOT,
                              capture_output=True, text=True,
                              env={**os.environ, "PYTHONPATH": str(ROOT)})
        assert done.returncode != 0 and "Traceback" not in done.stderr, (name, done.stderr)
        assert done.stderr.strip().startswith(str(tmp_path / name)), (name, done.stderr)
        if name == "broken.json":
            assert "(line 2, column 3)" in done.stderr, done.stderr


CHILD_ENTRIES = {
    "isolated.py": "the child process huge.py and scaling.py start per board, not a command",
}


def runnable_scripts() -> list[str]:
    """The benchmark scripts (those with a ``__main__`` block, the children aside)."""
    return sorted(path.name for path in (ROOT / "benchmarks").glob("*.py")
                  if '__name__ == "__main__"' in path.read_text(encoding="utf-8")
                  and path.name not in CHILD_ENTRIES)


STARTS = {
    "file": lambda script: [sys.executable, f"benchmarks/{script}", "--help"],
    "module": lambda script: [sys.executable, "-m", f"benchmarks.{script[:-3]}", "--help"],
}
"""The two ways a user starts a benchmark from the checkout's root, with no ``PYTHONPATH``."""


@pytest.mark.parametrize("way", sorted(STARTS))
@pytest.mark.parametrize("script", runnable_scripts())
def test_every_benchmark_script_starts(script: str, way: str) -> None:
    """``--help`` of each script, started both ways a user starts it (``python
    benchmarks/NAME.py`` and ``python -m benchmarks.NAME``) with no ``PYTHONPATH``: the script
    finds its checkout, and its imports (of satlink, the harness, its siblings) still resolve
    after a move or rename, which nothing else runs between measurements. It does not reach
    the measuring code (a profile passed as text below the library's entry points, say, only
    fails once a script measures)."""
    env = {name: value for name, value in os.environ.items() if name != "PYTHONPATH"}
    done = subprocess.run(STARTS[way](script), cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "usage:" in done.stdout
