"""``bench``: the benchmark harness over a corpus (encodings, solvers and their options)."""

from __future__ import annotations

import os
import sys

import click

from satlink.batch.distributed import CONNECT_TIMEOUT
from satlink.cli.exits import EXIT_NOT_OK, EXIT_OK
from satlink.cli.files import check_outputs, writing
from satlink.cli.options import (
    SECONDS,
    out_option,
    rules_option,
)
from satlink.cli.own_outputs import bench_csv, bench_results, force_option, refuse_foreign
from satlink.render.progress import progress_bar


@click.command()
@click.argument("corpus", nargs=-1)
@click.option("--encodings", default="binary-edge", show_default=True,
              help="Comma list of encodings, or all.")
@click.option("--solvers", default="glucose4", show_default=True,
              help="Comma list of PySAT backends, all (cadical195,glucose4,kissat404,minisat22), "
                   "or none (only the --external solvers).")
@click.option("--external", "externals", multiple=True, metavar="NAME=COMMAND",
              help="An external solver, run on DIMACS files with the SAT competitions' "
                   "conventions: COMMAND holds {cnf} (the file) and may hold {timeout} (seconds "
                   "left) and {memory} (MiB). Repeatable; each is measured with every method.")
@click.option("--calls", default="incremental", show_default=True,
              help="Comma list: incremental (one solver for both SAT calls), one-shot (a fresh "
                   "solver per call), or all.")
@click.option("--cards", default="pairwise", show_default=True,
              help="Comma list of cardinality encodings, or all.")
@click.option("--cycles", default="lazy", show_default=True,
              help="Comma list of cycle handling: lazy, propagator (cadical195), or all.")
@click.option("--lemmas", "lemma_settings", default="auto", show_default=True,
              help="Comma list of lemma settings: auto, none, all, or lemma names joined by + "
                   "(e.g. auto,corner+no-u-turn).")
@click.option("--presolve", "presolve_settings", default="on", show_default=True,
              help="Comma list: on (forced moves before SAT, the default), off (every board "
                   "through the encoding: what comparing encodings wants), or all.")
@click.option("--pieces", "pieces_settings", default="off", show_default=True,
              help="Comma list: on (check's route: each independent piece the forced moves "
                   "leave is its own CNF), off (one CNF per board, the bench's default), all.")
@click.option("--stricter-first", "stricter_settings", default="off", show_default=True,
              help="Comma list: on (check's route under a profile without notouch: the first "
                   "solution from a stricter profile), off (the bench's default), all.")
@click.option("--frontier", "frontier_settings", default="off", show_default=True,
              help="Comma list: on (check's frontier-sweep route for uniqueness proofs at "
                   "the frontier widths where it pays), off (the bench's default), all.")
@click.option("--sat-bound", is_flag=True,
              help="Measure only the boards the forced moves do not decide (the boards whose "
                   "verdict needs SAT); how many were left out is printed and recorded.")
@rules_option("Rule profile (default: each board's own, else flow).")
@click.option("--timeout", "-t", type=SECONDS, default=60.0, show_default=True,
              help="Cutoff in seconds per board and configuration; a run over it is a timeout.")
@click.option("--cpu-cutoff", "cpu_cutoff", type=SECONDS, default=None,
              help="Also kill a run once it (with the solver binaries it started) has used this "
                   "many CPU seconds; a run over it is a timeout.")
@click.option("--memory-limit", "memory_mb", type=click.IntRange(min=64), default=None,
              metavar="MIB", help="Address-space limit of each run (and external solver).")
@click.option("--in-process", is_flag=True,
              help="Run in this process instead of a child killed at the cutoff (backends "
                   "without interrupt() then overrun it; such runs still count as timeouts).")
@click.option("--repeat", type=click.IntRange(min=1), default=1, show_default=True,
              help="Measure each (board, configuration) this many times; medians, min-max "
                   "and quartiles are reported.")
@click.option("--shuffle", type=int, default=None, metavar="SEED",
              help="Rename the variables and reorder the clauses of every CNF at random "
                   "(seeded by SEED, the board and the repeat).")
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
@out_option("Write JSON (summary + every measurement) here.")
@click.option("--csv", "csv_path", type=click.Path(dir_okay=False), default=None,
              help="Write every measurement as CSV here.")
@click.option("--plots", "plot_dir", type=click.Path(file_okay=False), default=None,
              help="Write cactus.png and size.png into this folder (needs matplotlib).")
