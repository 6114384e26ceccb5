"""The ``satlink`` command group: each command's module loaded when the command is asked
for, and an unexpected exception turned into a one-line bug report."""

from __future__ import annotations

import importlib
import os

import click

from satlink.cli.exits import EXIT_BUG, EXIT_INPUT, EXIT_NOT_OK, reader_gone
from satlink.solver.method import MethodError

COMMANDS = {
    "check": "check", "solve": "check", "convert": "check", "render": "check",
    "generate": "generate", "export": "export", "validate": "validate", "cnf": "cnf",
    "decode": "cnf", "bench": "bench", "repair": "repair", "explain": "explain",
    "hint": "explain", "paint": "paint", "studio": "studio",
}
"""Each command and the module of :mod:`satlink.cli` that defines it, imported when the
command runs: ``satlink check`` then never builds (nor imports) the other commands, whose
declarations are a large share of start-up (click cleans every option's help text as it is
declared; figures: benchmarks/README.md)."""

REPORT_BUGS = "please report it with the command line and the input file (SATLINK_DEBUG=1 shows " \
              "the traceback)"


class SatlinkGroup(click.Group):
    """The command group: loads a command's module when it is asked for (:data:`COMMANDS`),
    and turns an unexpected exception into a one-line bug report."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return list(COMMANDS)

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        if name not in COMMANDS:
            return None
        module = importlib.import_module(f"satlink.cli.{COMMANDS[name]}")
        return getattr(module, name)

    def invoke(self, ctx: click.Context):
        try:
            return super().invoke(ctx)
        except (click.exceptions.ClickException, click.exceptions.Exit, click.exceptions.Abort,
                KeyboardInterrupt, SystemExit):
            raise
        except MethodError as exc:  # a method that cannot do what this run asks of it
            raise click.UsageError(str(exc)) from None
        except BrokenPipeError:  # the reader went away (``| head``): stop quietly, cut short
            reader_gone()        # (check and solve say more: satlink.cli.check.judge_boards)
            ctx.exit(EXIT_NOT_OK)
        except OSError as exc:  # a full disk, a read-only folder, /dev/full: not a bug
            click.echo(f"satlink: cannot write or read a file: {exc}", err=True)
            ctx.exit(EXIT_INPUT)
        except Exception as exc:
            if os.environ.get("SATLINK_DEBUG"):
                raise
            click.echo(f"satlink: internal error (a bug in satlink, not in your input): "
                       f"{type(exc).__name__}: {exc}; {REPORT_BUGS}", err=True)
            ctx.exit(EXIT_BUG)


def _show_version(ctx: click.Context, _param: click.Parameter, value: bool) -> None:
    """``--version``: the version, and which deduction engine runs (compiled, or the Python
    fallback where the compiled core was not built: :mod:`satlink.deduce.engines`)."""
    if not value or ctx.resilient_parsing:
        return
    from satlink.deduce.engines import describe
    from satlink.version import __version__

    click.echo(f"satlink, version {__version__}\n{describe()}")
    ctx.exit(0)


@click.group(cls=SatlinkGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.option("--version", is_flag=True, expose_value=False, is_eager=True, callback=_show_version,
              help="Show the version and the deduction engine in use, and exit.")
def main() -> None:
    """satlink: exact NumberLink (Flow Free) solving and uniqueness proofs with SAT.

    \b
    Example:
      satlink check example            # check the bundled example pack under 'flow'
      satlink check pack.txt --rules fill --json > verdicts.jsonl
    """

