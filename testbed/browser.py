"""Headless Chromium for the browser tests, driven by Playwright.

Playwright's own browser download is not used (nor reachable everywhere): it drives the
system's Chromium (Debian's package, which ``.ci/run`` installs) by its executable path.
Tests ask for the ``page`` fixture, a fresh page (its own context: no cookies, storage or
clipboard shared between tests) from one browser started once per test module; without Chromium
or without the ``playwright`` package they skip with a message saying which is missing.
``launch`` is the same browser for scripts outside pytest (``benchmarks/report.py``).
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

CHROMIUM = next((p for p in ("/usr/bin/chromium", shutil.which("chromium"),
                             shutil.which("chromium-browser")) if p and Path(p).is_file()), None)
"""The system Chromium (Debian installs it at /usr/bin/chromium), or None."""
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync"]
VIEWPORT = {"width": 1280, "height": 900}
TIMEOUT_MS = 60_000
"""Playwright's wait for a page, a selector or a condition (generous: 2 cores, shared)."""


def missing() -> str | None:
    """Why the browser tests cannot run here, or None when they can."""
    if CHROMIUM is None:
        return "Debian's chromium is not installed (.ci/run installs it)"
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "the playwright package is not installed (pip install -e '.[test]')"
    return None


@contextmanager
def launch(timeout_ms: int = TIMEOUT_MS) -> Iterator:
    """The system Chromium under Playwright, closed on leaving; raises RuntimeError saying
    what is missing (scripts outside pytest)."""
    reason = missing()
    if reason:
        raise RuntimeError(reason)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS,
                                             timeout=timeout_ms)
        try:
            yield browser
        finally:
            browser.close()


def new_page(browser, timeout_ms: int = TIMEOUT_MS, **context):
    """A page in a context of its own (the default viewport, 1280x900)."""
    page = browser.new_context(viewport=VIEWPORT, **context).new_page()
    page.set_default_timeout(timeout_ms)
    return page


@pytest.fixture(scope="module")
def browser():
    """One Chromium per test module (starting one costs a second or more). Not per session:
    while Playwright's sync API runs, its event loop counts as running in the main thread, so
    a browser kept alive past its module broke later tests that call ``asyncio.run``."""
    reason = missing()
    if reason:
        pytest.skip(reason)
    with launch() as started:
        yield started


@pytest.fixture
def page(browser):
    """A fresh page in its own context; closed after the test."""
    page = new_page(browser)
    yield page
    page.context.close()


def file_url(path: Path, fragment: str = "") -> str:
    return path.resolve().as_uri() + (f"#{fragment}" if fragment else "")
