"""Commands for researchers: DIMACS export (``cnf``), external models (``decode``), and the
benchmark harness (``bench``)."""

from __future__ import annotations

import json
import sys

import click
from rich.console import Console

from satlink.cli_common import (
    EXIT_INPUT,
    EXIT_NOT_OK,
    EXIT_OK,
    lemma_option,
    one_entry,
    validate_lemmas,
    validate_rules,
)
from satlink.cnf import CARD_METHODS, DEFAULT_CARD, ENCODINGS, encode
from satlink.rules import DEFAULT_PROFILE, parse_rules


@click.command()
@click.argument("board")
@click.option("--index", "-i", type=click.IntRange(min=1), default=1, show_default=True,
              help="Which board of the file.")
@click.option("--rules", "-r", callback=validate_rules, default=None, metavar="PROFILE",
              help="Rule profile (default: the file's, else flow).")
@click.option("--encoding", "-e", type=click.Choice(list(ENCODINGS)), default="acyclic",
              show_default=True, help="Encoding; only acyclic gives a complete CNF.")
@click.option("--card", type=click.Choice([c for c in CARD_METHODS if c != "native"]),
              default=DEFAULT_CARD, show_default=True, help="Cardinality encoding.")
@click.option("--lemmas", default="auto", show_default=True, callback=validate_lemmas,
              help="Redundant constraints: auto, none, or a list.")
@click.option("--names", is_flag=True, help="Name every variable in the header (c var lines).")
@click.option("--out", "-o", type=click.File("w"), default="-", help="Output file (default stdout).")
def cnf(board, index, rules, encoding, card, lemmas, names, out):
    """Write one board's CNF as DIMACS, with a header mapping variables to cells and edges.

    Variables 1..E are the edges (one 'c edge V R1 C1 R2 C2' line each) in every encoding;
    'c ind' projects onto them, since two solutions differ exactly when their edges do.

    \b
    Example:
      satlink cnf example --index 2 --encoding acyclic > board.cnf
      kissat board.cnf > model.txt; satlink decode example model.txt --index 2
    """
    from satlink.dimacs import dimacs_lines

    entry = one_entry(board, index)
    profile = parse_rules(rules or entry.rules or DEFAULT_PROFILE)
    chosen = lemma_option(lemmas)
    try:
        encoded = encode(entry.board, profile, chosen, encoding, card)
    except ValueError as exc:
        raise click.UsageError(str(exc)) from None
    if not encoded.acyclic:
        click.echo(f"note: {encoding} does not exclude detached cycles; a model may not be a "
                   "solution (satlink decode says so). Use --encoding acyclic for an exact CNF.",
                   err=True)
    for line in dimacs_lines(encoded, names=names):
        out.write(line + "\n")


@click.command()
@click.argument("board")
@click.argument("model", type=click.File("r"))
@click.option("--index", "-i", type=click.IntRange(min=1), default=1, show_default=True,
              help="Which board of the file.")
@click.option("--rules", "-r", callback=validate_rules, default=None, metavar="PROFILE",
              help="Rule profile to validate under (default: the file's, else flow).")
@click.option("--json", "as_json", is_flag=True, help="Print a JSON object instead of a drawing.")
@click.option("--no-color", is_flag=True, help="Plain text drawing without colours.")
def decode(board, model, index, rules, as_json, no_color):
    """Read a model printed by any SAT solver ('v' lines) and show/validate the solution.

    Exit status: 0 if the model is a valid solution, 1 if it is not (or the solver said
    UNSATISFIABLE), 2 on unreadable input.  MODEL may be '-' for standard input.

    \b
    Example:
      satlink cnf example > b.cnf && cadical b.cnf > b.model; satlink decode example b.model
    """
    from satlink.dimacs import ModelError, decode_model, read_model
    from satlink.render.terminal import draw_plain, draw_rich

    entry = one_entry(board, index)
    profile = parse_rules(rules or entry.rules or DEFAULT_PROFILE)
    try:
        literals = read_model(model, model.name)
    except ModelError as exc:
        click.echo(f"invalid: {exc}", err=True)
        sys.exit(EXIT_INPUT)
    if literals is None:
        result, solution, errors = "unsatisfiable", None, []
    else:
        decoded = decode_model(entry.board, profile, literals)
        solution, errors = decoded.solution, decoded.errors
        result = "valid" if solution is not None and not errors else "invalid"
    if as_json:
        click.echo(json.dumps({
            "source": entry.source, "index": entry.index, "rules": str(profile), "result": result,
            "errors": errors, "solution": solution.to_coords(entry.board) if solution else None,
        }, ensure_ascii=False))
    else:
        console = Console(highlight=False)
        console.print(f"{entry.source} #{entry.index} rules={profile}: model is {result.upper()}")
        if solution is not None:
            plain = no_color or not console.is_terminal
            console.print(draw_plain(entry.board, solution) if plain
                          else draw_rich(entry.board, solution))
        for error in errors:
            console.print(f"  {error}")
    sys.exit(EXIT_OK if result == "valid" else EXIT_NOT_OK)
