"""The warning for the program that reads what a command writes (``--target``).

:mod:`satlink.exports` decides which written boards are not unique under their reader's
rules; this module runs that check for a command, with a progress bar on standard error,
and says what it found, so ``convert``, ``generate`` and ``export`` warn alike.
"""

from __future__ import annotations

import click

from satlink.formats import Entry
from satlink.rules import Rules
from satlink.solver.method import DEFAULT_METHOD, Method


def warn_for_consumers(entries: list[Entry], fmt: str, target: Rules | None, *,
                       proven: bool = False, method: Method | None = None,
                       hint: str = "") -> list:
    """Check written boards under the rules of the program that reads them (see
    :mod:`satlink.exports`) and print a warning on standard error for each board that is not
    unique there, then one summary line (with ``hint``); returns the warnings."""
    from rich.console import Console

    from satlink.exports import consumer_warnings, summary
    from satlink.render.progress import progress_bar

    console = Console(stderr=True, highlight=False)
    with progress_bar("checking for the reader", len(entries), console=console,
                      show=len(entries) > 1) as bar:
        warnings = consumer_warnings(entries, fmt, target, proven=proven,
                                     method=method or DEFAULT_METHOD, progress=bar.advance)
    for warning in warnings:
        click.echo(f"warning: {warning}", err=True)
    if warnings:
        click.echo(f"warning: {summary(warnings, len(entries))}{hint}", err=True)
    return warnings
