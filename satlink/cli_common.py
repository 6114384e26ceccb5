"""What the commands share: option sets, their validation, and reading one board.

Kept apart from :mod:`satlink.cli` so the research commands (:mod:`satlink.cli_research`)
and the everyday ones use the same options with the same checks.
"""

from __future__ import annotations

import sys
from importlib import resources
from pathlib import Path

import click

from satlink.check import Method
from satlink.cnf import CARD_METHODS, DEFAULT_CARD, DEFAULT_ENCODING, ENCODINGS
from satlink.formats import DEFAULT_MAX_CELLS, FORMATS, Entry, read_file
from satlink.rules import RulesError, parse_rules
from satlink.solve import CYCLE_MODES, DEFAULT_CYCLES, DEFAULT_SOLVER

EXIT_OK, EXIT_NOT_OK, EXIT_INPUT = 0, 1, 2
EXAMPLE_PACK = "example"


def example_path() -> str:
    return str(resources.files("satlink") / "data" / "example-pack.txt")


def expand_files(files: tuple[str, ...]) -> list[str]:
    """``example`` names the bundled pack, so the quick start needs no file of its own."""
    return [example_path() if f == EXAMPLE_PACK and not Path(f).exists() else f for f in files]


def lemma_option(value: str | None) -> list[str] | None:
    if value is None or value == "auto":
        return None
    if value == "none":
        return []
    return [v.strip() for v in value.split(",") if v.strip()]


def validate_lemmas(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    from satlink.cnf import LEMMAS

    unknown = [name for name in lemma_option(value) or [] if name not in LEMMAS]
    if unknown:
        raise click.BadParameter(f"unknown lemma {unknown[0]!r} (known: auto, none, "
                                 f"{', '.join(LEMMAS)})")
    return value


def validate_solver(ctx: click.Context, param: click.Parameter, value: str) -> str:
    from satlink.solve import solver_names

    if value not in solver_names():
        raise click.BadParameter(f"unknown SAT backend {value!r} (e.g. glucose4, cadical195, "
                                 "minisat22; see PySAT's SolverNames)")
    return value


def verdict_or_usage_error(run, *args, **kwargs):
    """A lemma that is unsound for a board's profile is a usage error, not a traceback."""
    try:
        return run(*args, **kwargs)
    except ValueError as exc:
        raise click.UsageError(str(exc)) from None


def validate_rules(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    if value is None:
        return None
    try:
        parse_rules(value)
    except RulesError as exc:
        raise click.BadParameter(str(exc)) from None
    return value


common_options = [
    click.argument("files", nargs=-1, required=True),
    click.option("--rules", "-r", callback=validate_rules, metavar="PROFILE",
                 help="Rule profile: flow (fill,notouch; default), fill, nikoli, or a comma list "
                      "of fill, notouch, no2x2. Overrides rules stored in the file."),
    click.option("--timeout", "-t", type=click.FloatRange(min=0), default=None,
                 help="Seconds per board; a board that runs out gets status 'timeout'."),
    click.option("--solver", default=DEFAULT_SOLVER, show_default=True, callback=validate_solver,
                 help="PySAT backend name, e.g. glucose4, minisat22, cadical195."),
    click.option("--lemmas", default="auto", show_default=True, callback=validate_lemmas,
                 help="Redundant constraints: auto (all sound for the profile), none, or a list."),
    click.option("--encoding", "-e", type=click.Choice(list(ENCODINGS)), default=DEFAULT_ENCODING,
                 show_default=True, help="CNF encoding (see encodings/ for each one)."),
    click.option("--card", type=click.Choice(CARD_METHODS), default=DEFAULT_CARD,
                 show_default=True, help="Cardinality encoding for exactly-one constraints "
                                         "(native needs minicard/gluecard)."),
    click.option("--cycles", type=click.Choice(CYCLE_MODES), default=DEFAULT_CYCLES,
                 show_default=True, help="Detached-cycle cuts between solve() calls (lazy) or "
                                         "inside the search (propagator, cadical195 only)."),
    click.option("--json", "as_json", is_flag=True,
                 help="One JSON object per board per line on stdout (stable format, see README)."),
    click.option("--format", "-f", "in_format", type=click.Choice(FORMATS), default=None,
                 help="Input format (default: detected per file)."),
    click.option("--max-cells", type=click.IntRange(min=1), default=DEFAULT_MAX_CELLS,
                 show_default=True, help="Refuse boards with more cells than this."),
    click.option("--no-color", is_flag=True, help="Plain text drawing without colours."),
]


def method_from_options(solver: str, lemmas: str, encoding: str, card: str, cycles: str) -> Method:
    chosen = lemma_option(lemmas)
    return Method(encoding=encoding, card=card, lemmas=None if chosen is None else tuple(chosen),
                  solver=solver, cycles=cycles)


def with_common_options(func):
    for option in reversed(common_options):
        func = option(func)
    return func




def one_entry(file: str, index: int) -> Entry:
    """Board number ``index`` (from 1) of a file; input errors exit with status 2."""
    entries = list(read_file(expand_files((file,))[0]))
    if index > len(entries):
        raise click.UsageError(f"{file} has {len(entries)} boards, not {index}")
    entry = entries[index - 1]
    if entry.error is not None:
        click.echo(f"invalid: {entry.error}", err=True)
        sys.exit(EXIT_INPUT)
    return entry
