"""Serving the studio with uvicorn: the one configuration the command and the tests share.

uvicorn closes a kept-alive connection that stays quiet after a response
(``timeout_keep_alive``), but not one that never sends a whole request: a socket opened and
left silent, or a request head sent a byte at a time, stayed open for ever, each holding a
file descriptor.  :class:`IdleClosing` closes a
connection that has had no request in progress for :data:`IDLE_SECONDS`, counting from when it
opened or from its last response; a request whose handler is running is bounded by its own
deadline instead (:mod:`satlink.studio.jobs`).
"""

from __future__ import annotations

import socket

import uvicorn
from uvicorn.protocols.http.h11_impl import H11Protocol

IDLE_SECONDS = 10.0
"""Seconds a connection may stay open without a request in progress."""
KEEP_ALIVE_SECONDS = 5
"""Seconds a connection is kept after a response, waiting for the next request (uvicorn's)."""


class IdleClosing(H11Protocol):
    """uvicorn's HTTP/1.1 protocol, closing a connection idle for :data:`IDLE_SECONDS`."""

    idle_seconds = IDLE_SECONDS

    def connection_made(self, transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._quiet_since = self.loop.time()
        self._idle_timer = self.loop.call_later(self.idle_seconds, self._close_if_idle)

    def on_response_complete(self) -> None:
        super().on_response_complete()
        self._quiet_since = self.loop.time()

    def connection_lost(self, exc) -> None:
        timer = getattr(self, "_idle_timer", None)
        if timer is not None:
            timer.cancel()
        super().connection_lost(exc)

    def _handling(self) -> bool:
        """Whether a request has been read whole and is being answered."""
        cycle = self.cycle
        return cycle is not None and not cycle.response_complete and not cycle.more_body

    def _close_if_idle(self) -> None:
        if self.transport.is_closing():
            return
        now = self.loop.time()
        if self._handling():
            self._quiet_since = now
        elif now - self._quiet_since >= self.idle_seconds:
            self.transport.close()
            return
        wait = max(0.05, self.idle_seconds - (now - self._quiet_since))
        self._idle_timer = self.loop.call_later(wait, self._close_if_idle)


def server(app, idle_seconds: float = IDLE_SECONDS) -> uvicorn.Server:
    """A uvicorn server for ``app`` (run it with ``.run(sockets=[...])``)."""
    protocol = type("StudioProtocol", (IdleClosing,), {"idle_seconds": idle_seconds})
    config = uvicorn.Config(app, log_level="warning", lifespan="on", http=protocol,
                            timeout_keep_alive=KEEP_ALIVE_SECONDS)
    return uvicorn.Server(config)


def serve(app, sock: socket.socket) -> None:
    """Serve ``app`` on the listening socket until Ctrl-C."""
    server(app).run(sockets=[sock])
