"""The JSONL results file: one line per board, appended and flushed as soon as it is known.

``--resume`` reads the file back and skips boards already in it (by source, index and
content hash).  A line cut short by a crash is removed before appending, so an interrupted
run loses at most the boards in flight and never leaves a broken or duplicated line.
"""

from __future__ import annotations

import json
import os
from pathlib import Path


class ResultsFile:
    def __init__(self, path: str | None, resume: bool):
        self.path = path
        self.done: dict[tuple[str, int, str], dict] = {}
        self._handle = None
        if path is None:
            return
        file = Path(path)
        if resume and file.exists():
            self._load_and_trim(file)
        else:
            file.write_text("")
        self._handle = open(file, "a", encoding="utf-8")  # noqa: SIM115 (kept open for appends)

    def _load_and_trim(self, file: Path) -> None:
        data = file.read_bytes()
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
            with open(file, "r+b") as handle:
                handle.truncate(good)

    def append(self, record: dict) -> None:
        if self._handle is None:
            return
        self._handle.write(json.dumps(record, ensure_ascii=False) + "\n")
        self._handle.flush()
        os.fsync(self._handle.fileno())

    def close(self) -> None:
        if self._handle is not None:
            self._handle.close()
