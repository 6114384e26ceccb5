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
run's time is the parent's clock from the fork to the kill.  The parent reaps the child
itself (``wait4``), which gives the run's CPU time and peak memory whether it ended or was
killed, and it watches the child's CPU time in ``/proc`` to kill it at a CPU-time cutoff
too (:mod:`satlink.bench.resources`).
"""

from __future__ import annotations

import gc
import os
import resource
import signal
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass, field
from multiprocessing import Pipe
from multiprocessing.connection import Connection

from satlink.bench.resources import (
    Watch,
    children_usage,
    mib,
    peak_kib,
    usage_cpu,
)

KILL_GRACE = 0.1
"""Seconds past the cutoff before a child is killed: enough for a backend that stops at
the deadline by itself to send its figures, a small fraction of any useful cutoff."""
SAMPLE_SECONDS = 0.05
"""How often the parent reads the child's CPU time (the CPU cutoff's resolution)."""


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
    killed_by: str | None = None
    """``wall`` or ``cpu``: which cutoff the kill enforced."""
    resources: dict = field(default_factory=dict)
    """``cpu_seconds``, ``peak_rss_mb``, ``solver_cpu_seconds`` and
    ``solver_peak_rss_mb`` (:func:`_resources`)."""


def _child(work: Callable[[Callable[[dict], None]], dict], memory_mb: int | None,
           conn: Connection) -> None:
    from satlink.bench import external

    # the parent's objects are the child's too: a collection that walked them would touch
    # every page of the parent's heap (copy-on-write), a cost the measured run would carry
    gc.freeze()

    def spawned(group: int, running: bool) -> None:
        conn.send(("group", group, running))
        if not running:  # reaped: its CPU time and peak memory are this process's children's
            conn.send(("solvers", *children_usage()))

    external.spawn_hook = spawned
    if memory_mb:  # on top of what the forked process already maps (the harness's modules)
        size = _address_space() + memory_mb * 1024 * 1024
        resource.setrlimit(resource.RLIMIT_AS, (size, size))
    try:
        row = work(lambda part: conn.send(("partial", part)))
    except MemoryError:
        conn.send(("memout", traceback.format_exc(limit=3), _own_peak()))
        return
    except BaseException as exc:  # noqa: BLE001 - reported to the parent, which records it
        conn.send(("error", f"{type(exc).__name__}: {exc}", traceback.format_exc(limit=3),
                   _own_peak()))
        return
    conn.send(("done", row, _own_peak()))


def _own_peak() -> float:
    return float(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)


def _fork(work, memory_mb: int | None) -> tuple[int, Connection]:
    receive, send = Pipe(duplex=False)
    pid = os.fork()
    if pid == 0:  # the run: never returns into the harness
        status = 0
        try:
            receive.close()
            _child(work, memory_mb, send)
            send.close()
        except BaseException:  # noqa: BLE001 - the parent sees the pipe close early
            status = 1
        finally:
            os._exit(status)
    send.close()
    return pid, receive


class _Run:
    """The parent's view of one forked run: its messages, its solvers, its resources."""

    def __init__(self, pid: int):
        self.pid = pid
        self.watch = Watch(pid)
        self.groups: set[int] = set()  # external solvers running, each its own group
        self.partial: dict = {}
        self.solvers = (0.0, 0.0)  # reaped solvers' CPU seconds and peak KiB
        self.own_peak: float | None = None

    def take(self, message: tuple) -> bool:
        """Keep a message; True when it is the run's last."""
        kind = message[0]
        if kind == "group":
            (self.groups.add if message[2] else self.groups.discard)(message[1])
        elif kind == "solvers":
            self.solvers = (message[1], message[2])
        elif kind == "partial":
            self.partial.update(message[1])
        else:
            self.own_peak = message[-1]
            return True
        return False

    def kill(self) -> None:
        self.watch.sample(self.groups)  # what the kill would lose: the live solvers' share
        self.own_peak = peak_kib(self.pid)
        os.kill(self.pid, signal.SIGKILL)

    def reap(self, killed: bool) -> tuple[int, dict]:
        """Wait for the child (``wait4``): its exit status and what the run used."""
        _, status, usage = os.wait4(self.pid, 0)
        live_cpu = self.watch.live_solver_cpu if killed else 0.0
        solver_cpu, solver_kib = self.solvers
        used = {"cpu_seconds": round(usage_cpu(usage) + live_cpu, 4),
                "peak_rss_mb": mib(self.own_peak),
                "solver_cpu_seconds": None, "solver_peak_rss_mb": None}
        if self.solvers != (0.0, 0.0) or self.watch.live_solver_peak_kib:
            used["solver_cpu_seconds"] = round(solver_cpu + live_cpu, 4)
            used["solver_peak_rss_mb"] = mib(max(solver_kib, self.watch.live_solver_peak_kib))
        return status, used


def run_isolated(work: Callable[[Callable[[dict], None]], dict], cutoff: float | None,
                 memory_mb: int | None = None, cpu_cutoff: float | None = None) -> Outcome:
    """Run ``work(report)`` in a forked child, killed ``cutoff`` (+ grace) seconds after the
    fork or once it (with its solvers) has used ``cpu_cutoff`` CPU seconds.  ``work``
    returns the row; ``report`` sends partial figures on the way.  The child's exceptions
    come back as ``error`` rows (``memout`` for a MemoryError)."""
    begun = time.monotonic()
    pid, receive = _fork(work, memory_mb)
    run = _Run(pid)
    reaped = False
    try:
        while True:
            left = None if cutoff is None else begun + cutoff + KILL_GRACE - time.monotonic()
            over_cpu = cpu_cutoff is not None and run.watch.sample(run.groups) > cpu_cutoff
            if over_cpu or left is not None and left <= 0:
                run.kill()
                stopped = time.monotonic() - begun  # the run ends here, not when it is reaped
                _kill_groups(run.groups)
                _, used = run.reap(killed=True)
                reaped = True
                return Outcome(None, stopped, killed=True, partial=run.partial,
                               killed_by="cpu" if over_cpu else "wall", resources=used)
            step = SAMPLE_SECONDS if left is None else max(0.0, min(SAMPLE_SECONDS, left))
            if not receive.poll(step):
                continue
            try:
                message = receive.recv()
            except EOFError:  # the child died without a word (a signal, the OOM killer)
                status, used = run.reap(killed=False)
                reaped = True
                _kill_groups(run.groups)
                code = os.waitstatus_to_exitcode(status)
                return Outcome(None, time.monotonic() - begun, partial=run.partial,
                               died=f"the run's process ended with exit status {code}",
                               memout=bool(memory_mb), resources=used)
            if not run.take(message):
                continue
            seconds = time.monotonic() - begun
            _, used = run.reap(killed=False)
            reaped = True
            return Outcome(_row(message), seconds, partial=run.partial, resources=used)
    finally:
        receive.close()
        if not reaped:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)


def _row(message: tuple) -> dict:
    """The row a child's last message carries."""
    kind = message[0]
    if kind == "done":
        return message[1]
    if kind == "memout":
        return {"status": "memout", "error": "memory limit reached", "traceback": message[1]}
    return {"status": "error", "error": message[1], "traceback": message[2]}


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
