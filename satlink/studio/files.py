"""Opening packs for the studio: every format satlink reads, and the SQLite catalogue
(saving them: :mod:`satlink.studio.saving`).

Every path goes through :class:`satlink.studio.access.Access`: inside the folder the studio
serves (or a file named on its command line), symbolic links resolved first.

Opening is bounded as a request must be: at most :data:`MAX_PACK` boards and
:data:`MAX_OPEN_BYTES` bytes of file, and an answer of at most ``max_answer`` bytes.
"""

from __future__ import annotations

import itertools
import json
from dataclasses import dataclass
from pathlib import Path

from satlink.formats import (
    detect,
    file_lines,
    read_file,
)
from satlink.formats.entry import Entry
from satlink.studio.access import Access
from satlink.studio.boards import board_json

MAX_PACK = 5000
"""Boards one pack may have, to open or to save."""
MAX_OPEN_BYTES = 64 * 2**20
"""Bytes of a file the studio opens (5,000 boards of 10,000 cells fit)."""


def version(path: Path) -> str | None:
    """The version of a file as the page remembers it: size and modification time."""
    try:
        info = path.stat()
    except OSError:
        return None
    return f"{info.st_size}:{info.st_mtime_ns}"


def entry_json(entry: Entry) -> dict:
    """One board of an opened pack for the page: the board, its rules and solution, or the
    located error that stopped it."""
    out: dict = {"index": entry.index}
    if entry.board is None:
        out["error"] = entry.error.as_dict() if entry.error else {"message": "unreadable"}
        return out
    out["board"] = board_json(entry.board)
    if entry.rules is not None:
        out["rules"] = entry.rules.name
    if entry.solution is not None:
        out["solution"] = entry.solution.to_coords(entry.board)
    if entry.quality:
        out["quality"] = entry.quality
    return out


@dataclass
class Opened:
    path: str
    format: str | None
    version: str | None
    boards: list[dict]
    readonly: bool = False

    def as_dict(self) -> dict:
        return {"path": self.path, "format": self.format, "version": self.version,
                "boards": self.boards, "readonly": self.readonly}


class TooLarge(ValueError):
    """A pack past one of the studio's bounds (boards, bytes of the answer)."""


def _bounded(entries, path: str, max_answer: int):
    """``entries`` as the page gets them, refused past :data:`MAX_PACK` boards or
    ``max_answer`` bytes of JSON (counted as they are made, so a huge pack stops early)."""
    out, size = [], 0
    for entry in itertools.islice(entries, MAX_PACK + 1):
        if len(out) == MAX_PACK:
            raise TooLarge(f"{path}: more than {MAX_PACK:,} boards; the studio opens packs of "
                           "at most that many (split it, e.g. with satlink export --select)")
        item = entry_json(entry)
        size += len(json.dumps(item)) + 2
        if size > max_answer:
            raise TooLarge(f"{path}: its boards make more than {max_answer:,} bytes to send to "
                           "the page; open a smaller pack")
        out.append(item)
    return out


def file_format(target: Path) -> str | None:
    """The format of an existing pack file, as the readers detect it (None: no such file,
    or nothing readable in it)."""
    lines = file_lines(str(target), MAX_OPEN_BYTES) if target.is_file() else None
    return detect(lines) if lines and any(line.strip() for line in lines) else None


def open_pack(path: str, access: Access, max_cells: int, max_answer: int) -> Opened:
    """Every board of a pack file (each a board or a located error)."""
    target = access.resolve(path)
    entries = read_file(str(target), max_cells=max_cells, max_bytes=MAX_OPEN_BYTES)
    boards = _bounded(entries, path, max_answer)
    return Opened(path, file_format(target), version(target), boards)


def open_catalogue(path: str, access: Access, max_answer: int) -> Opened:
    """The puzzles of a catalogue, easiest grade first (opened read-only: a save adds to it
    through :func:`satlink.studio.saving.save_catalogue`, never rewrites it)."""
    from satlink.board import Board
    from satlink.generate.catalogue import Catalogue
    from satlink.referee import solution_errors
    from satlink.rules import parse_rules
    from satlink.solution import Solution

    target = access.resolve(path)
    catalogue = Catalogue(str(target), readonly=True)
    try:
        rows = catalogue.puzzles(order="grade")
    finally:
        catalogue.close()
    boards, size = [], 0
    for i, row in enumerate(rows, start=1):
        if i > MAX_PACK:
            raise TooLarge(f"{path}: more than {MAX_PACK:,} puzzles; the studio opens "
                           "catalogues of at most that many (satlink export --db takes them all)")
        try:  # a damaged row is that puzzle's error; the others still open
            board = Board.from_json(row["grid"], row["geometry"])
            rules = parse_rules(row["rules"])
            solution = Solution.from_coords(board, row["solution"])
            broken = solution_errors(board, solution, rules)
            if broken:
                raise ValueError(f"its solution breaks the rules ({broken[0]})")
            entry = Entry(path, i, board, solution, rules, quality=row["quality"])
            item = entry_json(entry)
        except (ValueError, TypeError, KeyError, IndexError, AttributeError) as exc:
            item = {"index": i, "error": {"message": f"puzzle {i} of the catalogue is "
                                          f"damaged: {exc}"}}
        size += len(json.dumps(item)) + 2
        if size > max_answer:
            raise TooLarge(f"{path}: its puzzles make more than {max_answer:,} bytes to send "
                           "to the page")
        boards.append(item)
    return Opened(path, "catalogue", version(target), boards, readonly=True)


def is_sqlite(path: Path) -> bool:
    try:
        with open(path, "rb") as stream:
            return stream.read(16) == b"SQLite format 3\x00"
    except OSError:
        return False
