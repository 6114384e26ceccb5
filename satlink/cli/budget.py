"""A command's budget held even where the library cannot be stopped half way.

The library's long work stops at its budget by itself (:func:`satlink.runtime.cancel.within`: the SAT
search is interrupted, the deductions and the walks look at the token between passes).  A
few steps cannot look: building the deduction engine's tables for a board of a million
cells takes seconds in one go.  :func:`finish_within` runs the work in a thread under the
budget and stops waiting for it a moment after: the command answers on time, and the thread
(a daemon, so the process still exits) stops at its next look at the token.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import TypeVar

from satlink.runtime.cancel import within

T = TypeVar("T")

GRACE = 0.5
"""Seconds past the budget the command waits for the work to stop by itself (it looks at its
token every few milliseconds where it can)."""


def finish_within(seconds: float, work: Callable[[], T]) -> tuple[bool, T | None]:
    """``(True, work())``, or ``(False, None)`` when the work has not ended ``GRACE`` seconds
    after its budget of ``seconds``; an exception of the work is raised here."""
    out: dict = {}

    def run() -> None:
        try:
            with within(seconds):
                out["value"] = work()
        except BaseException as exc:  # handed to the caller's thread
            out["error"] = exc

    thread = threading.Thread(target=run, name="satlink-budget", daemon=True)
    thread.start()
    thread.join(seconds + GRACE)
    if thread.is_alive():
        return False, None
    if "error" in out:
        raise out["error"]
    return True, out["value"]
