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

The same token carries a deadline: :func:`within` runs a block under a child of the current
token that the solvers' watchdog cancels when the seconds are up, so a budget given to a whole
piece of work (``paint --seconds``, ``hint --timeout``, a studio request) reaches every SAT
search and every long Python loop inside it, which stop at :func:`stop_if_cancelled`.  A
child is cancelled with its parent, so a studio request whose client hangs up also stops the
budgeted work it started.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Protocol


class Interruptible(Protocol):
    def interrupt(self) -> None: ...


class Cancelled(Exception):
    """Work stopped at :func:`stop_if_cancelled` because its token was cancelled (a deadline
    passed, a newer request replaced it, or its client went away)."""


class CancelToken:
    """Cancellation set once from any thread, the solvers to interrupt when it is, and the child
    tokens (:meth:`child`) cancelled with it."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._cancelled = False
        self._running: list[Interruptible] = []
        self._children: set[CancelToken] = set()

    @property
    def cancelled(self) -> bool:
        return self._cancelled

    def cancel(self) -> None:
        """Mark it cancelled, interrupt every solver running under this token, cancel its children."""
        with self._lock:
            self._cancelled = True
            running = list(self._running)
            children = list(self._children)
        for solver in running:
            solver.interrupt()
        for child in children:
            child.cancel()

    def child(self) -> CancelToken:
        """A token cancelled when this one is (at once if this one already is); forget it
        with :meth:`release` when its work ends."""
        token = CancelToken()
        with self._lock:
            if not self._cancelled:
                self._children.add(token)
                return token
        token.cancel()
        return token

    def release(self, child: CancelToken) -> None:
        with self._lock:
            self._children.discard(child)

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


def stop_if_cancelled() -> None:
    """Raise :class:`Cancelled` if the work running in this thread has been cancelled: the
    check a long Python loop makes every few hundred steps."""
    token = getattr(_local, "token", None)
    if token is not None and token._cancelled:
        raise Cancelled


@contextmanager
def within(seconds: float | None) -> Iterator[CancelToken]:
    """Run the block under a token cancelled after ``seconds`` (None: never by time), and
    whenever the token of the enclosing work is."""
    from satlink.runtime.watchdog import MAX_TIMER_SECONDS, WATCHDOG

    parent = current()
    token = parent.child() if parent is not None else CancelToken()
    alarm = None
    if seconds is not None:
        if seconds <= 0:
            token.cancel()
        else:
            alarm = WATCHDOG.schedule(min(seconds, MAX_TIMER_SECONDS), token.cancel)
    try:
        with cancelling(token):
            yield token
    finally:
        if alarm is not None:
            WATCHDOG.cancel(alarm)
        if parent is not None:
            parent.release(token)


@contextmanager
def cancelling(token: CancelToken) -> Iterator[CancelToken]:
    """Run the block's library calls under ``token`` (in this thread)."""
    previous = getattr(_local, "token", None)
    _local.token = token
    try:
        yield token
    finally:
        _local.token = previous
