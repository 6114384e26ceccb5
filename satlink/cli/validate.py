"""Batch command for pack maintainers: ``validate`` many boards on local workers or Dask."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import click

from satlink.batch.distributed import CONNECT_TIMEOUT, SchedulerError, check_address
from satlink.batch.results import ResultsError
from satlink.cli.exits import EXIT_INPUT, EXIT_NOT_OK, EXIT_OK
from satlink.cli.files import FileError, check_outputs, writing
from satlink.cli.options import (
    SECONDS,
    capped_jobs,
    input_options,
    method_options,
    out_option,
    rules_option,
    timeout_option,
)
from satlink.cli.own_outputs import force_option, refuse_foreign, validate_results
from satlink.formats import expand_files
from satlink.render.console import print_run_summary
from satlink.render.progress import progress_bar, tally
from satlink.solver.verdict import Status


@click.command()
@click.argument("packs", nargs=-1, required=True)
@rules_option("Rule profile (default: the pack's own, else flow).")
@timeout_option
@click.option("--jobs", "-j", type=click.IntRange(min=1), default=None,
              help="Local worker processes (default: all cores).")
@out_option("JSONL results, one line per board, written as each is known.")
@click.option("--resume", is_flag=True,
              help="Skip boards already in --out (same source, index, content); boards whose "
                   "line says 'error' run again, lines of changed boards are replaced.")
@click.option("--report", type=click.Path(dir_okay=False), default=None,
              help="Write a self-contained HTML report here: problems first, a summary per "
                   "pack, filters and search; boards drawn in the browser when shown.")
@click.option("--repairs", type=click.IntRange(min=0), default=0, show_default=True,
              help="Up to N repair proposals (single edits, each proven unique, as 'satlink "
                   "repair' finds them) for every multiple or unsolvable board, in the records "
                   "('repairs') and drawn in the report.")
@click.option("--scheduler", default=None, metavar="tcp://HOST:PORT",
              help="Run on this Dask distributed scheduler instead of local workers.")
@click.option("--scheduler-timeout", type=SECONDS, default=CONNECT_TIMEOUT, show_default=True,
              help="Seconds to wait for --scheduler to answer before giving up (--out untouched).")
@method_options()
@input_options
@force_option
def validate(packs, rules, timeout, jobs, out, resume, report, repairs, scheduler,
             scheduler_timeout, method, in_format, max_cells, force):
    """Validate level packs: well-formed, solvable, unique, matching their shipped solutions,
    free of duplicates (under rotation, reflection and relabelling).

    Statuses: unique, multiple, unsolvable, invalid, timeout, duplicate-of, solution-mismatch,
    error. One bad, slow or crashing board never stops the batch. Records are those of
    'check --json' plus 'hash' and the validation keys. Exit status: 0 if every board is
    unique (and matches its shipped solution), 1 otherwise, 2 if some board is invalid (could
    not be read) or on usage errors.

    \b
    Example:
      satlink validate packs/*.txt --out results.jsonl --report report.html
      satlink validate big.jsonl --out r.jsonl --resume --timeout 60 --jobs 8
      satlink validate big.jsonl --scheduler tcp://10.0.0.5:8786 --out r.jsonl
    """
    from rich.console import Console

    from satlink.batch.run import RunOptions, validate_tasks
    from satlink.batch.tasks import plan
    from satlink.render.report import html_report

    if resume and not out:
        raise click.UsageError("--resume needs --out (the results file to resume from)")
    if method.deadline_problem(timeout):  # before any worker starts, not once per board
        raise click.UsageError(method.deadline_problem(timeout))
    check_outputs(packs, out=out, report=report)
    files = expand_files(packs)
    if out and not resume and os.path.isfile(out) and os.path.getsize(out) \
            and not any(f == "-" or os.path.exists(f) for f in files):
        raise click.UsageError(f"none of the packs exists ({', '.join(files)}); refusing to replace "
                               f"the results in {out} with their 'invalid' records")
    if not resume:  # (--resume reads the file and refuses one that holds anything else)
        refuse_foreign("--out", out, "a 'satlink validate' results file", validate_results, force)
    twice = next((f for i, f in enumerate(files) if f in files[:i]), None)
    if twice is not None:  # its boards would have the same keys: one set of records, not two
        raise click.UsageError(f"{twice} is given twice; give each pack once")
    if out and report and Path(out).resolve() == Path(report).resolve():
        raise click.UsageError(f"--out and --report both name {out}; give them different files")
    try:
        if scheduler is not None:
            check_address(scheduler)
        tasks = plan(files, rules, in_format, max_cells)
        options = RunOptions(jobs=capped_jobs(jobs), timeout=timeout, method=method,
                             scheduler=scheduler, scheduler_timeout=scheduler_timeout, out=out,
                             resume=resume, repairs=repairs)
        console = Console(stderr=True, highlight=False)
        counts: dict[str, int] = {}
        with progress_bar("validating", len(tasks), console=console) as bar:
            def seen(record: dict) -> None:
                status = str(record["status"])
                counts[status] = counts.get(status, 0) + 1
                bar.update(description=tally(counts))
                bar.advance()

            result = validate_tasks(tasks, options, seen)
    except SchedulerError as exc:
        raise click.UsageError(str(exc)) from None
    except ResultsError as exc:
        raise FileError(str(exc)) from None
    records = result.records
    print_run_summary(records, result.skipped, console)
    if result.retried:
        console.print(f"{result.retried} board{'s' if result.retried != 1 else ''} retried "
                      f"(their line in {out} said 'error')")
    if result.rejudged:
        console.print(f"{result.rejudged} board{'s' if result.rejudged != 1 else ''} judged again "
                      f"(their line in {out} was made under other rules, a shorter --timeout or "
                      "without --repairs)")
    if report:
        with writing(report):
            Path(report).write_text(html_report(records), encoding="utf-8")
        console.print(f"report: {report}")
    every_unique = records and all(r["status"] == Status.UNIQUE for r in records)
    if any(r["status"] == Status.INVALID for r in records):
        sys.exit(EXIT_INPUT)  # as check: an unreadable board is an input error
    sys.exit(EXIT_OK if every_unique else EXIT_NOT_OK)
