"""Solving commands: ``check`` (uniqueness), ``solve`` (one solution), ``convert``, ``render``."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

import click

from satlink.cli.consumers import warn_for_consumers
from satlink.cli.exits import EXIT_INPUT, EXIT_OK, reader_gone, run_status
from satlink.cli.files import check_outputs, one_entry, read_entries, write_entries, writing
from satlink.cli.options import (
    index_option,
    input_options,
    method_options,
    out_option,
    output_options,
    rules_option,
    target_options,
    timeout_option,
    to_option,
)
from satlink.exports import for_target
from satlink.formats import Entry, InputError, format_for_path
from satlink.render.console import print_judged
from satlink.rules import Rules
from satlink.solver.check import check as check_board
from satlink.solver.check import solve as solve_board
from satlink.solver.memory import BoardTooLarge
from satlink.solver.verdict import Status, Verdict

if TYPE_CHECKING:
    from satlink.painted.judge import PaintedVerdict

Judge = Callable[[Entry, Rules], Verdict]
MAX_CELL_PIXELS = 256
MAX_PNG_PIXELS = 100_000_000  # about 300 MB of RGB in memory while drawing


class Judged(NamedTuple):
    """One board as ``check`` and ``solve`` report it: its profile, its verdict or the input
    error that kept it from being judged, and for a painted board what the verdict says of
    the drawing (None for a puzzle)."""

    entry: Entry
    rules: Rules
    outcome: Verdict | InputError
    painted: PaintedVerdict | None = None


def judged(entries: list[Entry], rules: Rules | None, judge: Judge,
           done: Callable[[Entry, Verdict], None] | None = None) -> Iterator[Judged]:
    """Each board under its profile with its verdict, or with the input error that stopped it
    (unreadable, or too large for the memory), a painted board's drawing judged beside it;
    ``done`` sees every verdict."""
    for entry in entries:
        profile = entry.rules_under(rules)
        if entry.error is not None:
            yield Judged(entry, profile, entry.error)
            continue
        try:
            verdict = judge(entry, profile)
        except BoardTooLarge as exc:
            yield Judged(entry, profile, InputError(str(exc), entry.source, entry.index,
                                                    entry.line))
            continue
        if done:
            done(entry, verdict)
        painted = None
        if entry.painting is not None:  # (imported here: most boards are not painted)
            from satlink.painted.judge import painted_verdict

            painted = painted_verdict(entry.painting, verdict, profile)
        yield Judged(entry, profile, verdict, painted)


class BoardRun(NamedTuple):
    """What ``check`` and ``solve`` were asked, as their command line gave it: the files and
    how to read them, the profile that overrides the files' own, and how to show the boards
    (:class:`satlink.render.console.Showing`: ``quiet``, ``all_diff_cells``, ``grade``).  The
    solving method and the timeout are the judge's."""

    files: tuple[str, ...]
    in_format: str | None
    max_cells: int
    rules: Rules | None
    as_json: bool
    no_color: bool
    quiet: bool = False
    all_diff_cells: bool = False
    grade: bool = False


def judge_boards(run: BoardRun, judge: Judge, good: Status,
                 done: Callable[[Entry, Verdict], None] | None = None) -> int:
    """Read every board, judge it, print each as it is known and end with a summary; the exit
    status (0 when every board is ``good``).  A reader that goes away (``| head``) ends the
    run: 0 only if every board had been judged ``good`` by then (:func:`run_status`)."""
    entries = read_entries(run.files, run.in_format, run.max_cells)
    seen: list[Status] = []

    def noted(items: Iterator[Judged]) -> Iterator[Judged]:
        for item in items:
            outcome = item.outcome
            seen.append(outcome.status if isinstance(outcome, Verdict) else Status.INVALID)
            yield item

    try:
        print_judged(noted(judged(entries, run.rules, judge, done)), len(entries), good, run)
        sys.stdout.flush()  # a reader gone is known here, not at the interpreter's exit
    except BrokenPipeError:
        reader_gone()
    return run_status(seen, good, complete=len(seen) == len(entries))


