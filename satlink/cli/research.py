"""Commands for researchers: DIMACS export (``cnf``), external models (``decode``), and the
benchmark harness (``bench``)."""

from __future__ import annotations

import sys

import click

from satlink.cli.options import (
    EXIT_INPUT,
    EXIT_NOT_OK,
    EXIT_OK,
    SECONDS,
    check_outputs,
    method_for_board,
    method_options,
    one_entry,
    rules_option,
)
from satlink.cnf import encode
from satlink.render.console import print_json
from satlink.render.progress import progress_bar


@click.command()
@click.argument("board")
@click.option("--index", "-i", type=click.IntRange(min=1), default=1, show_default=True,
              help="Which board of the file.")
@rules_option("Rule profile (default: the file's, else flow).")
@method_options(default_encoding="acyclic", backend=False)
@click.option("--names", is_flag=True, help="Name every variable in the header (c var lines).")
@click.option("--out", "-o", type=click.Path(dir_okay=False), default=None,
              help="Output file (default stdout).")
def cnf(board, index, rules, method, names, out):
    """Write one board's CNF as DIMACS, with a header mapping variables to cells and edges.

    Variables 1..E are the edges (one 'c edge V R1 C1 R2 C2' line each) in every encoding;
    'c ind' projects onto them, since two solutions differ exactly when their edges do.
    Only --encoding acyclic (the default here) gives a complete CNF.

    \b
    Example:
      satlink cnf example --index 2 --encoding acyclic > board.cnf
      kissat board.cnf > model.txt; satlink decode example model.txt --index 2
    """
    from satlink.dimacs import dimacs_lines

    check_outputs((board,), out=out)
    entry = one_entry(board, index)
    profile = entry.rules_under(rules)
    method_for_board(method, profile)
    encoded = encode(entry.board, profile, method.lemmas_for(profile), method.encoding, method.card)
    if not encoded.acyclic:
        click.echo(f"note: {method.encoding} does not exclude detached cycles; a model may not be "
                   "a solution (satlink decode says so). Use --encoding acyclic for an exact CNF.",
                   err=True)
    with click.open_file(out or "-", "w", encoding="utf-8") as handle:
        for line in dimacs_lines(encoded, names=names):
            handle.write(line + "\n")


@click.command()
@click.argument("board")
@click.argument("model", type=click.File("r"))
@click.option("--index", "-i", type=click.IntRange(min=1), default=1, show_default=True,
              help="Which board of the file.")
@rules_option("Rule profile to validate under (default: the file's, else flow).")
@click.option("--json", "as_json", is_flag=True, help="Print a JSON object instead of a drawing.")
@click.option("--no-color", is_flag=True, help="Plain text drawing without colours.")
def decode(board, model, index, rules, as_json, no_color):
    """Read a model printed by any SAT solver ('v' lines) and show/validate the solution.

    Exit status: 0 if the model is a valid solution, 1 if it is not (or the solver said
    UNSATISFIABLE), 2 on unreadable input.  MODEL may be '-' for standard input.

    \b
    Example:
      satlink cnf example > b.cnf && cadical b.cnf > b.model; satlink decode example b.model
    """
    from rich.console import Console

    from satlink.dimacs import ModelError, decode_model, read_model
    from satlink.render.terminal import draw_plain, draw_rich

    entry = one_entry(board, index)
    profile = entry.rules_under(rules)
    try:
        literals = read_model(model, model.name)
    except ModelError as exc:
        click.echo(f"invalid: {exc}", err=True)
        sys.exit(EXIT_INPUT)
    except UnicodeDecodeError as exc:
        click.echo(f"invalid: {model.name}: not UTF-8 text ({exc.reason}); a model is 'v' "
                   "lines of integers", err=True)
        sys.exit(EXIT_INPUT)
    if literals is None:
        result, solution, errors = "unsatisfiable", None, []
    else:
        decoded = decode_model(entry.board, profile, literals)
        solution, errors = decoded.solution, decoded.errors
        result = "valid" if solution is not None and not errors else "invalid"
    if as_json:
        print_json({
            "source": entry.source, "index": entry.index, "rules": str(profile), "result": result,
            "errors": errors, "solution": solution.to_coords(entry.board) if solution else None,
        })
    else:
        console = Console(highlight=False)
        console.print(f"{entry.source} #{entry.index} rules={profile}: model is {result.upper()}")
        if solution is not None:
            plain = no_color or not console.is_terminal
            console.print(draw_plain(entry.board, solution) if plain
                          else draw_rich(entry.board, solution))
        for error in errors:
            console.print(f"  {error}")
    sys.exit(EXIT_OK if result == "valid" else EXIT_NOT_OK)


@click.command()
@click.argument("corpus", nargs=-1)
@click.option("--encodings", default="binary-edge", show_default=True,
              help="Comma list of encodings, or all.")
