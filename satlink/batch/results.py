"""The JSONL results file: one line per board, appended and flushed as soon as it is known.

``--resume`` reads the file back and skips boards already in it (by source, index and
content hash).  A line cut short by a crash is removed before appending, so an interrupted
run loses at most the boards in flight and never leaves a broken or duplicated line.

A run holds an exclusive lock on the file (``flock``, where the system has it) from before it
empties or reads it until it ends: a second run on the same file stops at once with a
message instead of interleaving its lines with the first one's.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import BinaryIO

try:
    import fcntl
except ImportError:  # not on Windows: runs are not locked there
    fcntl = None


class ResultsError(Exception):
    """The --out file cannot be used: another run holds it, or it is not a results file."""


def open_locked(path: Path) -> BinaryIO:
    """``path`` opened for appending (created if missing), locked against other runs."""
    while True:
        handle = open(path, "a+b")  # noqa: SIM115 (kept open, and locked, for the whole run)
        if fcntl is None:
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


class ResultsFile:
    def __init__(self, path: str | None, resume: bool):
        self.path = path
        self.done: dict[tuple[str, int, str], dict] = {}
        self._handle: BinaryIO | None = None
        if path is None:
            return
        self._handle = open_locked(Path(path))
        if resume:
            self._load_and_trim()
        else:
            self._handle.truncate(0)

    def _load_and_trim(self) -> None:
        handle = self._handle
        handle.seek(0)
        data = handle.read()
        good = 0
        for line in data.splitlines(keepends=True):
            if not line.endswith(b"\n"):
                break
            try:
                record = json.loads(line)
            except json.JSONDecodeError:
                break
            self.done[(record["source"], record["index"], record["hash"])] = record
            good += len(line)
        if good < len(data):
            handle.truncate(good)

    def append(self, record: dict) -> None:
        if self._handle is None:
            return
        self._handle.write((json.dumps(record, ensure_ascii=False) + "\n").encode("utf-8"))
        self._handle.flush()
        os.fsync(self._handle.fileno())

    def close(self) -> None:
        if self._handle is not None:
            self._handle.close()
