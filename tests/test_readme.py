"""The documentation's library example (docs/library.md) runs as written (so it cannot drift
from the API)."""

from __future__ import annotations

from pathlib import Path

LIBRARY_PAGE = Path(__file__).resolve().parent.parent / "docs" / "library.md"


def test_the_library_example_runs(capsys) -> None:
    text = LIBRARY_PAGE.read_text(encoding="utf-8")
    code = text[text.index("```python") + len("```python"):]
    code = code[:code.index("```")]
    exec(compile(code, "docs/library.md", "exec"), {})
    printed = capsys.readouterr().out.split("\n")
    assert printed[0] == "multiple 7" and printed[2] == "unique"
