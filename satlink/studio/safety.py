"""Who may talk to the studio: the person who started it, through pages it served itself.

The studio can read and write the files of the user who started it, so three checks stand in
front of every request (:class:`Guard`):

* **A per-launch secret.** ``satlink studio`` makes a random token and prints an address that
  carries it (``/?token=...``).  The page served at that address keeps it (a cookie named for
  the studio's port, and a header its scripts send), and every other request must present it:
  another user of the same machine can connect to ``127.0.0.1``, but does not know the token
  (as notebook servers do).  Only the page's own scripts and styles (``/static``: files of
  the package, nothing of the user's) are served without it.
* **Host and Origin, exactly.** The studio listens on 127.0.0.1, but a web page on the internet
  could still drive it through the visitor's browser: a cross-site form or fetch can post to
  ``http://127.0.0.1:PORT`` (CSRF), and a hostile domain that resolves to 127.0.0.1 can read
  the answers as its own origin (DNS rebinding).  So ``Host`` must name a local address on
  the studio's own port, and an ``Origin`` (sent with every cross-origin request and every
  ``POST``) must be ``http://`` that same host and port: a page on port 80 of the same
  machine is another site.
* **Bounded bodies.** A body longer than ``max_body`` bytes is a ``413``, whether its length
  is declared or it arrives in chunks.
"""

from __future__ import annotations

import hmac
import json
import secrets
from dataclasses import dataclass
from urllib.parse import parse_qs

LOCAL_HOSTS = ("127.0.0.1", "localhost", "[::1]")
MAX_BODY = 8 * 2**20
"""Bytes a request body may have (a pack of a few thousand boards)."""
TOKEN_HEADER = "x-satlink-token"
PUBLIC_PREFIXES = ("/static/", "/favicon.ico")
"""Paths served without the token: the page's own code, shipped in the package."""


@dataclass(frozen=True)
class ServeOptions:
    """How one studio is reached, which is what its :class:`Guard` checks: ``port``, the port
    it is served on (requests naming another are refused; None accepts any, for tests in one
    process); ``extra_hosts``, a non-local ``--host`` the user chose to listen on;
    ``max_body``, the longest request body; ``token``, the launch's secret (None: a new
    one).  Chosen together where the socket is opened, so passed on as one value."""

    port: int | None = None
    extra_hosts: tuple[str, ...] = ()
    max_body: int = MAX_BODY
    token: str | None = None


def new_token() -> str:
    """A fresh secret for one launch (192 random bits, URL-safe)."""
    return secrets.token_urlsafe(24)


def cookie_name(port: int | None) -> str:
    """Cookies are shared by every port of a host, so each studio names its own."""
    return f"satlink-token-{port}" if port is not None else "satlink-token"


class Malformed(ValueError):
    """A Host or Origin that is no host and port at all (a 400, not a refusal)."""


def _port_number(text: str) -> int:
    """A port as written after the colon: ASCII digits only (``int`` would take spaces,
    signs, underscores and other scripts' digits), at most 65535."""
    if not (text.isascii() and text.isdigit()) or int(text) > 65535:
        raise Malformed(f"the port {text[:20]!r} is not a port number")
    return int(text)


def _host_port(value: str) -> tuple[str, int | None]:
    """``host[:port]`` as (lower-case host, port or None); :class:`Malformed` when the part
    after a bracketed address or after the colon is not a port."""
    value = value.strip().lower()
    if value.startswith("["):
        host, closed, rest = value.partition("]")
        if not closed or (rest and not rest.startswith(":")):
            raise Malformed("a bracketed address must end with ']' or ']:port'")
        return host + "]", _port_number(rest[1:]) if rest else None
    host, sep, port = value.rpartition(":")
    if sep and port.isascii() and port.isdigit():
        return host, _port_number(port)
    return value, None


def _cookies(header: str) -> dict[str, str]:
    out = {}
    for part in header.split(";"):
        name, sep, value = part.strip().partition("=")
        if sep:
            out.setdefault(name, value)
    return out


