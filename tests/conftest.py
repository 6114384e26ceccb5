"""Shared fixtures: the peer corpus in ../shared (tests skip cleanly when it is absent), and
headless Chromium (``browser``, ``page``: see testbed/browser.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from testbed.browser import browser, page  # noqa: F401  (fixtures for every test file)
from tests.support.paths import CORPUS


@pytest.fixture(scope="session")
def corpus() -> Path:
    if not CORPUS.is_dir():
        pytest.skip("../shared/corpus is not present")
    return CORPUS
