"""Commands for researchers: DIMACS export (``cnf``) and external models (``decode``); the
benchmark harness (``bench``) is in :mod:`satlink.cli.bench`."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from satlink.bench.export import SEARCH_SOLVER, SearchLimits
from satlink.cli.exits import EXIT_INPUT, EXIT_NOT_OK, EXIT_OK
from satlink.cli.files import check_outputs, one_entry, writing
from satlink.cli.options import (
    SECONDS,
    index_option,
    json_option,
    method_options,
    no_color_option,
    out_option,
    rules_option,
)
from satlink.cli.own_outputs import cnf_export, cnf_folder, force_option, refuse_foreign
from satlink.formats import Entry, InputError
from satlink.render.console import print_decoded, print_json
from satlink.solver.memory import BoardTooLarge, ensure_fits


@click.command()
@click.argument("boards", nargs=-1, required=True)
@index_option
@rules_option("Rule profile (default: the file's, else flow).")
@method_options(default_encoding="acyclic", backend=False)
@click.option("--names", is_flag=True, help="Name every variable in the header (c var lines).")
@click.option("--presolve", "forced", is_flag=True,
              help="Add the forced moves as unit clauses, as check does (a board they decide "
                   "has no CNF).")
@click.option("--second", is_flag=True,
              help="One board: write the uniqueness instance (the first solution blocked).")
@click.option("--out-dir", type=click.Path(file_okay=False), default=None,
              help="Export every board of the files and folders given into this folder: "
                   "FAMILY/FILE/INDEX.first.cnf and .second.cnf, and manifest.json/.csv.")
@click.option("--timeout", "-t", type=SECONDS, default=60.0, show_default=True,
              help="Seconds per board for the search that finds the cuts and the first "
                   "solution (--second, --out-dir).")
@click.option("--search-solver", default=SEARCH_SOLVER, show_default=True,
              help="PySAT backend of that search (--second, --out-dir); any gives exact "
                   "expected statuses.")
@out_option("Output file (default stdout).")
@force_option
def cnf(boards, index, rules, method, names, forced, second, out_dir, timeout, search_solver,
        out, force):
    """Write a board's CNF as DIMACS, with a header mapping variables to cells and edges;
    with --out-dir, a whole corpus with both instances of each board and a manifest.

    Variables 1..E are the edges (one 'c edge V R1 C1 R2 C2' line each, plus 'crossing
    AXIS' for an edge into a bridge: horizontal or vertical, on hexagons vertical, falling or
    rising) in every encoding; 'c ind' projects onto
    them, since two solutions differ exactly when their edges do. A Flow Free variant's
    geometry is one 'c geometry' line (the JSON object).
    Only --encoding acyclic (the default here) gives a complete CNF.

    With --second or --out-dir the board is first searched as check does: the instances hold
    the cycle cuts that search needed, so their expected statuses (in a 'c expected' line and
    the manifest) are exact for every encoding: the first is satisfiable iff the board has a
    solution, the second (first solution blocked) iff it has two.

    \b
    Example:
      satlink cnf example --index 2 --encoding acyclic > board.cnf
      kissat board.cnf > model.txt; satlink decode example model.txt --index 2
      satlink cnf ../shared/corpus/mzucker-flow_solver/puzzles --out-dir mz-cnf --presolve
    """
    from satlink.solver.method import solver_names

    if search_solver not in solver_names():
        raise click.UsageError(f"--search-solver {search_solver}: not a PySAT backend (e.g. "
                               "glucose4, cadical195, minisat22)")
    search = SearchLimits(search_solver, timeout)
    if out_dir is not None:
        if out is not None or second:
            raise click.UsageError("--out-dir writes every instance itself: leave out --out "
                                   "and --second")
        refuse_foreign("--out-dir", out_dir, "a 'satlink cnf --out-dir' folder (no "
                       "manifest.json)", cnf_folder, force)
        _export_corpus(boards, rules, method, names, forced, out_dir, search)
        return
    if len(boards) != 1:
        raise click.UsageError("give one board file (or --out-dir DIR for many)")
    board = boards[0]
    check_outputs((board,), out=out)
    refuse_foreign("--out", out, "a DIMACS file written by 'satlink cnf'", cnf_export, force)
    entry = one_entry(board, index)
    profile = entry.rules_under(rules)
    _refuse_too_large(entry, method)
    if forced or second:
        from satlink.bench.export import export_board

        exported = export_board(entry.board, profile, method, forced, search, names)
        lines = exported.second if second else exported.first
        if lines is None:
            click.echo(f"no CNF: the forced moves decide this board ({exported.verdict})"
                       if exported.first is None else
                       f"no second instance: the board has no solution ({exported.verdict})",
                       err=True)
            sys.exit(EXIT_NOT_OK)
    else:
        from satlink.solver.dimacs import dimacs_lines
        from satlink.solver.encode import encode  # numpy: only when a CNF is asked for

        encoded = encode(entry.board, profile, method)  # an unsound --lemmas: a usage error
        if not encoded.acyclic:
            click.echo(f"note: {method.encoding} does not exclude detached cycles; a model may "
                       "not be a solution (satlink decode says so). Use --encoding acyclic for "
                       "an exact CNF.", err=True)
        lines = dimacs_lines(encoded, names=names)
    with writing(out), click.open_file(out or "-", "w", encoding="utf-8") as handle:
        for line in lines:
            handle.write(line + "\n")


def _refuse_too_large(entry: Entry, method) -> None:
    """Refused before building, as check does: a CNF too large for memory never ends."""
    try:
        ensure_fits(entry.board, method)
    except BoardTooLarge as exc:
        click.echo(f"invalid: {InputError(str(exc), entry.source, entry.index, entry.line)}",
                   err=True)
        sys.exit(EXIT_INPUT)


def _export_corpus(paths: tuple[str, ...], rules, method, names: bool, forced: bool,
                   out_dir: str, search: SearchLimits) -> None:
    """``cnf --out-dir``: every board of ``paths`` as FAMILY/FILE/INDEX instances, and the
    manifest (:mod:`satlink.bench.export`).  Every board is read and named before anything is
    written: two files that would share a name are refused with nothing written."""
    from satlink.bench.export import Manifest, export_board, manifest_rows

    root = Path(out_dir)
    manifest = Manifest(method, forced, search)
    boards = decided = 0
    planned, skipped = _planned_exports(paths)
    with writing(out_dir):
        root.mkdir(parents=True, exist_ok=True)
        for stem, path, entry in planned:
            profile = entry.rules_under(rules)
            try:
                ensure_fits(entry.board, method)
            except BoardTooLarge as exc:
                click.echo(f"skipped: {path} board {entry.index}: {exc}", err=True)
                skipped += 1
                continue
            exported = export_board(entry.board, profile, method, forced, search, names)
            lemmas = method.lemmas_for(profile, entry.board.geometry.kind)
            for row in manifest_rows(stem, path, entry.index, entry.board, profile,
                                     method, exported, lemmas):
                manifest.add(row)
                if row["path"] is not None:
                    lines = exported.first if row["kind"] == "first" else exported.second
                    target = root / row["path"]
                    target.parent.mkdir(parents=True, exist_ok=True)
                    target.write_text("\n".join(lines) + "\n", encoding="utf-8")
            boards += 1
            decided += exported.first is None
        manifest.write(root)
    written = sum(1 for row in manifest.instances if row["path"] is not None)
    click.echo(f"wrote {written} instances of {boards} boards to {out_dir} (manifest.json, "
               f"manifest.csv); {decided} decided by the forced moves (no CNF), "
               f"{skipped} skipped", err=True)


def _planned_exports(paths: tuple[str, ...]) -> tuple[list[tuple[str, str, Entry]], int]:
    """Every readable board of ``paths`` with its instance name, and how many could not be
    read (each reported); a usage error when two files would share a name."""
    from satlink.bench.corpus import corpus_files
    from satlink.bench.export import instance_stem
    from satlink.formats import expand_files, read_file

    planned: list[tuple[str, str, Entry]] = []
    seen: dict[str, str] = {}
    skipped = 0
    for given in expand_files(paths):
        family = (Path(given).name if Path(given).is_dir()
                  else Path(given).parent.name or "stdin" if given != "-" else "stdin")
        for path in corpus_files((given,)):
            for entry in read_file(path):
                if entry.error is not None:
                    click.echo(f"skipped: {entry.error}", err=True)
                    skipped += 1
                    continue
                stem = instance_stem(family, path, entry.index)
                if seen.setdefault(stem, path) != path:
                    raise click.UsageError(f"{path} and {seen[stem]} would both be "
                                           f"exported as {stem}: give them apart (nothing "
                                           "was written)")
                planned.append((stem, path, entry))
    return planned, skipped


@click.command()
@click.argument("board")
@click.argument("model")
@index_option
@rules_option("Rule profile to validate under (default: the file's, else flow).")
@json_option("Print a JSON object instead of a drawing.")
@no_color_option
def decode(board, model, index, rules, as_json, no_color):
    """Read a model printed by any SAT solver ('v' lines) and show/validate the solution.

    BOARD is the board file, or the CNF file 'satlink cnf' wrote: its header holds the board
    (with its geometry) and the profile. Exit status: 0 if the model is a valid solution, 1 if
    it is not (or the solver said UNSATISFIABLE), 2 on unreadable input.  MODEL may be '-' for
    standard input.

    \b
    Example:
      satlink cnf example > b.cnf && cadical b.cnf > b.model; satlink decode example b.model
      satlink decode b.cnf b.model
    """
    from satlink.solver.dimacs import ModelError, decode_model, read_model_file

    try:
        entry = _exported_board(board) or one_entry(board, index)
    except ModelError as exc:
        click.echo(f"invalid: {exc}", err=True)
        sys.exit(EXIT_INPUT)
    profile = entry.rules_under(rules)
    try:
        literals = read_model_file(model)
    except ModelError as exc:
        click.echo(f"invalid: {exc}", err=True)
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
        print_decoded(entry, profile, result, solution, errors, no_color)
    sys.exit(EXIT_OK if result == "valid" else EXIT_NOT_OK)


def _exported_board(path: str) -> Entry | None:
    """The board and profile in the header of a DIMACS file ``satlink cnf`` wrote, or None
    when ``path`` is not one (then it is read as a board file)."""
    from satlink.solver.dimacs import is_export, read_header

    if path == "-" or not Path(path).is_file():
        return None
    with open(path, encoding="utf-8", errors="replace") as handle:
        if not is_export(handle.readline()):
            return None
        handle.seek(0)
        board, rules = read_header(handle, path)
    return Entry(path, 1, board, rules=rules)
