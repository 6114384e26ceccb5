"""The harness's outputs: a ranked rich table, JSON (summary + every row), CSV, plots.

The JSON layout is a versioned contract (``version`` 3, docs/reference/bench.md): ``machine``
(software versions, CPU model, memory, OS, date, satlink's commit as built), ``solvers``
(each backend's version), ``provenance`` (each backend pinned: path, sha256, version output,
seed),
``corpus`` (a hash of the boards), ``settings`` (the command line, the cutoff and how it was
enforced, PAR-2's factor, the sets the figures are taken over), ``configs``, ``summary``
(ranked, one object per configuration), ``per_board`` (median, min, quartiles, max over
repeats), ``warnings``, ``disagreements`` and ``rows`` (one per measurement, the CSV's
fields), ``wrong_answers`` and ``never_reached_sat``.
"""

from __future__ import annotations

import json
import math
import sys
from dataclasses import dataclass
from pathlib import Path

from rich.console import Console
from rich.table import Table

from satlink.bench.configs import BenchConfig
from satlink.bench.isolate import KILL_GRACE
from satlink.bench.metadata import corpus_hash, machine, solver_provenance, solver_versions
from satlink.bench.reference import wrong_answers
from satlink.bench.runner import BenchBoard, RunOptions
from satlink.bench.summary import (
    PAR_FACTOR,
    disagreements,
    never_reached_sat,
    per_board_table,
    presolve_decided,
    summarise,
    to_csv,
)
from satlink.solver.method import DEFAULT_METHOD
from satlink.solver.verdict import Status

BENCH_VERSION = 3
"""3: every row has every field (null where unknown), CPU time and peak memory per run, the
``wrong`` status (an answer against satlink's reference verdict, unsolved everywhere),
configurations that answered wrongly or made no SAT call not ranked, boards named by their
path under the corpus root, the routes recorded per configuration, spread and intervals in
the summary; 2: cutoff enforced and recorded, find/prove phases, unknown counters as null, PAR-2 as
``par2_sum_seconds`` and ``par2_mean_seconds`` with its factor in ``settings``, means named
by their set, metadata; 1 summed the two SAT calls and counted late runs as solved."""

SETS = {
    "par2": f"every board: a solved board's median time, an unsolved one {PAR_FACTOR} x the "
            "cutoff; sum and mean",
    "common": "the boards every configuration solved (common_boards of them): sums, and "
              "the *_common means",
    "all": "every board whose CNF size is known: the *_all means",
    "per_board": "over --repeat runs, an unsolved run counted as infinitely long",
}


@dataclass
class BenchSettings:
    """What the run was asked to do, for the results file and the table's title."""

    options: RunOptions
    repeat: int
    baseline: str | None = None
    sat_bound_only: bool = False
    dropped: int = 0  # boards left out by --sat-bound
    scheduler: str | None = None  # the Dask scheduler the runs were made on


def default_baseline(configs: list[BenchConfig]) -> str:
    """satlink's default method when it is among the configurations, else the first."""
    default = DEFAULT_METHOD.label
    labels = [c.label for c in configs]
    return default if default in labels else labels[0]


def _seconds(value: float | None, digits: int = 3) -> str:
    return "-" if value is None else f"{value:.{digits}f}"


def _cutoff(options: RunOptions) -> dict:
    timeout = options.timeout
    finite = timeout is not None and math.isfinite(timeout)
    return {"seconds": timeout if finite else None,
            "enforced": ("a child process per run, killed at the cutoff + "
                         f"{KILL_GRACE} s" if options.isolate else "in-process")
            if finite else "none",
            "over_cutoff": "a run longer than the cutoff is a timeout (late_status keeps "
                           "its answer)",
            "memory_limit_mb": options.memory_mb,
            "cpu_seconds": options.cpu_timeout,
            "cpu_enforced": "the child and its solver binaries' CPU time read every "
                            "0.05 s, killed over it" if options.cpu_timeout else "none"}


