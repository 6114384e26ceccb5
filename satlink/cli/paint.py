"""``paint``: a painted board in, a puzzle proven unique out (and the painted side of
``repair``).

A separate command rather than an option of ``convert``: ``convert`` only changes formats
and never solves, while turning a painting into a puzzle proves it, may complete it (a
seeded random walk) and may change the drawn paths.  ``convert`` still reads a complete
painting and writes the puzzle of its endpoints with the drawing as its solution, unproven.
"""

from __future__ import annotations

import json
import sys
from typing import NamedTuple

import click

from satlink.board import EMPTY
from satlink.cli.exits import EXIT_INPUT, EXIT_NOT_OK, EXIT_OK
from satlink.cli.files import check_outputs, read_entries, write_pack
from satlink.cli.options import (
    input_options,
    json_option,
    method_options,
    out_option,
    pack_format,
    rules_option,
    to_option,
)
from satlink.formats import Entry
from satlink.geometry import geometry_to_json
from satlink.painted.complete import CompleteOptions, complete_painting
from satlink.painted.fix import DEFAULT_BOUND, FixSearch, PaintFixOptions, fix_painting
from satlink.painted.judge import PAINTED_VERSION, painted_verdict
from satlink.repair.plans import ChainOptions, Constraints
from satlink.rules import Rules
from satlink.runtime.cancel import Cancelled, within
from satlink.solver.check import check
from satlink.solver.verdict import Status


def painted_fix(entry: Entry, profile: Rules, options: PaintFixOptions,
                search: bool = True) -> tuple[dict, FixSearch | None]:
    """Judge a complete painting and, when its puzzle is not unique (and ``search``), search
    the smallest changes to its paths as ``options`` say: (the ``painted`` object of the
    README, the search or None).  The judging check has the search's method and budget."""
    painting = entry.painting
    verdict = check(entry.board, profile, count=DEFAULT_BOUND, method=options.method,
                    timeout=options.seconds)
    judged = painted_verdict(painting, verdict, profile)
    found = None
    if search and painting.complete and verdict.status == Status.MULTIPLE and not judged.errors:
        found = fix_painting(entry.board, entry.solution, profile, options, verdict=verdict)
    return judged.as_dict(), found


def print_fix(where: str, painted: dict, found: FixSearch | None) -> None:
    click.echo(f"{where}: {painted['sentence']}")
    if found is None:
        return
    if not found.proposals:
        click.echo(f"  no change found ({found.reason}: {found.checks} puzzles checked, "
                   f"{found.seconds:.1f} s)" + ("; best partial progress:" if found.partial
                                                 else ""))
        for i, edit in enumerate(found.partial, 1):
            click.echo(f"    {i}. {edit.description}: {edit.status}, {edit.count} solutions")
        return
    n = len(found.proposals)
    click.echo(f"  {n} proposal{'s' if n != 1 else ''}, each proven unique ({found.checks} "
               f"puzzles checked, {found.seconds:.1f} s):")
    for i, fix in enumerate(found.proposals, 1):
        click.echo(f"  {i}. " + "; then ".join(e.description for e in fix.edits)
                   + f" ({fix.changed} cells change)")
        for row in fix.board.rows:
            click.echo(f"       {row}")


def _n(count: int, noun: str) -> str:
    return f"{count} {noun}{'' if count == 1 else 's'}"


def _record(entry: Entry, profile: Rules) -> dict:
    return {"source": entry.source, "index": entry.index, "painted_version": PAINTED_VERSION,
            "rules": str(profile)}


def _result(out: dict, board, solution) -> None:
    out["grid"] = list(board.rows)
    out["solution"] = solution.to_coords(board)
    if not board.geometry.is_plain:
        out["geometry"] = geometry_to_json(board.geometry, board.width)


@click.command()
@click.argument("files", nargs=-1, required=True)
@rules_option("Rule profile the puzzle must be unique under (default: the file's, else flow).")
@out_option("Write the puzzles (each with its solution) to this file; the format from its "
            "extension or --to (default JSON lines).")
