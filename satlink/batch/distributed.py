"""Run the same tasks on an existing Dask distributed cluster.

Boards are submitted as tasks and their records stream back in completion order, so the
JSONL file, resume and report work exactly as with local workers.  Every Dask worker must
have satlink installed (``pip install satlink`` in the workers' environment).  A board whose
task fails, or whose workers keep dying (Dask's KilledWorker), becomes an ``error`` record.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from satlink.batch.tasks import Task
from satlink.batch.work import crashed, evaluate
from satlink.solver.method import Method

CONNECT_TIMEOUT = 5.0
"""Seconds ``validate --scheduler`` waits for the scheduler to answer (``--scheduler-timeout``)
before it gives up with a message, without having touched ``--out``."""

_ADDRESS = re.compile(r"(?:(tcp|tls|ws|wss|ucx)://)?(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9._-]+):(\d{1,5})")


class SchedulerError(Exception):
    """The --scheduler address is malformed, or no scheduler answers there in time."""


def check_address(address: str) -> str:
    """``tcp://HOST:PORT`` (or ``HOST:PORT``, tls://, ws://, wss://, ucx://), else a
    :class:`SchedulerError` saying what is wrong."""
    if not address.strip():
        raise SchedulerError("--scheduler is empty: give tcp://HOST:PORT, or leave the option "
                             "out to run on local worker processes")
    match = _ADDRESS.fullmatch(address.strip())
    if not match or not 1 <= int(match.group(3)) <= 65535:
        raise SchedulerError(f"--scheduler {address!r} is not a Dask scheduler address; give "
                             "tcp://HOST:PORT, as 'dask scheduler' prints it")
    return address.strip()


def connect(address: str, timeout: float = CONNECT_TIMEOUT):
    """A Dask client connected to the scheduler at ``address``, or a :class:`SchedulerError`
    within about ``timeout`` seconds."""
    address = check_address(address)
    try:
        from distributed import Client  # optional dependency: only for --scheduler
    except ImportError:
        raise SchedulerError(f"--scheduler {address} needs Dask distributed: "
                             "pip install 'satlink[dask]'") from None
    try:
        return Client(address, timeout=f"{timeout}s")
    except (OSError, ValueError, TimeoutError) as exc:
        raise SchedulerError(f"cannot reach the Dask scheduler at {address} within {timeout:g} s "
                             f"({exc}); is 'dask scheduler' running there?") from None


def run_dask(tasks: list[Task], client, timeout: float | None, method: Method) -> Iterator[dict]:
    """Evaluate tasks on the cluster behind ``client`` (see :func:`connect`)."""
    from distributed import as_completed

    futures = {}
    for task in tasks:
        future = client.submit(evaluate, task, timeout, method, pure=False)
        futures[future] = task
    for future in as_completed(futures):
        task = futures.pop(future)
        try:
            yield future.result()
        except Exception as exc:  # KilledWorker, lost connection, ...
            yield crashed(task, f"Dask task failed: {type(exc).__name__}: {exc}")
        finally:
            future.release()
