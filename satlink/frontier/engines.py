"""The two sweeps behind one interface: the compiled one when it was built, else Python's.

``SATLINK_FRONTIER`` (``python`` or ``compiled``) chooses explicitly, for comparisons and for
the tests; a ``compiled`` asked for that was not built is an error, not a silent fallback.
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Sequence
from typing import Protocol

from satlink.frontier import cost
from satlink.frontier import sweep as python_sweep
from satlink.frontier.schedule import Schedule
from satlink.frontier.state import Model
from satlink.frontier.sweep import SweepResult

ENVIRONMENT = "SATLINK_FRONTIER"


class Sweeper(Protocol):
    name: str

    def run(self, schedule: Schedule, model: Model, limit: int, keep: int,
            decided: Sequence[int] | None, deadline: float | None,
            max_bytes: int | None) -> SweepResult:
        """``max_bytes``: the memory the sweep may hold (None: no bound); a sweep that would
        pass it stops with ``ended`` ``memory``."""
        ...


class PythonSweep:
    name = "python"

    def run(self, schedule: Schedule, model: Model, limit: int, keep: int,
            decided: Sequence[int] | None, deadline: float | None,
            max_bytes: int | None) -> SweepResult:
        """The bytes as a state count (:func:`~satlink.frontier.cost.states_within`): Python's
        objects are not counted one by one."""
        max_states = None if max_bytes is None else cost.states_within(max_bytes, schedule, model)
        return python_sweep.run(schedule, model, limit, keep, decided, deadline, max_states)


def compiled_available() -> bool:
    try:
        importlib.import_module("satlink.frontier._sweep")
    except ImportError:
        return False
    return True


def sweep_engine(name: str | None = None) -> Sweeper:
    """The sweep asked for by name, else by ``SATLINK_FRONTIER``, else the compiled one when
    it was built."""
    name = name or os.environ.get(ENVIRONMENT) or ("compiled" if compiled_available()
                                                   else "python")
    if name == "python":
        return PythonSweep()
    if name == "compiled":
        from satlink.frontier.compiled import CompiledSweep

        return CompiledSweep()
    raise ValueError(f"unknown frontier sweep {name!r} (python or compiled)")
