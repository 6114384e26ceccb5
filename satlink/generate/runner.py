"""Run generation attempts (in worker processes) until a run holds the requested count.

Attempts are numbered; workers compute them in any order but results are recorded in
attempt order, so the pack is the same for any ``--jobs`` and a resumed run continues exactly
where the catalogue says it stopped.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor

from satlink.canonical import canonical_hash
from satlink.generate.bands import attempt_target
from satlink.generate.catalogue import Catalogue
from satlink.generate.params import Params
from satlink.generate.pipeline import Attempt, attempt
from satlink.generate.slots import FULL, filled, is_full
from satlink.lifeline import die_with_parent

Progress = Callable[[str, Attempt, int], None]


def _attempts(params: Params, start: int, jobs: int,
              skip: Callable[[int], bool] = lambda _: False) -> Iterator[Attempt]:
    """Attempts from ``start`` on; on one process an attempt ``skip`` names is not made
    (its result would be discarded: with several processes it is made and discarded)."""
    if jobs <= 1:
        number = start
        while True:
            yield Attempt(number, False, FULL) if skip(number) else attempt(params, number)
            number += 1
    batch = jobs * 4
    with ProcessPoolExecutor(max_workers=jobs, initializer=die_with_parent,
                             initargs=(os.getpid(),)) as pool:
        number = start
        while True:
            futures = [pool.submit(attempt, params, n) for n in range(number, number + batch)]
            for future in futures:
                yield future.result()
            number += batch


def run_generation(params: Params, count: int, catalogue: Catalogue, jobs: int = 1,
                   progress: Progress | None = None, max_attempts: int | None = None) -> int:
    """Generate until the run holds ``count`` puzzles; returns how many it holds."""
    state = catalogue.start(params)
    have = state.accepted
    if have >= count:
        return have
    limit = max_attempts if max_attempts is not None else max(1000, 200 * count)
    have_slots = filled(catalogue, params) if params.slots else None

    def full(number: int) -> bool:
        return have_slots is not None and is_full(attempt_target(params, number), params,
                                                  have_slots)

    for result in _attempts(params, state.next_attempt, jobs, full):
        if result.accepted and full(result.number):
            result = Attempt(result.number, False, FULL, checks=result.checks,
                             repairs=result.repairs, seconds=result.seconds)
        canonical = canonical_hash(result.board()) if result.accepted else None
        outcome = catalogue.record(params, result, canonical, count)
        have = catalogue.state(params).accepted  # another process may be filling the run too
        if have_slots is not None and outcome == "accepted":
            have_slots = filled(catalogue, params)
        if progress and outcome != "skipped":
            progress(outcome, result, have)
        if have >= count or result.number + 1 >= state.next_attempt + limit:
            break
    return have
