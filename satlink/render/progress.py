"""One progress bar for every long command (check, solve, validate, generate, bench).

Drawn on standard error, and only on a terminal: output that a program reads (``--json``,
files, pipes) never contains it.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rich.console import Console
    from rich.progress import Progress


class Bar:
    """A handle on one running bar: advance it, or set its count and description."""

    def __init__(self, progress: Progress | None, task: int):
        self._progress = progress  # None: nothing is drawn
        self._task = task

    def advance(self, steps: int = 1) -> None:
        if self._progress is not None:
            self._progress.advance(self._task, steps)

    def update(self, completed: int | None = None, description: str | None = None) -> None:
        if self._progress is not None:
            self._progress.update(self._task, completed=completed, description=description)


def tally(counts: dict[str, int]) -> str:
    """A short running count per status for a bar's description: ``12 unique 1 multiple``."""
    return " ".join(f"{n} {status}" for status, n in counts.items() if n)


@contextmanager
def progress_bar(description: str, total: int, *, completed: int = 0, show: bool = True,
                 console: Console | None = None) -> Iterator[Bar]:
    """A transient bar on standard error (hidden when it is not a terminal or ``show`` is
    false), removed when the block ends."""
    if not show or (console is None and not _may_be_terminal()):
        yield Bar(None, 0)  # rich would draw nothing: not even imported
        return
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    console = console or Console(stderr=True, highlight=False)
    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                  TimeElapsedColumn(), TextColumn("eta"), TimeRemainingColumn(), console=console,
                  transient=True,
                  disable=not (show and console.is_terminal)) as progress:
        yield Bar(progress, progress.add_task(description, total=total, completed=completed))


def _may_be_terminal() -> bool:
    """False only where rich's own test would say standard error is not a terminal (no tty,
    no FORCE_COLOR, no TTY_COMPATIBLE=1), so that test still decides every other case."""
    return (sys.stderr.isatty() or bool(os.environ.get("FORCE_COLOR"))
            or os.environ.get("TTY_COMPATIBLE") == "1")
