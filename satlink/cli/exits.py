"""The exit statuses every command shares (the README's "Exit status" sections).

0: the command's goal was met (every board unique, every proposal found, ...); 1: it ran to
the end but some board is not as asked (multiple, unsolvable, timed out), or it was cut short
(its reader closed the pipe) before every board was judged; 2: bad input or options, or a
file that cannot be read or written; 3: a bug in satlink (see :mod:`satlink.cli`).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterable

EXIT_OK, EXIT_NOT_OK, EXIT_INPUT, EXIT_BUG = 0, 1, 2, 3


def run_status(statuses: Iterable[str], good: str, complete: bool) -> int:
    """The exit status of a run that judged boards with ``statuses``: 2 if one was invalid,
    1 if one is not ``good`` or some board was never judged (``complete`` False: the run was
    cut short), else 0.  A board that was not looked at is never counted as good."""
    seen = list(statuses)
    if "invalid" in seen:
        return EXIT_INPUT
    if not complete or any(status != good for status in seen):
        return EXIT_NOT_OK
    return EXIT_OK


def reader_gone() -> None:
    """The reader of standard output went away (``| head``): send whatever is still written
    there to /dev/null, so that neither the rest of the run nor the interpreter's last flush
    raises again."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
