"""Solver work off the event loop, with stale requests dropped.

Every check, explanation or repair runs in a worker thread, so the server keeps answering
(and the page keeps drawing) while one runs; each is bounded by the studio's ``--timeout``,
which the library functions take as their own deadline (the SAT search is interrupted, not
abandoned).  The page numbers its live requests per *channel* (one per tab and purpose) and
aborts the previous fetch on every edit; the server drops a request whose channel has seen a
newer number before it starts, *interrupts* one that is running when a newer number arrives
(its :class:`satlink.cancel.CancelToken`: the SAT solver is interrupted and the deductions
stop at their next pass, so the worker is free for the newer check at once), and marks a
finished one stale if a newer one arrived while it ran, so a burst of edits costs one check,
not one per keystroke.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import TypeVar

from satlink.cancel import CancelToken, cancelling

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
        self.running: dict[str, list[tuple[int, CancelToken]]] = {}
        self.lock = threading.Lock()
        self.cancelled = 0  # running requests interrupted by a newer one (for tests, benchmarks)

    def note(self, channel: str | None, seq: int | None) -> None:
        """Record that ``seq`` is the newest request on ``channel``: older ones go stale, and
        those running are cancelled."""
        if channel is None or seq is None:
            return
        with self.lock:
            if seq > self.latest.get(channel, -1):
                self.latest[channel] = seq
                if len(self.latest) > MAX_CHANNELS:
                    self.latest.pop(next(iter(self.latest)))
            older = [token for s, token in self.running.get(channel, []) if s < seq]
        for token in older:
            if not token.cancelled:
                self.cancelled += 1
                token.cancel()

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
        token = CancelToken()
        if channel is not None and seq is not None:
            with self.lock:
                self.running.setdefault(channel, []).append((seq, token))

        def guarded() -> T:
            if self.is_stale(channel, seq):
                raise Stale
            with cancelling(token):
                return work()

        try:
            result = await asyncio.get_running_loop().run_in_executor(self.pool, guarded)
        except Exception:
            if token.cancelled:  # whatever a cancelled search raised on its way out
                raise Stale from None
            raise
        finally:
            if channel is not None and seq is not None:
                with self.lock:
                    mine = self.running.get(channel, [])
                    mine.remove((seq, token))
                    if not mine:
                        self.running.pop(channel, None)
        if token.cancelled or self.is_stale(channel, seq):
            raise Stale
        return result

    def close(self) -> None:
        self.pool.shutdown(wait=False, cancel_futures=True)
