"""Catalogue commands for designers: ``generate`` puzzles, ``export`` packs from the catalogue."""

from __future__ import annotations

import secrets
import sys

import click

from satlink.batch.distributed import CONNECT_TIMEOUT
from satlink.cli.exits import EXIT_NOT_OK
from satlink.cli.files import check_outputs, write_pack
from satlink.cli.generation_run import (
    GenerationRun,
    generation_params,
    generator_click_options,
)
from satlink.cli.options import (
    SECONDS,
    capped_jobs,
    method_options,
    out_option,
    pack_format,
    target_options,
    to_option,
)
from satlink.cli.own_outputs import board_pack, force_option, refuse_foreign
from satlink.render.console import (
    print_generation_interrupted,
    print_generation_shortfall,
    print_generation_summary,
)
from satlink.render.progress import progress_bar

MAX_SHAPE_BYTES = 16 * 2**20
"""A --shape file longer than this is refused unread (a mask holds at most 250,000 cells)."""


def read_shape(path: str) -> str:
    """The text of a --shape file, read as board files are read: a FIFO, device or folder
    is refused before it is opened (nothing blocks, ``/dev/zero`` is not read), the length
    is capped, and bytes that are not UTF-8 are located; raises :class:`ParamsError` naming
    the file."""
    from satlink.formats import registry  # the readers' own checks (private: one reader each)
    from satlink.generate.params import ParamsError

    try:
        return registry._decode(registry._read_regular_file(path, MAX_SHAPE_BYTES))
    except registry._Unreadable as exc:
        where = f": line {exc.line}, column {exc.column}" if exc.line else ""
        message = str(exc).replace(registry.PIPE_HINT, "")  # --shape has no '-' for stdin
        raise ParamsError(f"--shape {path}{where}: {message}") from None
    except OSError as exc:
        raise ParamsError(f"--shape {path}: cannot read file: {exc.strerror or exc}") from None


@click.command()
@generator_click_options
@click.option("--count", "-n", type=click.IntRange(min=1), default=10, show_default=True,
              help="How many puzzles the run should hold.")
@out_option("Write the pack here (format from the extension or --to); default stdout.")
@to_option("Pack format (default: from --out's extension, else JSON lines).")
@target_options
@click.option("--db", type=click.Path(dir_okay=False), default=None,
              help="SQLite catalogue: resumable runs, deduplicated puzzles (default: in memory).")
@click.option("--jobs", "-j", type=click.IntRange(min=1), default=1, show_default=True,
              help="Worker processes.")
@click.option("--scheduler", default=None, metavar="tcp://HOST:PORT",
              help="Grow and prove the candidates on this Dask distributed scheduler's workers "
                   "instead of local processes (this process still writes the catalogue).")
@click.option("--scheduler-timeout", type=SECONDS, default=CONNECT_TIMEOUT, show_default=True,
              help="Seconds to wait for --scheduler to answer before giving up (--db untouched).")
@method_options()
@force_option
def generate(**options) -> None:
    """Generate puzzles, each proven unique under the rule profile, with their solutions.

    By default each puzzle is steered toward a grade band drawn from the shares of published
    Flow Free levels of its size (--play any: no aim; --grade: one band or score range;
    --curve: easy to hard, or --curve TARGETS: a target per slot). A band or range the size
    does not reach is refused at once, naming what it reaches. Without --seed each run takes
    a fresh random seed and prints it.
    Interrupt at any time
    (Ctrl-C, kill): with --db, running the command again with that --seed resumes without
    losing or repeating a puzzle. Puzzles equal under the board's symmetries (rotations,
    reflections; shifts on warps) and relabelling are stored once. Writing for a program
    with fixed rules (a .flow or .url pack, or --target) checks each puzzle under them and
    warns where it is not unique. The solving options (--encoding, --solver, ...) are those
    of 'check'; puzzles do not depend on them, their solver-effort figures do. Flow Free
    variants: --grid hex, --wrap, --holes or --shape, --walls, --bridges (combinable, except
    that warps need square cells).

    \b
    Example:
      satlink generate --size 10x10 --count 20 --out pack.jsonl
      satlink generate --size 15x15 --colors 10-14 --db levels.sqlite --jobs 2 --count 500 \\
        --seed 42
      satlink generate --size 8x8 --rules fill --out pack.url        # puzz.link arukone
      satlink generate --size 8x8 --symmetry rotational --to grid
      satlink generate --size 7x7 --grade easy --count 20 --out easy.jsonl
      satlink generate --size 10x10 --curve --count 20 --out course.jsonl   # easy -> hard
      satlink generate --size 8x8 --curve easy,easy,medium,hard --count 8 -o course.jsonl
      satlink generate --size 9x9 --grid hex --walls 4 --db variants.sqlite
      satlink generate --shape heart.txt --bridges 2 --to flowfree
      satlink generate --size 12x12 --count 10000 --db levels.sqlite --seed 7 \\
        --scheduler tcp://10.0.0.5:8786
    """
    run_generate(GenerationRun(**options))


