"""File formats: one module per format, and a registry that detects, reads and writes them.

Every reader yields :class:`Entry` objects, one per board, each holding a board or a located
:class:`InputError`, so a bad board never hides the good ones next to it.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable, Iterator, Sequence
from importlib import resources
from pathlib import Path

from satlink.formats import flowfree, grid, jsonl, puzzlink, wh
from satlink.formats.entry import DEFAULT_MAX_CELLS, Entry
from satlink.formats.errors import InputError, WriteError

READERS = {m.NAME: m for m in (grid, wh, flowfree, jsonl, puzzlink)}
FORMATS = tuple(READERS)
EXTENSIONS = {".json": "json", ".jsonl": "json", ".txt": "wh", ".wh": "wh", ".grid": "grid",
              ".flow": "flowfree", ".url": "puzzlink"}

BOM = "\ufeff"

EXAMPLE_PACK = "example"
"""The file name that means the bundled pack, so the quick start needs no file of its own."""

__all__ = ["DEFAULT_MAX_CELLS", "EXAMPLE_PACK", "Entry", "FORMATS", "InputError", "WriteError",
           "detect", "example_path", "expand_files", "format_for_path", "read_file", "read_text",
           "write_text"]


def example_path() -> str:
    return str(resources.files("satlink") / "data" / "example-pack.txt")


def expand_files(files: Iterable[str]) -> list[str]:
    """File arguments with ``example`` replaced by the bundled pack (unless such a file exists)."""
    return [example_path() if f == EXAMPLE_PACK and not Path(f).exists() else f for f in files]


def detect(lines: Sequence[str]) -> str:
    """Guess the format from the first meaningful line (JSON, URL, W H, level line, grid)."""
    for module in (jsonl, puzzlink, wh, flowfree):
        if module.looks_like(lines):
            return module.NAME
    return grid.NAME


def read_text(
    text: str,
    source: str = "<input>",
    fmt: str | None = None,
    max_cells: int = DEFAULT_MAX_CELLS,
) -> Iterator[Entry]:
    """Entries for every board in ``text``; an empty text is one error entry.  A UTF-8
    byte-order mark at the start (Windows editors write one) is not part of the text."""
    text = text.removeprefix(BOM)
    lines = text.splitlines(keepends=True)
    if not text.strip():
        yield Entry(source, 1, error=InputError("empty file: no board found", source, None))
        return
    name = fmt or detect(lines)
    if name not in READERS:
        raise ValueError(f"unknown format {name!r} (known: {', '.join(FORMATS)})")
    count = 0
    for entry in READERS[name].read(lines, source, max_cells):
        count += 1
        yield entry
    if not count:
        yield Entry(source, 1, error=InputError("no board found", source, None))


def read_file(path: str, fmt: str | None = None, max_cells: int = DEFAULT_MAX_CELLS) -> Iterator[Entry]:
    """Entries of a file (``-`` reads standard input); unreadable files give one error entry."""
    source = "<stdin>" if path == "-" else path
    try:
        if path == "-":
            text = sys.stdin.read()
        else:
            text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        yield Entry(source, 1, error=InputError(f"cannot read file: {reason}", source, None))
        return
    yield from read_text(text, source, fmt, max_cells)


def format_for_path(path: str, default: str = "json") -> str:
    """Output format implied by a file name's extension."""
    return EXTENSIONS.get(Path(path).suffix.lower(), default)


def write_text(entries: Sequence[Entry], fmt: str) -> str:
    """Serialise boards; raises :class:`WriteError` when the format cannot express one."""
    if fmt not in READERS:
        raise WriteError(f"unknown format {fmt!r} (known: {', '.join(FORMATS)})")
    return READERS[fmt].write(entries)
