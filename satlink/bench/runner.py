"""Run every configuration on every board, interleaved, and record what each run cost.

Interleaving: for each repeat, each board is run by every configuration before the next
board starts, with the configuration order rotated from board to board, so slow drifts of the
machine (thermal, other load) fall on all configurations alike and same-run ratios are fair.
A configuration that raises becomes an ``error`` row; the others go on.

The cutoff holds: each run is a child process killed at the cutoff
(:mod:`satlink.bench.isolate`) unless ``isolate=False``, and a run whose time is over the
cutoff is a ``timeout`` row whatever it found (its answer is kept as ``late_status``, and
counts nowhere).
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


@dataclass(frozen=True)
class RunOptions:
    """How each run is made: the cutoff (seconds; None: none), a child process killed at it
    or not, the memory limit (MiB) and the ``--shuffle`` seed."""

    timeout: float | None = None
    isolate: bool = True
    memory_mb: int | None = None
    shuffle: int | None = None


def run_one(item: BenchBoard, config: BenchConfig, options: RunOptions, repeat: int = 0) -> dict:
    """One measurement: verdict and costs (times in seconds), with the cutoff applied."""
    board = item.board
    row = {"board": item.name, "width": board.width, "height": board.height,
           "cells": board.width * board.height, "labels": len(board.labels), "rules": item.rules,
           "config": config.label, "repeat": repeat, "killed": False}
    seed = None if options.shuffle is None else shuffle_seed(options.shuffle, item.name, repeat)

    def work(report: Callable[[dict], None]) -> dict:
        return measure(board, item.rules, config, options.timeout, memory_mb=options.memory_mb,
                       shuffle_seed=seed, report=report)

    if options.isolate:
        prepare()  # imported here once, not in each child (inside its time and memory)
        outcome = run_isolated(work, options.timeout, options.memory_mb)
        row.update(outcome.partial)
        if outcome.row is None:
            row.update(status=(Status.TIMEOUT if outcome.killed else "memout" if outcome.memout
                               else Status.ERROR), seconds=outcome.seconds, killed=outcome.killed)
            if outcome.died:
                row["error"] = outcome.died + (" under the memory limit" if outcome.memout
                                               else "")
        else:
            row.update(outcome.row)
            row.setdefault("seconds", outcome.seconds)
    else:
        start = time.perf_counter()
        try:
            row.update(work(lambda part: None))
        except MemoryError:
            row.update(status="memout", seconds=time.perf_counter() - start,
                       error="memory limit reached")
        except Exception as exc:  # one broken configuration must not end the benchmark
            row.update(status=Status.ERROR, seconds=time.perf_counter() - start,
                       error=f"{type(exc).__name__}: {exc}",
                       traceback=traceback.format_exc(limit=3))
    return apply_cutoff(row, options.timeout)


def apply_cutoff(row: dict, timeout: float | None) -> dict:
    """A run that took longer than the cutoff is a timeout, whatever it answered: the answer
    is kept as ``late_status`` and counts nowhere."""
    if (timeout is not None and not math.isinf(timeout) and row["seconds"] > timeout
            and row["status"] != Status.TIMEOUT):
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
    rows = []
    for r in range(repeat):
        for i, item in enumerate(boards):
            warm(item, configs)
            shift = (i + r) % len(configs)
            for config in configs[shift:] + configs[:shift]:
                row = run_one(item, config, options, r)
                rows.append(row)
                if progress:
                    progress(row)
    return rows
