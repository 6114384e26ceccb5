"""A small Chrome DevTools Protocol client for headless Chromium, over a pipe.

``--remote-debugging-pipe`` makes Chromium read commands from its file descriptor 3 and write
answers to 4, as JSON messages ended by a NUL byte: no port, no websocket library.  Enough to
open a page, wait for its script, evaluate expressions (scripted clicks) and read timings.
Used by the report tests and ``benchmarks/report.py``.
"""

from __future__ import annotations

import fcntl
import json
import os
import select
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

BINARY = shutil.which("chromium") or shutil.which("chromium-browser")
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--disable-extensions", "--mute-audio"]


class ChromiumError(RuntimeError):
    """Chromium went away, answered with an error, or did not answer in time."""


def _high(fd: int) -> int:
    """``fd`` moved to a number of 10 or more, so the shell can put it at 3 or 4 safely."""
    moved = fcntl.fcntl(fd, fcntl.F_DUPFD, 10)
    os.close(fd)
    return moved


class Chromium:
    """One headless browser with one page; use as a context manager."""

    def __init__(self, width: int = 1280, height: int = 900, timeout: float = 60.0):
        if BINARY is None:
            raise ChromiumError("chromium is not installed")
        self.timeout = timeout
        self.profile = tempfile.mkdtemp(prefix="satlink-chromium-")
        to_chromium, self._send = map(_high, os.pipe())
        self._recv, from_chromium = map(_high, os.pipe())
        args = [BINARY, *FLAGS, f"--user-data-dir={self.profile}", f"--window-size={width},{height}",
                "--remote-debugging-pipe", "about:blank"]
        # bash puts the pipe ends at 3 and 4, where Chromium looks for them
        script = f'exec 3<&{to_chromium} 4>&{from_chromium} {to_chromium}<&- {from_chromium}>&-; exec "$@"'
        self.process = subprocess.Popen(["bash", "-c", script, "bash", *args],
                                        pass_fds=(to_chromium, from_chromium),
                                        stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                        stderr=subprocess.DEVNULL, start_new_session=True)
        os.close(to_chromium)
        os.close(from_chromium)
        self._buffer = b""
        self._next = 0
        self.session: str | None = None
        target = self.call("Target.createTarget", {"url": "about:blank"})["targetId"]
        self.session = self.call("Target.attachToTarget", {"targetId": target, "flatten": True})[
            "sessionId"]
        self.call("Page.enable")
        self.call("Runtime.enable")

    def __enter__(self) -> Chromium:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def close(self) -> None:
        try:
            if self.process.poll() is None:
                self.session = None
                self.call("Browser.close", timeout=10)
        except (ChromiumError, OSError):
            pass
        finally:
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
            for fd in (self._send, self._recv):
                try:
                    os.close(fd)
                except OSError:
                    pass
            shutil.rmtree(self.profile, ignore_errors=True)

    def call(self, method: str, params: dict | None = None, timeout: float | None = None) -> dict:
        """Send one command and wait for its answer (events in between are dropped)."""
        self._next += 1
        message = {"id": self._next, "method": method, "params": params or {}}
        if self.session:
            message["sessionId"] = self.session
        try:
            os.write(self._send, json.dumps(message).encode() + b"\0")
        except BrokenPipeError:
            raise ChromiumError("chromium has exited") from None
        deadline = time.monotonic() + (timeout or self.timeout)
        while True:
            while b"\0" in self._buffer:
                raw, self._buffer = self._buffer.split(b"\0", 1)
                answer = json.loads(raw)
                if answer.get("id") == self._next:
                    if "error" in answer:
                        raise ChromiumError(f"{method}: {answer['error']}")
                    return answer.get("result", {})
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([self._recv], [], [], left)[0]:
                raise ChromiumError(f"{method}: no answer within {timeout or self.timeout} s")
            chunk = os.read(self._recv, 1 << 20)
            if not chunk:
                raise ChromiumError("chromium has exited")
            self._buffer += chunk

    def evaluate(self, expression: str):
        """The value of a JavaScript expression in the page (awaited if it is a promise)."""
        result = self.call("Runtime.evaluate", {"expression": expression, "returnByValue": True,
                                                "awaitPromise": True})
        if "exceptionDetails" in result:
            raise ChromiumError(f"{expression[:60]}: {result['exceptionDetails']}")
        return result["result"].get("value")

    def open(self, url: str, ready: str = "document.readyState === 'complete'",
             timeout: float | None = None) -> float:
        """Navigate and wait until ``ready`` is true; the wall-clock seconds it took."""
        start = time.perf_counter()
        self.call("Page.navigate", {"url": url})
        self.wait_for(ready, timeout)
        return time.perf_counter() - start

    def wait_for(self, expression: str, timeout: float | None = None) -> None:
        deadline = time.monotonic() + (timeout or self.timeout)
        while True:
            try:
                if self.evaluate(f"!!({expression})"):
                    return
            except ChromiumError:
                pass  # the page may be between documents
            if time.monotonic() > deadline:
                raise ChromiumError(f"waited {timeout or self.timeout} s for {expression}")
            time.sleep(0.02)


def file_url(path: Path, fragment: str = "") -> str:
    return path.resolve().as_uri() + (f"#{fragment}" if fragment else "")
