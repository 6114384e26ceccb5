"""Solver work off the event loop, with stale requests dropped.

Every check, explanation or repair runs in a worker thread, so the server keeps answering
(and the page keeps drawing) while one runs; each is bounded by the studio's ``--timeout``,
which the library functions take as their own deadline (the SAT search is interrupted, not
abandoned).  The page numbers its live requests per *channel* (one per tab and purpose) and
aborts the previous fetch on every edit; the server drops a request whose channel has seen a
newer number before it starts, and marks a finished one stale if a newer one arrived while it
ran, so a burst of edits costs one check, not one per keystroke.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import TypeVar

T = TypeVar("T")

MAX_CHANNELS = 1024
"""Channels remembered; the oldest are forgotten past this (a page opens one or two)."""


class Stale(Exception):
    """A newer request on the same channel made this one pointless."""


class Jobs:
    """A small pool of worker threads and the latest sequence number of each channel."""

    def __init__(self, workers: int = 2):
        self.pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="studio")
        self.latest: dict[str, int] = {}
        self.lock = threading.Lock()

    def note(self, channel: str | None, seq: int | None) -> None:
        """Record that ``seq`` is the newest request on ``channel`` (older ones go stale)."""
        if channel is None or seq is None:
            return
        with self.lock:
            if seq > self.latest.get(channel, -1):
                self.latest[channel] = seq
                if len(self.latest) > MAX_CHANNELS:
                    self.latest.pop(next(iter(self.latest)))

    def is_stale(self, channel: str | None, seq: int | None) -> bool:
        if channel is None or seq is None:
            return False
        with self.lock:
            return self.latest.get(channel, -1) > seq

    async def run(self, work: Callable[[], T], channel: str | None = None,
                  seq: int | None = None) -> T:
        """``work()`` in a worker thread; :class:`Stale` if a newer request on ``channel``
        arrived before it started or while it ran."""
        self.note(channel, seq)

        def guarded() -> T:
            if self.is_stale(channel, seq):
                raise Stale
            return work()

        result = await asyncio.get_running_loop().run_in_executor(self.pool, guarded)
        if self.is_stale(channel, seq):
            raise Stale
        return result

    def close(self) -> None:
        self.pool.shutdown(wait=False, cancel_futures=True)
