"""How many states a sweep may hold, and the memory they take, before it runs.

placeholder
"""

from __future__ import annotations

from dataclasses import dataclass

from satlink.board import Board
from satlink.frontier.schedule import Schedule
from satlink.frontier.state import Model
from satlink.rules import Rules

MAX_BYTES = 2 * 2**30
"""The memory the route may take by default."""


@dataclass(frozen=True)
class Estimate:
    width: int
    states: float
    bytes: float


def bytes_per_state(schedule: Schedule, grouped: bool) -> int:
    return 48 + 2 * schedule.width * (3 if grouped else 1)


def estimate(board: Board, schedule: Schedule, rules: Rules) -> Estimate:
    states = 3.0 ** min(schedule.width, 60)
    grouped = rules.notouch or rules.no2x2
    return Estimate(schedule.width, states, states * bytes_per_state(schedule, grouped) * 2)


def states_within(max_bytes: int, schedule: Schedule, model: Model) -> int:
    return max(1, int(max_bytes / (2 * bytes_per_state(schedule, model.grouped))))
