"""What the commands print for people: verdicts with drawings, invalid boards, run summaries.

The commands in :mod:`satlink.cli` decide *what* to say; this module decides how it looks.
Machine-readable output (``--json``) is built by :mod:`satlink.records`, not here.
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from typing import TYPE_CHECKING

import click

from satlink.formats import Entry
from satlink.verdict import Status, Verdict

if TYPE_CHECKING:  # rich is imported where something is drawn: --json never loads it
    from rich.console import Console


def print_json(record: dict) -> None:
    """One record as one line on standard output (the stable ``--json`` contract)."""
    click.echo(json.dumps(record, ensure_ascii=False))


class VerdictPrinter:
    """Draws each verdict on standard output: a title line, the solution(s) side by side and,
    for ``multiple``, the cells where the two solutions differ.  Colour only on a terminal."""

    def __init__(self, no_color: bool):
        from rich.console import Console

        self.plain = no_color or not sys.stdout.isatty()
        self.console = Console(no_color=self.plain, highlight=False, soft_wrap=True)

    def invalid(self, entry: Entry) -> None:
        click.echo(f"invalid: {entry.error}", err=True)

    def verdict(self, entry: Entry, verdict: Verdict) -> None:
        from rich.columns import Columns

        from satlink.render.terminal import draw_plain, draw_rich

        board = entry.board
        title = (f"{entry.source} #{entry.index} {board.width}x{board.height} "
                 f"rules={verdict.rules}: {verdict.status.value.upper()} ({verdict.seconds:.3f} s)")
        if verdict.count is not None:
            title += f", {verdict.count} solution{'s' if verdict.count != 1 else ''} found"
        self.console.print(title)
        shown = verdict.solutions[:2] or [None]
        if self.plain:
            blocks = [draw_plain(board, s).splitlines() for s in shown]
            for row in zip(*blocks, strict=False):
                self.console.print("   ".join(row))
        else:
            self.console.print(Columns([draw_rich(board, s) for s in shown], padding=(0, 3)))
        if verdict.status == Status.MULTIPLE:
            cells = " ".join(f"({r},{c})" for r, c in (board.coord(x) for x in verdict.diff_cells))
            self.console.print(f"differing cells: {cells}")
        self.console.print()


def print_run_summary(records: list[dict], skipped: int, console: Console) -> None:
    """Counts per status and the slowest boards of a validation run."""
    from rich.table import Table

    counts = Counter(str(record["status"]) for record in records)
    table = Table(title=f"{len(records)} boards" + (f" ({skipped} from --resume)" if skipped else ""))
    table.add_column("status")
    table.add_column("boards", justify="right")
    for status, n in sorted(counts.items()):
        table.add_row(status, str(n))
    console.print(table)
    slowest = sorted(records, key=lambda r: -r.get("seconds", 0))[:5]
    if slowest and slowest[0].get("seconds", 0) > 0:
        console.print("slowest: " + ", ".join(f"{r['source']}#{r['index']} {r['seconds']:.2f}s"
                                              for r in slowest))


def print_check_summary(results: list[tuple[str, int, str]], good: str, console: Console) -> None:
    """The end-of-run summary of ``check``/``solve``, as pytest ends a run: the boards that
    need attention by ``source:index``, then one line of counts per status."""
    problems = [(source, index, status) for source, index, status in results if status != good]
    if problems:
        console.print(f"[bold]{len(problems)} board{'s' if len(problems) != 1 else ''} not {good}:")
        for source, index, status in problems:
            console.print(f"  {status:<12} {source}:{index}")
    counts = Counter(status for _, _, status in results)
    order = [good] + [str(s) for s in Status if str(s) != good]
    line = ", ".join(f"{counts[s]} {s}" for s in order if counts.get(s))
    colour = "green" if not problems else "red"
    console.print(f"[{colour}]== {len(results)} board{'s' if len(results) != 1 else ''}: "
                  f"{line or 'none'} ==")
