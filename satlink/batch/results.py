"""The JSONL results file: one line per board, appended and flushed as soon as it is known.

``--resume`` reads the file back and skips boards already in it (by source, index and
content hash).  A line cut short by a crash is removed before appending (a whole last record
that only lacks its newline gets it), so an interrupted
run loses at most the boards in flight and never leaves a broken or duplicated line; boards
whose line says ``error`` are run again, and a line whose board has changed is replaced.  A
file that holds anything else than records is refused with the line named, never trimmed.
Records of an earlier version (2) are kept as this version writes them
(:func:`satlink.records.upgrade`), so the file holds one version throughout.

A run holds an exclusive lock on the file (``flock``, where the system has it) from before it
empties or reads it until it ends: a second run on the same file stops at once with a
message instead of interleaving its lines with the first one's.
"""

from __future__ import annotations

import errno
import json
import math
import os
import stat
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import BinaryIO

from satlink.records import upgrade

try:
    import fcntl
except ImportError:  # not on Windows: runs are not locked there
    fcntl = None


class ResultsError(Exception):
    """The --out file cannot be used: another run holds it, or it is not a results file."""


def open_locked(path: Path) -> BinaryIO:
    """``path`` opened for appending (created if missing), locked against other runs.  Only a
    regular file is locked: a device such as /dev/null is written by any number of processes
    at once, and there are no lines of a run's there for another to interleave with."""
    while True:
        handle = open(path, "a+b")  # noqa: SIM115 (kept open, and locked, for the whole run)
        if fcntl is None or not stat.S_ISREG(os.fstat(handle.fileno()).st_mode):
            return handle
        try:
            fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            handle.close()
            raise ResultsError(f"another satlink run is writing {path}; wait for it to end or "
                               "give another --out") from None
        try:  # the file may have been replaced (a resume rewrites it) between open and lock
            same = os.path.samestat(os.fstat(handle.fileno()), os.stat(path))
        except FileNotFoundError:
            same = False
        if same:
            return handle
        handle.close()


def _sync(handle: BinaryIO) -> None:
    """fsync, which a device such as /dev/null refuses (EINVAL): nothing there to keep."""
    try:
        os.fsync(handle.fileno())
    except OSError as exc:
        if exc.errno != errno.EINVAL:
            raise


Key = tuple[str, int, str, str]  # source, index, content hash, rules


def record_key(record: dict) -> Key:
    return (record["source"], record["index"], record["hash"], str(record.get("rules")))


def _whole(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _number(value) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)


def _cell(value) -> bool:
    return isinstance(value, list) and len(value) == 2 and all(map(_whole, value))


def _cells(value) -> bool:
    return isinstance(value, list) and all(map(_cell, value))


def _solution(value) -> bool:
    return isinstance(value, dict) and all(isinstance(k, str) and _cells(v) for k, v in value.items())


def _rows(value) -> bool:
    return isinstance(value, list) and all(isinstance(row, str) for row in value)


def _error(value) -> bool:
    return (isinstance(value, dict) and isinstance(value.get("message", ""), str)
            and all(value.get(k) is None or _whole(value[k]) for k in ("board", "line", "column")))


def _proposal(value) -> bool:
    return (isinstance(value, dict) and _rows(value.get("grid"))
            and isinstance(value.get("description", ""), str)
            and (value.get("solution") is None or _solution(value.get("solution"))))


RECORD_FIELDS: dict[str, tuple[str, object]] = {
    # the fields a run reads back (summary, report): what each must be, when present
    "width": ("a whole number", _whole), "height": ("a whole number", _whole),
    "labels": ("a whole number", _whole), "rules": ("a string", lambda v: isinstance(v, str)),
    "seconds": ("a number", _number), "count": ("a whole number", _whole),
    "count_complete": ("true or false", lambda v: isinstance(v, bool)),
    "timed_out": ("true or false", lambda v: isinstance(v, bool)),
    "grid": ("a list of strings", _rows),
    "solutions": ("a list of solutions", lambda v: isinstance(v, list) and all(map(_solution, v))),
    "shipped_solution": ("a solution", _solution),
    "diff_cells": ("a list of [row, column]", _cells),
    "geometry": ("an object", lambda v: isinstance(v, dict)),
    "quality": ("an object with numbers", lambda v: isinstance(v, dict)
                and (v.get("colours") is None or _whole(v["colours"]))
                and (v.get("difficulty") is None or _number(v["difficulty"]))),
    "error": ("an object with a message and line numbers", _error),
    "duplicate_of": ("an object with 'source' and 'index'", lambda v: isinstance(v, dict)
                     and isinstance(v.get("source"), str) and _whole(v.get("index"))),
    "mismatch": ("a list of strings", _rows),
    "repairs": ("a list of proposals", lambda v: isinstance(v, list) and all(map(_proposal, v))),
}


def record_problem(record: dict) -> str | None:
    """What is wrong with a record read back from a results file (a field of the wrong
    type, as a hand edit can leave it), or None: what reaches the summary and the HTML
    report is what satlink writes."""
    for name, (kind, test) in RECORD_FIELDS.items():
        value = record.get(name)
        if value is not None and not test(value):
            try:
                shown = json.dumps(value, ensure_ascii=True)
            except RecursionError:
                shown = f"a deeply nested {type(value).__name__}"
            shown = shown if len(shown) <= 40 else shown[:40] + "..."
            return f"'{name}' is {shown}, not {kind}"
    return None


