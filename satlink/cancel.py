"""Cancelling a check from another thread: the studio's stale requests.

A live verdict that is still running when a newer edit arrives answers a board nobody looks
at any more.  The server gives each request a :class:`CancelToken` and runs the library's
``check`` under :func:`cancelling`; when a newer request arrives on the same channel it calls
:meth:`CancelToken.cancel`, which interrupts the SAT solver the check is running in that
thread (PySAT's ``interrupt``, as the ``--timeout`` timer does) and makes the deductions stop
at their next pass.  The check then ends as if its deadline had passed (the ``timeout`` a
caller already handles), and the server drops the answer as stale.

The token is found through a thread-local, so no signature between the server and the
solver's inner loop changes; code run outside :func:`cancelling` sees no token and pays one
attribute lookup.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Protocol


class Interruptible(Protocol):
    def interrupt(self) -> None: ...


class CancelToken:
    """A flag set once from any thread, and the solvers to interrupt when it is."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._cancelled = False
        self.flag = bytearray(1)
        """1 once cancelled: the compiled deduction engine reads this byte while it works
        without the GIL (:mod:`satlink.deduce.engines`)."""
        self._running: list[Interruptible] = []

    @property
    def cancelled(self) -> bool:
        return self._cancelled

    def cancel(self) -> None:
        """Set the flag and interrupt every solver running under this token."""
        with self._lock:
            self._cancelled = True
            self.flag[0] = 1
            running = list(self._running)
        for solver in running:
            solver.interrupt()

    @contextmanager
    def running(self, solver: Interruptible) -> Iterator[None]:
        """While the block runs, :meth:`cancel` interrupts ``solver`` (at once if the token
        was cancelled before the block began)."""
        with self._lock:
            self._running.append(solver)
            already = self._cancelled
        if already:
            solver.interrupt()
        try:
            yield
        finally:
            with self._lock:
                self._running.remove(solver)


_local = threading.local()


def current() -> CancelToken | None:
    """The token of the work running in this thread, if any."""
    return getattr(_local, "token", None)


def cancelled() -> bool:
    """Whether the work running in this thread has been cancelled."""
    token = getattr(_local, "token", None)
    return token is not None and token._cancelled


def current_flag() -> bytearray | None:
    """The cancel flag of the work running in this thread (:attr:`CancelToken.flag`), if any."""
    token = getattr(_local, "token", None)
    return None if token is None else token.flag


@contextmanager
def cancelling(token: CancelToken) -> Iterator[CancelToken]:
    """Run the block's library calls under ``token`` (in this thread)."""
    previous = getattr(_local, "token", None)
    _local.token = token
    try:
        yield token
    finally:
        _local.token = previous