@to_option("The format written to --out.")
@click.option("--seed", type=int, default=0, show_default=True,
              help="Seed of the completion's walk (partly painted boards): the same seed, "
                   "the same puzzle.")
@click.option("--seconds", type=click.FloatRange(min=0.1), default=30.0, show_default=True,
              help="Budget per board (completion, or the search for changes to the paths).")
@click.option("--max-edits", type=click.IntRange(min=1), default=3, show_default=True,
              help="Most changes to the painted paths (cuts, slides) in a chain.")
@click.option("--min-length", type=click.IntRange(min=2), default=3, show_default=True,
              help="A cut leaves parts of at least this many cells; completed paths at least "
                   "this long where the walk can.")
@click.option("--fix/--no-fix", default=True, show_default=True,
              help="Change the drawn paths when their puzzle is not unique (--no-fix: only "
                   "say so).")
@json_option("One JSON object per board on stdout (keys in the README, 'Stable contract: "
             "painted boards').")
@method_options()
@input_options
def paint(files, rules, out, out_format, seed, seconds, max_edits, min_length, fix, as_json,
          method, in_format, max_cells):
    """Turn painted boards (each path drawn with its label) into puzzles proven unique.

    A board is painted when some label is on more than two cells. A fully painted board
    gives the puzzle of its endpoints, proven unique with the drawing as its one solution;
    when it is not unique, the smallest changes to the drawn paths that make it so (cut a
    path where another solution differs, or hand an end cell to the neighbouring path) are
    searched, and the best is applied. A partly painted board (some cells '.', some labels
    on two cells only: endpoints to join) is completed with the generator's walk, the
    painted paths held fixed, then proven unique. Exit status: 0 if every board gave a
    unique puzzle, 1 if some did not, 2 on usage or input errors.

    \b
    Example:
      satlink paint drawing.txt
      satlink paint drawing.txt --rules fill --out puzzle.json
      satlink paint sketch.txt --seed 3 --out puzzle.txt --json
    """
    ask = PaintAsk(
        complete=CompleteOptions(method=method, seed=seed, min_length=min_length, seconds=seconds),
        fix=PaintFixOptions(method=method, max_edits=max_edits, seconds=seconds,
                            min_length=min_length, limit=5),
        reroute=ChainOptions(method=method, seconds=seconds, max_edits=max_edits,
                             constraints=Constraints(min_length=min_length)),
        search=fix, as_json=as_json)
    check_outputs(files, out=out)
    entries = read_entries(files, in_format, max_cells)
    status = EXIT_OK
    written: list[Entry] = []
    for entry in entries:
        where = f"{entry.source}:{entry.index}"
        if entry.error is not None:
            if as_json:
                click.echo(json.dumps({"source": entry.source, "index": entry.index,
                                       "painted_version": PAINTED_VERSION, "result": "invalid",
                                       "error": entry.error.as_dict()}))
            else:
                click.echo(f"invalid: {entry.error}", err=True)
            status = EXIT_INPUT
            continue
        profile = entry.rules_under(rules)
        record = _record(entry, profile)
        try:
            with within(seconds):  # the board's whole budget: a fix and a reroute share it
                made = _paint(entry, profile, ask, record, where)
        except Cancelled:  # a walk stopped at the budget outside the completion's own care
            made, record["result"] = None, "failed"
            if not as_json:
                click.echo(f"{where}: not made within --seconds {seconds:g}")
        if made is None:
            status = max(status, EXIT_NOT_OK) if status != EXIT_INPUT else status
        else:
            board, solution = made
            _result(record, board, solution)
            written.append(Entry(entry.source, entry.index, board, solution, profile))
            if not as_json and out is None:
                for row in board.rows:
                    click.echo(f"    {row}")
        if as_json:
            click.echo(json.dumps(record))
    if out is not None and written:
        write_pack(written, out, pack_format(out, out_format),
                   "its grid and geometry are in the --json output", method=method)
        click.echo(f"wrote {len(written)} puzzle{'s' if len(written) != 1 else ''} to {out}",
                   err=True)
    sys.exit(status)


