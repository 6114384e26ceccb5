"""The documentation's library example (docs/library.md) runs as written (so it cannot drift
from the API)."""

from __future__ import annotations

from pathlib import Path

LIBRARY_PAGE = Path(__file__).resolve().parent.parent / "docs" / "library.md"


def _blocks() -> list[str]:
    """The page's ``python`` blocks, in order."""
    text = LIBRARY_PAGE.read_text(encoding="utf-8")
    return [part[:part.index("```")] for part in text.split("```python")[1:]]


def test_the_library_example_runs(capsys) -> None:
    exec(compile(_blocks()[0], "docs/library.md", "exec"), {})
    printed = capsys.readouterr().out.split("\n")
    assert printed[0] == "multiple 7" and printed[2] == "unique"


def test_the_repair_example_runs(capsys) -> None:
    """The options objects as the page shows them: a proven chain, a single edit offered."""
    exec(compile(_blocks()[1], "docs/library.md", "exec"), {})
    printed = capsys.readouterr().out.split("\n")
    assert printed[0].startswith("['new pair") and printed[1] == "True True"