class Guard:
    """ASGI middleware: refuse (403) a request whose ``Host`` or ``Origin`` is not this studio
    on a local address or that does not carry the token, and (413) a body longer than
    ``max_body`` bytes.  ``port`` None (tests in one process) accepts any port."""

    def __init__(self, app, port: int | None, token: str, extra_hosts: tuple[str, ...] = (),
                 max_body: int = MAX_BODY):
        self.app = app
        self.port = port
        self.token = token
        self.hosts = {h.lower() for h in LOCAL_HOSTS + tuple(extra_hosts)}
        self.max_body = max_body
        self.cookie = cookie_name(port)

    def allowed_host(self, value: str | None) -> bool:
        """``Host`` (or an origin's host part): a local name and this studio's port (80 when
        none is written)."""
        if not value:
            return False
        host, port = _host_port(value)  # Malformed: the caller answers 400
        if host not in self.hosts:
            return False
        return self.port is None or (port or 80) == self.port

    def allowed_origin(self, value: str | None) -> bool:
        if value is None:
            return True  # not a browser's cross-origin request (curl, tests, same-origin GET)
        scheme, sep, rest = value.partition("://")
        return sep != "" and scheme == "http" and self.allowed_host(rest)

    def presented(self, scope, headers: dict[str, str]) -> str | None:
        """The token the request carries: the header, the cookie, or (the page's address
        only) the query."""
        if TOKEN_HEADER in headers:
            return headers[TOKEN_HEADER]
        cookie = _cookies(headers.get("cookie", "")).get(self.cookie)
        if cookie is not None:
            return cookie
        if scope["path"] == "/":
            query = parse_qs(scope.get("query_string", b"").decode("latin-1"))
            return (query.get("token") or [None])[0]
        return None

    def has_token(self, scope, headers: dict[str, str]) -> bool:
        given = self.presented(scope, headers)
        return given is not None and hmac.compare_digest(given.encode(), self.token.encode())

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}
        try:
            if not self.allowed_host(headers.get("host")):
                return await refuse(send, 403, "refused: the Host header is not this studio "
                                    "on a local address")
            if not self.allowed_origin(headers.get("origin")):
                return await refuse(send, 403, "refused: the request comes from another site")
        except Malformed as exc:
            return await refuse(send, 400, f"refused: a malformed Host or Origin header ({exc})")
        if not scope["path"].startswith(PUBLIC_PREFIXES) and not self.has_token(scope, headers):
            if scope["path"] == "/" and scope.get("method") == "GET":  # a person, by a link
                return await ask_for_token(send)
            return await refuse(send, 403, "refused: no studio token. Open the address that "
                                "`satlink studio` printed (it carries the token)")
        length = headers.get("content-length")
        if length is not None and (not length.isdigit() or int(length) > self.max_body):
            return await refuse(send, 413, self.too_large())
        seen = 0

        async def bounded():
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.max_body:
                    raise BodyTooLarge(self.too_large())
            return message

        try:
            await self.app(scope, bounded, send)
        except BodyTooLarge as exc:  # read outside an endpoint (which answers it itself)
            await refuse(send, 413, str(exc))

    def too_large(self) -> str:
        return f"refused: the request is larger than {self.max_body:,} bytes"


class BodyTooLarge(Exception):
    """A chunked body passed the limit while it was read."""


TOKEN_PROMPT = r"""<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>satlink studio: token needed</title><style>body{font:15px system-ui,sans-serif;
background:#16161a;color:#e8e8ee;max-width:40em;margin:3em auto;padding:0 1em}input{width:100%;
font:inherit;padding:.3em}button{font:inherit;margin-top:.5em}</style></head><body>
<h1>This studio needs its token</h1>
<p>A satlink studio answers only the person who started it. Paste the address that
<code>satlink studio</code> printed (it ends in <code>?token=...</code>), or the token alone:
the link you followed then opens, and this browser is not asked again.</p>
<form id="f"><input id="t" autofocus aria-label="address or token"><button>Open</button></form>
<script>document.getElementById("f").addEventListener("submit", function (e) {
  e.preventDefault();
  var text = document.getElementById("t").value.trim(), m = text.match(/[?&]token=([^&#\s]+)/);
  var token = m ? decodeURIComponent(m[1]) : text;
  if (token) location.href = "/?token=" + encodeURIComponent(token) + location.hash;
});</script></body></html>"""
"""The page a browser gets at ``/`` without the token (a share link opened on its own): a
form that takes the printed address or the token once and goes on to the link's board, so a
person following a link never meets a raw JSON refusal.  It holds nothing secret."""


async def ask_for_token(send) -> None:
    body = TOKEN_PROMPT.encode()
    await send({"type": "http.response.start", "status": 403,
                "headers": [(b"content-type", b"text/html; charset=utf-8"),
                            (b"content-length", str(len(body)).encode()),
                            (b"cache-control", b"no-store")]})
    await send({"type": "http.response.body", "body": body})


async def refuse(send, status: int, message: str) -> None:
    body = json.dumps({"error": {"message": message}}).encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"),
                            (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})
