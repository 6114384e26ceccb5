"""Worker processes end with the process that started them.

A ``satlink validate --jobs N`` or ``generate --jobs N`` killed with ``kill -9`` cannot stop
its workers, and a worker waiting for its next task would wait forever.  Every worker calls
:func:`die_with_parent` first:

* on Linux the kernel kills it when its parent dies (``prctl(PR_SET_PDEATHSIG, SIGKILL)``);
* everywhere, a watchdog thread ends it once ``os.getppid()`` is no longer the parent (an
  orphan is adopted by another process), checked every :data:`CHECK_SECONDS`.

Workers that wait on a pipe also close the parent's ends they inherited through ``fork``, so
that a dead parent is an end of file for them (see :mod:`satlink.batch.local`).
"""

from __future__ import annotations

import ctypes
import os
import signal
import sys
import threading
import time

CHECK_SECONDS = 0.5
PR_SET_PDEATHSIG = 1


def parent_gone(parent_pid: int) -> bool:
    return os.getppid() != parent_pid


def die_with_parent(parent_pid: int) -> None:
    """Make this (worker) process exit as soon as ``parent_pid`` is gone."""
    if sys.platform.startswith("linux"):
        try:
            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
        except (OSError, AttributeError):
            pass  # no prctl here: the watchdog below still works
    if parent_gone(parent_pid):  # the parent died before the line above took effect
        os._exit(1)
    threading.Thread(target=_watch, args=(parent_pid,), name="satlink-lifeline",
                     daemon=True).start()


def _watch(parent_pid: int) -> None:
    while not parent_gone(parent_pid):
        time.sleep(CHECK_SECONDS)
    os._exit(1)
