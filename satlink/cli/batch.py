"""Batch command for pack maintainers: ``validate`` many boards on local workers or Dask."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import click

from satlink.cli.options import (
    EXIT_NOT_OK,
    EXIT_OK,
    input_options,
    method_options,
    rules_option,
    timeout_option,
)
from satlink.formats import expand_files
from satlink.render.console import print_run_summary
from satlink.render.progress import progress_bar
from satlink.verdict import Status


@click.command()
@click.argument("packs", nargs=-1, required=True)
@rules_option("Rule profile (default: the pack's own, else flow).")
@timeout_option
@click.option("--jobs", "-j", type=click.IntRange(min=1), default=None,
              help="Local worker processes (default: all cores).")
@click.option("--out", "-o", type=click.Path(dir_okay=False), default=None,
              help="JSONL results, one line per board, written as each is known.")
@click.option("--resume", is_flag=True, help="Skip boards already in --out (same source, index, content).")
@click.option("--report", type=click.Path(dir_okay=False), default=None,
              help="Write a self-contained HTML report here.")
@click.option("--scheduler", default=None, metavar="tcp://HOST:PORT",
              help="Run on this Dask distributed scheduler instead of local workers.")
@method_options()
@input_options
def validate(packs, rules, timeout, jobs, out, resume, report, scheduler, method, in_format,
             max_cells):
    """Validate level packs: well-formed, solvable, unique, matching their shipped solutions,
    free of duplicates (under rotation, reflection and relabelling).

    Statuses: unique, multiple, unsolvable, invalid, timeout, duplicate-of, solution-mismatch,
    error. One bad, slow or crashing board never stops the batch. Records are those of
    'check --json' plus 'hash' and the validation keys. Exit status: 0 if every board is
    unique (and matches its shipped solution), 1 otherwise, 2 on usage errors.

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
    tasks = plan(expand_files(packs), rules, in_format, max_cells)
    options = RunOptions(jobs=jobs or os.cpu_count() or 1, timeout=timeout, method=method,
                         scheduler=scheduler, out=out, resume=resume)
    console = Console(stderr=True, highlight=False)
    with progress_bar("validating", len(tasks), console=console) as bar:
        result = validate_tasks(tasks, options, lambda record: bar.advance())
    records = result.records
    print_run_summary(records, result.skipped, console)
    if report:
        Path(report).write_text(html_report(records), encoding="utf-8")
        console.print(f"report: {report}")
    every_unique = records and all(r["status"] == Status.UNIQUE for r in records)
    sys.exit(EXIT_OK if every_unique else EXIT_NOT_OK)
