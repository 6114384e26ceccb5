"""``repair``: the smallest edits that make a hand-made board unique under its profile."""

from __future__ import annotations

import json
import sys

import click

from satlink.cli.exits import EXIT_INPUT, EXIT_NOT_OK, EXIT_OK
from satlink.cli.files import check_outputs, read_entries
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
from satlink.formats import Entry
from satlink.records import invalid_record
from satlink.repair import DEFAULT_BUDGET, KINDS, Repair, repair_proposals
from satlink.repair.chains import repair_chain
from satlink.repair.plans import Chain, Constraints
from satlink.solver.verdict import Status


def repair_record(entry: Entry, rules, result: Repair) -> dict:
    """The JSON record of one board's repair (keys in the README)."""
    board = entry.board
    return {
        "source": entry.source,
        "index": entry.index,
        "rules": str(rules),
        "status": str(result.status),
        "diff_cells": [list(board.coord(x)) for x in result.diff_cells],
        "candidates": result.candidates,
        "tried": len(result.tried),
        "skipped": result.skipped,
        "complete": result.complete,
        "short": len(result.short),
        "proposals": [dict(rank=i, **p.as_dict()) for i, p in enumerate(result.proposals, 1)],
    }


def print_repair(entry: Entry, rules, result: Repair) -> None:
    where = f"{entry.source}:{entry.index}"
    if result.status == Status.UNIQUE:
        click.echo(f"{where}: already unique under {rules}; nothing to repair")
        return
    if result.status not in (Status.MULTIPLE, Status.UNSOLVABLE):
        click.echo(f"{where}: {result.status} under {rules}; cannot repair")
        return
    why = (f"{len(result.diff_cells)} cells differ between two solutions"
           if result.status == Status.MULTIPLE else "no solution")
    tried = (f"{len(result.tried)} edited boards checked, {result.skipped} ruled out without "
             f"the solver, of {result.candidates} candidates"
             + (f", {len(result.short)} unique but with a path shorter than --min-length"
                if result.short else "")
             + ("" if result.complete else "; the --budget stopped the search"))
    if not result.proposals:
        click.echo(f"{where}: {result.status} under {rules} ({why}); no single edit makes it "
                   f"unique ({tried})")
        return
    click.echo(f"{where}: {result.status} under {rules} ({why}); {len(result.proposals)} "
               f"proposals, each proven unique ({tried}):")
    for i, proposal in enumerate(result.proposals, 1):
        c = proposal.candidate
        n = proposal.solution_change
        moved = "" if n is None else f", {n} solution edge{' changes' if n == 1 else 's change'}"
        click.echo(f"  {i}. {c.description} ({c.changed} cell{'s' if c.changed > 1 else ''}"
                   f"{moved})")
        for row in proposal.board.rows:
            click.echo(f"       {row}")


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
                   "path: a new pair that keeps one solution), pair (a new pair), move (an "
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
@click.option("--colours", type=click.IntRange(min=0), default=1, show_default=True,
              help="The repaired board has at most this many pairs more or fewer (0: no "
                   "new or removed pairs; single edits and --chain alike).")
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
def repair(file, index, rules, limit, budget, kinds, walls, chain, max_edits, seconds,
           min_length, colours, symmetry, allow_solids, apply, out, out_format, as_json,
           timeout, method, in_format, max_cells):
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
    chosen = [k.strip() for k in kinds.split(",") if k.strip()]
    unknown = [k for k in chosen if k not in KINDS]
    if unknown or not chosen:
        raise click.UsageError(f"--kinds: unknown {', '.join(unknown) or 'empty list'} "
                               f"(known: {', '.join(KINDS)})")
    if (apply is None) != (out is None):
        raise click.UsageError("--apply N and --out FILE go together")
    check_outputs((file,), out=out)
    entries = read_entries((file,), in_format, max_cells)
    if index is not None:
        if index > len(entries):
            raise click.UsageError(f"{file} has {len(entries)} boards, not {index}")
        entries = [entries[index - 1]]
    if apply is not None and len(entries) != 1:
        raise click.UsageError(f"{file} has {len(entries)} boards: say which with --index")
    status = EXIT_OK
    for entry in entries:
        if entry.error is not None:  # --json: an object for it too, so none goes missing
            if as_json:
                click.echo(json.dumps(invalid_record(entry.source, entry.index,
                                                     entry.error.as_dict(),
                                                     entry.rules_under(rules))))
            click.echo(f"invalid: {entry.error}", err=True)
            status = EXIT_INPUT
            continue
        profile = entry.rules_under(rules)
        if entry.painting is not None and not entry.painting.complete:
            if as_json:  # the painted object (outcome partial), not a line of text in the JSON
                from satlink.cli.painting import painted_fix

                painted, _ = painted_fix(entry, profile, method, seconds, max_edits,
                                         min_length, limit, search=False)
                click.echo(json.dumps({"source": entry.source, "index": entry.index,
                                       "rules": str(profile), "painted": painted}))
            else:
                click.echo(f"{entry.source}:{entry.index}: partly painted: nothing to repair "
                           "yet (satlink paint completes it into a unique puzzle)")
            status = max(status, EXIT_NOT_OK)
            continue
        if entry.painting is not None:
            ok = _repair_painted(entry, profile, method, seconds, max_edits, min_length, limit,
                                 as_json, apply, out, out_format, file, in_format)
            if not ok and status == EXIT_OK:
                status = EXIT_NOT_OK
            continue
        cons = Constraints(min_length, colours, symmetry, allow_solids, bool(walls))
        if chain:
            found = repair_chain(entry.board, profile, method=method, constraints=cons,
                                 max_edits=max_edits, seconds=seconds, timeout=timeout,
                                 kinds=set(chosen))
            if as_json:
                click.echo(json.dumps({"source": entry.source, "index": entry.index,
                                       **found.as_dict()}))
            else:
                print_chain(entry, found)
            if not found.repaired and status == EXIT_OK:
                status = EXIT_NOT_OK
            if apply is not None:
                if not found.repaired:
                    click.echo("error: --apply: no chain made the board unique", err=True)
                    sys.exit(EXIT_NOT_OK)
                fixed = Entry(entry.source, 1, found.final, found.solution, profile)
                _write(file, in_format, fixed, profile, out, out_format)
                click.echo(f"wrote the repaired board ({len(found.steps)} edits) to {out}",
                           err=True)
            continue
        result = repair_proposals(entry.board, profile, method=method, limit=limit,
                                  budget=budget, timeout=timeout, kinds=chosen, walls=walls,
                                  constraints=cons)
        if as_json:
            click.echo(json.dumps(repair_record(entry, profile, result)))
        else:
            print_repair(entry, profile, result)
        if result.status != Status.UNIQUE and not result.proposals and status == EXIT_OK:
            status = EXIT_NOT_OK
        if apply is not None:
            _apply(entry, profile, result, apply, out, out_format)
    sys.exit(status)


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
    from satlink.cli.generating import write_pack
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