def print_summary(rows: list[dict], configs: list[BenchConfig], boards: list[BenchBoard],
                  settings: BenchSettings, console: Console) -> dict:
    """Print the wrong answers, the ranked table and the warnings; return the results object
    (without rows)."""
    options = settings.options
    base = settings.baseline or default_baseline(configs)
    summary = summarise(rows, options.timeout, base, options.cpu_timeout)
    wrong = wrong_answers(rows)
    for w in wrong:  # first: a wrong answer outweighs every figure below
        console.print(f"[red]WRONG[/] {w['config']} on {w['board']} (repeat {w['repeat']}): "
                      f"answered {w['answered']}, satlink's reference says {w['expected']}")
    _print_table(summary, rows, configs, settings, base, console)
    warnings = _warnings(rows, settings)
    for warning in warnings:
        console.print(f"[yellow]warning[/] {warning}")
    disagree = disagreements(rows)
    for d in disagree:
        console.print(f"[red]DISAGREEMENT[/] on {d['board']}: {d['verdicts']}")
    errors = [r for r in rows if r["status"] in (Status.ERROR, "memout")]
    for r in errors[:5]:
        console.print(f"[red]{r['status']}[/] {r['config']} on {r['board']}: {r.get('error')}")
    cutoff = _cutoff(options)
    return {"version": BENCH_VERSION, "machine": machine(), "solvers": solver_versions(configs),
            "provenance": solver_provenance(configs), "corpus": corpus_hash(boards),
            "settings": {"command": sys.argv, "cutoff": cutoff, "timeout": options.timeout,
                         "cpu_cutoff": options.cpu_timeout, "repeat": settings.repeat,
                         "shuffle": options.shuffle, "baseline": base,
                         "reference": "satlink check, default method, within the cutoff"
                         if options.reference else None,
                         "scheduler": settings.scheduler,
                         "sat_bound_only": settings.sat_bound_only,
                         "left_out_decided_by_presolve": settings.dropped,
                         "par2": {"factor": PAR_FACTOR,
                                  "penalty_seconds": (PAR_FACTOR * options.timeout
                                                      if cutoff["seconds"] is not None else None),
                                  "unsolved": "timeout, memout, error or wrong"},
                         "load_1m": _load_spread(rows), "sets": SETS},
            "configs": [{"label": c.label, **c.as_dict()} for c in configs], "summary": summary,
            "per_board": per_board_table(rows), "warnings": warnings,
            "wrong_answers": wrong, "never_reached_sat": never_reached_sat(rows),
            "disagreements": disagree}


def _load_spread(rows: list[dict]) -> dict | None:
    """The 1-minute load average sampled at the end of each run: min, median, max."""
    import statistics

    loads = [r["load_1m"] for r in rows if r.get("load_1m") is not None]
    if not loads:
        return None
    return {"min": min(loads), "median": round(statistics.median(loads), 2), "max": max(loads)}


