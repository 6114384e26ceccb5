"""Run the same tasks on an existing Dask distributed cluster.

Boards are submitted as tasks and their records stream back in completion order, so the
JSONL file, resume and report work exactly as with local workers.  Every Dask worker must
have satlink installed (``pip install satlink`` in the workers' environment).  A board whose
task fails, or whose workers keep dying (Dask's KilledWorker), becomes an ``error`` record.
"""

from __future__ import annotations

from collections.abc import Iterator

from satlink.batch.work import crashed, evaluate
from satlink.method import Method


def run_dask(tasks: list[dict], scheduler: str, timeout: float | None, method: Method) -> Iterator[dict]:
    from distributed import Client, as_completed  # optional dependency: only for --scheduler

    with Client(scheduler, timeout="30s") as client:
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
