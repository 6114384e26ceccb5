"""What satlink says about a board: a :class:`Status`, and the :class:`Verdict` that carries it.

Statuses are one enum for every command: the solver's answers (``unique``, ``multiple``,
``unsolvable``, ``timeout``, ``solved``) and the batch validator's (``invalid``,
``duplicate-of``, ``solution-mismatch``, ``error``).  ``Status`` is a ``str`` enum, so it
compares equal to its text and is written to JSON as that text.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from satlink.rules import Rules
from satlink.solution import Solution
from satlink.solver.method import DEFAULT_METHOD, Method
from satlink.solver.stats import SolveStats


class Status(str, Enum):
    """Every status a record can have (the README's JSON contract lists them)."""

    UNIQUE = "unique"
    MULTIPLE = "multiple"
    UNSOLVABLE = "unsolvable"
    TIMEOUT = "timeout"
    SOLVED = "solved"
    INVALID = "invalid"
    DUPLICATE = "duplicate-of"
    MISMATCH = "solution-mismatch"
    ERROR = "error"

    def __str__(self) -> str:
        return self.value

    def __format__(self, spec: str) -> str:
        return format(self.value, spec)


PROBLEMS = (Status.MULTIPLE, Status.UNSOLVABLE, Status.INVALID, Status.MISMATCH, Status.TIMEOUT,
            Status.ERROR, Status.DUPLICATE)
"""Statuses that need a maintainer's attention, most serious first."""


@dataclass
class Verdict:
    """The outcome for one board under one rule profile, and how it was reached.

    ``lemmas`` are the lemmas actually added (``method.lemmas`` resolved for ``rules``);
    ``count`` is set only when solutions were counted (``check(..., count=N)`` with N > 2),
    and then ``count_complete`` says whether it is the exact number (False: the search stopped
    at N or at the deadline, so there may be more).  ``timed_out``: the deadline cut the
    search short (also when enough solutions were found for ``multiple`` first).
    """

    status: Status
    rules: Rules
    method: Method = DEFAULT_METHOD
    lemmas: tuple[str, ...] = ()
    solutions: list[Solution] = field(default_factory=list)
    diff_cells: list[int] = field(default_factory=list)
    stats: SolveStats = field(default_factory=SolveStats)
    seconds: float = 0.0
    count: int | None = None
    count_complete: bool | None = None
    timed_out: bool = False
