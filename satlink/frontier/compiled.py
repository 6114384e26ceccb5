"""The compiled sweep (``satlink/frontier/core``, the extension ``satlink.frontier._sweep``)
behind the interface of :class:`satlink.frontier.engines.Sweeper`."""

from __future__ import annotations

import importlib
import time
from collections.abc import Sequence

from satlink.frontier.schedule import Schedule
from satlink.frontier.state import Model
from satlink.frontier.sweep import SweepResult

EXTENSION = "satlink.frontier._sweep"


def extension():
    """The compiled module (by name: it is no Python source for the import layers to read,
    and importing it by its package would run the package's face, which imports this)."""
    return importlib.import_module(EXTENSION)


class CompiledSweep:
    """``lookahead``: drop states whose needs no completion can meet, by the degree
    lookahead of ``core/degrees.hpp`` (off only to measure what it saves).  It runs under
    ``fill`` only: without it a node may stay empty, the degrees alone rule out next to
    nothing, and the patterns to store grow like the states (the lookahead then costs the
    sweep's budget before the sweep starts).  ``planar``: on a plane grid's schedule, drop
    states where two labels' joins still to be drawn would cross (``Schedule.planar``);
    ``reach``: drop states with a label's open end that can no longer reach its partner
    through the edges still to decide (not decided off) and the pieces without a label.
    Both off by default: they cut a fifth of the states but cost more CPU than they save
    (``benchmarks/frontier_cut.py``, ``docs/frontier.md``).  ``carry``: a state whose next
    step leaves it only one way on is carried through that step before it is stored
    (``core/sweep.cpp``, ``run``), as TdZdd's lookahead does; by default (``None``) under
    ``fill`` only, where it stores a quarter of the states in less CPU and memory, while
    without ``fill`` it stores half the states in more CPU (``benchmarks/README.md``,
    ``frontier_cut.py``)."""

    name = "compiled"

    def __init__(self, lookahead: bool = True, planar: bool = False, reach: bool = False,
                 carry: bool | None = None):
        self.lookahead, self.planar, self.reach, self.carry = lookahead, planar, reach, carry

    def run(self, schedule: Schedule, model: Model, limit: int, keep: int,
            decided: Sequence[int] | None, deadline: float | None,
            max_bytes: int | None) -> SweepResult:
        """``max_bytes`` is counted in the core (``core/memory.hpp``): every table it holds,
        by capacity, and it stops before a growth would pass the bound."""
        _sweep = extension()
        seconds = -1.0 if deadline is None else max(0.0, deadline - time.monotonic())
        ended, count, edge_sets, peak, sizes, lookahead, peak_bytes = _sweep.run(
            list(schedule.ops), [int(x) for x in decided] if decided is not None else [],
            model.n_labels, model.grouped, model.notouch, model.fill, min(limit, 2**62), keep, seconds,
            max_bytes or 0, self.lookahead and model.fill, self.planar and schedule.planar,
            self.reach, model.fill if self.carry is None else self.carry)
        steps = sum(1 for _ in _adds(schedule.ops)) or 1  # one level per node
        return SweepResult(count, [list(edges) for edges in edge_sets], ended, peak, list(sizes),
                           lookahead, len(sizes) / steps, peak_bytes)


def _adds(ops: tuple[int, ...]):
    """The nodes entering, in schedule order (the compiled sweep's levels)."""
    from satlink.frontier.schedule import ADD, BLOCK, EDGE

    i = 0
    while i < len(ops):
        op = ops[i]
        if op == ADD:
            yield ops[i + 1]
        i += 4 if op == ADD else 6 if op == EDGE else 2 + ops[i + 1] if op == BLOCK else 2
