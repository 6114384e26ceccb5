"""A Sphinx directive that shows a command's ``--help`` exactly as the command prints it.

The reference pages take their option lists from the command itself, so an option added,
renamed or removed shows up in the site at the next build instead of in a stale copy::

    ```{satlink-help} check
    ```

The text is rendered by click in this process, at a fixed width, as a literal block (the help
is plain text, not reStructuredText).
"""

from __future__ import annotations

from click.testing import CliRunner
from docutils import nodes
from docutils.parsers.rst import Directive
from sphinx.errors import ExtensionError

HELP_WIDTH = 88
"""Columns the help is wrapped to: a terminal of 88 columns, wide enough for the examples."""


def command_help(command: str) -> str:
    """``satlink COMMAND --help`` (``satlink --help`` for an empty command), as printed."""
    from satlink.cli import main

    args = [*command.split(), "--help"]
    result = CliRunner().invoke(main, args, prog_name="satlink", terminal_width=HELP_WIDTH)
    if result.exit_code != 0:
        raise ExtensionError(f"satlink {command} --help exited {result.exit_code}: {result.output}")
    return result.output.rstrip("\n")


class SatlinkHelp(Directive):
    """``satlink-help COMMAND``: a literal block holding that command's help."""

    optional_arguments = 1
    final_argument_whitespace = True

    def run(self) -> list[nodes.Node]:
        command = self.arguments[0] if self.arguments else ""
        text = command_help(command)
        block = nodes.literal_block(text, text)
        block["language"] = "text"
        return [block]


def setup(app):
    app.add_directive("satlink-help", SatlinkHelp)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
