"""Where an unreadable board was read from: the lines of its block in the file, as far as it
could be read, with the error's place marked, for the HTML report to show.

An error names its file, line and column (and, inside a JSON board's ``grid``, its grid row
and column: :class:`~satlink.formats.errors.InputError`); the file is read again as the
readers read it and its format detected as they detect it (:func:`satlink.formats.detect`).
"""

from __future__ import annotations

import json
import re

from satlink.formats.grid import NAME as GRID
from satlink.formats.jsonl import NAME as JSON
from satlink.formats.registry import detect, file_lines
from satlink.formats.wh import NAME as WH

MAX_EXCERPT_LINES = 60
MAX_EXCERPT_COLUMNS = 200
HEADER = re.compile(r"\s*\d+\s+\d+\s*$")  # a ``W H`` line: where the next board begins


class Excerpts:
    """Excerpts of the files errors point into, each file read (and its format detected)
    once."""

    def __init__(self) -> None:
        self.files: dict[str, tuple[list[str], str] | None] = {}

    def _file(self, source: str) -> tuple[list[str], str] | None:
        if source not in self.files:
            lines = file_lines(source)
            self.files[source] = (lines, detect(lines)) if lines is not None else None
        return self.files[source]

    def of(self, error: dict) -> dict | None:
        """``{"from": first line or None, "lines": [...], "at": [row, column or None],
        "grid": 1 for a grid of characters, 0 for text}``, or None when the place cannot be
        shown (no file, no line, a file gone or changed)."""
        source, line = error.get("source"), error.get("line")
        if not isinstance(source, str) or not isinstance(line, int) or source.startswith("<"):
            return None
        read = self._file(source)
        if read is None or not 1 <= line <= len(read[0]):
            return None
        lines, fmt = read
        i = line - 1
        if fmt == JSON:
            return _json(lines[i], line, error.get("grid_row"), error.get("grid_column"))
        column = error.get("column") if isinstance(error.get("column"), int) else None

        def header(text: str) -> bool:  # only a ``W H`` file has headers: in a bare grid
            return fmt == WH and bool(HEADER.match(text))  # "3 2" is a (bad) row

        start = i
        while start > 0 and i - start < MAX_EXCERPT_LINES and lines[start - 1].strip() \
                and not header(lines[start]):
            start -= 1
        end = i
        while end + 1 < len(lines) and end - start + 1 < MAX_EXCERPT_LINES \
                and lines[end + 1].strip() and not header(lines[end + 1]):
            end += 1
        block = [text[:MAX_EXCERPT_COLUMNS] for text in lines[start:end + 1]]
        first = start + 1
        grid = fmt in (GRID, WH)
        if block and start < i and header(block[0]):  # never the line the error is on
            block, first = block[1:], first + 1
        at = [line - first, column - 1] if column is not None else [line - first, None]
        return {"from": first, "lines": block, "at": at, "grid": int(grid)}


def _json(text: str, line: int, row, column) -> dict:
    """A JSON board's line: its grid's rows, drawn, when it reads as JSON; else the text."""
    try:
        obj = json.loads(text)
    except (ValueError, RecursionError):  # the line is shown as it is, however deep
        obj = None
    rows = obj.get("grid") if isinstance(obj, dict) else None
    if not isinstance(rows, list) or not all(isinstance(r, str) for r in rows):
        return {"from": line, "lines": [text[:MAX_EXCERPT_COLUMNS]], "at": [0, None], "grid": 0}
    placed = isinstance(row, int) and isinstance(column, int)
    return {"from": None, "lines": [r[:MAX_EXCERPT_COLUMNS] for r in rows[:MAX_EXCERPT_LINES]],
            "at": [row - 1, column - 1] if placed else None, "grid": 1}
