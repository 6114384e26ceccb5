"""The options the commands share, declared once and parsed once into values.

Options reach a command as validated values: ``--rules`` as a :class:`~satlink.rules.Rules`
(a click parameter type), the five solving options as one
:class:`~satlink.solver.method.Method` (``method=`` keyword).  A command never re-parses or
re-defaults either.  Reading and writing the files the options name is
:mod:`satlink.cli.files`'s job.
"""

from __future__ import annotations

import functools
import math
import os
from collections.abc import Callable

import click

from satlink.cnf.kinds import CARD_METHODS, DEFAULT_CARD, DEFAULT_ENCODING, ENCODING_KINDS
from satlink.formats import FORMATS, format_for_path
from satlink.rules import Rules, RulesError, names_a_rule, parse_rules
from satlink.solver.memory import default_max_cells
from satlink.solver.method import (
    CYCLE_MODES,
    DEFAULT_CYCLES,
    DEFAULT_SOLVER,
    Method,
    MethodError,
)


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
                        presolve=True, frontier=True, **kwargs):
            try:
                method = Method(encoding=encoding, card=card, lemmas=lemmas, solver=solver,
                                cycles=cycles, presolve=presolve, frontier=frontier)
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
                click.option("--frontier/--no-frontier", default=True, show_default=True,
                             help="Prove uniqueness by the frontier sweep where it pays (fill "
                                  "without notouch, a 12- or 13-node frontier); "
                                  "--no-frontier leaves those boards to SAT."),
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


PLAYER = "player"
"""``--to player``: the one-file HTML player (:mod:`satlink.render.player`), not a board format."""


def to_option(help_text: str, player: bool = False) -> Callable:
    """``--to``: the board format written (``out_format``); ``help_text`` says its default;
    ``player``: the one-file player is a choice too."""
    choices = (*FORMATS, PLAYER) if player else FORMATS
    return click.option("--to", "out_format", type=click.Choice(choices), default=None,
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
    """``--index``/``-i``: one board of a file, counted from 1 (see :func:`satlink.cli.files.one_entry`)."""
    return click.option("--index", "-i", type=click.IntRange(min=1), default=1, show_default=True,
                        help="Which board of the file.")(func)


def pack_format(out: str | None, out_format: str | None) -> str:
    """The format of a written pack: ``--to``, else ``--out``'s extension, else JSON lines."""
    return out_format or (format_for_path(out) if out else "json")


