"""What the commands share: exit codes, option sets parsed once into values, reading boards,
writing packs.

Options are declared here once and reach a command as validated values: ``--rules`` as a
:class:`~satlink.rules.Rules` (a click parameter type), the five solving options as one
:class:`~satlink.method.Method` (``method=`` keyword).  A command never re-parses or
re-defaults either.
"""

from __future__ import annotations

import contextlib
import functools
import math
import os
import sys
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path

import click

from satlink.check import collector_paused
from satlink.cnf.catalogue import CARD_METHODS, DEFAULT_CARD, DEFAULT_ENCODING, ENCODING_KINDS
from satlink.formats import (
    DEFAULT_MAX_CELLS,
    FORMATS,
    Entry,
    WriteError,
    expand_files,
    format_for_path,
    read_file,
    write_text,
)
from satlink.method import (
    CYCLE_MODES,
    DEFAULT_CYCLES,
    DEFAULT_METHOD,
    DEFAULT_SOLVER,
    Method,
    MethodError,
)
from satlink.resources import default_max_cells
from satlink.rules import Rules, RulesError, names_a_rule, parse_rules

EXIT_OK, EXIT_NOT_OK, EXIT_INPUT, EXIT_BUG = 0, 1, 2, 3


class RulesType(click.ParamType):
    """``--rules``: a profile or comma list, parsed once into :class:`Rules`."""

    name = "PROFILE"

    def convert(self, value, param, ctx) -> Rules:
        if isinstance(value, Rules):
            return value
        if not names_a_rule(value):  # an empty variable in a script, most likely
            self.fail(f"{value!r} names no rule; give a profile (flow, fill, nikoli), a comma list "
                      "of fill, notouch, no2x2, or 'none' for no rules", param, ctx)
        try:
            return parse_rules(value)
        except RulesError as exc:
            self.fail(str(exc), param, ctx)


RULES = RulesType()


def rules_option(help_text: str = "Rule profile: flow (fill,notouch; default), fill, nikoli, or a "
                                  "comma list of fill, notouch, no2x2. Overrides rules stored in "
                                  "the file.") -> Callable:
    return click.option("--rules", "-r", type=RULES, default=None, help=help_text)


class SecondsType(click.ParamType):
    """A number of seconds >= 0; ``inf`` means no limit (NaN is refused)."""

    name = "SECONDS"

    def convert(self, value, param, ctx) -> float:
        try:
            seconds = float(value)
        except (TypeError, ValueError):
            self.fail(f"{value!r} is not a number of seconds", param, ctx)
        if math.isnan(seconds) or seconds < 0:
            self.fail(f"{value!r} is not a number of seconds >= 0", param, ctx)
        return seconds


SECONDS = SecondsType()


def timeout_option(func: Callable) -> Callable:
    return click.option("--timeout", "-t", type=SECONDS, default=None,
                        help="Seconds per board, covering encoding and solving (inf: no limit); "
                             "a board that runs out gets status 'timeout'.")(func)


def _max_cells_auto(ctx: click.Context, param: click.Parameter, value: int | None) -> int:
    return default_max_cells() if value is None else value


def input_options(func: Callable) -> Callable:
    """``--format`` and ``--max-cells``, for every command that reads boards."""
    func = click.option("--max-cells", type=click.IntRange(min=1), default=None,
                        callback=_max_cells_auto,
                        help="Refuse boards with more cells than this (default: auto, the "
                             "memory available / 6 KB per cell; about 3.6 million cells with "
                             "24 GB free).")(func)
    return click.option("--format", "-f", "in_format", type=click.Choice(FORMATS), default=None,
                        help="Input format (default: detected per file).")(func)


def method_options(default_encoding: str = DEFAULT_ENCODING, backend: bool = True) -> Callable:
    """The solving options, handed to the command as one ``method`` keyword argument.

    ``backend=False`` (``satlink cnf``) leaves out ``--solver`` and ``--cycles``, which mean
    nothing without a solver, and ``--card native``, which has no CNF form.
    """
    cards = CARD_METHODS if backend else tuple(c for c in CARD_METHODS if c != "native")

    def decorate(command: Callable) -> Callable:
        @functools.wraps(command)
        def with_method(*args, encoding, card, lemmas, solver=DEFAULT_SOLVER, cycles=DEFAULT_CYCLES,
                        presolve=True, **kwargs):
            try:
                method = Method(encoding=encoding, card=card, lemmas=lemmas, solver=solver,
                                cycles=cycles, presolve=presolve)
            except MethodError as exc:
                raise click.UsageError(str(exc)) from None
            return command(*args, method=method, **kwargs)

        options = [
            click.option("--encoding", "-e", type=click.Choice(list(ENCODING_KINDS)),
                         default=default_encoding, show_default=True,
                         help="CNF encoding (see encodings/ for each one)."),
            click.option("--card", type=click.Choice(cards), default=DEFAULT_CARD,
                         show_default=True, help="Cardinality encoding for exactly-one "
                                                 "constraints (native needs minicard/gluecard)."),
            click.option("--lemmas", default="auto", show_default=True,
                         help="Redundant constraints: auto (the default ones sound for the "
                              "profile: corner, and no-u-turn on hexagons), none, all (every "
                              "sound one), or a comma list."),
        ]
        if backend:
            options += [
                click.option("--solver", default=DEFAULT_SOLVER, show_default=True,
                             help="PySAT backend name, e.g. glucose4, minisat22, cadical195."),
                click.option("--cycles", type=click.Choice(CYCLE_MODES), default=DEFAULT_CYCLES,
                             show_default=True, help="Detached-cycle cuts between solve() calls "
                                                     "(lazy) or inside the search (propagator, "
                                                     "cadical195 only)."),
                click.option("--presolve/--no-presolve", default=True, show_default=True,
                             help="Forced moves before SAT: a board they decide needs no CNF; "
                                  "--no-presolve sends every board through the encoding."),
            ]
        for option in reversed(options):
            with_method = option(with_method)
        return with_method
    return decorate


