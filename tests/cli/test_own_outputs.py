"""``--out`` replaces only what the command itself writes: a file of another kind is refused
before any work (``--force`` replaces it), the command's own output is replaced as before."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support.cli import BOARD, run

PRECIOUS = "precious\n"


@pytest.mark.parametrize("command", [
    ["validate", "{pack}", "--jobs", "1", "--out", "{out}"],
    ["generate", "--size", "4x4", "--count", "1", "--seed", "1", "--out", "{out}", "--to", "json"],
    ["generate", "--size", "4x4", "--count", "1", "--seed", "1", "--out", "{out}", "--to", "wh"],
    ["bench", "{pack}", "--timeout", "5", "--out", "{out}"],
    ["bench", "{pack}", "--timeout", "5", "--csv", "{out}"],
    ["cnf", "{pack}", "--out", "{out}"],
])
def test_a_file_the_command_did_not_write_is_refused_then_forced(tmp_path: Path,
                                                                 command: list[str]) -> None:
    pack = tmp_path / "pack.txt"
    pack.write_text(BOARD)
    out = tmp_path / "p.txt"
    out.write_text(PRECIOUS)
    args = [a.format(pack=pack, out=out) for a in command]
    refused = run(*args)
    assert refused.exit_code == 2, refused.output
    assert "refusing to replace" in refused.output and "--force" in refused.output
    assert out.read_text() == PRECIOUS
    forced = run(*args, "--force")
    assert forced.exit_code in (0, 1), forced.output
    assert out.read_text() != PRECIOUS
    again = run(*args)  # now the command's own output: replaced without --force
    assert again.exit_code in (0, 1), again.output


def test_an_empty_or_missing_output_needs_no_force(tmp_path: Path) -> None:
    pack = tmp_path / "pack.txt"
    pack.write_text(BOARD)
    empty = tmp_path / "empty.jsonl"
    empty.write_text("")
    for out in (empty, tmp_path / "new.jsonl"):
        result = run("validate", str(pack), "--jobs", "1", "--out", str(out))
        assert result.exit_code in (0, 1) and "refusing" not in result.output
        assert out.read_text().startswith('{"source"')


def test_a_pack_of_boards_in_another_format_is_not_generates_output(tmp_path: Path) -> None:
    """``generate --out x.jsonl`` over a pack of W H boards: not JSON-lines boards, refused."""
    out = tmp_path / "levels.jsonl"
    out.write_text(BOARD)
    result = run("generate", "--size", "4x4", "--count", "1", "--seed", "1", "--out", str(out))
    assert result.exit_code == 2 and out.read_text() == BOARD


def test_an_export_folder_of_other_files_is_refused(tmp_path: Path) -> None:
    pack = tmp_path / "pack.txt"
    pack.write_text(BOARD)
    folder = tmp_path / "work"
    folder.mkdir()
    (folder / "notes.txt").write_text(PRECIOUS)
    refused = run("cnf", str(pack), "--out-dir", str(folder))
    assert refused.exit_code == 2 and "refusing to replace" in refused.output
    assert sorted(p.name for p in folder.iterdir()) == ["notes.txt"]
    assert run("cnf", str(pack), "--out-dir", str(folder), "--force").exit_code == 0
    assert (folder / "manifest.json").is_file()
    assert run("cnf", str(pack), "--out-dir", str(folder)).exit_code == 0  # its own now


def test_a_name_clash_in_an_export_writes_nothing(tmp_path: Path) -> None:
    """Two files that would share an instance name: refused before any instance is written
    (before, the boards read before the clash were left without a manifest)."""
    for folder in ("p", "q"):
        (tmp_path / folder / "a").mkdir(parents=True)
        (tmp_path / folder / "a" / "x.txt").write_text(BOARD)
    (tmp_path / "p" / "a" / "early.txt").write_text(BOARD)
    out = tmp_path / "out"
    result = run("cnf", str(tmp_path / "p" / "a"), str(tmp_path / "q" / "a" / "x.txt"),
                 "--out-dir", str(out))
    assert result.exit_code == 2 and "would both be exported" in result.output, result.output
    assert not out.exists() or not any(out.rglob("*"))


def test_the_export_search_solver_and_limit_are_recorded(tmp_path: Path) -> None:
    import json

    pack = tmp_path / "pack.txt"
    pack.write_text(BOARD)
    out = tmp_path / "out"
    result = run("cnf", str(pack), "--out-dir", str(out), "--search-solver", "minisat22",
                 "--timeout", "7")
    assert result.exit_code == 0, result.output
    manifest = json.loads((out / "manifest.json").read_text())
    assert manifest["search_solver"] == "minisat22" and manifest["search_seconds"] == 7
    assert run("cnf", str(pack), "--out-dir", str(out), "--search-solver", "nope").exit_code == 2
