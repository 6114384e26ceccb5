"""One board read from a file: the puzzle, or the error that stopped it."""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from satlink.board import Board, BoardError
from satlink.formats.errors import InputError, WriteError
from satlink.geometry import PLAIN, Geometry
from satlink.rules import DEFAULT_RULES, Rules
from satlink.solution import Solution

if TYPE_CHECKING:
    from satlink.formats.painted import Painting

DEFAULT_MAX_CELLS = 4_000_000
MAX_DIGITS = 18
"""Numbers in sizes and coordinates longer than this are refused before ``int()`` sees them
(Python refuses strings of thousands of digits, and no board is that big)."""
NO_LABELS = "no endpoints: the board has nothing to connect"


@dataclass
class Entry:
    """A board (with its shipped solution and rules, if the format carries them) or an error.

    A reader yields one entry per board it finds, so one malformed board never hides the
    others in the same file.
    """

    source: str
    index: int
    board: Board | None = None
    solution: Solution | None = None
    rules: Rules | None = None  # the profile the file states for this board, if any
    error: InputError | None = None
    line: int | None = None
    quality: dict | None = None  # quality figures of generated puzzles (JSON carries them)
    original: dict[str, object] = field(default_factory=dict)
    """Format-specific round-trip data, keyed by format name: what a reader keeps so that its
    writer gives the text back byte for byte (Flow Free: the header as written, with display
    flags, hole suffixes and level number).  Each writer reads only its own key, and only
    while the board is still the one that was read (it stores the board to compare)."""
    painting: Painting | None = None
    """A painted board (:mod:`satlink.formats.painted`): the paths as drawn; ``board`` is then the
    puzzle their endpoints make, and ``solution`` the drawn paths when every cell is painted."""

    def rules_under(self, chosen: Rules | None) -> Rules:
        """The profile this board is judged under: the one the user chose (``--rules``), else
        the file's own, else the default (:data:`satlink.rules.DEFAULT_RULES`)."""
        return chosen or self.rules or DEFAULT_RULES


def board_entry(
    rows: list[str],
    source: str,
    index: int,
    first_line: int,
    max_cells: int,
    first_column: int = 1,
    geometry: Geometry = PLAIN,
) -> Entry:
    """Build a board from grid rows (and the geometry of a variant), turning a
    :class:`BoardError` into a located error; a board without labels is an error too (it
    would be "unique" with nothing to solve).  Rows with a label on more than two cells are
    a painted board (:mod:`satlink.formats.painted`): the entry's board is the puzzle of its
    endpoints, with the painting beside it (tried only when the rows are not a puzzle, so
    reading a puzzle costs nothing more).

    ``first_line`` is the line number of row 0 in the file, so row r is on line
    ``first_line + r`` and column c is column ``first_column + c``.
    """
    cells = len(rows) * (len(rows[0]) if rows else 0)
    if cells > max_cells:
        return error_entry(too_many_cells(cells, max_cells), source, index, first_line)
    painting = None
    try:
        try:
            board = Board(tuple(rows), geometry)
        except BoardError:
            from satlink.formats.painted import is_painted, read_painting  # not for puzzles

            if not is_painted(rows):
                raise
            painting = read_painting(rows, geometry)  # its errors are located the same way
            board = painting.board
    except BoardError as exc:
        line = first_line + exc.row if exc.row is not None else first_line
        column = first_column + exc.col if exc.col is not None else None
        err = InputError(exc.message, source, index, line, column)
        return Entry(source, index, error=err, line=first_line)
    if not board.labels:  # every reader comes here: the one place this rule lives
        return error_entry(NO_LABELS, source, index, first_line)
    if painting is not None:
        return Entry(source, index, board=board, solution=painting.solution(), line=first_line,
                     painting=painting)
    return Entry(source, index, board=board, line=first_line)


def refuse_variant(board: Board, number: int, fmt: str) -> None:
    """Raise :class:`WriteError` for a Flow Free variant in a format without geometry (grid,
    wh, puzzlink); holes are solid cells, which grid and wh write as ``#``."""
    features = board.geometry.features()
    if features:
        raise WriteError(f"board {number}: the {fmt} format cannot express {', '.join(features)}"
                         " (write flowfree or json)")


def too_many_cells(cells: int, max_cells: int) -> str:
    count = f"at least 10^{MAX_DIGITS}" if cells >= 10**MAX_DIGITS else str(cells)
    return f"board has {count} cells, more than the limit of {max_cells} (see --max-cells)"


def natural(text: str) -> int | None:
    """The value of ``text`` if it is a plain decimal number (ASCII digits only: no sign,
    spaces, underscores or other scripts' digits), else None.  Numbers of more than
    :data:`MAX_DIGITS` significant digits come back as ``10 ** MAX_DIGITS``, which is over
    every size limit, so callers refuse them with their usual message."""
    if not text or not text.isascii() or not text.isdigit():
        return None
    digits = text.lstrip("0")
    if len(digits) > MAX_DIGITS:
        return 10**MAX_DIGITS
    return int(digits or "0")


def snippet(text: str, limit: int = 20) -> str:
    """``text`` quoted for a message, cut short if long."""
    return repr(text) if len(text) <= limit else repr(text[:limit]) + "..."


def number_text(text: str, limit: int = 20) -> str:
    """A number as written in the file, for a message, cut short if long."""
    return text if len(text) <= limit else f"{text[:limit]}... ({len(text)} digits)"


def size_error(width: int, height: int, max_cells: int) -> str | None:
    """Why a ``width`` x ``height`` board cannot be read (checked before anything is built)."""
    if width < 1 or height < 1:
        return f"board size {width}x{height} has no cells"
    if width * height > max_cells:
        return too_many_cells(width * height, max_cells)
    return None


def error_entry(message: str, source: str, index: int, line: int | None, column: int | None = None) -> Entry:
    return Entry(source, index, error=InputError(message, source, index, line, column), line=line)


LINE = re.compile(r"[^\r\n]*(?:\r\n?|\n)|[^\r\n]+\Z")


def split_lines(text: str) -> list[str]:
    """The lines of ``text`` with their ends, broken only at ``\\n``, ``\\r\\n`` and ``\\r`` (as
    editors and ``open()`` count lines); ``str.splitlines`` also breaks at form feeds, vertical
    tabs, ``\\x1c``-``\\x1e``, ``\\x85`` and U+2028/2029, which shifted every line number after one."""
    return LINE.findall(text)


def first_content_line(lines: Sequence[str]) -> str:
    """The first non-blank line (format detection looks mostly at it)."""
    return next((line for line in lines if line.strip()), "")


DETECT_LINES = 20
"""One-board-per-line formats: when the first line is damaged, detection also looks at the
board lines after it, up to this many (one bad line must not turn a file into one grid)."""


def later_board_lines(lines: Sequence[str]) -> list[str]:
    """The board lines after the first content line, up to :data:`DETECT_LINES` of them
    (blank lines and ``#`` comments skipped)."""
    found: list[str] = []
    for line in lines:
        if line.strip() and not line.lstrip().startswith("#"):
            found.append(line)
            if len(found) > DETECT_LINES:
                break
    return found[1:]


def board_lines(lines: Sequence[str]) -> Iterator[tuple[int, int, str]]:
    """(line number, board index, line) for formats with one board per line, skipping blank
    lines and ``#`` comments."""
    index = 0
    for number, line in enumerate(lines, start=1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        index += 1
        yield number, index, line
