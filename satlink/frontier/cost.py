"""How many states a sweep may hold, and the memory they take, before it runs.

A frontier slot takes one of three needs (none yet, one more, none), and the pieces pair the
open ends up, so one level holds at most about ``3 ** width`` states times the ways the open
ends pair and carry labels; in practice far fewer are reachable.  The estimate is
``STATE_SCALE * 3 ** width``: the scale is read off the widest levels the sweeps reached on the
hand-made corpus (``benchmarks/frontier.py``; the figures are in ``benchmarks/README.md``), so
it predicts the order of magnitude, which is what refusing the route needs.  The bound itself
is kept during the sweep whatever the estimate said: the compiled sweep counts the bytes it
holds and stops before passing it; Python's stops when a level outgrows :func:`states_within`.
"""

from __future__ import annotations

from dataclasses import dataclass

from satlink.board import Board
from satlink.frontier.schedule import Schedule
from satlink.frontier.state import Model
from satlink.rules import Rules

MAX_BYTES = 2 * 2**30
"""The memory the route may take by default."""

STATE_SCALE = 0.1
"""Reachable states of the widest level, as a share of ``3 ** width`` (module docstring)."""

ENTRY_BYTES = 56
"""What one state costs beside its key: its place in the key pool, its count, its witnesses
(two, as a uniqueness proof keeps), and its share of a half-empty hash index."""


@dataclass(frozen=True)
class Estimate:
    """The frontier's width, the states its widest level may hold, and the bytes two levels
    of them take."""

    width: int
    states: float
    bytes: float


def bytes_per_state(schedule: Schedule, grouped: bool) -> int:
    """A state's key (a 16-bit word per slot; groups take about two words per slot more) and
    its entry."""
    return 2 * schedule.width * (3 if grouped else 1) + ENTRY_BYTES


def estimate(board: Board, schedule: Schedule, rules: Rules) -> Estimate:
    """The estimate for ``board``'s sweep ``schedule`` (``board`` kept for estimates that read
    more of it than the width)."""
    states = STATE_SCALE * 3.0 ** min(schedule.width, 200)
    grouped = rules.notouch or rules.no2x2
    return Estimate(schedule.width, states, 2 * states * bytes_per_state(schedule, grouped))


def states_within(max_bytes: int, schedule: Schedule, model: Model) -> int:
    """The most states one level may hold with two levels in ``max_bytes``."""
    return max(1, int(max_bytes / (2 * bytes_per_state(schedule, model.grouped))))
