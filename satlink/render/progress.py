"""One progress bar for every long command (check, solve, validate, generate, bench).

Drawn on standard error, and only on a terminal: output that a program reads (``--json``,
files, pipes) never contains it.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)


class Bar:
    """A handle on one running bar: advance it, or set its count and description."""

    def __init__(self, progress: Progress, task: int):
        self._progress = progress
        self._task = task

    def advance(self, steps: int = 1) -> None:
        self._progress.advance(self._task, steps)

    def update(self, completed: int | None = None, description: str | None = None) -> None:
        self._progress.update(self._task, completed=completed, description=description)


def tally(counts: dict[str, int]) -> str:
    """A short running count per status for a bar's description: ``12 unique 1 multiple``."""
    return " ".join(f"{n} {status}" for status, n in counts.items() if n)


@contextmanager
def progress_bar(description: str, total: int, *, completed: int = 0, show: bool = True,
                 console: Console | None = None) -> Iterator[Bar]:
    """A transient bar on standard error (hidden when it is not a terminal or ``show`` is
    false), removed when the block ends."""
    console = console or Console(stderr=True, highlight=False)
    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                  TimeElapsedColumn(), TextColumn("eta"), TimeRemainingColumn(), console=console,
                  transient=True,
                  disable=not (show and console.is_terminal)) as progress:
        yield Bar(progress, progress.add_task(description, total=total, completed=completed))
