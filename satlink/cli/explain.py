"""Explaining commands: ``explain`` (why a board is unsolvable, ambiguous or unique) and
``hint`` (the next deduction from a partly solved board).  Both are thin layers over
:mod:`satlink.explain`; their options are declared here, beside the shared ones of
:mod:`satlink.cli.options`."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from satlink.cli.exits import EXIT_INPUT, EXIT_OK
from satlink.cli.files import check_outputs, one_entry, read_entries, writing
from satlink.cli.options import (
    SECONDS,
    index_option,
    input_options,
    json_option,
    no_color_option,
    rules_option,
)
from satlink.formats import Entry, InputError


def _console(no_color: bool):
    from rich.console import Console

    plain = no_color or not sys.stdout.isatty()
    return Console(no_color=plain, highlight=False, soft_wrap=True, markup=False), plain


def _svg_path(out: str, number: int, total: int, suffix: str = ".svg") -> Path:
    """``--svg OUT`` (or ``--png OUT``) for the ``number``-th of ``total`` boards: OUT itself
    for one board, else OUT's stem with the number (``why.svg`` -> ``why-2.svg``)."""
    path = Path(out)
    return path if total == 1 else path.with_name(f"{path.stem}-{number}{path.suffix or suffix}")


@click.command()
@click.argument("files", nargs=-1, required=True)
@rules_option()
@json_option("One JSON object per board per line (the explanation contract, see README, "
             "'Explanations').")
@no_color_option
@input_options
@click.option("--svg", "svg_out", type=click.Path(dir_okay=False), default=None,
              help="Also draw each board with the cells of its reason highlighted (several "
                   "boards: OUT-1.svg, OUT-2.svg, ...).")
@click.option("--png", "png_out", type=click.Path(dir_okay=False), default=None,
              help="Also draw each board as a PNG, the cells of its reason highlighted and the "
                   "reason written under it (several boards: OUT-1.png, OUT-2.png, ...).")
@click.option("--budget", type=SECONDS, default=10.0, show_default=True,
              help="Seconds per board for the verdict and every explanation step; a step past "
                   "it says so and the board keeps what was found.")
@click.option("--count", "-n", type=click.IntRange(min=2), default=10, show_default=True,
              help="Count the solutions of a 'multiple' board up to N.")
@click.option("--steps/--no-steps", default=True, show_default=True,
              help="Record and show the step-by-step solve of unique boards.")
def explain(files, rules, as_json, no_color, in_format, max_cells, svg_out, png_out, budget,
            count, steps):
    """Explain each board's verdict with a located, proven reason.

    \b
    unsolvable: the deduction that fails and where; the rule responsible (fill, notouch,
                no2x2, or the pairs themselves); a minimal set of pairs that is already
                impossible (each one left out: solvable, checked); or, when only fill
                fails, the fewest cells that must stay empty and where (MaxSAT).
    multiple:   the regions where the solutions differ and the count up to --count.
    unique:     the solve as a person does it, step by step, and where look-ahead is needed.

    Exit status: 0 when every board was explained, 2 on input errors.

    \b
    Example:
      satlink explain draft.txt
      satlink explain draft.txt --rules fill --svg why.svg
      satlink explain draft.txt --png why.png
      satlink explain pack.txt --json > why.jsonl
    """
    from satlink.explain import explain as explain_board
    from satlink.render.console import print_json

    check_outputs(files, svg=svg_out, png=png_out)
    entries = read_entries(files, in_format, max_cells)
    console, plain = _console(no_color)
    status = EXIT_OK
    for number, entry in enumerate(entries, start=1):
        if entry.error is not None:
            status = EXIT_INPUT
            if as_json:
                print_json({"source": entry.source, "index": entry.index, "status": "invalid",
                            "error": entry.error.as_dict()})
            else:
                click.echo(f"invalid: {entry.error}", err=True)
            continue
        profile = entry.rules_under(rules)
        result = explain_board(entry.board, profile, budget=budget, count=count, steps=steps)
        if svg_out:
            from satlink.render.highlight import highlighted_svg

            path = _svg_path(svg_out, number, len(entries))
            with writing(str(path)):
                path.write_text(highlighted_svg(entry.board, _shown(result), result.cells,
                                                title=result.sentence()), encoding="utf-8")
        if png_out:
            from satlink.render.highlight import highlighted_png

            path = _svg_path(png_out, number, len(entries), ".png")
            with writing(str(path)):
                highlighted_png(entry.board, _shown(result), result.cells, str(path),
                                title=result.sentence())
        painted = _painted(entry, result, profile)
        if as_json:
            record = {"source": entry.source, "index": entry.index, **result.as_dict()}
            if painted is not None:
                record["painted"] = painted.as_dict()
            print_json(record)
        else:
            _print_explanation(console, plain, entry, result)
            if painted is not None:
                console.print(f"painted: {painted.sentence()}")
    sys.exit(status)


