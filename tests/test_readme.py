"""The README's library example runs as written (so it cannot drift from the API)."""

from __future__ import annotations

from pathlib import Path

README = Path(__file__).resolve().parent.parent / "README.md"


def test_the_library_example_runs(capsys) -> None:
    text = README.read_text(encoding="utf-8")
    section = text[text.index("## Library"):]
    code = section[section.index("```python") + len("```python"):]
    code = code[:code.index("```")]
    exec(compile(code, "README.md (Library)", "exec"), {})
    printed = capsys.readouterr().out.split("\n")
    assert printed[0] == "multiple 7" and printed[2] == "unique"
