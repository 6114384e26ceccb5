"""Run every configuration on every board, interleaved, and record what each run cost.

Interleaving: for each repeat, each board is run by every configuration before the next
board starts, with the configuration order rotated from board to board, so slow drifts of the
machine (thermal, other load) fall on all configurations alike and same-run ratios are fair.
A configuration that raises becomes an ``error`` row; the others go on.
"""

from __future__ import annotations

import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass

from satlink.board import Board
from satlink.solver.check import check
from satlink.solver.method import Method
from satlink.solver.verdict import Status


@dataclass(frozen=True)
class BenchBoard:
    """A board to measure, with where it came from."""

    name: str  # "file#index" or "generated:WxH#n"
    board: Board
    rules: str


def run_one(item: BenchBoard, config: Method, timeout: float | None) -> dict:
    """One measurement: verdict and costs (times in seconds)."""
    board = item.board
    row = {"board": item.name, "width": board.width, "height": board.height,
           "cells": board.width * board.height, "labels": len(board.labels), "rules": item.rules,
           "config": config.label}
    start = time.perf_counter()
    try:
        verdict = check(board, item.rules, timeout=timeout, method=config)
    except Exception as exc:  # one broken configuration must not end the benchmark
        row.update(status=Status.ERROR, seconds=time.perf_counter() - start,
                   error=f"{type(exc).__name__}: {exc}", traceback=traceback.format_exc(limit=3))
        return row
    s = verdict.stats
    row.update(status=verdict.status, seconds=verdict.seconds, encode_seconds=s.encode_seconds,
               load_seconds=s.load_seconds, sat_seconds=s.sat_seconds,
               decode_seconds=s.decode_seconds, python_seconds=max(0.0, verdict.seconds - s.sat_seconds),
               sat_calls=s.sat_calls, cycle_cuts=s.cycle_cuts, variables=s.variables,
               clauses=s.clauses, conflicts=s.conflicts)
    return row


def run_interleaved(boards: list[BenchBoard], configs: list[Method], timeout: float | None,
                    repeat: int = 1,
                    progress: Callable[[dict], None] | None = None) -> list[dict]:
    """All (repeat, board, configuration) measurements, in the order they were taken."""
    rows = []
    for r in range(repeat):
        for i, item in enumerate(boards):
            shift = (i + r) % len(configs)
            for config in configs[shift:] + configs[:shift]:
                row = run_one(item, config, timeout)
                row["repeat"] = r
                rows.append(row)
                if progress:
                    progress(row)
    return rows
