"""Solver work off the event loop: every job bounded in time and in number, and dropped as soon
as nobody waits for it.

Every check, explanation, repair, completion, generation, save into a catalogue and open runs
in a worker thread, so the server keeps answering (and the page keeps drawing) while one runs.
A job ends in one of four ways, whichever comes first:

* its work returns;
* the **request's deadline** passes (``--timeout`` from the moment the request arrived,
  time in the queue included): the job's :class:`satlink.runtime.cancel.CancelToken` is cancelled, so
  the SAT search is interrupted, the deductions and the walks stop at their next look
  (:func:`satlink.runtime.cancel.stop_if_cancelled`), and the library answers as at its own
  timeout; a job that has not stopped a moment later is answered :class:`TimedOut` and its
  thread left to stop;
* a **newer request of the same channel** (a tab and a purpose: the page's live verdict) makes
  it pointless: it is cancelled (:class:`Stale`), queued or running, so a burst of edits
  costs one check, not one per keystroke;
* its **client goes away** (the page was closed, the fetch aborted): cancelled likewise.

The queue is bounded: at most :attr:`Jobs.per_tab` jobs of one tab in flight (``429``) and
:attr:`Jobs.queued` waiting overall (``503``), each refused at once with a message, never a
silent wait.  The live verdict has an admission of its own (the same bounds, counted over live
checks only, so long jobs filling the queue never refuse it), jumps the queue, and one worker
is kept for it, so a check is never stuck behind, nor refused because of, long repairs,
explanations and completions.
"""

from __future__ import annotations

import asyncio
import itertools
import threading
import time
from collections import Counter
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import TypeVar

from satlink.runtime.cancel import CancelToken, cancelling

T = TypeVar("T")

MAX_CHANNELS = 1024
"""Channels remembered; the oldest are forgotten past this (a page opens one or two)."""
GRACE = 1.0
"""Seconds past its deadline a job may take to stop before it is answered as timed out."""
POLL = 0.05
"""Seconds between looks at a waiting job's token (deadline, client gone, replaced)."""


class Stale(Exception):
    """A newer request on the same channel made this one pointless."""


class Gone(Exception):
    """The client went away: nobody reads the answer."""


class TimedOut(Exception):
    """The request's deadline passed before its job ended."""


class Busy(Exception):
    """The queue is full: ``status`` 429 (this tab's share) or 503 (the whole studio's)."""

    def __init__(self, status: int, message: str):
        super().__init__(message)
        self.status, self.message = status, message


@dataclass(eq=False)
class Job:
    """One request's work while it waits or runs."""

    tab: str
    channel: str | None
    seq: int | None
    live: bool
    token: CancelToken = field(default_factory=CancelToken)
    why: str | None = None
    """Why the token was cancelled: ``deadline``, ``stale`` or ``gone``."""
    order: int = 0

    def stop(self, why: str) -> bool:
        """Cancel the job's token; True the first time (its reason is then ``why``)."""
        first = self.why is None
        if first:
            self.why = why
        self.token.cancel()
        return first


