"""Publish a benchmark's tables for the documentation: ``docs/results/NAME.json``.

A results file (``benchmarks/results/*.json``, written by :class:`benchmarks.harness.Run`, or
the JSON of ``satlink bench --out``) holds every measurement of a run and is not committed;
the documentation's performance page shows tables *generated from* results, so the tables a
page shows are copied, with the run's provenance (command, commit, date, machine, load), into
a small committed file of schema :data:`PUBLISHED`.  The page's ``results-table`` directive
(``docs/_ext/satlink_results.py``) reads that file when the site is built, so a table and the
figures it was measured as cannot drift apart, and re-publishing a new run updates the page.

    python benchmarks/publish.py benchmarks/results/perf-peers.json
    python benchmarks/publish.py results.json --as encodings-inputs9 --table summary

A *table* in a results file is a list of flat objects (every value a string, number, boolean
or null): the ``rows`` of a run and each such entry of its ``parts``; of ``satlink bench``'s
JSON, its ``summary``.  ``--table`` picks tables by name (default: every table but ``rows``).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

if (CHECKOUT := str(Path(__file__).resolve().parents[1])) not in sys.path:  # started as a file
    sys.path.insert(1 + len(os.environ.get("PYTHONPATH", "").split(os.pathsep)), CHECKOUT)

import argparse
import json
import shlex
from typing import Any

from benchmarks.harness import ROOT, SCHEMA, read_json_object
from satlink.bench.report import BENCH_VERSION  # satlink bench's JSON (docs/reference/bench.md)

PUBLISHED = "satlink-published/1"
DOCS_RESULTS = ROOT / "docs" / "results"

Scalar = str | int | float | bool | None


def is_table(value: Any) -> bool:
    """A non-empty list of objects whose values are all scalars."""
    return (isinstance(value, list) and bool(value)
            and all(isinstance(row, dict) and all(isinstance(v, Scalar) for v in row.values())
                    for row in value))


def as_columns(rows: list[dict[str, Scalar]]) -> dict[str, list]:
    """Rows of objects as ``columns`` (first-seen order) and ``rows`` (lists, None for a gap)."""
    columns: list[str] = []
    for row in rows:
        columns.extend(key for key in row if key not in columns)
    return {"columns": columns, "rows": [[row.get(c) for c in columns] for row in rows]}


def command_line(argv: list[str] | str) -> str:
    """The command as a reader types it from the checkout's root."""
    if isinstance(argv, str):
        return argv
    words = list(argv)
    if words and words[0].endswith(("satlink/__main__.py", "/bin/satlink")):
        words[0] = "satlink"
    elif words and Path(words[0]).is_absolute():
        try:
            words[0] = str(Path(words[0]).relative_to(ROOT))
        except ValueError:
            pass
    if words and words[0].endswith(".py"):
        words.insert(0, "python")
    return shlex.join(words)


def from_run(results: dict[str, Any]) -> tuple[dict[str, Any], dict[str, list]]:
    """Provenance and tables of a results file written by the harness."""
    provenance = {"benchmark": results["benchmark"], "command": command_line(results["command"]),
                  "commit": results.get("commit"), "started": results.get("started"),
                  "seconds": results.get("seconds"),
                  "load": [results["load_before"][0], results["load_after"][0]],
                  "machine": results.get("machine", {})}
    tables = {"rows": results.get("rows", [])}
    tables.update(results.get("parts", {}))
    return provenance, tables


def from_bench(results: dict[str, Any]) -> tuple[dict[str, Any], dict[str, list]]:
    """Provenance and tables of ``satlink bench --out`` JSON (its summary, one row a
    configuration)."""
    machine = dict(results.get("machine", {}))
    load = machine.pop("load_average", None) or [None]
    git = machine.pop("git", None) or {}
    commit = (git["commit"][:12] + ("+" if git.get("dirty") else "")) if git.get("commit") else None
    started = machine.pop("date", None)
    provenance = {"benchmark": "satlink bench",
                  "command": command_line(results.get("settings", {}).get("command", "")),
                  "commit": commit, "started": started, "seconds": None,
                  "load": [load[0], None], "machine": machine}
    return provenance, {"summary": results.get("summary", [])}


def published(results: dict[str, Any], source: str, names: list[str] | None) -> dict[str, Any]:
    """The published form of ``results``: its provenance and the tables ``names`` (default:
    every table but ``rows``)."""
    if results.get("schema") == SCHEMA:
        provenance, found = from_run(results)
    elif results.get("version") == BENCH_VERSION and "summary" in results:
        provenance, found = from_bench(results)
    else:
        raise SystemExit(f"{source}: neither a results file of schema {SCHEMA} nor satlink "
                         f"bench JSON of version {BENCH_VERSION}")
    tables = {name: value for name, value in found.items() if is_table(value)}
    chosen = names or [name for name in tables if name != "rows"]
    missing = [name for name in chosen if name not in tables]
    if missing or not chosen:
        raise SystemExit(f"{source}: no table named {', '.join(missing) or '(any)'}; "
                         f"its tables are: {', '.join(tables) or 'none'}")
    return {"schema": PUBLISHED, "source": source, **provenance,
            "tables": {name: as_columns(tables[name]) for name in chosen}}


def as_text(page: dict[str, Any]) -> str:
    """The published file as JSON a diff reads well: a table's row on a line of its own."""
    def dumped(value: Any) -> str:
        return json.dumps(value, ensure_ascii=False)

    head = {key: value for key, value in page.items() if key != "tables"}
    lines = ["{"] + [f" {dumped(key)}: {dumped(value)}," for key, value in head.items()]
    lines.append(' "tables": {')
    for t, (name, table) in enumerate(page["tables"].items()):
        lines.append(f"  {dumped(name)}: {{")
        lines.append(f'   "columns": {dumped(table["columns"])},')
        lines.append('   "rows": [')
        rows = table["rows"]
        lines += [f"    {dumped(row)}{',' if i < len(rows) - 1 else ''}" for i, row in enumerate(rows)]
        lines.append("   ]")
        lines.append("  }" + ("," if t < len(page["tables"]) - 1 else ""))
    lines += [" }", "}"]
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("results", type=Path, help="a results file (benchmarks/results/*.json)")
    parser.add_argument("--as", dest="name", help="published name (default: the file's stem)")
    parser.add_argument("--table", action="append", help="a table to publish (repeatable)")
    parser.add_argument("--to", type=Path, default=DOCS_RESULTS, help="folder (docs/results)")
    args = parser.parse_args(argv)
    results = read_json_object(args.results)
    source = str(args.results.resolve().relative_to(ROOT)) if args.results.resolve().is_relative_to(
        ROOT) else args.results.name
    page = published(results, source, args.table)
    out = args.to / f"{args.name or args.results.stem}.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(as_text(page), encoding="utf-8")
    shown = ", ".join(f"{name} ({len(t['rows'])} rows)" for name, t in page["tables"].items())
    print(f"{out}: {shown}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
