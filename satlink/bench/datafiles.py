"""Writing the data files the package reads (``satlink/data/*.json``, read by
:mod:`satlink.generate.tables`) from the benchmark that finds their figures (``--write-data``).

Every entry of such a file names its source, and each source says how to run it again: the
command, satlink's commit, the date and the corpus.  A run replaces the entries it has new
figures for and keeps the others with their own sources, so a file may mix runs; a source
no entry names any more is dropped.
"""

from __future__ import annotations

import json
import shlex
import sys
from collections.abc import Callable
from datetime import datetime, timezone
from pathlib import Path

from satlink.bench.metadata import git_commit

DATA = Path(__file__).resolve().parents[1] / "data"
"""The checkout's ``satlink/data`` (a benchmark runs from the checkout it writes into)."""


def read(name: str) -> dict:
    """The data file ``satlink/data/<name>.json`` of this checkout."""
    return json.loads((DATA / f"{name}.json").read_text(encoding="utf-8"))


def add_source(data: dict, corpus: str) -> str:
    """Record this run (the command as typed, the commit, today's date, ``corpus``) among
    ``data``'s sources, and return the key its entries name."""
    found = git_commit()
    commit = "unknown" if found is None else found["commit"] + ("+changes" if found["dirty"] else "")
    date = datetime.now(timezone.utc).date().isoformat()
    command = "PYTHONPATH=. python " + " ".join(shlex.quote(a) for a in sys.argv)
    sources = data.setdefault("sources", {})
    stem, n = f"{Path(sys.argv[0]).stem} {date} {commit[:7]}", 1
    key = stem
    while key in sources:  # an earlier run of the same day and commit keeps its own record
        n += 1
        key = f"{stem} #{n}"
    sources[key] = {"command": command, "commit": commit, "date": date, "corpus": corpus}
    return key


def replace_entries(entries: list[dict], field: str, fresh: list[dict],
                    order: Callable[[dict], object] | None = None) -> None:
    """Put ``fresh`` in ``entries`` in place of those with the same ``field`` value, keeping
    the list ordered by ``order`` (by default that field)."""
    keys = [m[field] for m in fresh]
    entries[:] = [e for e in entries if e[field] not in keys] + fresh
    entries.sort(key=order or (lambda e: e[field]))


def write(name: str, data: dict) -> Path:
    """Write ``data`` as ``satlink/data/<name>.json``, without the sources no entry names."""
    named = set(_sources_named(data))
    data["sources"] = {k: v for k, v in data.get("sources", {}).items() if k in named}
    path = DATA / f"{name}.json"
    path.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    return path


def _sources_named(value) -> list[str]:
    if isinstance(value, dict):
        own = [value["source"]] if isinstance(value.get("source"), str) else []
        return own + [s for k, v in value.items() if k != "sources" for s in _sources_named(v)]
    if isinstance(value, list):
        return [s for v in value for s in _sources_named(v)]
    return []