def _print_table(summary: list[dict], rows: list[dict], configs: list[BenchConfig],
                 settings: BenchSettings, base: str, console: Console) -> None:
    options = settings.options
    n_boards = len({r["board"] for r in rows})
    common = summary[0]["common_boards"] if summary else 0
    cutoff = _cutoff(options)
    penalty = (f"{PAR_FACTOR} x {options.timeout:g} s" if cutoff["seconds"] is not None
               else "no cutoff")
    load = _load_spread(rows)
    table = Table(title=f"{n_boards} boards x {len(configs)} configurations, repeat "
                        f"{settings.repeat}, cutoff {options.timeout} s ({cutoff['enforced']})"
                        + (f", CPU cutoff {options.cpu_timeout:g} s" if options.cpu_timeout
                           else "")
                        + (f", load {load['min']:.1f}-{load['max']:.1f}" if load else "")
                        + f"\nPAR-2: sum over all {n_boards} boards, unsolved = {penalty}; "
                        f"common: sums over the {common} boards all configurations solved; "
                        f"ratio to {base} [95% bootstrap interval]; not ranked: a wrong answer "
                        "or no SAT call")
    spread = settings.repeat > 1
    columns = ["rank", "configuration", "solved", "wrong", "timeouts", "errors", "PAR-2 s",
               "CPU PAR-2 s", "common s"] + (["IQR over repeats"] if spread else []) + [
        "ratio", "SAT ratio", "find s", "prove s", "python", "peak MiB", "vars (common)",
        "clauses (common)", "SAT calls", "conflicts"]
    for col in columns:
        table.add_column(col, justify="left" if col == "configuration" else "right",
                         no_wrap=True)
    for i, t in enumerate(summary, 1):
        ci = t["ratio_ci95"]
        ratio = "-" if t["ratio"] is None else f"{t['ratio']:.2f}x" + (
            f" [{ci[0]:.2f}-{ci[1]:.2f}]" if ci else "")
        iqr = t["common_seconds_iqr"]
        cells = [str(i) if t["ranked"] else "-", t["config"], f"{t['solved']}/{t['boards']}",
                 str(t["wrong"]), str(t["timeouts"]), str(t["errors"] + t["memouts"]),
                 _seconds(t["par2_sum_seconds"]), _seconds(t["par2_cpu_sum_seconds"]),
                 _seconds(t["common_seconds"])]
        if spread:
            cells.append(f"{iqr[0]:.3f}-{iqr[1]:.3f}" if iqr else "-")
        cells += [ratio, "-" if t["sat_ratio"] is None else f"{t['sat_ratio']:.2f}x",
                  _seconds(t["common_find_seconds"]), _seconds(t["common_prove_seconds"]),
                  "-" if t["python_share"] is None else f"{100 * t['python_share']:.0f}%",
                  _count(t["median_peak_rss_mb"]),
                  _count(t["mean_variables_common"]), _count(t["mean_clauses_common"]),
                  str(t["common_sat_calls"]), _count(t["common_conflicts"])]
        table.add_row(*cells)
    console.print(table)
    unranked = [t["config"] for t in summary if not t["ranked"] and not t["wrong"]]
    if unranked:
        console.print(f"[yellow]not ranked[/] {', '.join(unranked)}: no SAT call on any board "
                      "(the forced moves decided every board it answered), so no solver was "
                      "measured; add --presolve off or --sat-bound")


def _count(value: float | None) -> str:
    return "-" if value is None else f"{value:,.0f}"


def _warnings(rows: list[dict], settings: BenchSettings) -> list[str]:
    out = []
    decided = presolve_decided(rows)
    if decided:
        boards = len({r["board"] for r in rows})
        most = max(decided.values())
        out.append(f"the forced moves (presolve) decided up to {most} of {boards} boards "
                   f"before SAT in {len(decided)} configuration(s); those boards cost no SAT "
                   "call there and pull their totals down. To compare encodings on the "
                   "boards that reach SAT only, add --sat-bound (and --presolve off to "
                   "measure the encodings alone)")
    late = sum(1 for r in rows if r.get("late_status"))
    if late:
        out.append(f"{late} run(s) answered after the cutoff; they are counted as timeouts "
                   "(their answers are in late_status)")
    return out


def write_outputs(result: dict, rows: list[dict], out: str | None, csv_path: str | None,
                  plot_dir: str | None, timeout: float | None = None) -> None:
    """JSON and CSV first (the measurements are what a long run must not lose), then plots."""
    if plot_dir:
        result["plots"] = [str(Path(plot_dir) / name) for name in ("cactus.png", "size.png")]
    if out:
        _write(out, json.dumps({**result, "rows": rows}, indent=1, default=str) + "\n")
    if csv_path:
        _write(csv_path, to_csv(rows))
    if plot_dir:
        from satlink.bench.plots import write_plots

        write_plots(rows, plot_dir, timeout)


def _write(path: str, text: str) -> None:
    """Write a file; an OS error names it (a full disk's error does not say which file)."""
    try:
        Path(path).write_text(text, encoding="utf-8")
    except OSError as exc:
        raise OSError(exc.errno, exc.strerror, path) from exc
