"""The files a command reads and writes: boards in, packs and results out.

Reading and writing go through :mod:`satlink.formats`; this module adds what a command
needs around them: an input error or a full disk is reported as such (exit status 2, naming
the file), and an output that is one of the inputs, or cannot be written at all, is refused
before any work is done, so a long run never ends in a lost result or an overwritten input.
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Iterable, Iterator
from pathlib import Path

import click

from satlink.cli.consumers import warn_for_consumers
from satlink.cli.exits import EXIT_INPUT
from satlink.formats import (
    DEFAULT_MAX_CELLS,
    Entry,
    WriteError,
    expand_files,
    read_file,
    write_text,
)
from satlink.rules import Rules
from satlink.solver.check import collector_paused
from satlink.solver.method import Method


def read_entries(files: tuple[str, ...] | list[str], in_format: str | None = None,
                 max_cells: int = DEFAULT_MAX_CELLS) -> list[Entry]:
    """Every board of every file, in order (``example`` is the bundled pack).  Building a big
    board's graph makes millions of tuples and no cycles: the cycle collector waits, as it
    would otherwise walk them all for nothing (figures: benchmarks/README.md)."""
    with collector_paused():
        return [e for f in expand_files(files) for e in read_file(f, in_format, max_cells)]


def one_entry(file: str, index: int, as_json: bool = False) -> Entry:
    """Board number ``index`` (from 1) of a file; input errors exit with status 2, and with
    ``as_json`` an invalid board is also the ``invalid`` record on standard output that the
    commands reading many boards print (``explain --json``), so a script reads one shape."""
    entries = read_entries((file,))
    if index > len(entries):
        raise click.UsageError(f"{file} has {len(entries)} boards, not {index}")
    entry = entries[index - 1]
    if entry.error is not None:
        if as_json:
            from satlink.render.console import print_json

            print_json({"source": entry.source, "index": entry.index, "status": "invalid",
                        "error": entry.error.as_dict()})
        click.echo(f"invalid: {entry.error}", err=True)
        sys.exit(EXIT_INPUT)
    return entry


class FileError(click.ClickException):
    """A file that cannot be written or used (full disk, another run holds it): exit 2."""

    exit_code = EXIT_INPUT


@contextlib.contextmanager
def writing(*paths: str | None) -> Iterator[None]:
    """An OS error inside names the file being written: "cannot write FILE: No space left on
    device" (exit 2).  None and ``-`` mean standard output; a reader that went away
    (BrokenPipeError) is left to the command group, which stops quietly."""
    try:
        yield
    except BrokenPipeError:
        raise
    except OSError as exc:
        name = exc.filename or next((p for p in paths if p not in (None, "-")), None)
        raise FileError(f"cannot write {name or 'standard output'}: "
                        f"{exc.strerror or exc}") from None


def write_entries(entries: list[Entry], out: str | None, fmt: str) -> None:
    """Write boards to ``out`` (standard output for None or ``-``) in format ``fmt``."""
    try:
        text = write_text(entries, fmt)
    except WriteError as exc:
        click.echo(f"error: cannot write {fmt}: {exc}", err=True)
        sys.exit(EXIT_INPUT)
    with writing(out):
        if out is None or out == "-":
            click.echo(text, nl=False)
        else:
            Path(out).write_text(text, encoding="utf-8")


def check_outputs(inputs: Iterable[str], **outputs: str | None) -> None:
    """Refuse, before any work is done, an output that is one of the inputs (the same file,
    however it is named) or that cannot be written (missing folder, no permission).

    ``outputs`` maps option names (``out="r.jsonl"``) to paths; None and ``-`` are skipped.
    """
    existing = [Path(f) for f in expand_files(inputs) if f != "-" and Path(f).exists()]
    for option, path in outputs.items():
        if path is None or path == "-":
            continue
        flag = "--" + option.replace("_", "-")
        target = Path(path)
        if target.exists():
            if target.is_dir():
                raise click.UsageError(f"{flag} {path} is a folder, not a file")
            if any(os.path.samefile(target, f) for f in existing):
                raise click.UsageError(f"{flag} {path} is one of the input files; refusing to "
                                       "overwrite it (write the results somewhere else)")
            if not os.access(target, os.W_OK):
                raise click.UsageError(f"{flag} {path}: no permission to write it")
            continue
        folder = target.parent if str(target.parent) else Path(".")
        if not folder.is_dir():
            raise click.UsageError(f"{flag} {path}: folder {folder} does not exist")
        if not os.access(folder, os.W_OK):
            raise click.UsageError(f"{flag} {path}: no permission to write in {folder}")


def write_pack(entries: list, out: str | None, fmt: str, stored: str, target: Rules | None = None,
               target_check: bool = True, method: Method | None = None) -> None:
    """Write a pack, unless the format would drop a variant's geometry (exit 2); then warn
    about the puzzles that are not unique for the program that reads them (see
    :mod:`satlink.exports`: the puzzles are proven unique under their own rules only)."""
    from satlink.exports import for_target
    from satlink.generate.pack import variant_loss

    loss = variant_loss(entries, fmt)
    if loss:
        click.echo(f"error: cannot write {fmt}: {loss}; {stored}", err=True)
        sys.exit(EXIT_INPUT)
    entries = for_target(entries, fmt, target)
    write_entries(entries, out, fmt)
    if target_check:
        warnings = warn_for_consumers(entries, fmt, target, proven=True, method=method)
        readers = {w.consumer.rules for w in warnings}
        if len(readers) == 1:
            (reader,) = readers
            click.echo(f"hint: puzzles made with --rules {reader.name} are unique there", err=True)
