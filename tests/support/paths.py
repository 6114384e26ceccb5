"""Where the tests find the checkout and the peer corpus, wherever the test file sits."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
"""The checkout: README.md, benchmarks/, and the working folder of the commands the tests start."""

CORPUS = ROOT.parent / "shared" / "corpus"
"""The peer corpus in ../shared, read in place (tests that need it skip when it is absent)."""