@force_option
@click.option("--reference/--no-reference", default=True, show_default=True,
              help="Check each board with satlink first (within the cutoff); a run whose "
                   "answer contradicts it is 'wrong', counted as unsolved and listed first.")
@click.option("--scheduler", default=None, metavar="tcp://HOST:PORT",
              help="Run the study on this Dask scheduler's workers, one run per task (start "
                   "each worker with --nthreads 1).")
@click.option("--scheduler-timeout", type=SECONDS, default=CONNECT_TIMEOUT, show_default=True,
              help="Seconds to wait for --scheduler to answer before giving up.")
def bench(corpus, encodings, solvers, externals, calls, cards, cycles, lemma_settings,
          presolve_settings, pieces_settings, stricter_settings, frontier_settings, sat_bound,
          rules, timeout, cpu_cutoff, memory_mb, in_process, repeat, shuffle, limit, sizes,
          per_size, colours, seed, baseline, reference, scheduler, scheduler_timeout, out,
          csv_path, plot_dir, force):
    """Compare encodings, backends and options on the same boards, interleaved in one run.

    Each board is run by every configuration before the next board starts, so the ratios in
    the table are taken under the same machine conditions. Each run is a child process
    killed at the cutoff, and a run over the cutoff is a timeout wherever it is counted.
    The two SAT phases are measured apart: find (up to the first solution) and prove (the
    uniqueness call). Each run records its CPU time and peak memory (the solver binaries'
    apart). Each board is first checked by satlink: an answer against that reference is
    'wrong' (unsolved, listed first); verdicts must also agree across configurations; a wrong
    answer or a disagreement makes the exit status 1. 'satlink bench compare A.json B.json'
    compares two results (FILE or FILE:CONFIG) with a paired Wilcoxon signed-rank test.

    \b
    Example:
      satlink bench ../shared/corpus/mzucker-flow_solver/puzzles --rules fill \\
          --encodings all --presolve off --sat-bound --timeout 10 \\
          --out mz.json --csv mz.csv --plots mz/
      satlink bench example --presolve off --external 'cadical=cadical -q {cnf}'
      satlink bench example --presolve off --out a.json --cpu-cutoff 5
      satlink bench example --presolve off --encodings acyclic --out b.json
      satlink bench compare a.json b.json
      satlink bench --generate 10x10,20x20 --solvers glucose4,cadical195 \\
          --calls incremental,one-shot --repeat 3 --shuffle 1
      satlink bench ../shared/corpus/thomasahle-numberlink/puzzles/inputs1 --presolve on,off
      satlink bench hex-pack.jsonl --lemmas auto,corner,corner+no-u-turn --presolve off
    """
    if corpus[:1] == ("compare",) and not os.path.exists("compare"):
        _compare(corpus[1:])
        return
    from rich.console import Console

    from satlink.bench.configs import RouteSwitches, bench_configs, configurations
    from satlink.bench.corpus import CorpusClash, corpus_boards, generated_boards
    from satlink.bench.corpus import sat_bound as sat_bound_boards
    from satlink.bench.external import ExternalSpecError, parse_external
    from satlink.bench.plots import PlotsUnavailable, require_matplotlib
    from satlink.bench.report import BenchSettings, print_summary, write_outputs
    from satlink.bench.runner import RunOptions
    from satlink.solver.method import MethodError, solver_names

    check_outputs(corpus, out=out, csv=csv_path)
    refuse_foreign("--out", out, "a 'satlink bench' results file", bench_results, force)
    refuse_foreign("--csv", csv_path, "a 'satlink bench' CSV file", bench_csv, force)
    try:
        taken = set(solver_names())
        chosen = []
        for text in externals:
            chosen.append(parse_external(text, taken))
            taken.add(chosen[-1].name)
        in_proc = solvers.strip() != "none"
        routes = RouteSwitches(pieces_settings, stricter_settings, frontier_settings)
        methods = configurations(encodings, solvers if in_proc else "glucose4", cards, cycles,
                                 lemma_settings, presolve_settings, routes)
        if not in_proc and not chosen:
            raise MethodError("--solvers none needs at least one --external solver")
        configs = bench_configs(methods, chosen, calls, in_process=in_proc)
        if in_process:
            for config in configs:
                if config.method.deadline_problem(timeout):
                    raise MethodError(config.method.deadline_problem(timeout))
            if cpu_cutoff is not None:
                raise MethodError("--cpu-cutoff needs each run in a child process: leave out "
                                  "--in-process")
        if shuffle is not None and any(c.method.uses_propagator or c.routed for c in configs):
            raise MethodError("--shuffle renames the variables of one CNF: leave out --cycles "
                              "propagator (it watches them) and --pieces/--stricter-first/"
                              "--frontier on "
                              "(check's routes build their own CNFs)")
        if plot_dir:
            require_matplotlib()
    except (MethodError, PlotsUnavailable, ExternalSpecError) as exc:
        raise click.UsageError(str(exc)) from None
    client = _client(scheduler, scheduler_timeout, in_process)
    console = Console(stderr=True, highlight=False)
    try:
        boards, skipped = corpus_boards(corpus or (() if sizes else ("example",)), rules, limit)
    except CorpusClash as exc:
        raise click.UsageError(str(exc)) from None
    for message in skipped:
        console.print(f"[yellow]skipped[/] {message}")
    if sizes:
        from satlink.generate.params import ParamsError

        try:
            boards += generated_boards(sizes, per_size, seed, rules, colours)
        except ParamsError as exc:
            raise click.UsageError(str(exc)) from None
    dropped = 0
    if sat_bound:
        boards, dropped = sat_bound_boards(boards, timeout)
        console.print(f"--sat-bound: {dropped} board(s) the forced moves decide left out, "
                      f"{len(boards)} kept")
    if not boards:
        raise click.UsageError("no boards to measure")
    options = RunOptions(timeout=timeout, isolate=not in_process, memory_mb=memory_mb,
                         shuffle=shuffle, cpu_timeout=cpu_cutoff, reference=reference)
    rows = _measure(boards, configs, options, repeat, client, console)
    out_console = Console(highlight=False)
    if not out_console.is_terminal:
        out_console = Console(highlight=False, width=250)
    settings = BenchSettings(options, repeat, baseline, sat_bound, dropped, scheduler)
    result = print_summary(rows, configs, boards, settings, out_console)
    with writing(out, csv_path):
        write_outputs(result, rows, out, csv_path, plot_dir, timeout)
    sys.exit(EXIT_NOT_OK if result["disagreements"] or result["wrong_answers"] else EXIT_OK)


