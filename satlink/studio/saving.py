"""Saving packs from the studio: to a file in any format satlink writes, or into a SQLite
catalogue (opening them: :mod:`satlink.studio.files`).

Every path goes through :class:`satlink.studio.access.Access`: inside the folder the studio
serves (or a file named on its command line), symbolic links resolved first.

Saving follows five promises.  A save never holds fewer boards than the file it replaces,
unless the designer deleted boards on purpose (the page counts them), and never writes an
empty pack: a pack that could not be read is never written back as nothing.  A file is
written only at the path the user typed into the save box (relative paths are taken from the
folder the studio was started in).  An existing file, and above all the pack that was opened,
is never replaced without the page asking first: the page sends the *version* of the file it
opened (size and modification time), and a save over a file that exists and is not that
version comes back asking for confirmation.  A save is atomic: the text goes to a temporary
file in the same folder, flushed, then renamed over the target, under a lock per path, so two
tabs saving one file leave one whole pack or the other, never a mix; the version replaced is
kept beside it as ``NAME.bak``.  And a file keeps its own format unless the user picks
another: a grid pack saved back stays a grid pack, whatever its extension suggests.

A catalogue (``generate --db``) is never rewritten: saving into one *adds* the boards that are
proven unique under their rules (:meth:`satlink.generate.catalogue.Catalogue.add`, one SQLite
transaction each, so two tabs adding at once both land), skips those it already holds up to
rotation, reflection and relabelling, and says which boards were refused and why.  A new
path becomes a new catalogue; an existing file that is not one is refused, never touched.
"""

from __future__ import annotations

import os
import shutil
import stat
import tempfile
import threading
import time
from pathlib import Path

from satlink.formats import FORMATS, WriteError, format_for_path, read_file, write_text
from satlink.formats.entry import Entry
from satlink.studio.access import Access
from satlink.studio.files import MAX_OPEN_BYTES, file_format, is_sqlite, version


class SaveRefused(ValueError):
    """A save that needs the user's confirmation (``confirm``) or cannot be done."""

    def __init__(self, message: str, confirm: bool = False):
        super().__init__(message)
        self.message, self.confirm = message, confirm


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


def boards_held(target: Path) -> int | None:
    """How many boards the file at ``target`` holds as the studio would open it (an
    unreadable board counts: it is the designer's too), or None when there is no such file."""
    if not target.is_file():
        return None
    return sum(1 for _ in read_file(str(target), max_cells=2**62, max_bytes=MAX_OPEN_BYTES))


def _refuse_losing_boards(path: str, held: int | None, saving: int, deleted: int) -> None:
    """The floor under every save: never fewer boards than the file holds, unless the
    designer deleted them on purpose (``deleted``, counted by the page); never nothing."""
    if saving == 0:
        raise SaveRefused("nothing to save: the pack has no boards (a pack that could not be "
                          "read is never written back empty)")
    if held is not None and saving + deleted < held:
        lost = held - saving - deleted
        raise SaveRefused(
            f"{path} holds {held} board(s); this save has {saving} and {deleted} deleted on "
            f"purpose, so {lost} board(s) would be lost: not saved. Open {path} and add the "
            "board to its pack (Pack: Add), or save to a new file")


def keep_previous(target: Path) -> Path:
    """The file about to be replaced, kept beside it as ``NAME.bak`` (replacing the older
    one): a hard link when the file system has them, else a copy, put in place by a rename,
    so the backup too is whole or absent, never half written."""
    backup = target.with_name(target.name + ".bak")
    fd, temp = tempfile.mkstemp(prefix=f".{backup.name}.", suffix=".tmp", dir=target.parent)
    os.close(fd)
    try:
        os.unlink(temp)
        try:
            os.link(target, temp)
        except OSError:
            shutil.copy2(target, temp)
        os.replace(temp, backup)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise
    return backup


def save_pack(entries: list[Entry], path: str, fmt: str | None, access: Access,
              expected: str | None, overwrite: bool, deleted: int = 0) -> dict:
    """Write ``entries`` to ``path`` (see the module's docstring for when it asks first).
    ``expected``: the version of the file the page opened from this path, if any; ``fmt``
    None: the file's own format if it exists, else the one its extension names; ``deleted``:
    boards of that file the designer deleted on purpose (the only way a save may hold fewer
    boards than the file).  The file replaced is kept as ``NAME.bak``."""
    target = _save_target(path, access)
    _refuse_losing_boards(path, None, len(entries), deleted)
    if is_sqlite(target):
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
        _refuse_losing_boards(path, boards_held(target), len(entries), deleted)
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
            backup = keep_previous(target) if now is not None else None
            os.replace(temp, target)
        except BaseException:
            Path(temp).unlink(missing_ok=True)
            raise
        return {"path": path, "format": fmt, "version": version(target), "bytes": len(text),
                "boards": len(entries), "backup": access.shown(backup) if backup else None}


def save_catalogue(entries: list[Entry], path: str, access: Access, timeout: float,
                   deadline: float | None = None) -> dict:
    """Add ``entries`` to the catalogue at ``path`` (made if new): each checked unique under
    its rules (``flow`` when it names none) within ``timeout`` seconds, graded, and stored
    once.  Returns the counts and, per refused board, its number and verdict.  ``deadline``
    (``time.monotonic()``): the whole save's; the checks share it, and boards not checked
    by then are refused as ``not-checked``."""
    from satlink.generate.catalogue import Catalogue, CatalogueError
    from satlink.quality.figures import quality
    from satlink.solver.check import check
    from satlink.solver.verdict import Status

    target = _save_target(path, access, "catalogue file")
    if target.exists() and not is_sqlite(target) and target.stat().st_size > 0:
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
        proven.append((entry.board, solution, rules, quality(entry.board, solution, verdict, grade=True)))
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