class PaintAsk(NamedTuple):
    """How ``paint`` makes each board's puzzle, as its command line gave it."""

    complete: CompleteOptions
    """The completion of a partly painted board."""
    fix: PaintFixOptions
    """The search for changes to a whole drawing's paths."""
    reroute: ChainOptions
    """The puzzle edits tried when no change to the paths makes it unique."""
    search: bool
    """Whether to change the paths at all (``--fix``)."""
    as_json: bool


def _paint(entry: Entry, profile: Rules, ask: PaintAsk, record: dict, where: str):
    """The unique puzzle made of one board (and its solution), or None; fills ``record``."""
    as_json = ask.as_json
    painting = entry.painting
    if painting is None and not any(EMPTY in row for row in entry.board.rows):
        # every cell painted, every path two cells long: read as a puzzle, and it is one,
        # but the designer drew it: judge it as the drawing it also is
        from satlink.formats.painted import read_painting

        painting = read_painting(entry.board.rows, entry.board.geometry)
        entry = Entry(entry.source, entry.index, painting.board, painting.solution(),
                      entry.rules, painting=painting)
    if painting is None:
        record["result"] = "not-painted"
        if not as_json:
            click.echo(f"{where}: not a painted board (each label on two cells: a puzzle); "
                       "satlink check judges it")
        return None
    if not painting.complete:
        done = complete_painting(painting, profile, ask.complete)
        record["completion"] = done.as_dict()
        ok = done.board is not None and done.proven
        record["result"] = "completed" if ok else "failed"
        if not as_json:
            if ok:
                changed = ("; the painted paths had to change: "
                           + "; ".join(e.description for e in done.painted_edits)
                           if done.painted_edits else "; the painted paths are kept")
                click.echo(f"{where}: completed and proven unique under {profile.name} "
                           f"({_n(done.attempts, 'attempt')}, {_n(done.checks, 'check')}, "
                           f"{done.seconds:.1f} s){changed}")
            else:
                click.echo(f"{where}: not completed ({done.reason}; {done.attempts} attempts)")
        return (done.board, done.solution) if ok else None
    painted, found = painted_fix(entry, profile, ask.fix, search=ask.search)
    record["painted"] = painted
    record["fix"] = None if found is None else found.as_dict()
    if not as_json:
        print_fix(where, painted, found)
    if painted["outcome"] == "unique-solution":
        record["result"] = "unique"
        return entry.board, entry.solution
    if found is not None and found.proposals and found.proposals[0].proven:
        best = found.proposals[0]
        record["result"] = "fixed"
        if not as_json:
            click.echo(f"{where}: proposal 1 applied")
        return best.board, best.solution
    if found is not None and painted["outcome"] == "one-of-several":
        return _reroute(entry, profile, ask, record, where)
    record["result"] = "failed"
    return None


def _reroute(entry: Entry, profile: Rules, ask: PaintAsk, record: dict, where: str):
    """No cut or slide of the drawing made it unique: edit the puzzle instead (the chains of
    ``repair --chain``: endpoints moved, pairs added or removed), whose unique solution then
    reroutes some drawn paths; how many edges of the drawing it keeps is said."""
    from satlink.repair.chains import repair_chain

    as_json = ask.as_json
    chain = repair_chain(entry.board, profile, ask.reroute)
    out = chain.as_dict()
    drawn = entry.solution.edges()
    if chain.repaired and chain.proven and chain.solution is not None:
        kept = len(drawn & chain.solution.edges())
        out["drawn_edges_kept"], out["drawn_edges"] = kept, len(drawn)
        record["reroute"] = out
        record["result"] = "rerouted"
        if not as_json:
            click.echo(f"{where}: rerouted by {len(chain.steps)} puzzle edits ("
                       + "; ".join(step.description for step in chain.steps)
                       + f"): the unique solution keeps {kept} of the {len(drawn)} drawn edges")
        return chain.final, chain.solution
    record["reroute"] = out
    record["result"] = "failed"
    if not as_json:
        click.echo(f"{where}: no reroute either ({chain.reason})")
    return None


__all__ = ["paint", "painted_fix", "print_fix"]
