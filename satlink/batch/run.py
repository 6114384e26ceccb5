"""Orchestrate a validation run: plan, skip what --resume already has, execute, record."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from satlink.batch.distributed import CONNECT_TIMEOUT, connect, run_dask
from satlink.batch.local import run_local
from satlink.batch.results import ResultsFile, record_key
from satlink.batch.tasks import Task
from satlink.batch.work import evaluate, needs_solver
from satlink.solver.method import DEFAULT_METHOD, Method
from satlink.solver.verdict import Status


@dataclass
class RunOptions:
    jobs: int = 1
    timeout: float | None = None
    method: Method = DEFAULT_METHOD
    scheduler: str | None = None
    scheduler_timeout: float = CONNECT_TIMEOUT
    out: str | None = None
    resume: bool = False
    repairs: int = 0
    """Up to this many proven-unique repair proposals per multiple or unsolvable board."""


@dataclass
class RunResult:
    records: list[dict] = field(default_factory=list)  # in input order
    skipped: int = 0
    retried: int = 0  # boards --resume ran again because their line said 'error'
    rejudged: int = 0  # ... because their line was made under options that change the verdict


def validate_tasks(tasks: list[Task], options: RunOptions,
                   progress: Callable[[dict], None] | None = None) -> RunResult:
    # reach the scheduler before --out is touched: a wrong address must not cost the results
    client = None if options.scheduler is None else connect(options.scheduler,
                                                            options.scheduler_timeout)
    try:
        return _run(tasks, options, client, progress)
    finally:
        if client is not None:
            client.close()


def still_holds(options: RunOptions) -> Callable[[dict], bool]:
    """Whether a record from an earlier run (same board, same rules) is what this run would
    write: a timeout no longer is when this run allows more time (its 'seconds' reached the
    earlier limit), and a multiple or unsolvable board has no repairs when they were not asked."""
    def holds(record: dict) -> bool:
        if record["status"] == Status.TIMEOUT:
            if options.timeout is None or options.timeout > (record.get("seconds") or 0):
                return False
        if options.repairs and "repairs" not in record \
                and record["status"] in (Status.MULTIPLE, Status.UNSOLVABLE):
            return False
        return True
    return holds


def _run(tasks: list[Task], options: RunOptions, client, progress) -> RunResult:
    results = ResultsFile(options.out, options.resume, (t.key for t in tasks), still_holds(options))
    by_key: dict[tuple, dict] = {}
    try:
        todo = []
        for task in tasks:
            done = results.done.get(task.key)
            if done is not None:
                by_key[task.key] = done
            else:
                todo.append(task)
        skipped = len(tasks) - len(todo)
        # invalid boards and (most) duplicates need no solver: settle them here, in order
        quick = [t for t in todo if not needs_solver(t)]
        heavy = [t for t in todo if needs_solver(t)]
        if options.repairs:  # rides in the task, so every executor carries it unchanged
            heavy = [t.asking(options.repairs) for t in heavy]
        for record in (evaluate(t) for t in quick):
            _keep(record, results, by_key, progress)
        if client is not None:
            stream = run_dask(heavy, client, options.timeout, options.method)
        else:
            stream = run_local(heavy, options.jobs, options.timeout, options.method)
        for record in stream:
            _keep(record, results, by_key, progress)
    finally:
        results.close()
    ordered = [by_key[t.key] for t in tasks if t.key in by_key]
    return RunResult(ordered, skipped, results.retried, results.rejudged)


def _keep(record: dict, results: ResultsFile, by_key: dict, progress) -> None:
    results.append(record)
    by_key[record_key(record)] = record
    if progress:
        progress(record)
