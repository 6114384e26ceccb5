"""Command line: parse options, call library functions, print.  Nothing else lives here."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from pathlib import Path

import click
from rich.columns import Columns
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from satlink.check import check as check_board
from satlink.check import solve as solve_board
from satlink.cli_common import (
    EXIT_INPUT,
    EXIT_NOT_OK,
    EXIT_OK,
    expand_files,
    method_from_options,
    one_entry,
    validate_rules,
    validate_solver,
    verdict_or_usage_error,
    with_common_options,
)
from satlink.cli_research import bench, cnf, decode
from satlink.formats import (
    DEFAULT_MAX_CELLS,
    FORMATS,
    Entry,
    format_for_path,
    read_file,
    write_text,
)
from satlink.records import error_record, verdict_record
from satlink.render.terminal import draw_plain, draw_rich
from satlink.rules import DEFAULT_PROFILE
from satlink.solve import DEFAULT_SOLVER


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="satlink")
def main() -> None:
    """satlink: exact NumberLink (Flow Free) solving and uniqueness proofs with SAT.

    \b
    Example:
      satlink check example            # check the bundled example pack under 'flow'
      satlink check pack.txt --rules fill --json > verdicts.jsonl
    """


@main.command()
@with_common_options
@click.option("--count", "-n", type=click.IntRange(min=2), default=2, show_default=True,
              help="Count solutions up to N (the record then has 'count').")
def check(files, rules, timeout, solver, lemmas, encoding, card, cycles, as_json, in_format,
          max_cells, no_color, count):
    """Decide whether each board has exactly one solution.

    Verdicts: unique, multiple (with a second solution and the differing cells), unsolvable,
    timeout, invalid. Exit status: 0 if every board is unique, 1 if some board is not,
    2 on usage or input errors.

    \b
    Example:
      satlink check example
      satlink check levels/*.txt --rules fill --count 10 --timeout 30 --json
      satlink check big.txt --encoding acyclic --solver cadical195
    """
    method = method_from_options(solver, lemmas, encoding, card, cycles)
    run = _Runner(as_json, no_color)
    for entry in run.entries(expand_files(files), in_format, max_cells):
        profile = rules or entry.rules or DEFAULT_PROFILE
        verdict = verdict_or_usage_error(check_board, entry.board, profile, count=count,
                                          timeout=timeout, method=method)
        run.report(entry, verdict, solver, good={"unique"})
    sys.exit(run.exit_code())


@main.command()
@with_common_options
@click.option("--out", "-o", type=click.Path(dir_okay=False), default=None,
              help="Also write the solved boards (with solutions) to this file.")
@click.option("--to", "out_format", type=click.Choice(FORMATS), default=None,
              help="Format for --out (default: from its extension; .json/.jsonl JSON lines, "
                   ".txt the W H stream, .flow Flow Free level lines).")
def solve(files, rules, timeout, solver, lemmas, encoding, card, cycles, as_json, in_format,
          max_cells, no_color, out, out_format):
    """Find one solution of each board (no uniqueness proof; use 'check' for that).

    Exit status: 0 if every board is solved, 1 if some board is unsolvable or timed out,
    2 on usage or input errors.

    \b
    Example:
      satlink solve example
      satlink solve puzzle.txt --rules nikoli --out solved.flow
    """
    method = method_from_options(solver, lemmas, encoding, card, cycles)
    run = _Runner(as_json, no_color)
    solved: list[Entry] = []
    for entry in run.entries(expand_files(files), in_format, max_cells):
        profile = rules or entry.rules or DEFAULT_PROFILE
        verdict = verdict_or_usage_error(solve_board, entry.board, profile, timeout=timeout,
                                          method=method)
        run.report(entry, verdict, solver, good={"solved"})
        if verdict.solutions:
            solved.append(Entry(entry.source, entry.index, entry.board, verdict.solutions[0],
                                str(verdict.rules)))
    if out:
        _write(solved, out, out_format or format_for_path(out))
    sys.exit(run.exit_code())


@main.command()
@click.argument("file")
@click.option("--to", "out_format", type=click.Choice(FORMATS), default=None,
              help="Output format (default: from --out's extension).")
@click.option("--out", "-o", type=click.Path(dir_okay=False), default=None,
              help="Output file (default: standard output).")
@click.option("--format", "-f", "in_format", type=click.Choice(FORMATS), default=None,
              help="Input format (default: detected).")
@click.option("--max-cells", type=click.IntRange(min=1), default=DEFAULT_MAX_CELLS,
              show_default=True, help="Refuse boards with more cells than this.")
def convert(file, out_format, out, in_format, max_cells):
    """Convert boards between formats: grid, wh, flowfree, json, puzzlink.

    Boards that cannot be read are reported on stderr (exit status 2); the others are
    still converted. Solutions travel with the board where the target format can hold them.

    \b
    Example:
      satlink convert puzzle.txt --to puzzlink        # a URL to play-test in a browser
      satlink convert pack.txt -o pack.jsonl          # format from the extension
    """
    if out_format is None:
        if out is None:
            raise click.UsageError("say --to FORMAT, or give --out with a known extension")
        out_format = format_for_path(out)
    good: list[Entry] = []
    failed = False
    for entry in read_file(expand_files((file,))[0], in_format, max_cells):
        if entry.error is not None:
            click.echo(f"error: {entry.error}", err=True)
            failed = True
        else:
            good.append(entry)
    _write(good, out, out_format)
    sys.exit(EXIT_INPUT if failed else EXIT_OK)


@main.command()
@click.option("--size", "-s", default="10x10", show_default=True, help="Board size WxH.")
@click.option("--colors", "--colours", "colours", default=None,
              help="Number of colours, N or MIN-MAX (default: about 0.6*sqrt(cells) to cells/5).")
@click.option("--min-length", type=int, default=3, show_default=True,
              help="Shortest allowed path, in cells (3: no two-cell paths).")
@click.option("--max-solids", type=int, default=0, show_default=True,
              help="Most solid cells a puzzle may keep (0: Flow Free style).")
@click.option("--rules", "-r", default=DEFAULT_PROFILE, show_default=True,
              callback=validate_rules, help="Rule profile the puzzles are unique under.")
@click.option("--method", type=click.Choice(["grow", "unionfind"]), default="grow",
              show_default=True,
              help="unionfind: the seeds' algorithm as written; grow: it plus candidate improvement.")
@click.option("--strategy", type=click.Choice(["repair", "reject"]), default="repair",
              show_default=True, help="What to do with an ambiguous candidate.")
@click.option("--symmetry", type=click.Choice(["none", "mirror", "rotational"]), default="none",
              show_default=True, help="Symmetric layout of the endpoints.")
@click.option("--seed", type=int, default=0, show_default=True, help="Same seed, same pack.")
@click.option("--count", "-n", type=click.IntRange(min=1), default=10, show_default=True,
              help="How many puzzles the run should hold.")
@click.option("--out", "-o", type=click.Path(dir_okay=False), default=None,
              help="Write the pack here (format from the extension or --to); default stdout.")
@click.option("--to", "out_format", type=click.Choice(FORMATS), default=None,
              help="Pack format (default: from --out's extension, else JSON lines).")
@click.option("--db", type=click.Path(dir_okay=False), default=None,
              help="SQLite catalogue: resumable runs, deduplicated puzzles (default: in memory).")
@click.option("--jobs", "-j", type=click.IntRange(min=1), default=1, show_default=True,
              help="Worker processes.")
def generate(size, colours, min_length, max_solids, rules, method, strategy, symmetry, seed, count,
             out, out_format, db, jobs):
    """Generate puzzles, each proven unique under the rule profile, with their solutions.

    Interrupt at any time (Ctrl-C, kill): with --db, running the same command again resumes
    without losing or repeating a puzzle. Puzzles equal under rotation, reflection or
    relabelling are stored once.

    \b
    Example:
      satlink generate --size 10x10 --count 20 --out pack.jsonl
      satlink generate --size 15x15 --colors 10-14 --db levels.sqlite --jobs 2 --count 500
      satlink generate --size 8x8 --symmetry rotational --to grid
    """
    from satlink.generate.catalogue import Catalogue, CatalogueError
    from satlink.generate.pack import pack_entries
    from satlink.generate.params import ParamsError, make_params
    from satlink.generate.runner import run_generation

    try:
        params = make_params(size, colours, min_length, max_solids, rules or DEFAULT_PROFILE,
                             method, strategy, seed, symmetry)
    except ParamsError as exc:
        raise click.UsageError(str(exc)) from None
    try:
        catalogue = Catalogue(db or ":memory:")
    except CatalogueError as exc:
        raise click.UsageError(str(exc)) from None
    console = Console(stderr=True)
    counts = {"accepted": 0, "duplicate": 0, "rejected": 0}
    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                  TimeElapsedColumn(), console=console, transient=True,
                  disable=not console.is_terminal) as progress:
        task = progress.add_task("generating", total=count,
                                 completed=catalogue.start(params).accepted)

        def report(outcome, result, have):
            counts[outcome] += 1
            tried = sum(counts.values())
            progress.update(task, completed=have, description=(
                f"{params.width}x{params.height} accepted {counts['accepted']}/{tried} tried, "
                f"{counts['duplicate']} duplicates"))

        try:
            have = run_generation(params, count, catalogue, jobs, report)
        except KeyboardInterrupt:
            state = catalogue.state(params)
            console.print(f"interrupted with {state.accepted} puzzles stored; run the same "
                          "command again to resume" + ("" if db else " (use --db to keep them)"))
            sys.exit(130)
    state = catalogue.state(params)
    rows = catalogue.puzzles(run=params.key(), order="attempt")
    catalogue.close()
    tried = state.accepted + state.duplicates + sum(state.rejected.values())
    console.print(f"{have} puzzles ({params.width}x{params.height}, rules {params.rules}); "
                  f"{tried} candidates, rejected {state.rejected or 'none'}, "
                  f"{state.duplicates} duplicates")
    _write(pack_entries(rows), out, out_format or (format_for_path(out) if out else "json"))
    if have < count:
        console.print(f"[red]stopped after {tried} candidates with only {have} of {count} puzzles")
        sys.exit(EXIT_NOT_OK)


@main.command()
@click.option("--db", type=click.Path(dir_okay=False, exists=True), required=True,
              help="The SQLite catalogue written by 'generate --db'.")
@click.option("--where", default=None,
              help='Filter, e.g. "size=10x10 and difficulty>0.5" (fields: size, width, height, '
                   "colours, solids, difficulty, rules).")
@click.option("--out", "-o", type=click.Path(dir_okay=False), default=None,
              help="Pack file (format from the extension or --to); default stdout.")
@click.option("--to", "out_format", type=click.Choice(FORMATS), default=None,
              help="Pack format (default: from --out's extension, else JSON lines).")
def export(db, where, out, out_format):
    """Build a pack from the catalogue, easiest puzzle first.

    \b
    Example:
      satlink export --db levels.sqlite --where "size=10x10 and difficulty>0.3" -o pack.jsonl
    """
    from satlink.generate.catalogue import Catalogue, CatalogueError, WhereError
    from satlink.generate.pack import pack_entries

    try:
        catalogue = Catalogue(db)
    except CatalogueError as exc:
        raise click.UsageError(str(exc)) from None
    try:
        rows = catalogue.puzzles(where)
    except WhereError as exc:
        raise click.UsageError(str(exc)) from None
    finally:
        catalogue.close()
    _write(pack_entries(rows, db), out, out_format or (format_for_path(out) if out else "json"))
    click.echo(f"{len(rows)} puzzles", err=True)


@main.command()
@click.argument("packs", nargs=-1, required=True)
@click.option("--rules", "-r", callback=validate_rules, metavar="PROFILE", default=None,
              help="Rule profile (default: the pack's own, else flow).")
@click.option("--timeout", "-t", type=click.FloatRange(min=0), default=None,
              help="Seconds per board; a board that runs out gets status 'timeout'.")
@click.option("--jobs", "-j", type=click.IntRange(min=1), default=None,
              help="Local worker processes (default: all cores).")
@click.option("--out", "-o", type=click.Path(dir_okay=False), default=None,
              help="JSONL results, one line per board, written as each is known.")
@click.option("--resume", is_flag=True, help="Skip boards already in --out (same source, index, content).")
@click.option("--report", type=click.Path(dir_okay=False), default=None,
              help="Write a self-contained HTML report here.")
@click.option("--scheduler", default=None, metavar="tcp://HOST:PORT",
              help="Run on this Dask distributed scheduler instead of local workers.")
@click.option("--solver", default=DEFAULT_SOLVER, show_default=True, callback=validate_solver,
              help="PySAT backend.")
@click.option("--format", "-f", "in_format", type=click.Choice(FORMATS), default=None,
              help="Input format (default: detected per file).")
@click.option("--max-cells", type=click.IntRange(min=1), default=DEFAULT_MAX_CELLS,
              show_default=True, help="Refuse boards with more cells than this.")
def validate(packs, rules, timeout, jobs, out, resume, report, scheduler, solver, in_format,
             max_cells):
    """Validate level packs: well-formed, solvable, unique, matching their shipped solutions,
    free of duplicates (under rotation, reflection and relabelling).

    Statuses: unique, multiple, unsolvable, invalid, timeout, duplicate-of, solution-mismatch,
    error. One bad, slow or crashing board never stops the batch. Exit status: 0 if every
    board is unique (and matches its shipped solution), 1 otherwise, 2 on usage errors.

    \b
    Example:
      satlink validate packs/*.txt --out results.jsonl --report report.html
      satlink validate big.jsonl --out r.jsonl --resume --timeout 60 --jobs 8
      satlink validate big.jsonl --scheduler tcp://10.0.0.5:8786 --out r.jsonl
    """
    import os

    from rich.table import Table

    from satlink.batch.run import RunOptions, validate_tasks
    from satlink.batch.tasks import plan
    from satlink.render.report import html_report

    if resume and not out:
        raise click.UsageError("--resume needs --out (the results file to resume from)")
    tasks = plan(expand_files(packs), rules, DEFAULT_PROFILE, in_format, max_cells)
    options = RunOptions(jobs=jobs or os.cpu_count() or 1, timeout=timeout, solver=solver,
                         scheduler=scheduler, out=out, resume=resume)
    console = Console(stderr=True, highlight=False)
    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                  TimeElapsedColumn(), console=console, transient=True,
                  disable=not console.is_terminal) as progress:
        bar = progress.add_task("validating", total=len(tasks))
        result = validate_tasks(tasks, options, lambda record: progress.advance(bar))
    records = result.records
    counts: dict[str, int] = {}
    for record in records:
        counts[record["status"]] = counts.get(record["status"], 0) + 1
    table = Table(title=f"{len(records)} boards" + (f" ({result.skipped} from --resume)"
                                                     if result.skipped else ""))
    table.add_column("status")
    table.add_column("boards", justify="right")
    for status, n in sorted(counts.items()):
        table.add_row(status, str(n))
    console.print(table)
    slowest = sorted(records, key=lambda r: -r.get("seconds", 0))[:5]
    if slowest and slowest[0].get("seconds", 0) > 0:
        console.print("slowest: " + ", ".join(f"{r['source']}#{r['index']} {r['seconds']:.2f}s"
                                              for r in slowest))
    if report:
        Path(report).write_text(html_report(records), encoding="utf-8")
        console.print(f"report: {report}")
    sys.exit(EXIT_OK if records and all(r["status"] == "unique" for r in records) else EXIT_NOT_OK)


@main.command()
@click.argument("file")
@click.option("--index", "-i", type=click.IntRange(min=1), default=1, show_default=True,
              help="Which board of the file.")
@click.option("--svg", "svg_path", type=click.Path(dir_okay=False), default=None, help="Write SVG here.")
@click.option("--png", "png_path", type=click.Path(dir_okay=False), default=None, help="Write PNG here.")
@click.option("--solve/--no-solve", default=True, show_default=True,
              help="Draw a solution (solving the board if the file has none).")
@click.option("--rules", "-r", callback=validate_rules, default=None, metavar="PROFILE",
              help="Rule profile used to solve (default: the file's, else flow).")
@click.option("--cell", type=click.IntRange(min=4), default=24, show_default=True,
              help="Cell size in pixels.")
def render(file, index, svg_path, png_path, solve, rules, cell):
    """Draw one board (and its solution) as SVG or PNG.

    \b
    Example:
      satlink render example --index 3 --svg board.svg
      satlink render puzzle.txt --png puzzle.png --no-solve
    """
    from satlink.render.png import board_png
    from satlink.render.svg import board_svg

    if not svg_path and not png_path:
        raise click.UsageError("say --svg FILE and/or --png FILE")
    entry = one_entry(file, index)
    solution = entry.solution
    if solve and solution is None:
        verdict = solve_board(entry.board, rules or entry.rules or DEFAULT_PROFILE)
        solution = verdict.solutions[0] if verdict.solutions else None
        if solution is None:
            click.echo(f"note: board is {verdict.status}; drawing the puzzle only", err=True)
    if not solve:
        solution = None
    if svg_path:
        Path(svg_path).write_text(board_svg(entry.board, solution, cell=cell), encoding="utf-8")
    if png_path:
        board_png(entry.board, solution, png_path, cell=cell)


def _write(entries: list[Entry], out: str | None, fmt: str) -> None:
    try:
        text = write_text(entries, fmt)
    except ValueError as exc:
        click.echo(f"error: cannot write {fmt}: {exc}", err=True)
        sys.exit(EXIT_INPUT)
    if out is None or out == "-":
        click.echo(text, nl=False)
    else:
        Path(out).write_text(text, encoding="utf-8")


class _Runner:
    """Reads entries with a progress bar, prints each verdict, and remembers the exit code."""

    def __init__(self, as_json: bool, no_color: bool):
        self.as_json = as_json
        self.plain = no_color or not sys.stdout.isatty()
        self.console = Console(no_color=self.plain, highlight=False, soft_wrap=True)
        self.err_console = Console(stderr=True, highlight=False)
        self.input_error = False
        self.not_ok = False

    def entries(self, files: list[str], in_format: str | None, max_cells: int) -> Iterator[Entry]:
        entries = [e for f in files for e in read_file(f, in_format, max_cells)]
        show = self.err_console.is_terminal and len(entries) > 1
        with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                      TimeElapsedColumn(), console=self.err_console, transient=True,
                      disable=not show) as progress:
            task = progress.add_task("boards", total=len(entries))
            for entry in entries:
                if entry.error is not None:
                    self._report_error(entry)
                else:
                    yield entry
                progress.advance(task)

    def _report_error(self, entry: Entry) -> None:
        self.input_error = True
        if self.as_json:
            click.echo(json.dumps(error_record(entry, entry.rules or DEFAULT_PROFILE),
                                  ensure_ascii=False))
        else:
            click.echo(f"invalid: {entry.error}", err=True)

    def report(self, entry: Entry, verdict, solver: str, good: set[str]) -> None:
        if verdict.status not in good:
            self.not_ok = True
        if self.as_json:
            click.echo(json.dumps(verdict_record(entry, verdict, solver), ensure_ascii=False))
            return
        board = entry.board
        title = (f"{entry.source} #{entry.index} {board.width}x{board.height} "
                 f"rules={verdict.rules}: {verdict.status.upper()} ({verdict.seconds:.3f} s)")
        if verdict.count is not None:
            title += f", {verdict.count} solution{'s' if verdict.count != 1 else ''} found"
        self.console.print(title)
        shown = verdict.solutions[:2] or [None]
        if self.plain:
            blocks = [draw_plain(board, s).splitlines() for s in shown]
            for row in zip(*blocks, strict=False):
                self.console.print("   ".join(row))
        else:
            self.console.print(Columns([draw_rich(board, s) for s in shown], padding=(0, 3)))
        if verdict.status == "multiple":
            cells = " ".join(f"({r},{c})" for r, c in (board.coord(x) for x in verdict.diff_cells))
            self.console.print(f"differing cells: {cells}")
        self.console.print()

    def exit_code(self) -> int:
        if self.input_error:
            return EXIT_INPUT
        return EXIT_NOT_OK if self.not_ok else EXIT_OK


main.add_command(cnf)
main.add_command(decode)
main.add_command(bench)