def _painted(entry: Entry, result, profile):
    """What the explanation says about a painted board's drawing (None for a puzzle): the
    unique solution, or the solutions the ambiguity found, compared with the drawing."""
    if entry.painting is None:
        return None
    from satlink.painted.judge import painted_verdict
    from satlink.solver.verdict import Status, Verdict

    found = ([result.solution] if result.solution is not None else
             list(result.ambiguity.solutions) if result.ambiguity is not None else [])
    return painted_verdict(entry.painting, Verdict(Status(result.status), profile,
                                                   solutions=found), profile)


def _shown(result):
    """The solution drawn with a reason: the unique one, or the witness of the fewest empty
    cells, or the first of two."""
    if result.solution is not None:
        return result.solution
    if result.empty is not None:
        return result.empty.solution
    if result.ambiguity is not None and result.ambiguity.solutions:
        return result.ambiguity.solutions[0]
    return None


def _print_explanation(console, plain: bool, entry: Entry, result) -> None:
    from satlink.render.highlight import highlighted_text

    board = entry.board
    console.print(f"{entry.source} #{entry.index} {board.width}x{board.height} "
                  f"rules={result.rules}: {result.status.upper()} ({result.seconds:.3f} s)")
    console.print(highlighted_text(board, _shown(result), result.cells, color=not plain))
    console.print(f"reason ({result.reason}): {result.sentence()}")
    if result.responsible:
        rule = result.responsible[0]
        said = {"pairs": "the pairs themselves (impossible with no extra rule)",
                "fill+notouch": "fill and notouch together (solvable with either left out)"}
        console.print(f"responsible: {said.get(rule, ', '.join(result.responsible))}")
    if result.core is not None and result.reason != "core":
        console.print(f"minimal core: {result.core.sentence()}")
    if result.core is not None:
        for c in result.core.checks:
            console.print(f"  without {c.without}: {c.status}")
    if result.empty is not None and result.reason != "empty-cells":
        console.print(f"fewest empty cells: {result.empty.sentence(board)}")
    trace = result.trace
    if trace is not None and result.status == "unique":
        for i, step in enumerate(trace.steps, start=1):
            console.print(f"  {i:3d}. [{step.technique}] {step.sentence}")
    for note in result.notes:
        console.print(f"note: {note}")
    console.print()


@click.command()
@click.argument("file")
@index_option
@rules_option()
@click.option("--progress", "-p", type=click.Path(dir_okay=False), default=None,
              help="The paths drawn so far: JSON {\"paths\": {\"A\": [[row, col], ...]}} "
                   "(a label's value: one piece, or a list of pieces; see README, 'Hints').")
@click.option("--timeout", "-t", type=SECONDS, default=10.0, show_default=True,
              help="Seconds the hint may take; past them the answer is kind 'timeout' (or the "
                   "step found by then, the rest of the drawing unchecked).")
@json_option("The hint as one JSON object (the explanation contract, see README).")
@no_color_option
def hint(file, index, rules, progress, timeout, as_json, no_color):
    """The next deduction on a board, from scratch or from the paths drawn so far.

    The hint is the first step a person would take (the simplest technique that makes
    progress), with the cells it decides; a drawing that breaks a rule, or that the
    deductions prove cannot be completed, is told so.

    \b
    Example:
      satlink hint level.txt
      satlink hint level.txt --progress drawn.json --json
      satlink hint big.txt --timeout 2
    """
    from satlink.cli.budget import finish_within
    from satlink.explain.hint import Hint, read_progress
    from satlink.explain.hint import hint as next_hint
    from satlink.render.console import print_json

    entry = one_entry(file, index, as_json)
    board = entry.board
    pieces = {}
    if progress is not None:
        try:
            text = Path(progress).read_text(encoding="utf-8")
            pieces = read_progress(text, board, progress)
        except OSError as exc:
            click.echo(f"invalid: {progress}: cannot read file: {exc.strerror or exc}", err=True)
            sys.exit(EXIT_INPUT)
        except UnicodeDecodeError:
            click.echo(f"invalid: {progress}: not UTF-8 text", err=True)
            sys.exit(EXIT_INPUT)
        except InputError as exc:
            click.echo(f"invalid: {exc}", err=True)
            sys.exit(EXIT_INPUT)
    done, result = finish_within(timeout, lambda: next_hint(board, entry.rules_under(rules),
                                                            pieces))
    if not done:  # still building the engine's tables of a very large board
        result = Hint("timeout", board)
    if as_json:
        print_json({"source": entry.source, "index": entry.index, **result.as_dict()})
        sys.exit(EXIT_OK)
    from satlink.render.highlight import highlighted_text
    from satlink.solution import Solution

    console, plain = _console(no_color)
    # drawn pieces shown as paths (a label drawn in several pieces: its first one)
    drawn = Solution({label: tuple(ps[0]) for label, ps in pieces.items()}) if pieces else None
    cells = result.step.cells if result.step is not None else (
        result.failure.cells if result.failure is not None else [])
    console.print(highlighted_text(board, drawn, cells, color=not plain))
    console.print(f"hint ({result.kind}): {result.sentence()}")
    sys.exit(EXIT_OK)
