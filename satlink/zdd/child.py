"""graphillion's count in a process of its own, bounded in memory and time.

graphillion keeps one universe per process, builds its whole diagram before it answers and
cannot be stopped: neither a deadline nor a memory bound reaches inside it.  So the count runs
in a child process whose address space is capped (``RLIMIT_AS``: what the child holds when it
starts, plus the bound) and which is killed at the deadline.  Either way the *route* is refused
(``refused`` or ``timeout``), never the board: the caller hands the board on.

The child is a fork of this process (``os.fork``: cheap, nothing re-imported, where a fork
server or a fresh interpreter would re-run the caller's main module; and allowed inside a
batch's daemonic worker, which :mod:`multiprocessing` would refuse children); graphillion,
the count and ``ctypes`` are imported here first, so a fork from a threaded parent (the
studio's server) never waits in the child on an import lock another thread held, and a child
capped in memory never has to map a library.
"""

from __future__ import annotations

import faulthandler
import os
import resource
import signal
import time
from collections.abc import Sequence
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from satlink.board import Board
from satlink.frontier.outcome import COMPLETE, REFUSED, TIMEOUT, FrontierOutcome
from satlink.rules import Rules
from satlink.solution import Solution

if TYPE_CHECKING:  # multiprocessing costs a command's start-up tens of ms: imported when counting
    from multiprocessing.connection import Connection

ENGINE = "graphillion"
MOST_DECODED = 4
"""Solutions decoded at most, as the frontier sweep (:data:`satlink.frontier.MOST_DECODED`)."""

@cache
def available() -> bool:
    """Whether graphillion is installed (a dependency, but a platform without its wheel may
    not have it: the route then keeps to the frontier sweep)."""
    from importlib.util import find_spec

    return find_spec("graphillion") is not None


def prepare() -> None:
    """Import graphillion, the count and ctypes before any fork (module docstring)."""
    import ctypes  # noqa: F401

    import graphillion  # noqa: F401

    import satlink.zdd.count  # noqa: F401


def _ended(pid: int, kill: bool) -> int:
    """Reap the child (killed first when it still runs); its exit code, negative for a
    signal, as :mod:`multiprocessing` gives it."""
    if kill:
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
    _, status = os.waitpid(pid, 0)
    return os.waitstatus_to_exitcode(status)


def address_space() -> int:
    """The bytes of address space this process holds now (``VmSize``)."""
    with open("/proc/self/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("VmSize:"):
                return int(line.split()[1]) * 1024
    return 0


def one_thread() -> None:
    """Keep graphillion's OpenMP to this one thread: the route is one process's work (a second
    thread on a shared machine made the diagram several times slower, not faster).  The wheel
    bundles its own ``libgomp``; without it there is nothing to set."""
    import ctypes

    import graphillion

    libs = Path(graphillion.__file__).resolve().parents[1] / "graphillion.libs"
    for lib in sorted(libs.glob("libgomp*")):
        ctypes.CDLL(str(lib)).omp_set_num_threads(1)


def quiet() -> None:
    """Send the child's standard error to nowhere: a diagram past the bound ends in the C++
    library's own abort message, which is the route's business, not the terminal's (the
    outcome says why the route was refused)."""
    faulthandler.disable()  # a test runner's fault handler writes to its own copy of stderr
    os.dup2(os.open(os.devnull, os.O_WRONLY), 2)


def _child(reply: Connection, board: Board, rules: Rules, keep: int,
           decided: Sequence[int] | None, max_bytes: int) -> None:
    """In the child: cap the address space, count, send the answer (or why there is none)."""
    bound = address_space() + max_bytes
    resource.setrlimit(resource.RLIMIT_AS, (bound, bound))
    one_thread()
    quiet()
    from satlink.zdd.count import count

    try:
        counted = count(board, rules, keep, decided)
    except MemoryError:
        reply.send(("memory", None))
    else:
        reply.send(("complete", counted))
    finally:
        reply.close()


def count(board: Board, rules: Rules, limit: int = 2, deadline: float | None = None,
          decided: Sequence[int] | None = None, max_bytes: int = 2**31) -> FrontierOutcome:
    """Count ``board``'s solutions under ``rules`` (without ``notouch`` or ``no2x2``) up to
    ``limit`` and decode up to ``limit`` of them (at most :data:`MOST_DECODED`), in a child
    held to ``max_bytes`` more memory than it starts with and to ``deadline`` (a
    :func:`time.monotonic` instant; None: no deadline).  The bound is on the address space the
    child *adds*: what the parent's heap held mapped but free when it forked is the child's
    to use too, so a parent with a large free heap lets a diagram grow a little further."""
    begun = time.monotonic()
    if deadline is not None and time.monotonic() >= deadline:
        return FrontierOutcome(TIMEOUT, limit=limit, engine=ENGINE,
                               reason="no time was left for the diagram")
    import multiprocessing

    prepare()
    theirs_to_read, theirs_to_write = multiprocessing.Pipe(duplex=False)
    pid = os.fork()
    if pid == 0:  # the child: count, answer, and leave without running the parent's exit code
        try:
            theirs_to_read.close()
            _child(theirs_to_write, board, rules, min(limit, MOST_DECODED), decided, max_bytes)
        except BaseException:
            os._exit(1)
        os._exit(0)
    theirs_to_write.close()
    try:
        wait = None if deadline is None else max(0.0, deadline - time.monotonic())
        answer = theirs_to_read.recv() if theirs_to_read.poll(wait) else None
    except EOFError:  # the child died without a word: out of memory inside the library
        answer = ("failed", None)
    finally:
        theirs_to_read.close()
        exitcode = _ended(pid, kill=True)
    seconds = time.monotonic() - begun
    figures = {"limit": limit, "seconds": seconds, "engine": ENGINE}
    if answer is None:
        return FrontierOutcome(TIMEOUT, reason="the deadline came before the diagram was "
                               "built", **figures)
    ended, counted = answer
    if ended != "complete":
        why = "out of memory" if ended == "memory" else f"exit code {exitcode}"
        return FrontierOutcome(REFUSED, reason=f"the diagram would pass "
                               f"{max_bytes / 2**20:.0f} MiB ({why})", **figures)
    solutions = tuple(Solution.from_edges(board, [board.edges[e] for e in edges])
                      for edges in counted.edge_sets)
    return FrontierOutcome(COMPLETE, count=min(counted.count, limit), solutions=solutions,
                           width=counted.width, order=counted.order, progress=1.0, **figures)
