"""``repair``: the smallest edits that make a hand-made board unique under its profile."""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass

import click

from satlink.cli.exits import EXIT_INPUT, EXIT_NOT_OK, EXIT_OK
from satlink.cli.files import check_outputs, read_entries, write_pack
from satlink.cli.options import (
    input_options,
    json_option,
    method_options,
    out_option,
    pack_format,
    rules_option,
    timeout_option,
    to_option,
)
from satlink.cli.repair_output import print_chain, print_repair, repair_record
from satlink.formats import Entry
from satlink.painted.fix import PaintFixOptions
from satlink.records import invalid_record
from satlink.repair import DEFAULT_BUDGET, KINDS, Repair, RepairOptions, repair_proposals
from satlink.repair.chains import repair_chain
from satlink.repair.plans import ChainOptions, Constraints
from satlink.rules import Rules
from satlink.solver.verdict import Status


@click.command()
@click.argument("file")
@click.option("--index", "-i", type=click.IntRange(min=1), default=None,
              help="Repair only this board of the file (default: every board; --apply needs "
                   "one).")
@rules_option("Rule profile the board must be unique under (default: the file's, else flow).")
@click.option("--limit", "-n", type=click.IntRange(min=1), default=5, show_default=True,
              help="Most proposals per board.")
@click.option("--budget", type=click.IntRange(min=1), default=DEFAULT_BUDGET, show_default=True,
              help="Most edited boards checked per board (cheapest edits first).")
@click.option("--kinds", default=",".join(KINDS), show_default=True,
              help="Edits to try, a comma list of: solid (a solid cell), wall, split (cut a "
                   "path: a new pair that keeps one solution), slide (hand a path's end cell "
                   "to the neighbouring path, as draw mode does), pair (a new pair), move (an "
                   "endpoint).")
@click.option("--walls/--no-walls", default=None,
              help="Offer walls (default: only on boards that are already variant boards).")
@click.option("--chain", is_flag=True,
              help="Search chains of edits until the board is unique (multiple and "
                   "unsolvable boards alike), under the designer's constraints below.")
@click.option("--max-edits", type=click.IntRange(min=1), default=3, show_default=True,
              help="With --chain: most edits in a chain.")
@click.option("--seconds", type=click.FloatRange(min=0.1), default=10.0, show_default=True,
              help="With --chain: the search's budget in seconds (then: the best partial "
                   "progress, said so).")
@click.option("--min-length", type=click.IntRange(min=2), default=3, show_default=True,
              help="Every path of the repaired board's solution covers this many cells "
                   "(generate's default; single edits and --chain alike).")
@click.option("--colours", type=click.IntRange(min=0), default=None,
              help="The repaired board has at most this many pairs more or fewer (0: no "
                   "new or removed pairs; single edits and --chain alike; default: as many as "
                   "--max-edits for a multiple board, whose cuts each add a pair as draw "
                   "mode's do, else 1).")
@click.option("--symmetry/--no-symmetry", default=True, show_default=True,
              help="Keep a rotation or mirror symmetry of the board (edits made in "
                   "symmetric sets, or refused; single edits and --chain alike).")
@click.option("--allow-solids", is_flag=True,
              help="Solid cells may be added (default: none; single edits and --chain "
                   "alike).")
@click.option("--apply", "apply", type=click.IntRange(min=1), default=None,
              help="Write proposal N (from 1) as a board file to --out.")
@out_option("With --apply: the board file to write (in the input's format, unless --to).")
@to_option("With --apply: the format written (default: the input's own format).")
@json_option("One JSON object per board on stdout: its status and the proposals (keys in the "
             "README).")
