"""The registry of file formats: which reader a file's name or first lines call for, reading
a file (or standard input) within a size bound, and writing entries in a format.
"""

from __future__ import annotations

import os
import stat
import sys
from collections.abc import Iterable, Iterator, Sequence
from importlib import resources
from pathlib import Path
from typing import BinaryIO

from satlink.formats import flowfree, grid, jsonl, puzzlink, wh
from satlink.formats.entry import DEFAULT_MAX_CELLS, Entry, split_lines
from satlink.formats.errors import InputError, WriteError

READERS = {m.NAME: m for m in (grid, wh, flowfree, jsonl, puzzlink)}
FORMATS = tuple(READERS)
EXTENSIONS = {".json": "json", ".jsonl": "json", ".txt": "wh", ".wh": "wh", ".grid": "grid",
              ".flow": "flowfree", ".url": "puzzlink"}

BOM = "\ufeff"
MAX_READ_BYTES = 256 * 2**20
"""The most :func:`read_file` reads of one file (standard input included): 256 MiB, some 60
times the text of a board at the default cell limit; a longer file is refused with a message."""
READ_CHUNK = 2**20

EXAMPLE_PACK = "example"
"""The file name that means the bundled pack, so the quick start needs no file of its own."""

__all__ = ["DEFAULT_MAX_CELLS", "EXAMPLE_PACK", "Entry", "FORMATS", "InputError", "MAX_READ_BYTES",
           "WriteError", "detect", "example_path", "expand_files", "file_lines", "format_for_path",
           "read_file", "read_text", "write_text"]


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
    lines = split_lines(text)
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


def read_file(path: str, fmt: str | None = None, max_cells: int = DEFAULT_MAX_CELLS,
              max_bytes: int = MAX_READ_BYTES) -> Iterator[Entry]:
    """Entries of a file (``-`` reads standard input); a file that cannot be read gives one
    error entry: missing, not a regular file (a FIFO, a device, a folder: refused before it is
    opened, so nothing blocks), more than ``max_bytes`` long, or not UTF-8."""
    source = "<stdin>" if path == "-" else path
    try:
        data = _read_stdin(max_bytes) if path == "-" else _read_regular_file(path, max_bytes)
        text = _decode(data)
    except _Unreadable as exc:
        yield Entry(source, 1, error=InputError(str(exc), source, None, exc.line, exc.column),
                    line=exc.line)
        return
    except OSError as exc:
        reason = exc.strerror or str(exc)
        yield Entry(source, 1, error=InputError(f"cannot read file: {reason}", source, None))
        return
    yield from read_text(text, source, fmt, max_cells)


def file_lines(path: str, max_bytes: int = MAX_READ_BYTES) -> list[str] | None:
    """The lines of a regular file (without their ends) as the readers count them, bytes that
    are not UTF-8 replaced: to show where an error is (:mod:`satlink.formats.excerpt`).
    None when the file cannot be read (missing, not a regular file, over ``max_bytes``)."""
    try:
        data = _read_regular_file(path, max_bytes)
    except (_Unreadable, OSError):
        return None
    text = data.decode("utf-8", "replace").removeprefix(BOM)
    return [line.rstrip("\r\n") for line in split_lines(text)]


class _Unreadable(Exception):
    def __init__(self, message: str, line: int | None = None, column: int | None = None):
        super().__init__(message)
        self.line, self.column = line, column


PIPE_HINT = " (to read a pipe or a device, redirect it to standard input and give '-')"
FILE_KINDS = ((stat.S_ISDIR, "a folder", ""), (stat.S_ISFIFO, "a FIFO (named pipe)", PIPE_HINT),
              (stat.S_ISCHR, "a character device", PIPE_HINT),
              (stat.S_ISBLK, "a block device", PIPE_HINT), (stat.S_ISSOCK, "a socket", ""))


def _read_regular_file(path: str, max_bytes: int) -> bytearray:
    info = os.stat(path)
    mode = info.st_mode
    if not stat.S_ISREG(mode):  # decided before opening: opening a FIFO would block
        kind, hint = next(((name, hint) for test, name, hint in FILE_KINDS if test(mode)),
                          ("something else", ""))
        raise _Unreadable(f"cannot read file: it is {kind}, not a regular file{hint}")
    if info.st_size > max_bytes:
        raise _Unreadable(_too_long(max_bytes))
    # O_NONBLOCK: should the path become a FIFO after the check, opening it does not block
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    with os.fdopen(fd, "rb") as stream:
        if not stat.S_ISREG(os.fstat(stream.fileno()).st_mode):
            raise _Unreadable("cannot read file: it is not a regular file")
        return _read_capped(stream, max_bytes)


def _read_stdin(max_bytes: int) -> bytearray:
    stream = sys.stdin
    if stream is None:
        raise _Unreadable("cannot read standard input: there is none")
    if hasattr(stream, "buffer"):
        return _read_capped(stream.buffer, max_bytes)
    text = stream.read(max_bytes + 1)  # a text stream put in place of stdin (tests, embedding)
    if len(text) > max_bytes:
        raise _Unreadable(_too_long(max_bytes))
    return bytearray(text.encode("utf-8", "surrogateescape"))


def _read_capped(stream: BinaryIO, max_bytes: int) -> bytearray:
    """Everything ``stream`` holds, in chunks, stopping as soon as it passes ``max_bytes``
    (so ``/dev/zero`` on standard input ends with a message, not out of memory)."""
    data = bytearray()
    while True:
        chunk = stream.read(min(READ_CHUNK, max_bytes + 1 - len(data)))
        if not chunk:
            return data
        data += chunk
        if len(data) > max_bytes:
            raise _Unreadable(_too_long(max_bytes))


def _too_long(max_bytes: int) -> str:
    return (f"file is longer than the read limit of {max_bytes:,} bytes ({max_bytes / 2**20:g} MiB);"
            " split it into smaller files")


def _decode(data: bytearray) -> str:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        offset = exc.start
        line = data.count(b"\n", 0, offset) + 1
        start = data.rfind(b"\n", 0, offset) + 1
        before = data[start:offset].decode("utf-8", "replace")
        column = len(before.removeprefix(BOM) if start == 0 else before) + 1
        raise _Unreadable(f"not UTF-8 text: byte 0x{data[offset]:02x} at byte offset {offset}",
                          line, column) from None


def format_for_path(path: str, default: str = "json") -> str:
    """Output format implied by a file name's extension."""
    return EXTENSIONS.get(Path(path).suffix.lower(), default)


def write_text(entries: Sequence[Entry], fmt: str) -> str:
    """Serialise boards; raises :class:`WriteError` when the format cannot express one, or
    for a board without endpoints: every reader refuses one (``entry.NO_LABELS``), so writing
    it would make a file satlink cannot open again (a studio draft saved with every endpoint
    erased)."""
    if fmt not in READERS:
        raise WriteError(f"unknown format {fmt!r} (known: {', '.join(FORMATS)})")
    for number, entry in enumerate(entries, 1):
        if entry.board is not None and not entry.board.labels:
            raise WriteError(f"board {number} has no endpoints: satlink could not read it back "
                             "(place a pair first)")
    return READERS[fmt].write(entries)
