"""A studio served in a thread for browser tests, screenshots and the latency benchmark, and the
page gestures they share. The browser itself comes from testbed/browser.py, the one launcher."""

from __future__ import annotations

import contextlib
import threading
import time
from collections.abc import Iterator
from pathlib import Path

from testbed.browser import launch as browser  # noqa: F401  (the one launcher, for the scripts)


@contextlib.contextmanager
def served(root: Path, opened: dict | None = None, timeout: float = 10.0,
           idle_seconds: float | None = None, **options) -> Iterator[str]:
    """The studio on a free local port, for as long as the block runs: its address, with the
    launch's token as ``satlink studio`` prints it.  ``options``: more of ``create_app``'s."""
    from satlink.studio import Limits, create_app
    from satlink.studio.listen import listening_socket
    from satlink.studio.safety import ServeOptions
    from satlink.studio.serve import IDLE_SECONDS
    from satlink.studio.serve import server as studio_server

    sock = listening_socket("127.0.0.1", 0)
    port = sock.getsockname()[1]
    app = create_app(Limits(10_000, timeout), root, opened, serving=ServeOptions(port), **options)
    server = studio_server(app, idle_seconds or IDLE_SECONDS)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not server.started and time.monotonic() < deadline:
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{port}/?token={app.token}"
    finally:
        server.should_exit = True
        thread.join(5)
        sock.close()


CELL_XY = """i => { const s = document.getElementById('board');
  const c = window.studio.layout.cells[i].c, p = s.createSVGPoint();
  p.x = c[0]; p.y = c[1]; const q = p.matrixTransform(s.getScreenCTM()); return [q.x, q.y]; }"""


def cell_xy(page, row: int, col: int) -> tuple[float, float]:
    width = page.evaluate("window.studio.model.width")
    return tuple(page.evaluate(CELL_XY, row * width + col))


def click_cell(page, row: int, col: int) -> None:
    page.mouse.click(*cell_xy(page, row, col))


TUNNEL_XY = """([a, b]) => { const s = document.getElementById('board'), lay = window.studio.layout;
  const p = lay.pairs.find(q => (q.a === a && q.b === b) || (q.a === b && q.b === a));
  if (!p || !p.wrap) return null;
  const t = p.tunnels[p.a === a ? 0 : 1], pt = s.createSVGPoint();
  pt.x = t.reduce((x, q) => x + q[0], 0) / t.length; pt.y = t.reduce((y, q) => y + q[1], 0) / t.length;
  const q = pt.matrixTransform(s.getScreenCTM()); return [q.x, q.y]; }"""


def drag_path(page, cells) -> None:
    """Draw one path in play mode through ``cells`` ([row, col], ...), as a person would: a
    step across a warp drags into the tunnel, lets go, and carries on from the far side."""
    width = page.evaluate("window.studio.model.width")
    page.mouse.move(*cell_xy(page, *cells[0]))
    page.mouse.down()
    for (r1, c1), (r, c) in zip(cells, cells[1:], strict=False):
        tunnel = page.evaluate(TUNNEL_XY, [r1 * width + c1, r * width + c])
        if tunnel:
            page.mouse.move(*tunnel, steps=2)
            page.mouse.up()
            page.mouse.move(*cell_xy(page, r, c))
            page.mouse.down()
        else:
            page.mouse.move(*cell_xy(page, r, c), steps=3)
    page.mouse.up()


def type_board(page, rows: list[str]) -> None:
    """Type a board's endpoints with the keyboard, as a person would: the board focused, the
    cursor moved by the arrow keys row by row, each endpoint's label typed on its cell."""
    page.focus("#board")
    for row in rows:
        for c, ch in enumerate(row):
            if ch != ".":
                page.keyboard.type(ch)
            if c < len(row) - 1:
                page.keyboard.press("ArrowRight")
        for _ in row[1:]:
            page.keyboard.press("ArrowLeft")
        page.keyboard.press("ArrowDown")


def wait_status(page, status: str, timeout: float = 10_000) -> None:
    """Wait for the verdict of the board now in the editor (not the one before it)."""
    page.wait_for_function(
        "s => document.querySelector('#verdict').dataset.state === 'done'"
        " && document.querySelector('#verdict .status').textContent === s", arg=status,
        timeout=timeout)


def token_of(app) -> dict[str, str]:
    """The header that carries an app's token, for a test client."""
    return {"X-Satlink-Token": app.token}


ARROWS = {(1, 0): "ArrowDown", (-1, 0): "ArrowUp", (0, 1): "ArrowRight", (0, -1): "ArrowLeft"}


def keys_to_draw(board, solution) -> list[str]:
    """The keys that draw ``solution`` on a square board in the player or the studio's Play:
    per label its key (the path starts at its first end in reading order), then an arrow per
    step (a step across a warp is the arrow that leaves the board on that side)."""
    keys = []
    cells = "".join(board.rows)
    for label, path in sorted(solution.to_cells(board).items()):
        path = list(path)
        if path[0] != cells.index(label):
            path.reverse()
        keys.append(label)
        for a, b in zip(path, path[1:], strict=False):
            dr, dc = b // board.width - a // board.width, b % board.width - a % board.width
            dr = dr if abs(dr) <= 1 else -dr // abs(dr)  # across a warp
            dc = dc if abs(dc) <= 1 else -dc // abs(dc)
            keys.append(ARROWS[(dr, dc)])
    return keys
