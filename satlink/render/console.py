"""What the commands print for people: verdicts with drawings, invalid boards, decoded
models, and the summaries that end check, solve, validate and generate runs.

The commands in :mod:`satlink.cli` decide *what* to say; this module decides how it looks.
Machine-readable output (``--json``) is built by :mod:`satlink.records`, not here.
"""

from __future__ import annotations

import sys
from collections import Counter
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

import click

from satlink.formats import Entry, InputError
from satlink.records import invalid_record, verdict_record
from satlink.render.progress import progress_bar, tally
from satlink.rules import Rules
from satlink.solver.verdict import Status, Verdict

if TYPE_CHECKING:
    from rich.console import Console

    from satlink.generate.catalogue import RunState
    from satlink.generate.params import Params
    from satlink.painted.judge import PaintedVerdict
    from satlink.solution import Solution


def print_json(record: dict) -> None:
    """One record as one line on standard output (the stable ``--json`` contract)."""
    from satlink.records import dumps

    click.echo(dumps(record))


class VerdictPrinter:
    """Draws each verdict on standard output: a title line, the solution(s) side by side and,
    for ``multiple``, the cells where the two solutions differ.  Colour only on a terminal."""

    def __init__(self, no_color: bool):
        from rich.console import Console  # here, not at the top: --json output never needs rich

        self.plain = no_color or not sys.stdout.isatty()
        self.console = Console(no_color=self.plain, highlight=False, soft_wrap=True)

    def invalid(self, error: InputError) -> None:
        click.echo(f"invalid: {error}", err=True)

    def verdict(self, entry: Entry, verdict: Verdict) -> None:
        from rich.columns import Columns

        from satlink.render.terminal import draw_plain, draw_rich

        board = entry.board
        title = (f"{entry.source} #{entry.index} {board.width}x{board.height} "
                 f"rules={verdict.rules}: {verdict.status.value.upper()} ({verdict.seconds:.3f} s)")
        if verdict.count is not None:
            title += f", {verdict.count} solution{'s' if verdict.count != 1 else ''} found"
        if verdict.stats.edges and verdict.stats.presolved_edges == verdict.stats.edges:
            title += ", decided by deduction, without SAT"
        self.console.print(title)
        shown = verdict.solutions[:2] or [None]
        if self.plain:  # written as it is: a million cells through rich took seconds, and a
            blocks = [draw_plain(board, s).splitlines() for s in shown]  # '[' is no markup
            self.console.file.write("".join("   ".join(row) + "\n"
                                            for row in zip(*blocks, strict=False)))
        else:
            self.console.print(Columns([draw_rich(board, s) for s in shown], padding=(0, 3)))
        if verdict.status == Status.MULTIPLE:
            cells = " ".join(f"({r},{c})" for r, c in (board.coord(x) for x in verdict.diff_cells))
            self.console.print(f"differing cells: {cells}")
        self.console.print()


Shown = tuple[Entry, Rules, "Verdict | InputError", "PaintedVerdict | None"]
"""One judged board as the printer takes it: the entry, its profile, its verdict or the input
error that kept it from being judged, and what the verdict says of a painted board's drawing
(``check`` and ``solve`` build them: :class:`satlink.cli.check.Judged`)."""


class Showing(Protocol):
    """How a run's boards are shown (:class:`satlink.cli.check.BoardRun` carries it):
    ``quiet``: draw only the boards that are not good, and the summary; ``all_diff_cells``:
    list every differing cell in the records, however many; ``grade``: the human grade in
    the records."""

    @property
    def as_json(self) -> bool: ...
    @property
    def no_color(self) -> bool: ...
    @property
    def quiet(self) -> bool: ...
    @property
    def all_diff_cells(self) -> bool: ...
    @property
    def grade(self) -> bool: ...


