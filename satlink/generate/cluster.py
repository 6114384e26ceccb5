"""Generation attempts on a Dask distributed cluster (``generate --scheduler``).

The cluster's workers grow the candidates, prove them unique and hash them; the client
keeps a window of attempts in flight and hands their results back in attempt order, so the
one process that writes the catalogue records them exactly as the local pool does: the same
puzzles for a seed whatever runs them, resumable from the catalogue's next attempt after the
client is killed, every duplicate (under the board's symmetries and relabelling) refused by
the catalogue's unique hash whichever worker made it.

A worker that dies mid-attempt loses nothing: Dask runs its attempts again elsewhere, and an
attempt Dask gives up on (``KilledWorker``: its workers kept dying) is submitted again, up
to :data:`RESUBMITS` times, since an attempt is a pure function of the parameters and its
number.  Every worker needs satlink installed, as for ``validate --scheduler``.
"""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import Callable, Iterator
from concurrent.futures import CancelledError

from satlink.generate.params import Params

RESUBMITS = 3
"""Times an attempt whose workers kept dying is submitted again before the run stops."""
IN_FLIGHT_PER_THREAD = 4
"""Attempts kept submitted per worker thread: enough that no thread waits for the client,
few enough that a run stopping at ``--count`` discards little work."""


class ClusterError(RuntimeError):
    """An attempt could not be run on the cluster: its workers kept dying, or the scheduler
    stopped answering."""


def cluster_attempts(made: Callable, params: Params, start: int, client,
                     window: int | None = None) -> Iterator:
    """``made(params, n)`` for n = ``start``, ``start + 1``, ... computed on the cluster behind
    ``client``, yielded in that order; the attempts still in flight are cancelled when the
    caller stops."""
    from distributed import KilledWorker

    if window is None:
        threads = sum(client.nthreads().values())
        window = max(2, IN_FLIGHT_PER_THREAD * max(1, threads))

    def submit(number: int):
        return client.submit(made, params, number, pure=False)

    pending: deque = deque()
    number = start
    try:
        while True:
            while len(pending) < window:
                pending.append([number, submit(number), 0])
                number += 1
            entry = pending[0]
            try:
                result = entry[1].result()
            except (OSError, TimeoutError, asyncio.CancelledError, CancelledError) as exc:
                raise ClusterError(f"the cluster stopped answering ({type(exc).__name__}: "
                                   f"{exc})") from None
            except KilledWorker as exc:
                if entry[2] >= RESUBMITS:
                    raise ClusterError(f"attempt {entry[0]} failed on the cluster "
                                       f"{entry[2] + 1} times ({exc})") from None
                entry[1].release()
                entry[1], entry[2] = submit(entry[0]), entry[2] + 1
                continue
            pending.popleft()
            entry[1].release()
            yield result
    finally:
        futures = [entry[1] for entry in pending]
        if futures:
            try:
                client.cancel(futures)
            except Exception:  # the client is closing or the scheduler is gone: nothing to free
                pass