@timeout_option
@method_options()
@input_options
def repair(file, index, rules, limit, budget, kinds, walls, chain, max_edits, seconds, min_length,
           colours, symmetry, allow_solids, apply, out, out_format, as_json, timeout, method,
           in_format, max_cells) -> None:
    """Propose the smallest edits that make a 'multiple' (or unsolvable) board unique.

    Edits: a solid cell (with --allow-solids), a wall (variant boards), a new endpoint pair
    (cutting a path of one solution where the other differs, or on two empty cells), or one
    endpoint moved, under the same constraints as --chain (--min-length, --colours,
    --symmetry, --allow-solids). The search looks where the two solutions differ; every
    proposal is checked and proven unique, and they are ranked by how little they change:
    cells changed, then solution edges changed, then distance. Exit status: 0 if every
    board is unique or has a proposal, 1 if some board has none, 2 on usage or input
    errors.

    \b
    Example:
      satlink repair mine.txt
      satlink repair mine.txt --rules fill --json
      satlink repair mine.txt --apply 1 --out fixed.txt
    """
    chosen = _kinds(kinds)
    if (apply is None) != (out is None):
        raise click.UsageError("--apply N and --out FILE go together")
    constraints = Constraints(min_length, colours, symmetry, allow_solids, bool(walls))
    ask = RepairAsk(
        file, index, rules, chain, apply, out, out_format, as_json, in_format, max_cells,
        proposals=RepairOptions(method=method, limit=limit, budget=budget, timeout=timeout,
                                kinds=chosen, walls=walls, constraints=constraints),
        chained=ChainOptions(method=method, constraints=constraints, max_edits=max_edits,
                             seconds=seconds, timeout=timeout, kinds=frozenset(chosen)),
        painted=PaintFixOptions(method=method, max_edits=max_edits, seconds=seconds,
                                min_length=min_length, limit=limit))
    check_outputs((ask.file,), out=ask.out)
    entries = read_entries((ask.file,), ask.in_format, ask.max_cells)
    if ask.index is not None:
        if ask.index > len(entries):
            raise click.UsageError(f"{ask.file} has {len(entries)} boards, not {ask.index}")
        entries = [entries[ask.index - 1]]
    if ask.apply is not None and len(entries) != 1:
        raise click.UsageError(f"{ask.file} has {len(entries)} boards: say which with --index")
    status = EXIT_OK
    for entry in entries:
        status = max(status, _repair_entry(entry, ask))
    sys.exit(status)


@dataclass(frozen=True)
class RepairAsk:
    """The ``repair`` command's options, parsed and checked once by its click callback, the
    searches' knobs in their options objects."""

    file: str
    index: int | None
    rules: Rules | None
    chain: bool
    apply: int | None
    out: str | None
    out_format: str | None
    as_json: bool
    in_format: str | None
    max_cells: int
    proposals: RepairOptions
    """The single edits' search (the default)."""
    chained: ChainOptions
    """``--chain``'s search, under the same constraints."""
    painted: PaintFixOptions
    """The search for changes to a painted board's drawn paths."""


def _kinds(kinds: str) -> tuple[str, ...]:
    """``--kinds`` as a tuple; a usage error for a list that names no known edit."""
    chosen = tuple(k.strip() for k in kinds.split(",") if k.strip())
    unknown = [k for k in chosen if k not in KINDS]
    if unknown or not chosen:
        raise click.UsageError(f"--kinds: unknown {', '.join(unknown) or 'empty list'} "
                               f"(known: {', '.join(KINDS)})")
    return chosen


def _repair_entry(entry: Entry, ask: RepairAsk) -> int:
    """Repair one board of the file as ``ask`` says; its exit status."""
    if entry.error is not None:  # --json: an object for it too, so none goes missing
        if ask.as_json:
            click.echo(json.dumps(invalid_record(entry.source, entry.index, entry.error.as_dict(),
                                                 entry.rules_under(ask.rules))))
        click.echo(f"invalid: {entry.error}", err=True)
        return EXIT_INPUT
    profile = entry.rules_under(ask.rules)
    if entry.painting is not None and not entry.painting.complete:
        if ask.as_json:  # the painted object (outcome partial), not a line of text in the JSON
            from satlink.cli.paint import painted_fix

            painted, _ = painted_fix(entry, profile, ask.painted, search=False)
            click.echo(json.dumps({"source": entry.source, "index": entry.index,
                                   "rules": str(profile), "painted": painted}))
        else:
            click.echo(f"{entry.source}:{entry.index}: partly painted: nothing to repair "
                       "yet (satlink paint completes it into a unique puzzle)")
        return EXIT_NOT_OK
    if entry.painting is not None:
        return EXIT_OK if _repair_painted(entry, profile, ask) else EXIT_NOT_OK
    if ask.chain:
        return _repair_by_chain(entry, profile, ask)
    result = repair_proposals(entry.board, profile, ask.proposals)
    if ask.as_json:
        click.echo(json.dumps(repair_record(entry, profile, result)))
    else:
        print_repair(entry, profile, result)
    if ask.apply is not None:
        _apply(entry, profile, result, ask.apply, ask.out, ask.out_format)
    return EXIT_NOT_OK if result.status != Status.UNIQUE and not result.proposals else EXIT_OK


