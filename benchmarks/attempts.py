"""One loop for the generator benchmarks: attempts of several configurations, interleaved.

Each round gives every configuration that still needs puzzles (and has time left) the same
attempt number, so all of them see the same random candidates and the machine's drift
touches them alike; only the attempt itself is timed.  The workers that run another checkout
are the harness's (``benchmarks/harness.py``).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from benchmarks.harness import ROOT, CheckoutWorker, in_turn
from satlink.generate.params import Params
from satlink.generate.pipeline import Attempt, attempt


@dataclass
class Tally:
    """What one configuration's attempts gave: accepted puzzles (as ``keep`` made them)."""

    accepted: list = field(default_factory=list)
    attempts: int = 0
    seconds: float = 0.0
    reasons: dict[str, int] = field(default_factory=dict)


def interleaved_attempts(params: dict[str, Params], count: int, budget_seconds: float,
                         keep: Callable[[Attempt], object]) -> dict[str, Tally]:
    """Run attempts 0, 1, 2, ... of every configuration in turn until each has ``count``
    accepted puzzles or has spent ``budget_seconds``."""
    tallies = {name: Tally() for name in params}
    number = 0
    while any(len(t.accepted) < count and t.seconds < budget_seconds for t in tallies.values()):
        for name, p in params.items():
            t = tallies[name]
            if len(t.accepted) >= count or t.seconds >= budget_seconds:
                continue
            start = time.perf_counter()
            result = attempt(p, number)
            t.seconds += time.perf_counter() - start
            t.attempts += 1
            t.reasons[result.reason] = t.reasons.get(result.reason, 0) + 1
            if result.accepted:
                t.accepted.append(keep(result))
        number += 1
    return tallies


def interleaved_workers(workers: list[CheckoutWorker], attempt: Callable[[CheckoutWorker, int], dict],
                        answered: Callable[[dict, dict], None], count: int, budget: float,
                        attempts: int) -> dict[str, dict]:
    """Attempt numbers 0, 1, ... given to every worker in turn, until each has ``count``
    puzzles, ``budget`` seconds of attempts or ``attempts`` attempts; ``answered(state,
    answer)`` records what a benchmark wants of each answer (the accepted puzzles in
    ``state["accepted"]``). Returns each worker's state by name."""
    state = {w.name: {"accepted": [], "attempts": 0, "seconds": 0.0, "cpu_seconds": 0.0,
                      "reasons": {}, "unique": 0} for w in workers}

    def open_(s: dict) -> bool:
        return len(s["accepted"]) < count and s["seconds"] < budget and s["attempts"] < attempts

    number = 0
    while any(open_(state[w.name]) for w in workers):
        for w in in_turn(workers, number):  # each worker first in turn
            s = state[w.name]
            if not open_(s):
                continue
            answer = attempt(w, number)
            s["attempts"] += 1
            s["seconds"] += answer["seconds"]
            s["cpu_seconds"] += answer.get("cpu_seconds", answer["seconds"])
            s["reasons"][answer["reason"]] = s["reasons"].get(answer["reason"], 0) + 1
            answered(s, answer)
        number += 1
    return state


def generator_workers(script: Path, baseline: str | None) -> list[CheckoutWorker]:
    """Workers answering ``script``'s generation requests: the baseline checkout's first (when
    given), then this checkout's, each importing its own satlink."""
    workers = [CheckoutWorker("this", ROOT, script)]
    if baseline:
        workers.insert(0, CheckoutWorker("baseline", Path(baseline).resolve(), script))
    return workers
