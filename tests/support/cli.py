"""The command line in-process, for the tests that only need its exit status and output."""

from __future__ import annotations

from click.testing import CliRunner, Result

from satlink.cli import main

BOARD = "3 3\nA.B\n...\nA.B\n"
"""A 3x3 board of two colours: any valid board will do where a command only has to read one."""


def run(*args: str, stdin: str | None = None) -> Result:
    """``satlink ARGS`` run by click's test runner, with ``stdin`` as its standard input."""
    return CliRunner().invoke(main, list(args), input=stdin)