def run_generate(run: GenerationRun) -> None:
    """Make the puzzles ``run`` asks for into its catalogue, then write its pack."""
    from satlink.generate.catalogue import Catalogue, CatalogueError
    from satlink.generate.cluster import ClusterError
    from satlink.generate.pack import pack_entries
    from satlink.generate.params import ParamsError
    from satlink.generate.reading import parse_shape
    from satlink.generate.runner import Workers, run_generation
    from satlink.generate.slots import in_slot_order

    db, count, seed = run.db, run.count, run.seed
    fresh = seed is None
    if fresh:
        seed = secrets.randbelow(10**9)
    check_outputs(tuple(f for f in (db, run.shape) if f), out=run.out)
    refuse_foreign("--out", run.out, "a pack of boards",
                   board_pack(pack_format(run.out, run.out_format)), run.force)
    try:
        mask = parse_shape(read_shape(run.shape), run.shape) if run.shape else ()
        params = generation_params(run, seed, mask)
    except ParamsError as exc:
        raise click.UsageError(str(exc)) from None
    client = None
    if run.scheduler is not None:  # reached before the catalogue is opened: a wrong address
        from satlink.batch.distributed import SchedulerError, connect  # creates no --db file

        if run.jobs != 1:
            click.echo("note: --jobs is for local processes; with --scheduler the cluster's "
                       "workers make the attempts", err=True)
        try:
            client = connect(run.scheduler, run.scheduler_timeout)
        except SchedulerError as exc:
            raise click.UsageError(str(exc)) from None
    try:
        catalogue = Catalogue(db or ":memory:")
    except CatalogueError as exc:
        if client is not None:
            client.close()
        raise click.UsageError(str(exc)) from None
    from rich.console import Console

    console = Console(stderr=True, highlight=False, soft_wrap=True)
    if fresh:
        console.print(f"seed {seed} (give --seed {seed} to make this pack again"
                      f"{' or to resume the run' if db else ''})")
        earlier = catalogue.seeds_like(params) if db else []
        if earlier:
            listed = ", ".join(f"{s} ({n} puzzles)" for s, n in earlier[:5])
            console.print(f"note: {db} holds earlier runs with these settings, seeds {listed}; "
                          "to resume one, give its --seed")
    counts = {"accepted": 0, "duplicate": 0, "rejected": 0}
    with progress_bar("generating", count, completed=catalogue.start(params).accepted,
                      console=console) as bar:
        def report(outcome, result, have):
            counts[outcome] += 1
            tried = sum(counts.values())
            bar.update(completed=have, description=(
                f"{params.width}x{params.height} accepted {counts['accepted']}/{tried} tried, "
                f"{counts['duplicate']} duplicates"))

        try:
            workers = Workers(capped_jobs(run.jobs) if client is None else 1, client=client)
            have = run_generation(params, count, catalogue, workers, report)
        except KeyboardInterrupt:
            print_generation_interrupted(catalogue.state(params), kept=bool(db), console=console,
                                         seed=seed if fresh else None)
            sys.exit(130)
        except ClusterError as exc:
            import logging  # the client's own reconnect errors, with tracebacks, would follow

            for name in ("distributed", "distributed.client"):
                logging.getLogger(name).setLevel(logging.CRITICAL)
            catalogue.close()
            click.echo(f"error: {exc}; the puzzles made so far are kept"
                       f"{f' in {db}: run the command again to resume' if db else ''}", err=True)
            sys.exit(EXIT_NOT_OK)
        finally:
            if client is not None:
                client.close()
    state = catalogue.state(params)
    rows = catalogue.puzzles(run=params.key(), order="grade" if params.curve else "attempt")
    if params.slots:
        rows = in_slot_order(rows, params.slots)
    catalogue.close()
    print_generation_summary(have, params, state, console)
    write_pack(pack_entries(rows), run.out, pack_format(run.out, run.out_format),
               f"the puzzles are in {db}" if db else "use --db to keep the puzzles",
               run.target, run.target_check, run.method)
    if have < count:
        print_generation_shortfall(have, count, state, console)
        sys.exit(EXIT_NOT_OK)
