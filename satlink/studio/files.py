"""Opening and saving packs: every format satlink reads, and the SQLite catalogue.

Saving follows three promises.  A file is written only at the path the user typed into the
save box (relative paths are taken from the folder the studio was started in).  An existing
file, and above all the pack that was opened, is never replaced without the page asking
first: the page sends the *version* of the file it opened (size and modification time), and
a save over a file that exists and is not that version comes back asking for confirmation.
And a save is atomic: the text goes to a temporary file in the same folder, flushed, then
renamed over the target, under a lock per path, so two tabs saving one file leave one whole
pack or the other, never a mix.

A catalogue (``generate --db``) is never rewritten: saving into one *adds* the boards that are
proven unique under their rules (:meth:`satlink.generate.catalogue.Catalogue.add`, one SQLite
transaction each, so two tabs adding at once both land), skips those it already holds up to
rotation, reflection and relabelling, and says which boards were refused and why.  A new
path becomes a new catalogue; an existing file that is not one is refused, never touched.
"""

from __future__ import annotations

import os
import stat
import tempfile
import threading
from dataclasses import dataclass
from pathlib import Path

from satlink.formats import FORMATS, WriteError, format_for_path, read_file, write_text
from satlink.formats.entry import Entry
from satlink.studio.boards import board_json


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


def open_pack(path: str, root: Path, max_cells: int) -> Opened:
    """Every board of a pack file (each a board or a located error)."""
    target = (root / path)
    entries = list(read_file(str(target), max_cells=max_cells))
    fmt = None
    if target.is_file():
        from satlink.formats import detect, file_lines

        lines = file_lines(str(target))
        fmt = detect(lines) if lines else None
    return Opened(path, fmt, version(target), [entry_json(e) for e in entries])


def open_catalogue(path: str, root: Path) -> Opened:
    """The puzzles of a catalogue, easiest grade first (opened read-only: a save adds to it
    through :func:`save_catalogue`, never rewrites it)."""
    from satlink.board import Board
    from satlink.generate.catalogue import Catalogue
    from satlink.referee import solution_errors
    from satlink.rules import parse_rules
    from satlink.solution import Solution

    catalogue = Catalogue(str(root / path), readonly=True)
    try:
        rows = catalogue.puzzles(order="grade")
    finally:
        catalogue.close()
    boards = []
    for i, row in enumerate(rows, start=1):
        try:  # a damaged row is that puzzle's error; the others still open
            board = Board.from_json(row["grid"], row["geometry"])
            rules = parse_rules(row["rules"])
            solution = Solution.from_coords(board, row["solution"])
            broken = solution_errors(board, solution, rules)
            if broken:
                raise ValueError(f"its solution breaks the rules ({broken[0]})")
            entry = Entry(path, i, board, solution, rules, quality=row["quality"])
            boards.append(entry_json(entry))
        except (ValueError, TypeError, KeyError, IndexError, AttributeError) as exc:
            boards.append({"index": i, "error": {"message": f"puzzle {i} of the catalogue is "
                                                 f"damaged: {exc}"}})
    return Opened(path, "catalogue", version(root / path), boards, readonly=True)


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


def _save_target(path: str, root: Path, what: str = "file") -> Path:
    """Where a save named ``path`` writes, or :class:`SaveRefused`.  Only a regular file may
    be replaced: a save over a pipe would block the server reading it, and one over a
    device (``/dev/null``) would replace the device by a file.  A NUL byte or a loop of
    symbolic links is refused here, where it would otherwise raise from ``resolve()``."""
    if not path or not path.strip():
        raise SaveRefused(f"give a {what} name to save to")
    if "\x00" in path:
        raise SaveRefused("a file name cannot hold a NUL byte")
    try:
        target = (root / path).resolve()
        info = target.stat()
    except FileNotFoundError:
        return target
    except (OSError, RuntimeError) as exc:  # RuntimeError: a symlink loop (Python < 3.13)
        raise SaveRefused(f"{path}: cannot save there ({getattr(exc, 'strerror', None) or exc})") from None
    if stat.S_ISDIR(info.st_mode):
        raise SaveRefused(f"{path} is a folder")
    if not stat.S_ISREG(info.st_mode):
        raise SaveRefused(f"{path} is not a regular file (a device, pipe or socket): save to a file")
    return target


def save_pack(entries: list[Entry], path: str, fmt: str | None, root: Path,
              expected: str | None, overwrite: bool) -> dict:
    """Write ``entries`` to ``path`` (see the module's docstring for when it asks first).
    ``expected``: the version of the file the page opened from this path, if any."""
    target = _save_target(path, root)
    fmt = fmt or format_for_path(str(target))
    if fmt not in FORMATS:
        raise SaveRefused(f"unknown format {fmt!r} (known: {', '.join(FORMATS)})")
    if _is_sqlite(target):
        raise SaveRefused(f"{path} is a catalogue: tick 'catalogue' to add the boards to it, or "
                          "save the pack to a file (.jsonl, .txt, .flow, ...)")
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


def save_catalogue(entries: list[Entry], path: str, root: Path, timeout: float) -> dict:
    """Add ``entries`` to the catalogue at ``path`` (made if new): each checked unique under
    its rules (``flow`` when it names none) within ``timeout`` seconds, graded, and stored
    once.  Returns the counts and, per refused board, its number and verdict."""
    from satlink.generate.catalogue import Catalogue, CatalogueError
    from satlink.quality import quality
    from satlink.rules import parse_rules
    from satlink.solver.check import check
    from satlink.solver.verdict import Status

    target = _save_target(path, root, "catalogue file")
    if target.exists() and not _is_sqlite(target) and target.stat().st_size > 0:
        raise SaveRefused(f"{path} is not a catalogue: save into a .db file made by satlink "
                          "generate --db or by the studio")
    proven = []
    refused = []
    for entry in entries:
        rules = entry.rules or parse_rules("flow")
        verdict = check(entry.board, rules, timeout=timeout)
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