def board_solving_options(command: Callable) -> Callable:
    """What check and solve share: the files, --rules, --timeout, the solving method, the
    output choices and the input options."""
    for option in (input_options, output_options, method_options(), timeout_option,
                   rules_option(), click.argument("files", nargs=-1, required=True)):
        command = option(command)
    return command


@click.command()
@board_solving_options
@click.option("--count", "-n", type=click.IntRange(min=2), default=2, show_default=True,
              help="Count solutions up to N (the record then has 'count').")
@click.option("--quiet", "-q", is_flag=True,
              help="Draw only the boards that are not unique; the summary still ends the run.")
@click.option("--all-diff-cells", is_flag=True,
              help="With --json: list every differing cell of a 'multiple' board (by default "
                   "only up to 10,000; diff_count and diff_box always summarise them).")
@click.option("--grade", is_flag=True,
              help="With --json: add the human grade (quality.grade, the techniques a person "
                   "needs) of unique boards up to 400 cells; on hard levels it costs more than "
                   "the uniqueness proof itself.")
def check(files, rules, timeout, method, as_json, no_color, in_format, max_cells, count, quiet,
          all_diff_cells, grade):
    """Decide whether each board has exactly one solution.

    Verdicts: unique, multiple (with a second solution and the differing cells), unsolvable,
    timeout, invalid. The run ends with a summary: the boards that are not unique (by
    file:index) and the count per status. Exit status: 0 if every board is unique, 1 if some
    board is not, 2 on usage or input errors.

    \b
    Example:
      satlink check example
      satlink check levels/*.txt --rules fill --count 10 --timeout 30 --json
      satlink check pack.txt --json --grade > verdicts.jsonl
      satlink check big.txt --encoding acyclic --solver cadical195
    """
    def judge(entry: Entry, profile: Rules) -> Verdict:
        return check_board(entry.board, profile, count=count, timeout=timeout, method=method)

    run = BoardRun(files, in_format, max_cells, rules, as_json, no_color, quiet,
                   all_diff_cells, grade)
    sys.exit(judge_boards(run, judge, Status.UNIQUE))


@click.command()
@board_solving_options
@out_option("Also write the solved boards (with solutions) to this file.")
@to_option("Format for --out (default: from its extension; .json/.jsonl JSON lines, "
           ".txt the W H stream, .flow Flow Free level lines).")
def solve(files, rules, timeout, method, as_json, no_color, in_format, max_cells, out, out_format):
    """Find one solution of each board (no uniqueness proof; use 'check' for that).

    Exit status: 0 if every board is solved, 1 if some board is unsolvable or timed out,
    2 on usage or input errors.

    \b
    Example:
      satlink solve example
      satlink solve puzzle.txt --rules nikoli --out solved.flow
    """
    check_outputs(files, out=out)
    solved: list[Entry] = []

    def judge(entry: Entry, profile: Rules) -> Verdict:
        return solve_board(entry.board, profile, timeout=timeout, method=method)

    def keep(entry: Entry, verdict: Verdict) -> None:
        if verdict.solutions:
            solved.append(Entry(entry.source, entry.index, entry.board, verdict.solutions[0],
                                verdict.rules, original=entry.original))

    run = BoardRun(files, in_format, max_cells, rules, as_json, no_color)
    status = judge_boards(run, judge, Status.SOLVED, keep)
    if out:
        write_entries(solved, out, out_format or format_for_path(out))
    sys.exit(status)


@click.command()
@click.argument("file")
@to_option("Output format (default: from --out's extension); player: a one-file HTML page "
           "that plays the pack offline.", player=True)