def _repair_by_chain(entry: Entry, profile: Rules, ask: RepairAsk) -> int:
    """``--chain``: edits until the board is unique; its exit status."""
    found = repair_chain(entry.board, profile, ask.chained)
    if ask.as_json:
        click.echo(json.dumps({"source": entry.source, "index": entry.index,
                               **found.as_dict()}))
    else:
        print_chain(entry, found)
    if ask.apply is not None:
        if not found.repaired:
            click.echo("error: --apply: no chain made the board unique", err=True)
            sys.exit(EXIT_NOT_OK)
        fixed = Entry(entry.source, 1, found.final, found.solution, profile)
        _write(ask.file, ask.in_format, fixed, profile, ask.out, ask.out_format)
        click.echo(f"wrote the repaired board ({len(found.steps)} edits) to {ask.out}",
                   err=True)
    return EXIT_OK if found.repaired else EXIT_NOT_OK


def _apply(entry: Entry, profile, result: Repair, number: int, out: str, out_format: str | None
           ) -> None:

    if number > len(result.proposals):
        click.echo(f"error: --apply {number}: there {'is' if len(result.proposals) == 1 else 'are'}"
                   f" {len(result.proposals)} proposal{'' if len(result.proposals) == 1 else 's'}",
                   err=True)
        sys.exit(EXIT_NOT_OK)
    chosen = result.proposals[number - 1]
    fixed = Entry(entry.source, 1, chosen.board, chosen.solution, profile)
    _write(entry.source, None, fixed, profile, out, out_format)
    click.echo(f"wrote proposal {number} ({chosen.candidate.description}) to {out}", err=True)


def _write(source: str, in_format: str | None, fixed: Entry, profile, out: str,
           out_format: str | None) -> None:
    """Write a repaired board in the input's format (unless --to says otherwise), with the
    rules it was proven under where the format holds them, else a note on stderr."""
    from satlink.formats import detect, file_lines

    fmt = out_format or in_format
    if fmt is None:
        lines = file_lines(source) if source != "<stdin>" else None
        fmt = detect(lines) if lines else pack_format(out, None)
    write_pack([fixed], out, fmt, "its grid and geometry are in the --json output",
               target_check=False)
    if fmt != "json":
        click.echo(f"note: {out} is in {fmt} format, which cannot hold rules: the board is "
                   f"proven unique under --rules {profile}", err=True)


def _repair_painted(entry: Entry, profile: Rules, ask: RepairAsk) -> bool:
    """A painted board: the smallest changes to its drawn paths (:mod:`satlink.painted.fix`)
    rather than edits of the puzzle; True when it is unique or has a proposal."""
    from satlink.cli.paint import painted_fix, print_fix

    painted, found = painted_fix(entry, profile, ask.painted)
    if ask.as_json:
        click.echo(json.dumps({"source": entry.source, "index": entry.index,
                               "rules": str(profile), "painted": painted,
                               "fix": None if found is None else found.as_dict()}))
    else:
        print_fix(f"{entry.source}:{entry.index}", painted, found)
    proposals = [] if found is None else found.proposals
    if ask.apply is not None:
        if ask.apply > len(proposals):
            click.echo(f"error: --apply {ask.apply}: {len(proposals)} proposals", err=True)
            sys.exit(EXIT_NOT_OK)
        chosen = proposals[ask.apply - 1]
        _write(ask.file, ask.in_format,
               Entry(entry.source, 1, chosen.board, chosen.solution, profile), profile,
               ask.out, ask.out_format)
        click.echo(f"wrote proposal {ask.apply} to {ask.out}", err=True)
    return painted["outcome"] == "unique-solution" or bool(proposals)


__all__ = ["repair", "repair_record"]
