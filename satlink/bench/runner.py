"""Run every configuration on every board, interleaved, and record what each run cost.

Interleaving: for each repeat, each board is run by every configuration before the next
board starts, with the configuration order rotated from board to board, so slow drifts of the
machine (thermal, other load) fall on all configurations alike and same-run ratios are fair.
A configuration that raises becomes an ``error`` row; the others go on.

The cutoff holds: each run is a child process killed at the cutoff, wall-clock or CPU time
(:mod:`satlink.bench.isolate`) unless ``isolate=False``, and a run whose time is over the
cutoff is a ``timeout`` row whatever it found (its answer is kept as ``late_status``, and
counts nowhere).  Every row has every field of :data:`ROW_FIELDS`, null where the run never
reached it (a killed run's phases) or its backend does not count it.  Each board is first
checked by satlink itself (:mod:`satlink.bench.reference`): a run that contradicts that
verdict is ``wrong``.
"""

from __future__ import annotations

import math
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass

from satlink.bench.configs import BenchConfig
from satlink.bench.isolate import run_isolated
from satlink.bench.measure import measure
from satlink.bench.reference import hold_to, reference_verdict
from satlink.bench.resources import children_usage, load_average, usage_cpu
from satlink.bench.shuffle import shuffle_seed
from satlink.board import Board
from satlink.rules import parse_rules
from satlink.solver.verdict import Status


@dataclass(frozen=True)
class BenchBoard:
    """A board to measure, with where it came from."""

    name: str  # "file#index" or "generated:WxH#n"
    board: Board
    rules: str


ROW_FIELDS = ["board", "width", "height", "cells", "labels", "rules", "config", "repeat",
              "status", "expected", "wrong_status", "late_status", "killed", "killed_by",
              "seconds", "cpu_seconds", "peak_rss_mb", "solver_cpu_seconds",
              "solver_peak_rss_mb", "load_1m", "seed", "presolve", "sat_bound",
              "presolve_seconds", "encode_seconds", "load_seconds", "sat_seconds",
              "decode_seconds", "python_seconds", "sat_calls", "cycle_cuts", "pieces",
              "variables", "clauses", "conflicts", "find_seconds", "find_calls",
              "find_conflicts", "find_cuts", "prove_seconds", "prove_calls", "prove_conflicts",
              "prove_cuts", "error"]
"""The fields of every row (the CSV's columns), in order; a row also has ``traceback`` after
an error."""


@dataclass(frozen=True)
class RunOptions:
    """How each run is made: the wall-clock cutoff (seconds; None: none), a child process
    killed at it or not, the memory limit (MiB), the ``--shuffle`` seed, the CPU-time cutoff
    (seconds, the solver binaries' included; None: none) and whether each board is first
    checked by satlink for the reference verdict."""

    timeout: float | None = None
    isolate: bool = True
    memory_mb: int | None = None
    shuffle: int | None = None
    cpu_timeout: float | None = None
    reference: bool = True


def run_one(item: BenchBoard, config: BenchConfig, options: RunOptions, repeat: int = 0,
            expected: str | None = None) -> dict:
    """One measurement: verdict and costs (times in seconds, memory in MiB), with the
    cutoffs applied and the answer held to ``expected`` (the reference verdict)."""
    board = item.board
    row = {"board": item.name, "width": board.width, "height": board.height,
           "cells": board.width * board.height, "labels": len(board.labels), "rules": item.rules,
           "config": config.label, "repeat": repeat, "killed": False, "killed_by": None}
    seed = None if options.shuffle is None else shuffle_seed(options.shuffle, item.name, repeat)
    row["seed"] = seed

    def work(report: Callable[[dict], None]) -> dict:
        return measure(board, item.rules, config, options.timeout, memory_mb=options.memory_mb,
                       shuffle_seed=seed, report=report)

    if options.isolate:
        prepare()  # imported here once, not in each child (inside its time and memory)
        outcome = run_isolated(work, options.timeout, options.memory_mb, options.cpu_timeout)
        row.update(outcome.partial)
        row.update(outcome.resources)
        if outcome.row is None:
            row.update(status=(Status.TIMEOUT if outcome.killed else "memout" if outcome.memout
                               else Status.ERROR), seconds=outcome.seconds, killed=outcome.killed,
                       killed_by=outcome.killed_by)
            if outcome.died:
                row["error"] = outcome.died + (" under the memory limit" if outcome.memout
                                               else "")
        else:
            row.update(outcome.row)
            row.setdefault("seconds", outcome.seconds)
    else:
        _in_process(row, work, external=config.external is not None)
    row["load_1m"] = load_average()
    row = {**dict.fromkeys(ROW_FIELDS), **row}
    row = {name: row[name] for name in [*ROW_FIELDS, *sorted(set(row) - set(ROW_FIELDS))]}
    return hold_to(apply_cutoff(row, options.timeout, options.cpu_timeout), expected)


