"""One thread for the whole process that calls back at deadlines: it interrupts SAT solvers
(:mod:`satlink.solver.backend`) and cancels budgeted work (:mod:`satlink.runtime.cancel`).

It needs nothing of satlink, so both the solver and the cancel tokens below it can use it.
"""

from __future__ import annotations

import heapq
import os
import threading
import time
from collections.abc import Callable

MAX_TIMER_SECONDS = 7 * 24 * 3600.0  # the budget slices go on checking past it


class Watchdog:
    """One thread for the whole process that interrupts solvers at their deadlines.

    A ``threading.Timer`` per solve call started a thread each time, and waiting for it to
    start cost about a millisecond, several on a loaded machine: a noticeable share of the
    studio's live verdict on a small board, which makes two solve calls per edit.  Alarms are
    kept in a heap; a cancelled one is forgotten (and the heap rebuilt when mostly stale).
    """

    def __init__(self) -> None:
        self._cond = threading.Condition()
        self._heap: list[tuple[float, int, int]] = []
        self._live: dict[int, Callable[[], None]] = {}
        self._counter = 0
        self._thread: threading.Thread | None = None

    def schedule(self, seconds: float, callback: Callable[[], None]) -> int:
        """Call ``callback`` (in the watchdog's thread) in ``seconds`` unless cancelled."""
        with self._cond:
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._run, name="satlink-watchdog",
                                                daemon=True)
                self._thread.start()
            self._counter += 1
            self._live[self._counter] = callback
            entry = (time.monotonic() + seconds, self._counter, self._counter)
            heapq.heappush(self._heap, entry)
            if len(self._heap) > 2 * len(self._live) + 64:  # mostly cancelled alarms
                self._heap = [e for e in self._heap if e[1] in self._live]
                heapq.heapify(self._heap)
            if self._heap[0] is entry:  # the thread sleeps past it: wake it (else no switch)
                self._cond.notify()
            return self._counter

    def cancel(self, alarm: int) -> None:
        with self._cond:
            self._live.pop(alarm, None)

    def forget(self) -> None:
        """In a forked child: a fresh lock, no alarms, no thread.  The parent's thread is not
        in the child, and if it held the lock at the fork (it does while it pops an alarm) the
        child's first solve with a deadline would wait on it for ever (``batch`` forks)."""
        self._cond = threading.Condition()
        self._heap = []
        self._live = {}
        self._thread = None

    def _run(self) -> None:
        with self._cond:
            while True:
                while self._heap and self._heap[0][1] not in self._live:
                    heapq.heappop(self._heap)
                if not self._heap:
                    self._cond.wait()
                    continue
                wait = self._heap[0][0] - time.monotonic()
                if wait > 0:
                    self._cond.wait(wait)
                    continue
                alarm = heapq.heappop(self._heap)[1]
                callback = self._live.pop(alarm)
                self._cond.release()
                try:
                    callback()
                except Exception:  # an interrupt on a solver just deleted: nothing to stop
                    pass
                finally:
                    self._cond.acquire()


WATCHDOG = Watchdog()
if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=WATCHDOG.forget)