class Jobs:
    """Worker threads, the bounded queue in front of them, and each channel's newest number.

    ``workers`` threads take any job; ``live_workers`` more take only live checks.  Every
    method but :meth:`stop_channel` runs on the server's event loop, so the queue needs no
    lock; the channels' table has one, for tests that call :meth:`note` from other threads."""

    def __init__(self, workers: int = 2, live_workers: int = 1, per_tab: int = 4,
                 queued: int = 16):
        self.workers, self.live_workers = workers, live_workers
        self.per_tab, self.queued = per_tab, queued
        self.pool = ThreadPoolExecutor(max_workers=workers + live_workers,
                                       thread_name_prefix="studio")
        self.latest: dict[str, int] = {}
        self.lock = threading.Lock()
        self.jobs: set[Job] = set()  # waiting or running
        self.waiting: list[Job] = []
        self.running: set[Job] = set()
        self.cancelled = 0  # jobs stopped by a newer request (for tests, benchmarks)
        self.stopped: Counter[str] = Counter()  # jobs stopped, by reason (for tests, benchmarks)
        self._order = itertools.count()

    # -- channels --------------------------------------------------------------------------
    def note(self, channel: str | None, seq: int | None) -> None:
        """Record that ``seq`` is the newest request on ``channel``: older ones of it, waiting
        or running, are stopped."""
        if channel is None or seq is None:
            return
        with self.lock:
            if seq > self.latest.get(channel, -1):
                self.latest[channel] = seq
                if len(self.latest) > MAX_CHANNELS:
                    self.latest.pop(next(iter(self.latest)))
            older = [j for j in list(self.jobs) if j.channel == channel and j.seq is not None
                     and j.seq < seq and not j.token.cancelled]
        for job in older:
            self.cancelled += 1
            self._stop(job, "stale")

    def is_stale(self, channel: str | None, seq: int | None) -> bool:
        if channel is None or seq is None:
            return False
        with self.lock:
            return self.latest.get(channel, -1) > seq

    # -- the queue -------------------------------------------------------------------------
    def _admit(self, job: Job) -> None:
        """Refuse ``job`` when its tab's share or the queue is full.  Live checks and long
        jobs are admitted separately, each against its own kind only: long jobs filling
        the queue never refuse the live verdict, and a burst of live checks (each one making
        its predecessor stale) never refuses a repair."""
        kind = "live checks" if job.live else "requests"
        mine = sum(1 for j in self.jobs
                   if j.tab == job.tab and j.live == job.live and not j.token.cancelled)
        if mine >= self.per_tab:
            raise Busy(429, f"this tab already has {mine} {kind} in the studio's queue; "
                       "wait for one to finish")
        waiting = sum(1 for j in self.waiting if j.live == job.live)
        if waiting >= self.queued:
            raise Busy(503, f"the studio is busy: {waiting} {kind} are waiting; "
                       "try again in a moment")

    def _may_start(self, job: Job) -> bool:
        if len(self.running) >= self.workers + self.live_workers:
            return False
        return job.live or sum(1 for j in self.running if not j.live) < self.workers

    def _next(self) -> Job | None:
        """The job to start now: live checks first, then the oldest."""
        for job in sorted(self.waiting, key=lambda j: (not j.live, j.order)):
            if job.token.cancelled or self._may_start(job):
                return job
        return None

    async def run(self, work: Callable[[], T], channel: str | None = None,
                  seq: int | None = None, *, tab: str = "-", deadline: float | None = None,
                  live: bool = False, gone: asyncio.Event | None = None) -> T:
        """``work()`` in a worker thread under the job's token.  ``deadline``
        (``time.monotonic()``): the request's; ``gone``: set when the client disconnects.
        Raises :class:`Stale`, :class:`Gone`, :class:`TimedOut` or :class:`Busy`."""
        self.note(channel, seq)
        if self.is_stale(channel, seq):
            raise Stale
        job = Job(tab, channel, seq, live, order=next(self._order))
        self._admit(job)
        alarm = None
        if deadline is not None:
            from satlink.runtime.watchdog import WATCHDOG

            alarm = WATCHDOG.schedule(max(0.0, deadline - time.monotonic()),
                                      lambda: self._stop(job, "deadline"))
        with self.lock:
            self.jobs.add(job)
        self.waiting.append(job)
        try:
            await self._wait_turn(job, gone)
            return await self._work(job, work, deadline, gone)
        finally:
            if alarm is not None:
                from satlink.runtime.watchdog import WATCHDOG

                WATCHDOG.cancel(alarm)
            if job in self.waiting:
                self.waiting.remove(job)
            if job not in self.running:
                self._forget(job)

    async def _wait_turn(self, job: Job, gone: asyncio.Event | None) -> None:
        while True:
            if gone is not None and gone.is_set():
                self._stop(job, "gone")
            if job.token.cancelled:
                self._raise_for(job)
            if self._next() is job:
                self.waiting.remove(job)
                self.running.add(job)
                return
            await asyncio.sleep(POLL)

    async def _work(self, job: Job, work: Callable[[], T], deadline: float | None,
                    gone: asyncio.Event | None) -> T:
        def guarded() -> T:
            with cancelling(job.token):
                return work()

        future = asyncio.get_running_loop().run_in_executor(self.pool, guarded)
        future.add_done_callback(lambda _: self._finished(job))
        while not future.done():
            waits = [future]
            if gone is not None and not gone.is_set():
                waits.append(asyncio.ensure_future(gone.wait()))
            limit = None if deadline is None else max(0.0, deadline + GRACE - time.monotonic())
            done, _ = await asyncio.wait(waits, timeout=limit,
                                         return_when=asyncio.FIRST_COMPLETED)
            for extra in waits[1:]:
                extra.cancel()
            if future.done():
                break
            if gone is not None and gone.is_set():
                self._stop(job, "gone")
                raise Gone
            if deadline is not None and time.monotonic() >= deadline + GRACE:
                self._stop(job, "deadline")
                raise TimedOut  # the thread stops at its next look; its slot frees then
        try:
            result = future.result()
        except Exception:
            if job.why is not None:  # whatever a cancelled search raised on its way out
                self._raise_for(job)
            raise
        if job.why in ("stale", "gone") or self.is_stale(job.channel, job.seq):
            self._raise_for(job, "stale" if job.why != "gone" else "gone")
        return result  # under the deadline: the library's own timeout answer

    def _stop(self, job: Job, why: str) -> None:
        if job.stop(why):
            self.stopped[why] += 1

    def _raise_for(self, job: Job, why: str | None = None) -> None:
        why = why or job.why
        if why == "gone":
            raise Gone
        if why == "deadline":
            raise TimedOut
        raise Stale

    def _finished(self, job: Job) -> None:
        self.running.discard(job)
        self._forget(job)

    def _forget(self, job: Job) -> None:
        with self.lock:
            self.jobs.discard(job)

    def stop_all(self) -> None:
        for job in list(self.jobs):
            self._stop(job, "gone")

    def close(self) -> None:
        self.stop_all()
        self.pool.shutdown(wait=False, cancel_futures=True)
