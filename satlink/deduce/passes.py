"""The techniques by name, and running them to a fixpoint (the Python engine's loop)."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence

from satlink.deduce.local import corner, finished, forced, notouch
from satlink.deduce.puzzle import OutOfTime
from satlink.deduce.reach import bottleneck, region
from satlink.deduce.shades import parity
from satlink.deduce.state import State
from satlink.runtime.cancel import cancelled

Technique = Callable[[State], int]

TECHNIQUES: dict[str, Technique] = {"forced": forced, "corner": corner, "notouch": notouch,
                                    "region": region, "bottleneck": bottleneck, "parity": parity}
"""Every technique of the engine, by the name the grader and the compiled engine use."""


def passes_named(names: Sequence[str]) -> list[Technique]:
    return [TECHNIQUES[name] for name in names]


def fixpoint(st: State, passes: Sequence[Technique], deadline: float | None = None) -> None:
    """The forced rules to a fixpoint, then ``passes`` in turn, cheapest first, back to the
    forced rules after every pass that made progress, until none makes any or every edge is
    decided.  ``deadline`` (``time.monotonic()``) is checked between passes
    (:class:`OutOfTime`)."""
    forced(st)
    while not finished(st):
        if (deadline is not None and time.monotonic() > deadline) or cancelled():
            raise OutOfTime  # a cancelled check (satlink.runtime.cancel) stops as at its deadline
        for technique in passes:
            if technique(st):
                forced(st)
                break
        else:
            return


__all__ = ["TECHNIQUES", "Technique", "fixpoint", "passes_named"]
