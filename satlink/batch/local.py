"""Local worker processes that survive crashes: one board in flight per worker.

Each worker owns a pipe.  The main process waits on the pipes *and* on each worker's process
sentinel: a worker that dies (killed, out of memory, a crash in a native solver) turns its
board into an ``error`` record and is replaced; a worker that exceeds the hard time limit is
killed the same way.  Records come back in completion order.  Workers end with the main
process, even one killed with ``kill -9`` (:mod:`satlink.runtime.lifeline`).
"""

from __future__ import annotations

import multiprocessing
import os
import time
from collections import deque
from collections.abc import Iterator
from multiprocessing.connection import Connection, wait

from satlink.batch.tasks import Task
from satlink.batch.work import crashed, evaluate
from satlink.runtime.lifeline import die_with_parent
from satlink.solver.method import DEFAULT_METHOD, Method

_PARENT_ENDS: set[Connection] = set()
"""The main process's ends of every worker pipe; a forked worker inherits them all."""


def _worker(conn: Connection, timeout: float | None, method: Method, parent: int) -> None:
    for end in _PARENT_ENDS:  # this process's copies: with them closed, a dead parent is EOF
        end.close()
    die_with_parent(parent)
    while True:
        try:
            task = conn.recv()
        except (EOFError, OSError):  # the main process is gone
            return
        if task is None:
            return
        conn.send(evaluate(task, timeout, method))


class _Slot:
    def __init__(self, ctx, timeout: float | None, method: Method):
        self.conn, child = ctx.Pipe()
        _PARENT_ENDS.add(self.conn)
        self.process = ctx.Process(target=_worker, args=(child, timeout, method, os.getpid()),
                                   daemon=True)
        self.process.start()
        child.close()
        self.task: Task | None = None
        self.started = 0.0

    def give(self, task: Task) -> None:
        self.task, self.started = task, time.monotonic()
        self.conn.send(task)

    def stop(self) -> None:
        try:
            self.conn.send(None)
        except (BrokenPipeError, OSError):
            pass
        self.process.join(timeout=2)
        if self.process.is_alive():
            self.process.kill()
        self.close()

    def close(self) -> None:
        _PARENT_ENDS.discard(self.conn)
        self.conn.close()


def run_local(tasks: list[Task], jobs: int, timeout: float | None,
              method: Method = DEFAULT_METHOD,
              hard_limit: float | None = None) -> Iterator[dict]:
    """Evaluate tasks on ``jobs`` crash-isolated worker processes."""
    if not tasks:
        return
    ctx = multiprocessing.get_context("fork")
    pending = deque(tasks)
    slots = [_Slot(ctx, timeout, method) for _ in range(max(1, min(jobs, len(tasks))))]
    limit = hard_limit if hard_limit is not None else (None if timeout is None else 2 * timeout + 30)
    try:
        while pending or any(s.task is not None for s in slots):
            for slot in slots:
                if slot.task is None and pending:
                    slot.give(pending.popleft())
            busy = [s for s in slots if s.task is not None]
            ready = wait([s.conn for s in busy] + [s.process.sentinel for s in busy], timeout=1.0)
            for i, slot in enumerate(slots):
                if slot.task is None:
                    continue
                if slot.conn in ready or slot.conn.poll():
                    try:
                        record = slot.conn.recv()
                    except (EOFError, OSError):
                        record = None
                    if record is not None:
                        slot.task = None
                        yield record
                        continue
                overdue = limit is not None and time.monotonic() - slot.started > limit
                if not slot.process.is_alive() or overdue:
                    task = slot.task
                    if overdue:
                        slot.process.kill()
                        slot.process.join()
                        message = f"worker exceeded the hard limit of {limit:.0f} s and was killed"
                    else:
                        message = f"worker process died (exit code {slot.process.exitcode})"
                    slot.close()
                    slots[i] = _Slot(ctx, timeout, method)
                    yield crashed(task, message)
    finally:
        for slot in slots:
            slot.stop()