@out_option("Output file (default: standard output).")
@target_options
@input_options
def convert(file, out_format, out, target, target_check, in_format, max_cells):
    """Convert boards between formats: grid, wh, flowfree, json, puzzlink; or write the pack
    as a player (--to player, or -o NAME.html): one HTML file that plays every board proven
    unique in any browser, with no server (boards not unique are left out, named on stderr).

    Boards that cannot be read are reported on stderr (exit status 2); the others are
    still converted. Solutions travel with the board where the target format can hold them.
    A puzz.link URL is 'arukone' (every cell used) for a board under a profile with fill
    (flow, fill), else 'numlin' (cells may stay empty); --target chooses it the same way.
    A format read by a program with fixed rules (Flow Free, puzz.link; or --target) has
    each board checked under those rules: a board that is not unique there gets a warning
    on stderr (solutions counted up to 10, 10 s per board; the exit status does not change).

    \b
    Example:
      satlink convert puzzle.txt --to puzzlink        # a URL to play-test in a browser
      satlink convert pack.txt -o pack.jsonl          # format from the extension
      satlink convert pack.jsonl -o pack.grid --target fill   # for a fill-only app
      satlink convert example --to player -o pack.html   # play-test anywhere, offline
    """
    from satlink.cli.player import convert_to_player, is_player

    if is_player(out, out_format):
        sys.exit(convert_to_player(file, out, in_format, max_cells))
    if out_format is None:
        if out is None:
            raise click.UsageError("say --to FORMAT, or give --out with a known extension")
        out_format = format_for_path(out)
    check_outputs((file,), out=out)
    good: list[Entry] = []
    failed = False
    for entry in read_entries((file,), in_format, max_cells):
        if entry.error is not None:
            click.echo(f"error: {entry.error}", err=True)
            failed = True
        else:
            good.append(entry)
    good = for_target(good, out_format, target)
    write_entries(good, out, out_format)
    painted = [e for e in good if e.painting is not None]
    if painted:  # the drawing is a solution, never proven here: say where it went
        kept = sum(e.solution is not None for e in painted) if out_format in (
            "json", "flowfree") else 0
        click.echo(f"note: {len(painted)} painted board{'s' if len(painted) > 1 else ''} "
                   f"written as the puzzle of the drawn endpoints ({kept} with the drawing as "
                   "the solution), not proven unique (satlink paint proves, fixes and "
                   "completes paintings)", err=True)
    if target_check:
        warn_for_consumers(good, out_format, target)
    sys.exit(EXIT_INPUT if failed else EXIT_OK)


@click.command()
@click.argument("file")
@index_option
@click.option("--svg", "svg_path", type=click.Path(dir_okay=False), default=None, help="Write SVG here.")
@click.option("--png", "png_path", type=click.Path(dir_okay=False), default=None, help="Write PNG here.")
@click.option("--solve/--no-solve", default=True, show_default=True,
              help="Draw a solution (solving the board if the file has none).")
@rules_option("Rule profile used to solve (default: the file's, else flow).")
@method_options()
@click.option("--cell", type=click.IntRange(min=4, max=MAX_CELL_PIXELS), default=24,
              show_default=True, help="Cell size in pixels.")
def render(file, index, svg_path, png_path, solve, rules, method, cell):
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
    check_outputs((file,), svg=svg_path, png=png_path)
    entry = one_entry(file, index)
    pixels = entry.board.width * cell * entry.board.height * cell
    if png_path and pixels > MAX_PNG_PIXELS:
        raise click.UsageError(f"a {entry.board.width}x{entry.board.height} board at --cell {cell} "
                               f"is {pixels:,} pixels, more than the PNG limit of "
                               f"{MAX_PNG_PIXELS:,}; use a smaller --cell (or --svg)")
    solution = entry.solution
    if solve and solution is None:
        profile = entry.rules_under(rules)
        verdict = solve_board(entry.board, profile, method=method)
        solution = verdict.solutions[0] if verdict.solutions else None
        if solution is None:
            click.echo(f"note: board is {verdict.status}; drawing the puzzle only", err=True)
    if not solve:
        solution = None
    if svg_path:
        with writing(svg_path):
            Path(svg_path).write_text(board_svg(entry.board, solution, cell=cell), encoding="utf-8")
    if png_path:
        with writing(png_path):
            board_png(entry.board, solution, png_path, cell=cell)
