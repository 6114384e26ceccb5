"""What a long job is doing, for the page to show while it waits (and to cancel it).

A repair or a fix of a drawing may search for seconds.  Its handler registers a
:class:`Progress` under the request's channel (a tab's id and a purpose, as the live
verdict's), hands it to the library search as its ``progress`` callback, and the search
says in words where it is ("checking edit 12 of at most 60: move B from (2,3) to (2,4)").
The page polls ``/api/progress`` with the channel every few hundred milliseconds and shows
the words and the seconds spent beside a Cancel button; cancelling aborts the request, which
stops the job (:mod:`satlink.studio.jobs`: a client gone).

The polls are answered in the event loop from this table (no worker, no queue), so a busy
studio still says what it is busy with.  The table is bounded: a page keeps one or two
searches going, and the oldest entries are dropped past :data:`MAX_ENTRIES`.
"""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from dataclasses import dataclass, field

MAX_ENTRIES = 256


@dataclass
class Progress:
    """One running search: the last thing it said and when it started.  Called by the
    search's thread; read by the event loop (one string attribute: no lock needed)."""

    stage: str = "waiting for a worker"
    started: float = field(default_factory=time.monotonic)

    def __call__(self, text: str) -> None:
        self.stage = text

    def as_dict(self) -> dict:
        return {"running": True, "stage": self.stage,
                "seconds": round(time.monotonic() - self.started, 1)}


class ProgressBoard:
    """The running searches by channel."""

    def __init__(self) -> None:
        self._entries: OrderedDict[str, Progress] = OrderedDict()
        self._lock = threading.Lock()

    def start(self, channel: str | None) -> Progress:
        """A new entry for ``channel`` (replacing a finished or stale one); without a channel
        the search still gets a callback, which nobody reads."""
        progress = Progress()
        if channel is not None:
            with self._lock:
                self._entries[channel] = progress
                self._entries.move_to_end(channel)
                while len(self._entries) > MAX_ENTRIES:
                    self._entries.popitem(last=False)
        return progress

    def end(self, channel: str | None, progress: Progress) -> None:
        """Forget ``channel``'s entry if it is still ``progress`` (a newer search may have
        replaced it)."""
        if channel is None:
            return
        with self._lock:
            if self._entries.get(channel) is progress:
                del self._entries[channel]

    def of(self, channel: str | None) -> dict:
        with self._lock:
            progress = self._entries.get(channel) if channel is not None else None
        return progress.as_dict() if progress is not None else {"running": False}
