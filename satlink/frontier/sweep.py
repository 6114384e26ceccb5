"""The sweep in Python: the reference the compiled one (``satlink/frontier/core``) is held to.

Only two levels of states live at once: the states before an operation and those after it,
each with its number of partial solutions *capped* at the limit asked for (a proof of
uniqueness needs to tell 0, 1 and "2 or more" apart, nothing more), so states that lead to many
solutions cost no more than those that lead to one.  To hand back the solutions themselves,
each state also carries up to ``keep`` *witnesses*: linked lists of the edges decided on along
one of the decision sequences that reached it (shared by the states that continue them), so a
solution is decoded from the last level without a second pass or the levels in between.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from satlink.frontier.schedule import ADD, BLOCK, DROP, EDGE, Schedule
from satlink.frontier.state import Model, State

UNDECIDED, ON, OFF = 0, 1, 2
"""Edge states as the deductions give them (:mod:`satlink.deduce.puzzle`)."""

Witness = tuple[int, "Witness"] | None


@dataclass
class SweepResult:
    """What one sweep found: the capped count, the decoded edge sets, how it ended."""

    count: int
    edge_sets: list[list[int]]
    ended: str
    """``complete``, ``timeout`` or ``memory`` (the sweep would pass its bound)."""
    peak_states: int
    sizes: list[int] = field(default_factory=list)
    """States after each operation (Python) or each node's step (compiled)."""
    lookahead: bool = False
    """Whether the degree lookahead filtered the states (compiled only)."""
    progress: float = 1.0
    """The share of the sweep done when it ended (1.0 when complete)."""
    peak_bytes: int | None = None
    """The most bytes the sweep held at once, as it counts them against the bound (compiled
    only)."""


def run(schedule: Schedule, model: Model, limit: int, keep: int,
        decided: Sequence[int] | None = None, deadline: float | None = None,
        max_states: int | None = None) -> SweepResult:
    """Sweep ``schedule``; counts capped at ``limit``, ``keep`` witnesses per state."""
    level: dict[State, tuple[int, list[Witness]]] = {model.start(): (1, [None])}
    ops, i, peak = schedule.ops, 0, 1
    while i < len(ops):
        if deadline is not None and time.monotonic() > deadline:
            return SweepResult(0, [], "timeout", peak, progress=i / len(ops))
        op = ops[i]
        nxt: dict[State, tuple[int, list[Witness]]] = {}
        if op == ADD:
            label, edges = ops[i + 2], ops[i + 3]
            for state, (n, witnesses) in level.items():
                after = model.add(state, label, edges)
                if after is not None:
                    _merge(nxt, after, n, witnesses, limit, keep)
            i += 4
        elif op == EDGE:
            e, a, b, left_a, left_b = ops[i + 1:i + 6]
            fixed = decided[e] if decided is not None else UNDECIDED
            choices = [c for c in (False, True)
                       if fixed == UNDECIDED or (fixed == ON) == c]
            for state, (n, witnesses) in level.items():
                for on in choices:
                    after = model.edge(state, a, b, on, left_a, left_b)
                    if after is not None:
                        carried = [(e, w) for w in witnesses] if on else witnesses
                        _merge(nxt, after, n, carried, limit, keep)
            i += 6
        elif op == BLOCK:
            size = ops[i + 1]
            members = ops[i + 2:i + 2 + size]
            for state, (n, witnesses) in level.items():
                after = model.block(state, members)
                if after is not None:
                    _merge(nxt, after, n, witnesses, limit, keep)
            i += 2 + size
        elif op == DROP:
            s = ops[i + 1]
            for state, (n, witnesses) in level.items():
                after = model.drop(state, s)
                if after is not None:
                    _merge(nxt, after, n, witnesses, limit, keep)
            i += 2
        else:
            raise ValueError(f"unknown operation {op} at {i}")
        level = nxt
        peak = max(peak, len(level))
        if max_states is not None and len(level) > max_states:
            return SweepResult(0, [], "memory", peak, progress=i / len(ops))
    count, witnesses = level.get(model.start(), (0, []))
    return SweepResult(count, [_edges(w) for w in witnesses], "complete", peak)


def _merge(level: dict[State, tuple[int, list[Witness]]], state: State, n: int,
           witnesses: list[Witness], limit: int, keep: int) -> None:
    old = level.get(state)
    if old is None:
        level[state] = (min(n, limit), witnesses[:keep])
    else:
        level[state] = (min(old[0] + n, limit), (old[1] + witnesses)[:keep])


def _edges(witness: Witness) -> list[int]:
    out = []
    while witness is not None:
        out.append(witness[0])
        witness = witness[1]
    return out[::-1]
