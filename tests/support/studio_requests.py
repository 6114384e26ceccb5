"""Requests to a studio served on loopback, as a page sends them (token and tab headers), or
hung up on mid-way; and an in-process client for the tests that need no socket."""

from __future__ import annotations

import http.client
import json
import socket
import time
import urllib.parse
import warnings
from pathlib import Path

with warnings.catch_warnings():  # Starlette 1.x prefers httpx2, which is not installed; httpx works
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from satlink.studio import Limits, create_app
from testbed.studio_server import token_of

BLANK = {"grid": ["A" + "." * 58 + "A"] + ["." * 60] * 58 + ["B" + "." * 58 + "B"]}
SMALL = {"grid": ["AB", "AB"]}


def address(url: str) -> tuple[str, int, str]:
    parts = urllib.parse.urlsplit(url)
    return parts.hostname, parts.port, urllib.parse.parse_qs(parts.query)["token"][0]


def post(url: str, name: str, body: dict, tab: str = "t", timeout: float = 60) -> tuple[int, dict]:
    host, port, token = address(url)
    conn = http.client.HTTPConnection(host, port, timeout=timeout)
    try:
        conn.request("POST", f"/api/{name}", json.dumps(body),
                     {"Content-Type": "application/json", "X-Satlink-Token": token,
                      "X-Satlink-Tab": tab})
        answer = conn.getresponse()
        return answer.status, json.loads(answer.read() or b"{}")
    finally:
        conn.close()


def abandon(url: str, name: str, body: dict, tab: str, after: float = 0.3) -> None:
    """Send a request and hang up without reading the answer (a closed tab, an aborted fetch)."""
    host, port, token = address(url)
    data = json.dumps(body).encode()
    sock = socket.create_connection((host, port))
    sock.sendall(f"POST /api/{name} HTTP/1.1\r\nHost: {host}:{port}\r\n"
                 f"Content-Type: application/json\r\nX-Satlink-Token: {token}\r\n"
                 f"X-Satlink-Tab: {tab}\r\nContent-Length: {len(data)}\r\n\r\n".encode() + data)
    time.sleep(after)
    sock.close()


def studio_client(tmp_path: Path, timeout: float) -> TestClient:
    app = create_app(Limits(max_cells=400, timeout=timeout), root=tmp_path)
    return TestClient(app, base_url="http://127.0.0.1", headers=token_of(app))
