"""What ``repair`` prints: a board's proposals or chain as text, or its JSON record."""

from __future__ import annotations

import click

from satlink.formats import Entry
from satlink.repair import Repair
from satlink.repair.plans import Chain, reason_words, seconds_words
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
        verdict = ("no single edit makes it unique" if result.complete
                   else "no single edit found within the --budget")
        click.echo(f"{where}: {result.status} under {rules} ({why}); {verdict} ({tried}).")
        return
    n = len(result.proposals)
    found = "1 proposal, proven unique" if n == 1 else f"{n} proposals, each proven unique"
    click.echo(f"{where}: {result.status} under {rules} ({why}); {found} ({tried}):")
    for i, proposal in enumerate(result.proposals, 1):
        c = proposal.candidate
        n = proposal.solution_change
        moved = "" if n is None else f", {n} solution edge{' changes' if n == 1 else 's change'}"
        click.echo(f"  {i}. {c.description} ({c.changed} cell{'s' if c.changed > 1 else ''}"
                   f"{moved})")
        for row in proposal.board.rows:
            click.echo(f"       {row}")


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
                   f"{found.checks} boards checked, {seconds_words(found.seconds)}, via "
                   f"{VIA.get(found.via, found.via)}), proven:")
    elif not found.steps:
        click.echo(f"{head}; not repaired ({reason_words(found.reason)}: {found.checks} boards "
                   f"checked, {seconds_words(found.seconds)}).")
    else:
        click.echo(f"{head}; not repaired ({reason_words(found.reason)}: {found.checks} boards "
                   f"checked, {seconds_words(found.seconds)}); best partial progress:")
    for i, step in enumerate(found.steps, 1):  # in the studio's words: what the board is after it
        click.echo(f"  {i}. {step.description} -> {step.outcome}")
    final = found.final
    if final is not None:
        for row in final.rows:
            click.echo(f"       {row}")