def json_option(help_text: str = "One JSON object per board per line on stdout (stable format, "
                                  "see README).") -> Callable:
    """``--json``: machine-readable output instead of drawings (``as_json``)."""
    return click.option("--json", "as_json", is_flag=True, help=help_text)


def no_color_option(func: Callable) -> Callable:
    return click.option("--no-color", is_flag=True, help="Plain text drawing without colours.")(func)


def output_options(func: Callable) -> Callable:
    """``--json`` (the stable record) and ``--no-color``."""
    return json_option()(no_color_option(func))


def out_option(help_text: str) -> Callable:
    """``--out``/``-o``: the file a command writes; ``help_text`` says what goes in it."""
    return click.option("--out", "-o", type=click.Path(dir_okay=False), default=None,
                        help=help_text)


def to_option(help_text: str) -> Callable:
    """``--to``: the board format written (``out_format``); ``help_text`` says its default."""
    return click.option("--to", "out_format", type=click.Choice(FORMATS), default=None,
                        help=help_text)


def target_options(func: Callable) -> Callable:
    """``--target PROFILE`` (``target``, a :class:`Rules` or None) and
    ``--target-check/--no-target-check`` (``target_check``): the rules of the program that
    reads the written boards, and whether to check each board under them."""
    func = click.option("--target-check/--no-target-check", default=True, show_default=True,
                        help="Check each written board under its reader's rules (see --target) "
                             "and warn when it is not unique there.")(func)
    return click.option("--target", type=RULES, default=None, metavar="PROFILE",
                        help="Rules of the program that reads the output (e.g. fill for a "
                             "fill-only app). Default: the format's reader: Flow Free (flow) for "
                             "level lines, for puzz.link the URL's type (arukone, fill, when "
                             "the profile or --target has fill; else numlin, nikoli); other "
                             "formats are not checked without it.")(func)


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


def cores() -> int:
    """The processors this process may run on (its affinity, else the machine's count)."""
    try:
        return len(os.sched_getaffinity(0)) or 1
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def capped_jobs(jobs: int | None) -> int:
    """``--jobs``, at most the cores available (default: all of them): more worker processes
    than cores only compete for them, and --jobs 99999 would start that many."""
    available = cores()
    if jobs is None:
        return available
    if jobs > available:
        click.echo(f"note: --jobs {jobs} is more than the {available} cores available; "
                   f"using {available}", err=True)
        return available
    return jobs


def index_option(func: Callable) -> Callable:
    """``--index``/``-i``: one board of a file, counted from 1 (see :func:`one_entry`)."""
    return click.option("--index", "-i", type=click.IntRange(min=1), default=1, show_default=True,
                        help="Which board of the file.")(func)


def pack_format(out: str | None, out_format: str | None) -> str:
    """The format of a written pack: ``--to``, else ``--out``'s extension, else JSON lines."""
    return out_format or (format_for_path(out) if out else "json")


def method_for_board(method: Method, rules: Rules) -> None:
    """A lemma named with ``--lemmas`` that is unsound for a board's profile is a usage error
    (the profile can come from the file, so this is known only board by board)."""
    try:
        method.check_lemmas(rules)
    except MethodError as exc:
        raise click.UsageError(str(exc)) from None


def read_entries(files: tuple[str, ...] | list[str], in_format: str | None = None,
                 max_cells: int = DEFAULT_MAX_CELLS) -> list[Entry]:
    """Every board of every file, in order (``example`` is the bundled pack).  Building a big
    board's graph makes millions of tuples and no cycles: the cycle collector waits (about a
    third of reading a 1002x1002 board)."""
    with collector_paused():
        return [e for f in expand_files(files) for e in read_file(f, in_format, max_cells)]


def one_entry(file: str, index: int) -> Entry:
    """Board number ``index`` (from 1) of a file; input errors exit with status 2."""
    entries = read_entries((file,))
    if index > len(entries):
        raise click.UsageError(f"{file} has {len(entries)} boards, not {index}")
    entry = entries[index - 1]
    if entry.error is not None:
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
