"""Run generation attempts (in worker processes, or on a Dask cluster) until a run holds the
requested count.

Attempts are numbered; workers compute them in any order but results are recorded in
attempt order, by this process alone, so the pack is the same for any ``--jobs`` or cluster
and a resumed run continues exactly where the catalogue says it stopped.  A worker grows,
proves and hashes its attempt (:func:`made`); this process only records it.
"""

from __future__ import annotations

import os
from collections import deque
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from satlink.batch.distributed import CONNECT_TIMEOUT, connect
from satlink.canonical import canonical_hash
from satlink.generate.bands import attempt_target
from satlink.generate.catalogue import Catalogue
from satlink.generate.cluster import IN_FLIGHT_PER_THREAD, cluster_attempts
from satlink.generate.params import Params
from satlink.generate.pipeline import Attempt, attempt
from satlink.generate.slots import FULL, filled, is_full
from satlink.runtime.lifeline import die_with_parent

Progress = Callable[[str, Attempt, int], None]
Made = tuple[Attempt, str | None]


@dataclass(frozen=True)
class Workers:
    """Where a run's attempts are made: ``jobs`` local processes, or the Dask cluster whose
    scheduler is at ``scheduler`` (``tcp://HOST:PORT``, reached within ``scheduler_timeout``
    seconds or a :class:`satlink.batch.distributed.SchedulerError`), or the one behind
    ``client`` (a connected ``distributed.Client``, which ``jobs`` then does not count).
    One value, because the choice is made once (by ``generate``'s options) and only the
    runner reads it."""

    jobs: int = 1
    scheduler: str | None = None
    scheduler_timeout: float = CONNECT_TIMEOUT
    client: object = None


ONE_PROCESS = Workers()
"""Every attempt in this process, one after another."""


def made(params: Params, number: int) -> Made:
    """Attempt ``number`` and, when it was accepted, its canonical hash (the catalogue's key
    for "the same puzzle under the board's symmetries and relabelling"), computed where the
    attempt ran."""
    result = attempt(params, number)
    return result, canonical_hash(result.board()) if result.accepted else None


def _attempts(params: Params, start: int, jobs: int,
              skip: Callable[[int], bool] = lambda _: False, client=None) -> Iterator[Made]:
    """Attempts from ``start`` on, in order; on one process an attempt ``skip`` names is not
    made (its result would be discarded: with several processes it is made and discarded).
    ``client``: a Dask client whose cluster makes them (``jobs`` is then not used)."""
    if client is not None:
        yield from cluster_attempts(made, params, start, client)
        return
    if jobs <= 1:
        number = start
        while True:
            yield (Attempt(number, False, FULL), None) if skip(number) else made(params, number)
            number += 1
    window = jobs * IN_FLIGHT_PER_THREAD  # a sliding window, not batches: no worker waits
    with ProcessPoolExecutor(max_workers=jobs, initializer=die_with_parent,  # for a batch's
                             initargs=(os.getpid(),)) as pool:  # slowest attempt
        pending: deque = deque()
        number = start
        try:
            while True:
                while len(pending) < window:
                    pending.append(pool.submit(made, params, number))
                    number += 1
                yield pending.popleft().result()
        finally:
            for future in pending:
                future.cancel()


def run_generation(params: Params, count: int, catalogue: Catalogue,
                   workers: Workers = ONE_PROCESS, progress: Progress | None = None,
                   max_attempts: int | None = None) -> int:
    """Generate until the run holds ``count`` puzzles; returns how many it holds.  The
    attempts run where ``workers`` says; either way this process alone writes
    ``catalogue``.  ``progress`` hears of every attempt recorded; ``max_attempts``: stop
    after this many (default: plenty for ``count``)."""
    if workers.scheduler is not None and workers.client is None:
        client = connect(workers.scheduler, workers.scheduler_timeout)
        try:
            return run_generation(params, count, catalogue, Workers(workers.jobs, client=client),
                                  progress, max_attempts)
        finally:
            client.close()
    state = catalogue.start(params)
    have = state.accepted
    if have >= count:
        return have
    limit = max_attempts if max_attempts is not None else max(1000, 200 * count)
    have_slots = filled(catalogue, params) if params.slots else None

    def full(number: int) -> bool:
        return have_slots is not None and is_full(attempt_target(params, number), params,
                                                  have_slots)

    stream = _attempts(params, state.next_attempt, workers.jobs, full, workers.client)
    try:
        for result, canonical in stream:
            if result.accepted and full(result.number):
                result = Attempt(result.number, False, FULL, checks=result.checks,
                                 repairs=result.repairs, seconds=result.seconds)
                canonical = None
            outcome = catalogue.record(params, result, canonical, count)
            have = catalogue.state(params).accepted  # another process may be filling the run too
            if have_slots is not None and outcome == "accepted":
                have_slots = filled(catalogue, params)
            if progress and outcome != "skipped":
                progress(outcome, result, have)
            if have >= count or result.number + 1 >= state.next_attempt + limit:
                break
    finally:
        stream.close()  # the attempts still in flight are cancelled, the pool shut down
    return have