class ResultsFile:
    """``--out``: locked for the run; with ``resume``, read back and tidied first.

    Resuming keeps each board's line once, drops ``error`` lines (those boards are run again:
    ``retried``) and *stale* lines, those of a file in this run (``current``: the run's
    task keys) whose board changed or is gone, and rewrites the file without them,
    atomically, before anything is appended.
    """

    def __init__(self, path: str | None, resume: bool, current: Iterable[Key] = (),
                 holds: Callable[[dict], bool] = lambda record: True):
        self.path = path
        self.done: dict[Key, dict] = {}
        self.retried = 0
        self.rejudged = 0  # boards whose line was made under options that change the verdict
        self._holds = holds
        self._handle: BinaryIO | None = None
        if path is None:
            return
        try:
            self._handle = open_locked(Path(path))
            if resume and os.path.isfile(path):  # a device holds no results: /dev/zero would
                self._resume(set(current))         # be read without end
            elif os.path.isfile(path):  # a device (/dev/null) has nothing to empty
                self._handle.truncate(0)
        except OSError as exc:
            self.close()
            raise ResultsError(f"cannot write {path}: {exc.strerror or exc}") from None
        except ResultsError:
            self.close()  # and so unlock
            raise

    def _resume(self, current: set[Key]) -> None:
        handle = self._handle
        handle.seek(0)
        data = handle.read()
        sources = {key[0] for key in current}
        boards = {key[:3] for key in current}
        kept: list[bytes] = []
        upgraded = False
        for number, line in enumerate(data.splitlines(keepends=True), 1):
            record = self._record(line, number)
            if record is None:
                continue  # the last line, cut short by a crash
            key = record_key(record)
            if key in self.done:
                continue  # a repeated line
            if record["source"] in sources and key not in current:
                if key[:3] in boards:
                    self.rejudged += 1  # judged under other rules then: judged again now
                continue  # the line of a board that changed or is gone, or of other rules
            if record["status"] == "error" and key in current:
                self.retried += 1  # its worker crashed: run it again
                continue
            today = upgrade(record)
            if today is not record:  # an earlier version's line, rewritten as this one's
                record, upgraded = today, True
                line = (json.dumps(record, ensure_ascii=False) + "\n").encode("utf-8")
            if key in current and not self._holds(record):
                self.rejudged += 1  # e.g. a timeout, and this run allows more time
                continue
            self.done[key] = record
            kept.append(line if line.endswith(b"\n") else line + b"\n")  # whole, only unended
        if upgraded or b"".join(kept) != data:
            self._rewrite(b"".join(kept))

    def _record(self, line: bytes, number: int) -> dict | None:
        """The record on ``line``; None for a last line cut short; else a ResultsError."""
        where = f"{self.path}, line {number}"
        try:
            record = json.loads(line)
        except RecursionError:
            raise ResultsError(f"{where}: not a JSON record (nested too deeply); --resume reads "
                               "the --out of an earlier 'satlink validate' run") from None
        except ValueError as exc:  # not JSON, not UTF-8, or a number of 4,300+ digits
            if not line.endswith(b"\n") and line.startswith(b'{"'):
                return None
            raise ResultsError(f"{where}: not a JSON record ({exc}); --resume reads the --out "
                               "of an earlier 'satlink validate' run") from None
        if not isinstance(record, dict):
            raise ResultsError(f"{where}: not a 'satlink validate' record (a JSON "
                               f"{type(record).__name__}, not an object)")
        for name, kind in (("source", str), ("index", int), ("hash", str), ("status", str)):
            if not isinstance(record.get(name), kind):
                raise ResultsError(f"{where}: not a 'satlink validate' record (no '{name}'); "
                                   "--resume reads the --out of an earlier 'satlink validate' "
                                   "run")
        problem = record_problem(record)
        if problem:
            raise ResultsError(f"{where}: not a 'satlink validate' record ({problem}); "
                               "--resume reads the --out of an earlier 'satlink validate' run")
        return record

    def _rewrite(self, kept: bytes) -> None:
        """Replace the file by ``kept`` at once (a crash leaves the old or the new file),
        keeping the lock: the new file is locked before it takes the old one's name."""
        target = Path(os.path.realpath(self.path))
        temporary = target.with_name(f".{target.name}.{os.getpid()}.tmp")
        new = open(temporary, "w+b")  # noqa: SIM115 (becomes the run's handle)
        try:
            if fcntl is not None:
                fcntl.flock(new.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
            os.chmod(temporary, os.stat(target).st_mode & 0o7777)
            new.write(kept)
            new.flush()
            os.fsync(new.fileno())
            os.replace(temporary, target)
        except BaseException:
            new.close()
            temporary.unlink(missing_ok=True)
            raise
        self._handle.close()
        self._handle = new

    def append(self, record: dict) -> None:
        if self._handle is None:
            return
        try:
            self._handle.write((json.dumps(record, ensure_ascii=False) + "\n").encode("utf-8"))
            self._handle.flush()
            _sync(self._handle)
        except OSError as exc:
            raise ResultsError(f"cannot write {self.path}: {exc.strerror or exc}") from None

    def close(self) -> None:
        if self._handle is not None:
            handle, self._handle = self._handle, None
            try:
                handle.close()
            except OSError as exc:  # what a failed append left in the buffer
                raise ResultsError(f"cannot write {self.path}: {exc.strerror or exc}") from None