@click.option("--solvers", default="glucose4", show_default=True,
              help="Comma list of PySAT backends, or all (cadical195,glucose4,kissat404,minisat22).")
@click.option("--cards", default="pairwise", show_default=True,
              help="Comma list of cardinality encodings, or all.")
@click.option("--cycles", default="lazy", show_default=True,
              help="Comma list of cycle handling: lazy, propagator (cadical195), or all.")
@click.option("--lemmas", "lemma_settings", default="auto", show_default=True,
              help="Comma list of lemma settings: auto, none, all.")
@rules_option("Rule profile (default: each board's own, else flow).")
@click.option("--timeout", "-t", type=SECONDS, default=60.0, show_default=True,
              help="Seconds per board and configuration.")
@click.option("--repeat", type=click.IntRange(min=1), default=1, show_default=True,
              help="Measure each (board, configuration) this many times; medians are reported.")
@click.option("--limit", type=click.IntRange(min=1), default=None,
              help="Use at most this many boards per corpus file.")
@click.option("--generate", "sizes", default=None, metavar="WxH,...",
              help="Add boards grown by satlink's generator at these sizes, e.g. 10x10,50x50.")
@click.option("--per-size", type=click.IntRange(min=1), default=3, show_default=True,
              help="Generated boards per size.")
@click.option("--colors", "--colours", "colours", default=None, metavar="MIN-MAX",
              help="Keep only generated boards with this many colours (the generator rarely "
                   "goes below about cells/8).")
@click.option("--seed", type=int, default=0, show_default=True, help="Seed for --generate.")
@click.option("--baseline", default=None, help="Configuration label the ratios refer to "
                                                "(default: the first configuration).")
@click.option("--out", "-o", type=click.Path(dir_okay=False), default=None,
              help="Write JSON (summary + every measurement) here.")
@click.option("--csv", "csv_path", type=click.Path(dir_okay=False), default=None,
              help="Write every measurement as CSV here.")
@click.option("--plots", "plot_dir", type=click.Path(file_okay=False), default=None,
              help="Write cactus.png and size.png into this folder (needs matplotlib).")
def bench(corpus, encodings, solvers, cards, cycles, lemma_settings, rules, timeout, repeat, limit,
          sizes, per_size, colours, seed, baseline, out, csv_path, plot_dir):
    """Compare encodings, backends and options on the same boards, interleaved in one run.

    Each board is run by every configuration before the next board starts, so the ratios in
    the table are taken under the same machine conditions. Verdicts must agree across
    configurations; any disagreement is printed and makes the exit status 1.

    \b
    Example:
      satlink bench ../shared/corpus/mzucker-flow_solver/puzzles --encodings all
      satlink bench --generate 10x10,20x20,50x50 --solvers glucose4,cadical195 \\
          --timeout 30 --repeat 3 --out results.json --csv results.csv --plots plots/
      satlink bench --generate 20x20 --colors 40-50 --rules fill --cycles lazy,propagator \\
          --solvers cadical195 --encodings binary-edge,acyclic
    """
    from rich.console import Console

    from satlink.bench.configs import configurations
    from satlink.bench.corpus import corpus_boards, generated_boards
    from satlink.bench.report import print_summary, write_outputs
    from satlink.bench.runner import run_interleaved
    from satlink.method import MethodError

    check_outputs(corpus, out=out, csv=csv_path)
    try:
        configs = configurations(encodings, solvers, cards, cycles, lemma_settings)
        if plot_dir:
            from satlink.bench.plots import require_matplotlib

            require_matplotlib()
    except (MethodError, RuntimeError) as exc:
        raise click.UsageError(str(exc)) from None
    console = Console(stderr=True, highlight=False)
    boards, skipped = corpus_boards(corpus or (() if sizes else ("example",)), rules, limit)
    for message in skipped:
        console.print(f"[yellow]skipped[/] {message}")
    if sizes:
        from satlink.generate.params import ParamsError

        try:
            boards += generated_boards(sizes, per_size, seed, rules, colours)
        except ParamsError as exc:
            raise click.UsageError(str(exc)) from None
    if not boards:
        raise click.UsageError("no boards to measure")
    with progress_bar("measuring", len(boards) * len(configs) * repeat, console=console) as bar:
        rows = run_interleaved(boards, configs, timeout, repeat, lambda row: bar.advance())
    out_console = Console(highlight=False)
    if not out_console.is_terminal:
        out_console = Console(highlight=False, width=180)
    result = print_summary(rows, configs, timeout, repeat, baseline, out_console)
    write_outputs(result, rows, out, csv_path, plot_dir)
    sys.exit(EXIT_NOT_OK if result["disagreements"] else EXIT_OK)
