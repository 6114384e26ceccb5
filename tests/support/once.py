"""A folder made once for the whole test run, even when pytest-xdist runs it in several
worker processes: the first worker to ask makes it, under a lock, and the others wait for it
and read the same folder."""

from __future__ import annotations

import fcntl
import os
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest


def made_once(tmp_path_factory: pytest.TempPathFactory, name: str,
              make: Callable[[Path], None]) -> Path:
    """``name`` under the run's temporary folder (shared by its workers), filled by
    ``make(folder)`` once; the tests must only read it (copy it to change it)."""
    root = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        root = root.parent  # each worker's base folder sits in the run's own
    folder, done = root / name, root / f"{name}.done"
    with open(root / f"{name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not done.exists():
            shutil.rmtree(folder, ignore_errors=True)  # a worker that failed half-way
            folder.mkdir()
            make(folder)
            done.touch()
    return folder