def print_judged(judged: Iterable[Shown], total: int, good: Status, run: Showing) -> list[Status]:
    """Print each board as it is judged, under a progress bar: its JSON record, or its drawing
    (``run.quiet``: only if it is not ``good``) and an ``invalid:`` line on standard error for
    an input error; then, without ``--json``, the summary.  Returns the statuses, in order."""
    as_json, quiet = run.as_json, run.quiet
    printer = None if as_json else VerdictPrinter(run.no_color)
    statuses: list[Status] = []
    results: list[tuple[str, int, str]] = []
    counts: dict[str, int] = {}
    with progress_bar("boards", total, show=total > 1) as bar:
        for entry, rules, outcome, painted in judged:
            if isinstance(outcome, Verdict):
                status = outcome.status
                if as_json:
                    record = verdict_record(entry.source, entry.index, entry.board, outcome,
                                            all_diff_cells=run.all_diff_cells, grade=run.grade,
                                            lazy=True)
                    if painted is not None:
                        record["painted"] = painted.as_dict()
                    print_json(record)
                elif not quiet or status != good:
                    printer.verdict(entry, outcome)
                    if painted is not None:
                        printer.console.print(f"{entry.source} #{entry.index}: "
                                              f"{painted.sentence()}", markup=False)
                        printer.console.print()
                    if outcome.count is not None and outcome.count_complete is False:
                        why = ("cut short by the timeout" if outcome.timed_out
                               else f"stopped at --count {outcome.count}")
                        printer.console.print(f"{entry.source} #{entry.index}: {outcome.count}+ "
                                              f"solutions found (count {why}; there may be more)")
                        printer.console.print()
            else:
                status = Status.INVALID
                if as_json:
                    print_json(invalid_record(entry.source, entry.index, outcome.as_dict(), rules))
                else:
                    printer.invalid(outcome)
            statuses.append(status)
            results.append((Path(entry.source).name, entry.index, str(status)))
            counts[str(status)] = counts.get(str(status), 0) + 1
            bar.update(description=tally(counts))
            bar.advance()
    if not as_json:
        print_check_summary(results, str(good), printer.console)
    return statuses


def print_run_summary(records: list[dict], skipped: int, console: Console) -> None:
    """Counts per status and the slowest boards of a validation run."""
    from rich.table import Table


    counts = Counter(str(record["status"]) for record in records)
    table = Table(title=f"{len(records)} boards" + (f" ({skipped} from --resume)" if skipped else ""))
    table.add_column("status")
    table.add_column("boards", justify="right")
    for status, n in sorted(counts.items()):
        table.add_row(status, str(n))
    console.print(table)
    slowest = sorted(records, key=lambda r: -r.get("seconds", 0))[:5]
    if slowest and slowest[0].get("seconds", 0) > 0:
        console.print("slowest: " + ", ".join(f"{r['source']}#{r['index']} {r['seconds']:.2f}s"
                                              for r in slowest))


def print_check_summary(results: list[tuple[str, int, str]], good: str, console: Console) -> None:
    """The end-of-run summary of ``check``/``solve``, as pytest ends a run: the boards that
    need attention by ``source:index``, then one line of counts per status."""
    problems = [(source, index, status) for source, index, status in results if status != good]
    if problems:
        console.print(f"[bold]{len(problems)} board{'s' if len(problems) != 1 else ''} not {good}:")
        for source, index, status in problems:
            console.print(f"  {status:<12} {source}:{index}")
    counts = Counter(status for _, _, status in results)
    order = [good] + [str(s) for s in Status if str(s) != good]
    line = ", ".join(f"{counts[s]} {s}" for s in order if counts.get(s))
    colour = "green" if not problems else "red"
    console.print(f"[{colour}]== {len(results)} board{'s' if len(results) != 1 else ''}: "
                  f"{line or 'none'} ==")


def print_decoded(entry: Entry, rules: Rules, result: str, solution: Solution | None,
                  errors: list[str], no_color: bool) -> None:
    """What ``decode`` says of a model: valid, invalid or unsatisfiable, the solution drawn
    (plain text unless on a terminal without ``no_color``), and what is wrong with it."""
    from rich.console import Console

    from satlink.render.terminal import draw_plain, draw_rich

    console = Console(highlight=False)
    console.print(f"{entry.source} #{entry.index} rules={rules}: model is {result.upper()}")
    if solution is not None:
        plain = no_color or not console.is_terminal
        console.print(draw_plain(entry.board, solution) if plain
                      else draw_rich(entry.board, solution))
    for error in errors:
        console.print(f"  {error}")


def _tried(state: RunState) -> int:
    return state.accepted + state.duplicates + sum(state.rejected.values())


def print_generation_interrupted(state: RunState, kept: bool, console: Console,
                                 seed: int | None = None) -> None:
    """``generate`` stopped by Ctrl-C: how many puzzles are stored (``kept``: in a --db file);
    ``seed``: the run's seed was drawn at random, so resuming needs it named."""
    again = f"the command again with --seed {seed}" if seed is not None else "the same command again"
    console.print(f"interrupted with {state.accepted} puzzles stored; run {again} to resume"
                  + ("" if kept else " (use --db to keep them)"))


def print_generation_summary(have: int, params: Params, state: RunState, console: Console) -> None:
    """The end of a ``generate`` run: puzzles made, candidates tried, why the others were not kept."""
    console.print(f"{have} puzzles ({params.width}x{params.height}, rules {params.rules}, "
                  f"seed {params.seed}); "
                  f"{_tried(state)} candidates, rejected {state.rejected or 'none'}, "
                  f"{state.duplicates} duplicates")


def print_generation_shortfall(have: int, count: int, state: RunState, console: Console) -> None:
    """``generate`` gave up before making ``count`` puzzles."""
    console.print(f"[red]stopped after {_tried(state)} candidates with only {have} of {count} "
                  "puzzles")