def _in_process(row: dict, work: Callable[[Callable[[dict], None]], dict],
                external: bool) -> None:
    """A run in this process: its CPU time is this process's and its reaped children's
    growth; peak memory cannot be told apart from the harness's own (null)."""
    import resource

    start = time.perf_counter()
    cpu = usage_cpu(resource.getrusage(resource.RUSAGE_SELF))
    solvers = children_usage()[0]
    try:
        row.update(work(lambda part: None))
    except MemoryError:
        row.update(status="memout", seconds=time.perf_counter() - start,
                   error="memory limit reached")
    except Exception as exc:  # one broken configuration must not end the benchmark
        row.update(status=Status.ERROR, seconds=time.perf_counter() - start,
                   error=f"{type(exc).__name__}: {exc}",
                   traceback=traceback.format_exc(limit=3))
    spent = children_usage()[0] - solvers
    row["cpu_seconds"] = round(usage_cpu(resource.getrusage(resource.RUSAGE_SELF)) - cpu
                               + spent, 4)
    if external:  # its solver calls went to binaries: their CPU is the solvers'
        row["solver_cpu_seconds"] = round(spent, 4)


def apply_cutoff(row: dict, timeout: float | None, cpu_timeout: float | None = None) -> dict:
    """A run that took longer than a cutoff (wall-clock or CPU time) is a timeout, whatever
    it answered: the answer is kept as ``late_status`` and counts nowhere."""
    over_wall = (timeout is not None and not math.isinf(timeout) and row["seconds"] > timeout)
    over_cpu = (cpu_timeout is not None and row.get("cpu_seconds") is not None
                and row["cpu_seconds"] > cpu_timeout)
    if (over_wall or over_cpu) and row["status"] != Status.TIMEOUT:
        row["late_status"] = str(row["status"])
        row["status"] = Status.TIMEOUT
    row["status"] = str(row["status"])
    return row


def prepare() -> None:
    """Import what every run needs once, before the children are forked (else each child
    would import numpy and PySAT again, inside its measured time)."""
    import satlink.bench.external  # noqa: F401
    import satlink.cnf.builders  # noqa: F401
    import satlink.solver.backend  # noqa: F401
    import satlink.solver.encode  # noqa: F401
    import satlink.solver.presolve  # noqa: F401
    import satlink.solver.search  # noqa: F401


def warm(item: BenchBoard, configs: list[BenchConfig]) -> None:
    """Build what a board caches for its encodings (its graph and arrays) once, before its
    runs: otherwise the first configuration on a board would pay for them and the others
    not (in process), or every run would (forked children), where a repeated ``check`` of a
    board pays once; warm, every configuration starts alike."""
    from satlink.solver.encode import encode

    for method in {config.method for config in configs}:
        try:
            encode(item.board, parse_rules(item.rules), method)
        except Exception:  # noqa: BLE001 - the run itself will meet and record it
            pass


def run_interleaved(boards: list[BenchBoard], configs: list[BenchConfig],
                    options: RunOptions, repeat: int = 1,
                    progress: Callable[[dict], None] | None = None) -> list[dict]:
    """All (repeat, board, configuration) measurements, in the order they were taken."""
    prepare()
    expected = references(boards, options) if options.reference else {}
    rows = []
    for r in range(repeat):
        for i, item in enumerate(boards):
            warm(item, configs)
            shift = (i + r) % len(configs)
            for config in configs[shift:] + configs[:shift]:
                row = run_one(item, config, options, r, expected.get(item.name))
                rows.append(row)
                if progress:
                    progress(row)
    return rows


def references(boards: list[BenchBoard], options: RunOptions) -> dict[str, str | None]:
    """satlink's own verdict on each board, within the cutoff (:mod:`satlink.bench.reference`)."""
    return {item.name: reference_verdict(item.board, item.rules, options.timeout)
            for item in boards}
