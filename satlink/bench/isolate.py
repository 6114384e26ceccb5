"""A hard cutoff: one measurement in a child process, killed when its time is up.

A PySAT backend without ``interrupt()`` (CaDiCaL 1.9.5, Kissat) is stopped between
conflict-budget slices, and a slice can run seconds past the deadline; a Python step
(encoding, decoding) checks the deadline only between its parts.  In a child process none of
that matters: the parent waits until the cutoff (plus :data:`KILL_GRACE`, so a run that
stops on its own still reports its figures) and then kills it (SIGKILL).  The child also
gets the memory limit, so a run that would exhaust the machine fails alone: its address
space (``RLIMIT_AS``) may grow by that much beyond what it had at the fork (the harness's
own modules and data, which the run did not ask for and which vary with what the parent
has loaded; memory the parent had freed is reused without growth, so the limit is
approximate); an external solver, a fresh program, gets the limit whole
(:mod:`satlink.bench.external`).

The child is forked, so it starts with the parent's modules already imported and costs a
few milliseconds; the times it reports are its own (from the board's start), and a killed
run's time is the parent's clock from the fork to the kill.
"""

from __future__ import annotations

import gc
import multiprocessing
import os
import resource
import signal
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass, field
from multiprocessing.connection import Connection

KILL_GRACE = 0.1
"""Seconds past the cutoff before a child is killed: enough for a backend that stops at
the deadline by itself to send its figures, a small fraction of any useful cutoff."""


@dataclass
class Outcome:
    """What a child run came to."""

    row: dict | None
    """The child's own result; None when it was killed or died."""
    seconds: float
    """The parent's clock from the fork to the result, the kill or the death."""
    killed: bool = False
    died: str = ""
    """Why a child that was not killed sent no result (its exit status)."""
    memout: bool = False
    """It died under a memory limit: a C extension that cannot allocate crashes the process
    rather than raise MemoryError, so such a death is counted as the limit reached."""
    partial: dict = field(default_factory=dict)
    """What the child reported before it ended (the CNF's size)."""


def _child(work: Callable[[Callable[[dict], None]], dict], memory_mb: int | None,
           conn: Connection) -> None:
    from satlink.bench import external

    # the parent's objects are the child's too: a collection that walked them would touch
    # every page of the parent's heap (copy-on-write), a cost the measured run would carry
    gc.freeze()
    external.spawn_hook = lambda group, running: conn.send(("group", group, running))
    if memory_mb:  # on top of what the forked process already maps (the harness's modules)
        size = _address_space() + memory_mb * 1024 * 1024
        resource.setrlimit(resource.RLIMIT_AS, (size, size))
    try:
        row = work(lambda part: conn.send(("partial", part)))
    except MemoryError:
        conn.send(("memout", traceback.format_exc(limit=3)))
        return
    except BaseException as exc:  # noqa: BLE001 - reported to the parent, which records it
        conn.send(("error", f"{type(exc).__name__}: {exc}", traceback.format_exc(limit=3)))
        return
    conn.send(("done", row))


def run_isolated(work: Callable[[Callable[[dict], None]], dict], cutoff: float | None,
                 memory_mb: int | None = None) -> Outcome:
    """Run ``work(report)`` in a forked child, killed ``cutoff`` (+ grace) seconds after the
    fork.  ``work`` returns the row; ``report`` sends partial figures on the way.  The
    child's exceptions come back as ``error`` rows (``memout`` for a MemoryError)."""
    context = multiprocessing.get_context("fork")
    receive, send = context.Pipe(duplex=False)
    process = context.Process(target=_child, args=(work, memory_mb, send), daemon=True)
    begun = time.monotonic()
    process.start()
    send.close()
    partial: dict = {}
    groups: set[int] = set()  # external solvers the child has running, each its own group
    try:
        while True:
            left = None if cutoff is None else begun + cutoff + KILL_GRACE - time.monotonic()
            if left is not None and left <= 0 or not receive.poll(left):
                process.kill()
                stopped = time.monotonic() - begun  # the run ends here, not when it is reaped
                _kill_groups(groups)
                process.join()
                return Outcome(None, stopped, killed=True, partial=partial)
            try:
                message = receive.recv()
            except EOFError:  # the child died without a word (a signal, the OOM killer)
                process.join()
                _kill_groups(groups)
                return Outcome(None, time.monotonic() - begun, partial=partial,
                               died=f"the run's process ended with exit status "
                                    f"{process.exitcode}", memout=bool(memory_mb))
            kind = message[0]
            if kind == "group":
                (groups.add if message[2] else groups.discard)(message[1])
                continue
            if kind == "partial":
                partial.update(message[1])
                continue
            seconds = time.monotonic() - begun
            process.join()
            if kind == "done":
                return Outcome(message[1], seconds, partial=partial)
            if kind == "memout":
                return Outcome({"status": "memout", "error": "memory limit reached",
                                "traceback": message[1]}, seconds, partial=partial)
            return Outcome({"status": "error", "error": message[1], "traceback": message[2]},
                           seconds, partial=partial)
    finally:
        receive.close()
        if process.is_alive():
            process.kill()
            process.join()


def _kill_groups(groups: set[int]) -> None:
    """SIGKILL the process groups of the external solvers a killed child had started (a
    group already gone is no error)."""
    for group in groups:
        try:
            os.killpg(group, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass


def _address_space() -> int:
    """This process's mapped address space in bytes (``/proc/self/statm``), 0 if unknown."""
    try:
        with open("/proc/self/statm", encoding="ascii") as handle:
            return int(handle.read().split()[0]) * resource.getpagesize()
    except (OSError, ValueError, IndexError):
        return 0
