"""``--to player`` of ``convert`` and ``export``: a pack written as one HTML page that plays
its puzzles in any browser, offline (:mod:`satlink.render.player`).  Every puzzle is proven
unique first (the page checks a drawing against the one solution's fingerprint); a board
that is not is left out and named on stderr, the others still written."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from satlink.cli.exits import EXIT_INPUT, EXIT_NOT_OK, EXIT_OK
from satlink.cli.files import check_outputs, read_entries, writing
from satlink.cli.options import PLAYER


def is_player(out: str | None, out_format: str | None) -> bool:
    """Whether the command writes the player: ``--to player``, or ``--out`` ending in .html
    with no ``--to``."""
    if out_format is not None:
        return out_format == PLAYER
    return out is not None and Path(out).suffix.lower() in (".html", ".htm")


def write_player(entries: list, out: str | None, title: str) -> int:
    """Write the player of ``entries`` to ``out`` (standard output for None or ``-``); the
    exit status: 0 when every board was written, 1 when some were left out (not unique), 2
    when none could be."""
    from satlink.render.player import playable, player_html

    puzzles, left_out = playable(entries)
    for sentence in left_out:
        click.echo(f"warning: {sentence}", err=True)
    if not puzzles:
        click.echo("error: no board proven unique: nothing to play", err=True)
        return EXIT_INPUT
    html = player_html(puzzles, title)
    with writing(out):
        if out in (None, "-"):
            sys.stdout.write(html)
        else:
            Path(out).write_text(html, encoding="utf-8")
    where = "standard output" if out in (None, "-") else out
    click.echo(f"{len(puzzles)} puzzle(s) written to {where} as a player (open it in any "
               f"browser){f'; {len(left_out)} left out' if left_out else ''}", err=True)
    return EXIT_NOT_OK if left_out else EXIT_OK


def convert_to_player(file: str, out: str | None, in_format: str | None, max_cells: int) -> int:
    """``convert FILE --to player``: every board of the file read (an unreadable one named,
    exit status 2), the others written as a player."""
    check_outputs((file,), out=out)
    entries = list(read_entries((file,), in_format, max_cells))
    for entry in entries:
        if entry.error is not None:
            click.echo(f"error: {entry.error}", err=True)
    status = write_player([e for e in entries if e.error is None], out, Path(file).stem)
    return EXIT_INPUT if any(e.error is not None for e in entries) else status
