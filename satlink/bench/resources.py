"""What a measured run cost the machine: CPU time and peak resident memory.

Wall-clock time alone cannot tell a solver that computed from one that waited for a busy
machine; a referee asks for CPU time (user + system) and peak memory, for the run's process
and for the solver binaries it started alike.  Three sources, each where it is exact:

* ``wait4`` on the run's process gives its own CPU time and peak resident set *including the
  children it reaped* (the external solvers that ended), also when it was killed;
* ``getrusage(RUSAGE_CHILDREN)`` inside the run gives the solver binaries' part alone;
* ``/proc`` sampled while the run goes on gives what a kill would lose (a solver still
  running when its run is killed is never reaped by it) and drives the CPU-time cutoff.

Linux counts ``ru_maxrss`` in KiB and ``/proc/PID/stat`` times in clock ticks.
"""

from __future__ import annotations

import os
import resource
from dataclasses import dataclass

TICKS = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100
KIB_PER_MIB = 1024


def mib(kib: float | None) -> float | None:
    return None if kib is None else round(kib / KIB_PER_MIB, 1)


def usage_cpu(usage: resource.struct_rusage) -> float:
    """User + system seconds of a ``struct rusage``."""
    return usage.ru_utime + usage.ru_stime


def children_usage() -> tuple[float, float]:
    """(CPU seconds, peak resident KiB) of this process's reaped children: the solver
    binaries a run started (a forked run starts with none)."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage_cpu(usage), float(usage.ru_maxrss)


def resident_kib(pid: int | str = "self") -> float | None:
    """The resident set of a process now (``VmRSS``), in KiB; None if unknown."""
    return _status_field(pid, "VmRSS:")


def peak_kib(pid: int | str) -> float | None:
    """The peak resident set of a live process (``VmHWM``), in KiB; None if unknown."""
    return _status_field(pid, "VmHWM:")


def _status_field(pid: int | str, name: str) -> float | None:
    try:
        with open(f"/proc/{pid}/status", encoding="ascii", errors="replace") as handle:
            for line in handle:
                if line.startswith(name):
                    return float(line.split()[1])
    except (OSError, ValueError, IndexError):
        return None
    return None


def _stat(pid: int | str) -> list[str] | None:
    """The fields of ``/proc/PID/stat`` after the command name (field 3 on), or None."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii", errors="replace") as handle:
            text = handle.read()
    except OSError:
        return None
    return text[text.rfind(")") + 2:].split()


def process_cpu(pid: int | str, with_children: bool = True) -> float | None:
    """CPU seconds a live process has used (its reaped children's too, by default)."""
    fields = _stat(pid)
    if fields is None:
        return None
    try:  # utime, stime, cutime, cstime: fields 14-17, here 11-14
        ticks = int(fields[11]) + int(fields[12])
        if with_children:
            ticks += int(fields[13]) + int(fields[14])
    except (IndexError, ValueError):
        return None
    return ticks / TICKS


def group_members(groups: set[int]) -> list[int]:
    """The live processes of these process groups (an external solver and whatever it
    started): one pass over ``/proc``."""
    if not groups:
        return []
    members = []
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        fields = _stat(name)
        try:
            if fields is not None and int(fields[2]) in groups:
                members.append(int(name))
        except (IndexError, ValueError):
            continue
    return members


@dataclass
class Watch:
    """What the parent sees of a running child and its live solver binaries; the largest
    readings so far (CPU only grows, and a process gone reads nothing)."""

    pid: int
    cpu: float = 0.0
    """The child's CPU (reaped children included) plus its live solvers', last reading."""
    live_solver_cpu: float = 0.0
    live_solver_peak_kib: float = 0.0

    def sample(self, groups: set[int]) -> float:
        """Read ``/proc`` now; returns :attr:`cpu`."""
        own = process_cpu(self.pid) or 0.0
        solver_cpu, solver_peak = 0.0, 0.0
        for member in group_members(groups):
            solver_cpu += process_cpu(member) or 0.0
            solver_peak = max(solver_peak, peak_kib(member) or 0.0)
        self.live_solver_cpu = solver_cpu
        self.live_solver_peak_kib = max(self.live_solver_peak_kib, solver_peak)
        self.cpu = max(self.cpu, own + solver_cpu)
        return self.cpu


def load_average() -> float | None:
    """The 1-minute load average now (None where the system has none)."""
    try:
        return round(os.getloadavg()[0], 2)
    except (AttributeError, OSError):
        return None
