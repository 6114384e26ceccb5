"""A Sphinx directive that draws a table from published benchmark results.

The performance page's figures are not typed in: each table is generated, when the site is
built, from a file in ``docs/results/`` that ``benchmarks/publish.py`` wrote from a benchmark's
results (schema ``satlink-published/1``), and under it the directive states where the figures
come from (the command, the commit, the date, the load), so a reader can reproduce them::

    ```{results-table} phases
    :table: table
    :columns: corpus | wall_seconds -> wall s | sat -> SAT
    :where: corpus ^= inputs6
    :format: wall_seconds = .2f | sat = .0%
    ```

``:columns:`` picks and orders the columns (``name -> Header`` renames one); ``:where:`` keeps
the rows whose column equals a value (``=``) or starts with it (``^=``), every condition
holding; ``:format:`` gives a column a Python format spec.  Items are separated by ``|``
(column names hold commas and semicolons).  Anything that does not match the
file (a missing file, table or column, a format for a column of text) is an error naming it,
which fails the strict build.

Only the standard library and docutils are used, so the tests read the same functions.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from docutils import nodes
from docutils.parsers.rst import Directive, directives

PUBLISHED = "satlink-published/1"
RESULTS = Path(__file__).resolve().parent.parent / "results"


class ResultsError(ValueError):
    """A directive that does not match its published file."""


@dataclass(frozen=True)
class Column:
    name: str
    header: str
    spec: str | None = None


def load(name: str, folder: Path = RESULTS) -> dict[str, Any]:
    """``docs/results/NAME.json``, checked to be a published results file."""
    path = folder / f"{name}.json"
    try:
        page = json.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise ResultsError(f"{path}: cannot read it ({exc.strerror or exc})") from None
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise ResultsError(f"{path}: not JSON ({exc})") from None
    if not isinstance(page, dict) or page.get("schema") != PUBLISHED:
        raise ResultsError(f"{path}: not a published results file of schema {PUBLISHED}")
    missing = [key for key in ("command", "tables") if key not in page]
    if missing:
        raise ResultsError(f"{path}: no {' or '.join(missing)}")
    return page


def split_list(text: str | None) -> list[str]:
    return [part.strip() for part in (text or "").split("|") if part.strip()]


def parse_columns(text: str | None, formats: str | None, available: list[str]) -> list[Column]:
    """The ``:columns:`` and ``:format:`` options against the table's columns."""
    specs = {}
    for item in split_list(formats):
        name, _, spec = item.partition("=")
        specs[name.strip()] = spec.strip()
    chosen = []
    for item in split_list(text) or available:
        name, _, header = item.partition("->")
        name, header = name.strip(), header.strip() or name.strip()
        if name not in available:
            raise ResultsError(f"no column {name!r}; the columns are: {' | '.join(available)}")
        chosen.append(Column(name, header, specs.pop(name, None)))
    if specs:
        raise ResultsError(f":format: names columns not shown: {', '.join(specs)}")
    return chosen


def keeps(row: dict[str, Any], conditions: list[str]) -> bool:
    """Whether ``row`` meets every ``column = value`` / ``column ^= prefix`` condition."""
    for condition in conditions:
        prefix = "^=" in condition
        name, _, value = condition.partition("^=" if prefix else "=")
        name, value = name.strip(), value.strip()
        if name not in row:
            raise ResultsError(f":where: names no column {name!r}")
        cell = "" if row[name] is None else str(row[name])
        if not (cell.startswith(value) if prefix else cell == value):
            return False
    return True


def cell_text(value: Any, spec: str | None) -> str:
    """A cell as the page shows it: a given format spec, else a plain, readable number."""
    if value is None:
        return "–"
    if spec is not None:
        return format(value, spec)
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, int):
        return f"{value:,}"
    if isinstance(value, float):
        size = abs(value)
        return (f"{value:,.0f}" if size >= 100 else f"{value:.1f}" if size >= 10
                else f"{value:.2f}" if size >= 0.1 else f"{value:.3g}")
    return str(value)


