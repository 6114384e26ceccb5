"""One kept SAT solver per tab of the studio (:class:`satlink.solver.session.EditSession`).

A tab's live verdict asks about one board after another, most of them a hole or an endpoint
edited on the one before; the tab's session answers those with the solver it already loaded.  The
sessions are keyed by the live request's channel (a tab's id and a purpose) and the least
recently used are closed past :data:`MAX_TABS`, so a page that opens many tabs cannot make
the server hold a solver for each.
"""

from __future__ import annotations

import threading
from collections import OrderedDict

from satlink.solver.session import EditSession

MAX_TABS = 8
"""Sessions kept; one holds a board's CNF and learnt clauses (a few MB at 20x20)."""


class TabSessions:
    """The sessions of the tabs that asked for a verdict most recently."""

    def __init__(self, limit: int = MAX_TABS):
        self.limit = limit
        self._sessions: OrderedDict[str, EditSession] = OrderedDict()
        self._lock = threading.Lock()

    def of(self, channel: str | None) -> EditSession | None:
        """The session of ``channel`` (made on first use); None without a channel."""
        if channel is None:
            return None
        with self._lock:
            session = self._sessions.get(channel)
            if session is None:
                session = self._sessions[channel] = EditSession()
            self._sessions.move_to_end(channel)
            evicted = []
            while len(self._sessions) > self.limit:
                evicted.append(self._sessions.popitem(last=False)[1])
        for old in evicted:  # freed now, or when a check still running on it ends
            old.close()
        return session

    def close(self) -> None:
        with self._lock:
            sessions, self._sessions = list(self._sessions.values()), OrderedDict()
        for session in sessions:
            session.close()