def _repair_painted(entry: Entry, profile, method, seconds: float, max_edits: int,
                    min_length: int, limit: int, as_json: bool, apply: int | None,
                    out: str | None, out_format: str | None, file: str,
                    in_format: str | None) -> bool:
    """A painted board: the smallest changes to its drawn paths (:mod:`satlink.painted.fix`)
    rather than edits of the puzzle; True when it is unique or has a proposal."""
    from satlink.cli.painting import painted_fix, print_fix

    painted, found = painted_fix(entry, profile, method, seconds, max_edits, min_length, limit)
    if as_json:
        click.echo(json.dumps({"source": entry.source, "index": entry.index,
                               "rules": str(profile), "painted": painted,
                               "fix": None if found is None else found.as_dict()}))
    else:
        print_fix(f"{entry.source}:{entry.index}", painted, found)
    proposals = [] if found is None else found.proposals
    if apply is not None:
        if apply > len(proposals):
            click.echo(f"error: --apply {apply}: {len(proposals)} proposals", err=True)
            sys.exit(EXIT_NOT_OK)
        chosen = proposals[apply - 1]
        _write(file, in_format, Entry(entry.source, 1, chosen.board, chosen.solution, profile),
               profile, out, out_format)
        click.echo(f"wrote proposal {apply} to {out}", err=True)
    return painted["outcome"] == "unique-solution" or bool(proposals)


VIA = {"nearest": "the nearest solvable board", "cuts": "cuts of a solution (the fewest under fill "
       "and nikoli)",
       "search": "the search over single edits"}


def print_chain(entry: Entry, found: Chain) -> None:
    where = f"{entry.source}:{entry.index}"
    count = f"{found.count}{'' if found.count_complete else '+'}"
    head = f"{where}: {found.status} under {found.rules} ({count} solutions counted)"
    if found.repaired and not found.steps:
        click.echo(f"{head}; already unique")
        return
    if found.repaired:
        click.echo(f"{head}; unique after {len(found.steps)} edit"
                   f"{'s' if len(found.steps) != 1 else ''} ({found.changed} cells changed, "
                   f"{found.checks} boards checked, {found.seconds:.1f} s, via "
                   f"{VIA.get(found.via, found.via)}), proven:")
    elif not found.steps:
        click.echo(f"{head}; not repaired ({found.reason}: {found.checks} boards checked, "
                   f"{found.seconds:.1f} s)")
    else:
        click.echo(f"{head}; not repaired ({found.reason}: {found.checks} boards checked, "
                   f"{found.seconds:.1f} s); best partial progress:")
    for i, step in enumerate(found.steps, 1):  # in the studio's words: what the board is after it
        click.echo(f"  {i}. {step.description} -> {step.outcome}")
    final = found.final
    if final is not None:
        for row in final.rows:
            click.echo(f"       {row}")


__all__ = ["repair", "repair_record"]
