"""How large the suite's random instances are.

A newcomer's ``python -m pytest`` takes a small instance of each brute-force sweep (fewer random
boards or examples, every geometry, family and profile the sweep has still in it); CI takes the
full one: ``.ci/run`` sets ``SATLINK_TEST_SIZE=full``, and so may anyone hunting a rare case."""

from __future__ import annotations

import os

FULL = os.environ.get("SATLINK_TEST_SIZE", "") == "full"
"""True when the full instances are asked for (CI)."""


def sized(default: int, full: int) -> int:
    """``full`` under ``SATLINK_TEST_SIZE=full`` (CI), else ``default`` (the default run)."""
    return full if FULL else default
