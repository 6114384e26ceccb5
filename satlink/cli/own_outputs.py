"""``--out`` replaces only what the command itself writes.

A results file, a pack, a DIMACS export or a benchmark's JSON is often given the name of a
file that already exists; replacing a file the command did not write loses someone's work
(``validate pack.jsonl --out notes.txt``).  So before any work is done, an existing output
that is not empty must look like the command's own kind of output (a ``validate`` results
file, a pack of boards, a ``satlink cnf`` export, a ``bench`` results file or CSV, a
``cnf --out-dir`` folder with its manifest); anything else is refused unless ``--force``.

Each recogniser reads only the head of the file: the first lines are what tell a file's kind,
and a results file of a million lines must not be read twice.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path

import click

HEAD_BYTES = 1 << 20
"""How much of an existing output is read to tell its kind."""


def _head(path: Path) -> str:
    with open(path, encoding="utf-8", errors="replace") as handle:
        return handle.read(HEAD_BYTES)


def _whole_lines(text: str) -> list[str]:
    """The non-blank lines of ``text``, the last one dropped when the head cut it."""
    lines = text.splitlines()
    if len(text) == HEAD_BYTES and lines:
        lines = lines[:-1]
    return [line for line in lines if line.strip()]


def validate_results(path: Path) -> bool:
    """Every line a ``validate`` record (source, index, content hash, status); a last line
    cut short by a crash is one too, as ``--resume`` reads it."""
    lines = _whole_lines(_head(path))
    for number, line in enumerate(lines):
        try:
            record = json.loads(line)
        except ValueError:
            if number == len(lines) - 1 and line.startswith('{"'):
                continue
            return False
        if not (isinstance(record, dict) and isinstance(record.get("source"), str)
                and isinstance(record.get("index"), int) and isinstance(record.get("hash"), str)
                and isinstance(record.get("status"), str)):
            return False
    return bool(lines)


def board_pack(fmt: str) -> Callable[[Path], bool]:
    """A pack: boards that read, every one, in ``fmt`` (what ``generate`` writes)."""
    def recognise(path: Path) -> bool:
        from satlink.formats import read_file

        try:
            entries = read_file(str(path), fmt)
        except Exception:  # noqa: BLE001 - whatever cannot be read as boards is not a pack
            return False
        return bool(entries) and all(entry.error is None for entry in entries)
    return recognise


def cnf_export(path: Path) -> bool:
    """A DIMACS file ``satlink cnf`` wrote (its first line says so)."""
    from satlink.solver.dimacs import is_export

    lines = _head(path).splitlines()
    return bool(lines) and is_export(lines[0])


def bench_results(path: Path) -> bool:
    """A ``satlink bench --out`` JSON results file (version, settings, summary, rows)."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (ValueError, UnicodeDecodeError):
        return False
    return isinstance(data, dict) and all(key in data for key in
                                          ("version", "settings", "summary", "rows"))


def bench_csv(path: Path) -> bool:
    """A ``satlink bench --csv`` file: its header is the rows' fields, board first."""
    lines = _head(path).splitlines()
    return bool(lines) and lines[0].startswith("board,width,height,cells,")


def cnf_folder(path: Path) -> bool:
    """A folder ``satlink cnf --out-dir`` wrote: it holds the manifest."""
    return (path / "manifest.json").is_file()


def refuse_foreign(flag: str, path: str | None, kind: str, own: Callable[[Path], bool],
                   force: bool) -> None:
    """Refuse (a usage error, before any work) to replace ``path`` when it exists, is not
    empty and ``own`` does not recognise it as ``kind``, unless ``force``.  A device
    (/dev/null) is written to, never replaced, and passes."""
    if force or path is None or path == "-":
        return
    target = Path(path)
    if target.is_dir():
        if not any(target.iterdir()) or own(target):
            return
        what = "a folder that is not empty"
    elif target.is_file():
        if os.path.getsize(target) == 0 or own(target):
            return
        what = "a file"
    else:
        return
    raise click.UsageError(f"{flag} {path} is {what} that is not {kind}; refusing to replace "
                           "what this command did not write (give another name, or --force "
                           "to replace it)")


def force_option(command: Callable) -> Callable:
    """``--force``: replace an output that is not the command's own kind of output."""
    return click.option("--force", is_flag=True,
                        help="Replace an existing output even if it is not this command's own "
                             "kind of output (by default such a file is refused).")(command)
