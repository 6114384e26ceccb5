"""Who may talk to the studio: only pages it served itself, on this machine.

The studio listens on 127.0.0.1, but that alone does not stop a web page on the internet
from driving it through the visitor's browser: a cross-site form or fetch can post to
``http://127.0.0.1:PORT`` (CSRF), and a hostile domain that resolves to 127.0.0.1 can read
the answers as its own origin (DNS rebinding).  So every request must name a local host in
its ``Host`` header (a rebinding attack names the attacker's domain) and, when the browser
sends an ``Origin`` (every cross-origin request and every ``POST``), a local origin on the
studio's own port.  Request bodies are bounded before they are read.
"""

from __future__ import annotations

import json

LOCAL_HOSTS = ("127.0.0.1", "localhost", "[::1]")
MAX_BODY = 8 * 2**20
"""Bytes a request body may have (a pack of a few thousand boards)."""


def _host_port(value: str) -> tuple[str, str | None]:
    value = value.strip().lower()
    if value.startswith("["):
        host, _, rest = value.partition("]")
        return host + "]", rest[1:] if rest.startswith(":") else None
    host, sep, port = value.rpartition(":")
    return (host, port) if sep and port.isdigit() else (value, None)


class LocalOnly:
    """ASGI middleware: refuse (403) a request whose ``Host`` or ``Origin`` is not this
    studio on a local address, and (413) a body longer than ``max_body`` bytes."""

    def __init__(self, app, port: int | None, extra_hosts: tuple[str, ...] = (),
                 max_body: int = MAX_BODY):
        self.app = app
        self.port = port
        self.hosts = {h.lower() for h in LOCAL_HOSTS + tuple(extra_hosts)}
        self.max_body = max_body

    def allowed_host(self, value: str | None) -> bool:
        if not value:
            return False
        host, port = _host_port(value)
        return host in self.hosts and (self.port is None or port in (None, str(self.port)))

    def allowed_origin(self, value: str | None) -> bool:
        if value is None:
            return True  # not a browser's cross-origin request (curl, tests, same-origin GET)
        scheme, sep, rest = value.partition("://")
        return sep != "" and scheme == "http" and self.allowed_host(rest)

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}
        if not self.allowed_host(headers.get("host")):
            return await _refuse(send, 403, "refused: the Host header is not this studio "
                                 "on a local address")
        if not self.allowed_origin(headers.get("origin")):
            return await _refuse(send, 403, "refused: the request comes from another site")
        length = headers.get("content-length")
        if length is not None and (not length.isdigit() or int(length) > self.max_body):
            return await _refuse(send, 413, f"refused: the request is larger than "
                                 f"{self.max_body:,} bytes")
        seen = 0

        async def bounded():
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.max_body:
                    raise BodyTooLarge
            return message

        try:
            await self.app(scope, bounded, send)
        except BodyTooLarge:
            await _refuse(send, 413, f"refused: the request is larger than {self.max_body:,} bytes")


class BodyTooLarge(Exception):
    """A chunked body passed the limit while it was read."""


async def _refuse(send, status: int, message: str) -> None:
    body = json.dumps({"error": {"message": message}}).encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"),
                            (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})