def _client(scheduler: str | None, timeout: float, in_process: bool):
    """A Dask client for ``--scheduler`` (None without it); a usage error when it cannot be
    used, before any board is read."""
    if scheduler is None:
        return None
    from satlink.batch.distributed import SchedulerError, connect

    if in_process:
        raise click.UsageError("--scheduler runs each run on a worker: leave out --in-process")
    try:
        return connect(scheduler, timeout)
    except SchedulerError as exc:
        raise click.UsageError(str(exc)) from None


def _measure(boards, configs, options, repeat: int, client, console) -> list[dict]:
    """Every run, here or on the cluster, under a progress line: runs done, solved, time
    left (a live line on a terminal)."""
    from satlink.bench.runner import run_interleaved
    from satlink.bench.summary import SOLVED

    counts = {"solved": 0, "wrong": 0}
    with progress_bar("measuring", len(boards) * len(configs) * repeat, console=console) as bar:
        def seen(row: dict) -> None:
            counts["solved"] += row["status"] in SOLVED
            counts["wrong"] += row["status"] == "wrong"
            wrong = f", {counts['wrong']} wrong" if counts["wrong"] else ""
            bar.update(description=f"measuring: {counts['solved']} solved{wrong}")
            bar.advance()

        if client is None:
            return run_interleaved(boards, configs, options, repeat, seen)
        from satlink.bench.cluster import run_on_cluster

        try:
            return run_on_cluster(boards, configs, options, repeat, client, seen)
        finally:
            client.close()


def _compare(files: tuple[str, ...]) -> None:
    """``satlink bench compare A.json B.json``: the paired comparison, in words and JSON."""
    from satlink.bench.compare import CompareError, compare, read_side, sentence
    from satlink.render.console import print_json

    if len(files) != 2:
        raise click.UsageError("bench compare takes two results files: A.json B.json (each "
                               "FILE or FILE:CONFIG)")
    try:
        result = compare(read_side(files[0]), read_side(files[1]))
    except CompareError as exc:
        raise click.UsageError(str(exc)) from None
    click.echo(sentence(result), err=True)
    print_json(result)
