"""``export``: a pack from the catalogue ``generate --db`` keeps, easiest puzzle first."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from satlink.cli.files import check_outputs, write_pack
from satlink.cli.options import out_option, pack_format, target_options, to_option
from satlink.cli.player import is_player, write_player


@click.command()
@click.option("--db", type=click.Path(dir_okay=False, exists=True), required=True,
              help="The SQLite catalogue written by 'generate --db'.")
@click.option("--where", default=None,
              help='Filter, e.g. "size=10x10 and grade>4 and effort<0.5" (fields: size, width, '
                   "height, colours, solids, rules; variant: 1 for hexagonal cells, warps, walls "
                   "or bridges, else 0; grade: the human grade's score, 0 to 9; band: easy, "
                   "medium or hard; effort: the solver effort).")
@out_option("Pack file (format from the extension or --to); default stdout.")
@to_option("Pack format (default: from --out's extension, else JSON lines); player: a "
           "one-file HTML page that plays the pack offline.", player=True)
@target_options
def export(db, where, out, out_format, target, target_check):
    """Build a pack from the catalogue, easiest puzzle first: by the human grade's score
    (the techniques a person needs), then by the solver effort (SAT decisions and conflicts
    per open cell of the uniqueness proof).

    \b
    Example:
      satlink export --db levels.sqlite --where "size=10x10 and band=medium" -o pack.jsonl
      satlink export --db levels.sqlite --where "grade>4 and effort>0.3" -o hard.jsonl
      satlink export --db levels.sqlite --where "band=medium" --to player -o medium.html
    """
    from satlink.generate.catalogue import Catalogue, CatalogueError
    from satlink.generate.pack import pack_entries
    from satlink.generate.where import WhereError, parse_where

    check_outputs((db,), out=out)
    try:
        chosen = parse_where(where)
    except WhereError as exc:
        raise click.UsageError(str(exc)) from None
    for note in chosen.notes:
        click.echo(f"note: {note}", err=True)
    try:
        catalogue = Catalogue(db, readonly=True)
    except CatalogueError as exc:
        raise click.UsageError(str(exc)) from None
    try:
        rows = catalogue.puzzles(chosen, order="grade")
    except CatalogueError as exc:  # a damaged puzzle, named
        raise click.UsageError(f"{db}: {exc}") from None
    finally:
        catalogue.close()
    try:
        entries = pack_entries(rows, db)
    except CatalogueError as exc:
        raise click.UsageError(f"{db}: {exc}") from None
    if is_player(out, out_format):
        status = write_player(entries, out, Path(db).stem)
        click.echo(f"{len(rows)} puzzles", err=True)
        sys.exit(status)
    write_pack(entries, out, pack_format(out, out_format),
               "choose another format, or the plain boards with --where variant=0", target,
               target_check)
    click.echo(f"{len(rows)} puzzles", err=True)
