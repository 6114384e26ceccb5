"""A study on a Dask cluster: ``satlink bench --scheduler ADDRESS``.

The same runs as :func:`satlink.bench.runner.run_interleaved`, one task per run (each still
a child process killed at its cutoffs, on the worker), so a worker serves one run at a time
when it has one thread (``dask worker ADDRESS --nthreads 1``, what the docs ask): runs do not
share a core with each other.  Each board's reference verdict is a task of its own, which
the board's runs wait for.  Rows come back in completion order and are put back in the
order the local run takes them, so a results file is the same in form whichever ran it.
A worker that dies takes its running tasks with it; Dask runs them again on another worker
(up to its ``allowed-failures``), so a study survives a lost worker and reruns only the
runs that were lost.  A run whose task fails for good becomes an ``error`` row.
"""

from __future__ import annotations

from collections.abc import Callable

from satlink.bench.configs import BenchConfig
from satlink.bench.reference import reference_verdict
from satlink.bench.runner import BenchBoard, RunOptions, run_one, warm


def _reference_task(item: BenchBoard, timeout: float | None) -> str | None:
    return reference_verdict(item.board, item.rules, timeout)


def _run_task(item: BenchBoard, config: BenchConfig, options: RunOptions, repeat: int,
              expected: str | None) -> dict:
    warm(item, [config])  # the board's caches built outside the measured child, as locally
    return run_one(item, config, options, repeat, expected)


def planned_runs(boards: list[BenchBoard], configs: list[BenchConfig],
                 repeat: int) -> list[tuple[BenchBoard, BenchConfig, int]]:
    """Every (board, configuration, repeat) in the local run's interleaved order."""
    out = []
    for r in range(repeat):
        for i, item in enumerate(boards):
            shift = (i + r) % len(configs)
            out += [(item, config, r) for config in configs[shift:] + configs[:shift]]
    return out


def run_on_cluster(boards: list[BenchBoard], configs: list[BenchConfig], options: RunOptions,
                   repeat: int, client, progress: Callable[[dict], None] | None = None
                   ) -> list[dict]:
    """All the measurements, made on the cluster behind ``client``, in the local order."""
    from distributed import as_completed

    references = {item.name: (client.submit(_reference_task, item, options.timeout, pure=False)
                              if options.reference else None) for item in boards}
    futures = {}
    for position, (item, config, r) in enumerate(planned_runs(boards, configs, repeat)):
        future = client.submit(_run_task, item, config, options, r, references[item.name],
                               pure=False)
        futures[future] = (position, item, config, r)
    rows: list[tuple[int, dict]] = []
    for future in as_completed(futures):
        position, item, config, r = futures[future]
        try:
            row = future.result()
        except Exception as exc:  # noqa: BLE001 - KilledWorker past its retries, a lost link
            row = _failed(item, config, r, f"Dask task failed: {type(exc).__name__}: {exc}")
        rows.append((position, row))
        future.release()
        if progress:
            progress(row)
    return [row for _, row in sorted(rows, key=lambda pair: pair[0])]


def _failed(item: BenchBoard, config: BenchConfig, repeat: int, message: str) -> dict:
    """An ``error`` row with every field, for a run the cluster could not make."""
    from satlink.bench.runner import ROW_FIELDS

    board = item.board
    row = dict.fromkeys(ROW_FIELDS)
    row.update(board=item.name, width=board.width, height=board.height,
               cells=board.width * board.height, labels=len(board.labels), rules=item.rules,
               config=config.label, repeat=repeat, killed=False, status="error",
               seconds=0.0, error=message)
    return row
