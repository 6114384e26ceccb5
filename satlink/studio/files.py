"""Opening and saving packs: every format satlink reads, and the SQLite catalogue.

Every path goes through :class:`satlink.studio.access.Access`: inside the folder the studio
serves (or a file named on its command line), symbolic links resolved first.

Saving follows four promises.  A file is written only at the path the user typed into the
save box (relative paths are taken from the folder the studio was started in).  An existing
file, and above all the pack that was opened, is never replaced without the page asking
first: the page sends the *version* of the file it opened (size and modification time), and
a save over a file that exists and is not that version comes back asking for confirmation.
And a save is atomic: the text goes to a temporary file in the same folder, flushed, then
renamed over the target, under a lock per path, so two tabs saving one file leave one whole
pack or the other, never a mix.  And a file keeps its own format unless the user picks
another: a grid pack saved back stays a grid pack, whatever its extension suggests.

Opening is bounded as a request must be: at most :data:`MAX_PACK` boards and
:data:`MAX_OPEN_BYTES` bytes of file, and an answer of at most ``max_answer`` bytes.

A catalogue (``generate --db``) is never rewritten: saving into one *adds* the boards that are
proven unique under their rules (:meth:`satlink.generate.catalogue.Catalogue.add`, one SQLite
transaction each, so two tabs adding at once both land), skips those it already holds up to
rotation, reflection and relabelling, and says which boards were refused and why.  A new
path becomes a new catalogue; an existing file that is not one is refused, never touched.
"""

from __future__ import annotations

import itertools
import json
import os
import stat
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path

from satlink.formats import (
    FORMATS,
    WriteError,
    detect,
    file_lines,
    format_for_path,
    read_file,
    write_text,
)
from satlink.formats.entry import Entry
from satlink.studio.access import Access
from satlink.studio.boards import board_json

MAX_PACK = 5000
"""Boards one pack may have, to open or to save."""
MAX_OPEN_BYTES = 64 * 2**20
"""Bytes of a file the studio opens (5,000 boards of 10,000 cells fit)."""


class SaveRefused(ValueError):
    """A save that needs the user's confirmation (``confirm``) or cannot be done."""

    def __init__(self, message: str, confirm: bool = False):
        super().__init__(message)
        self.message, self.confirm = message, confirm


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
    through :func:`save_catalogue`, never rewrites it)."""
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


def _is_sqlite(path: Path) -> bool:
    try:
        with open(path, "rb") as stream:
            return stream.read(16) == b"SQLite format 3\x00"
    except OSError:
        return False


def _new_file_mode() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return 0o666 & ~mask


_NEW_FILE_MODE = _new_file_mode()
_LOCKS: dict[str, threading.Lock] = {}
_LOCKS_GUARD = threading.Lock()


def _lock(path: Path) -> threading.Lock:
    with _LOCKS_GUARD:
        return _LOCKS.setdefault(str(path), threading.Lock())


def _save_target(path: str, access: Access, what: str = "file") -> Path:
    """Where a save named ``path`` writes, or :class:`SaveRefused`: inside what the studio may
    touch (:class:`Access`), and only a regular file may be replaced: a save over a pipe
    would block the server reading it, and one over a device (``/dev/null``) would replace
    the device by a file."""
    if not path or not path.strip():
        raise SaveRefused(f"give a {what} name to save to")
    target = access.resolve(path)  # AccessRefused: outside what the studio may touch
    try:
        info = target.stat()
    except FileNotFoundError:
        return target
    except OSError as exc:
        raise SaveRefused(f"{path}: cannot save there ({exc.strerror or exc})") from None
    if stat.S_ISDIR(info.st_mode):
        raise SaveRefused(f"{path} is a folder")
    if not stat.S_ISREG(info.st_mode):
        raise SaveRefused(f"{path} is not a regular file (a device, pipe or socket): save to a file")
    return target


def save_pack(entries: list[Entry], path: str, fmt: str | None, access: Access,
              expected: str | None, overwrite: bool) -> dict:
    """Write ``entries`` to ``path`` (see the module's docstring for when it asks first).
    ``expected``: the version of the file the page opened from this path, if any; ``fmt``
    None: the file's own format if it exists, else the one its extension names."""
    target = _save_target(path, access)
    if _is_sqlite(target):
        raise SaveRefused(f"{path} is a catalogue: tick 'catalogue' to add the boards to it, or "
                          "save the pack to a file (.jsonl, .txt, .flow, ...)")
    fmt = fmt or file_format(target) or format_for_path(str(target))
    if fmt not in FORMATS:
        raise SaveRefused(f"unknown format {fmt!r} (known: {', '.join(FORMATS)})")
    try:
        text = write_text(entries, fmt)
    except WriteError as exc:
        raise SaveRefused(str(exc)) from None
    with _lock(target):
        now = version(target)
        if now is not None and not overwrite:
            if expected is None:
                raise SaveRefused(f"{path} exists: replace it?", confirm=True)
            if now != expected:
                raise SaveRefused(f"{path} has changed since it was opened (another tab or "
                                  "program saved it): replace it?", confirm=True)
        target.parent.mkdir(parents=True, exist_ok=True)
        fd, temp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
        try:
            with os.fdopen(fd, "w", encoding="utf-8", newline="") as stream:
                stream.write(text)
                stream.flush()
                os.fsync(stream.fileno())
            os.chmod(temp, target.stat().st_mode & 0o777 if now is not None else _NEW_FILE_MODE)
            os.replace(temp, target)
        except BaseException:
            Path(temp).unlink(missing_ok=True)
            raise
        return {"path": path, "format": fmt, "version": version(target), "bytes": len(text)}


def save_catalogue(entries: list[Entry], path: str, access: Access, timeout: float,
                   deadline: float | None = None) -> dict:
    """Add ``entries`` to the catalogue at ``path`` (made if new): each checked unique under
    its rules (``flow`` when it names none) within ``timeout`` seconds, graded, and stored
    once.  Returns the counts and, per refused board, its number and verdict.  ``deadline``
    (``time.monotonic()``): the whole save's; the checks share it, and boards not checked
    by then are refused as ``not-checked``."""
    from satlink.generate.catalogue import Catalogue, CatalogueError
    from satlink.quality import quality
    from satlink.solver.check import check
    from satlink.solver.verdict import Status

    target = _save_target(path, access, "catalogue file")
    if target.exists() and not _is_sqlite(target) and target.stat().st_size > 0:
        raise SaveRefused(f"{path} is not a catalogue: save into a .db file made by satlink "
                          "generate --db or by the studio")
    proven = []
    refused = []
    for entry in entries:
        left = timeout if deadline is None else min(timeout, deadline - time.monotonic())
        if left <= 0:
            refused.append({"board": entry.index, "status": "not-checked"})
            continue
        rules = entry.rules_under(None)
        verdict = check(entry.board, rules, timeout=left)
        if verdict.status != Status.UNIQUE:
            refused.append({"board": entry.index, "status": str(verdict.status)})
            continue
        solution = verdict.solutions[0]
        proven.append((entry.board, solution, rules, quality(entry.board, solution, verdict)))
    target.parent.mkdir(parents=True, exist_ok=True)
    try:
        catalogue = Catalogue(str(target))
    except CatalogueError as exc:
        raise SaveRefused(str(exc)) from None
    try:
        outcomes = [catalogue.add(*item) for item in proven]
    finally:
        catalogue.close()
    return {"path": path, "format": "catalogue", "version": version(target),
            "added": outcomes.count("accepted"), "duplicates": outcomes.count("duplicate"),
            "refused": refused}
