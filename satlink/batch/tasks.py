"""Turn pack files into validation tasks, in input order.

A task is a plain dict (it travels to worker processes and Dask workers).  Invalid boards and
duplicates are decided here, in the main process and in file order, so the verdicts do not
depend on which worker finishes first: the first occurrence of a puzzle is validated, later
copies (under rotation, reflection and relabelling) become ``duplicate-of`` it.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable

from satlink.canonical import canonical_hash
from satlink.formats import DEFAULT_MAX_CELLS, Entry, read_file
from satlink.rules import Rules, parse_rules


def content_hash(entry: Entry) -> str:
    """Identifies a board's exact content (for --resume), independent of its position."""
    text = "\n".join(entry.board.rows) if entry.board is not None else str(entry.error)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def task_key(task: dict) -> tuple[str, int, str]:
    return (task["source"], task["index"], task["hash"])


def plan(files: Iterable[str], rules: Rules | str | None = None, in_format: str | None = None,
         max_cells: int = DEFAULT_MAX_CELLS) -> list[dict]:
    """One task per board, in file order; ``rules`` (``--rules``) overrides each board's own."""
    chosen = parse_rules(rules) if rules else None
    tasks: list[dict] = []
    first_seen: dict[str, tuple[str, int]] = {}
    for path in files:
        for entry in read_file(path, in_format, max_cells):
            task = {"source": entry.source, "index": entry.index, "hash": content_hash(entry),
                    "rules": str(entry.rules_under(chosen)), "rows": None,
                    "solution": None, "error": None, "duplicate_of": None}
            if entry.error is not None:
                task["error"] = entry.error.as_dict()
            else:
                task["rows"] = list(entry.board.rows)
                if entry.solution is not None:
                    task["solution"] = entry.solution.to_coords(entry.board)
                canonical = canonical_hash(entry.board)
                if canonical in first_seen:
                    source, index = first_seen[canonical]
                    task["duplicate_of"] = {"source": source, "index": index}
                else:
                    first_seen[canonical] = (entry.source, entry.index)
            tasks.append(task)
    return tasks
