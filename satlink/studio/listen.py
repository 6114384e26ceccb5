"""The studio's listening socket, bound before uvicorn starts (so the address printed is the one
that answers, and the Host check knows its port).

``TCP_NODELAY`` is set on it, and Linux hands it on to every accepted connection. Without it a
response written in two parts (uvicorn writes the head, then the body) waited for the browser's
delayed acknowledgement of the head on a kept-alive connection: about 40 ms added to every live
verdict in Chromium (``benchmarks/README.md``, studio latency).
"""

from __future__ import annotations

import socket


def listening_socket(host: str, port: int) -> socket.socket:
    """A TCP socket listening on ``host:port`` (port 0: any free port), without Nagle's delay."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        sock.bind((host, port))
        sock.listen(128)  # connections wait in the queue until uvicorn serves them
    except BaseException:
        sock.close()
        raise
    return sock