def table_cells(page: dict[str, Any], table: str | None, columns: str | None,
                where: str | None, formats: str | None) -> tuple[list[str], list[list[str]]]:
    """The headers and the cells of a table drawn from a published file."""
    tables = page["tables"]
    if table is None:
        if len(tables) != 1:
            raise ResultsError(f"name a :table: ({' | '.join(tables)})")
        table = next(iter(tables))
    if table not in tables:
        raise ResultsError(f"no table {table!r}; the tables are: {' | '.join(tables)}")
    names = tables[table]["columns"]
    chosen = parse_columns(columns, formats, names)
    if any(len(row) != len(names) for row in tables[table]["rows"]):
        raise ResultsError(f"a row of {table!r} does not have its {len(names)} columns")
    rows = [dict(zip(names, row, strict=True)) for row in tables[table]["rows"]]
    conditions = split_list(where)
    kept = [row for row in rows if keeps(row, conditions)]
    if not kept:
        raise ResultsError(f"no row of {table!r} meets :where: {where}")
    for column in (c for c in chosen if c.spec is not None):
        if any(isinstance(row[column.name], str) for row in kept):
            raise ResultsError(f":format: {column.name!r} holds text, which a format cannot "
                               "change (the benchmark wrote it already formatted)")
    return ([c.header for c in chosen],
            [[cell_text(row[c.name], c.spec) for c in chosen] for row in kept])


def provenance(page: dict[str, Any]) -> str:
    """Where the figures come from, in a sentence."""
    machine = page.get("machine") or {}
    load = [f"{x:.1f}" for x in page.get("load") or [] if isinstance(x, int | float)]
    parts = [f"commit {page['commit']}" if page.get("commit") else None,
             (page.get("started") or "")[:16].replace("T", " ") or None,
             f"load average {' → '.join(load)}" if load else None,
             f"{machine['cpus']} CPUs" if machine.get("cpus") else None,
             f"Python {machine['python']}" if machine.get("python") else None]
    return ", ".join(p for p in parts if p)


def table_node(headers: list[str], cells: list[list[str]]) -> nodes.table:
    """A docutils table of text cells, the first row the header."""
    group = nodes.tgroup(cols=len(headers))
    group += [nodes.colspec(colwidth=1) for _ in headers]

    def row_of(texts: list[str]) -> nodes.row:
        row = nodes.row()
        for text in texts:
            entry = nodes.entry()
            entry += nodes.paragraph(text=text)
            row += entry
        return row

    head, body = nodes.thead(), nodes.tbody()
    head += row_of(headers)
    body += [row_of(texts) for texts in cells]
    group += [head, body]
    table = nodes.table()
    table += group
    return table


class ResultsTable(Directive):
    """``results-table NAME``: a table of ``docs/results/NAME.json`` and its provenance."""

    required_arguments = 1
    option_spec = {"table": directives.unchanged, "columns": directives.unchanged,
                   "where": directives.unchanged, "format": directives.unchanged}

    def run(self) -> list[nodes.Node]:
        # the page is read again when the file changes, or appears after a failed build
        self.state.document.settings.env.note_dependency(str(RESULTS / f"{self.arguments[0]}.json"))
        try:
            page = load(self.arguments[0])
            headers, cells = table_cells(page, self.options.get("table"),
                                         self.options.get("columns"), self.options.get("where"),
                                         self.options.get("format"))
        except ResultsError as exc:
            raise self.error(f"results-table {self.arguments[0]}: {exc}") from None
        note = nodes.paragraph(classes=["results-provenance"])
        note += nodes.emphasis(text="Measured with ")
        note += nodes.literal(text=page["command"])
        note += nodes.emphasis(text=f" ({provenance(page)}; docs/results/{self.arguments[0]}.json).")
        return [table_node(headers, cells), note]


def setup(app):
    app.add_directive("results-table", ResultsTable)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
