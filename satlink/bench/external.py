"""External SAT solvers, run the way SAT competitions run them.

A solver is given as a command template (``--external 'cadical=cadical -q {cnf}'``).  Each
SAT call writes the whole CNF (the encoding's clauses, then the units, cycle cuts and blocking
clauses added so far, then this call's assumptions as unit clauses) to a DIMACS file and runs
the command on it:

* the answer is read by the competition conventions: exit status 10 with ``s SATISFIABLE``
  and ``v`` lines (every variable once, ``0``-terminated), or 20 with ``s UNSATISFIABLE``;
  anything else is an error naming the exit status and the last line the solver wrote;
* a model is checked against every clause of the file before it is believed;
* the cutoff is enforced by the harness: the solver runs in its own process group, killed
  (SIGKILL) when the deadline passes; a memory limit is the address-space limit
  (``RLIMIT_AS``) of that process;
* ``c conflicts: N`` lines (CaDiCaL's and Kissat's statistics) are summed; a statistics
  section without one means none (those solvers leave out zero counters); a call with
  neither makes the conflicts unknown, never zero.

So every call is one-shot: nothing is learnt between the first solution and the uniqueness
proof, which is what an external solver without an incremental interface can do.  The
command itself (its template, version and provenance) is :mod:`satlink.bench.external_spec`.
"""

from __future__ import annotations

import os
import re
import resource
import shutil
import signal
import subprocess
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import numpy as np

from satlink.bench.external_spec import (  # noqa: F401 - where the harness finds them
    PLACEHOLDERS,
    ExternalSolver,
    ExternalSpecError,
    parse_external,
)
from satlink.cnf.clauses import Clauses, Timeout
from satlink.solver.dimacs import clause_lines, first_unsatisfied

CONFLICTS = re.compile(r"^c\s+conflicts:\s+(\d+)", re.MULTILINE)
STATISTICS = re.compile(r"^c -+ \[ statistics \]", re.MULTILINE)
"""The statistics section CaDiCaL and Kissat print; it leaves out counters that are zero."""
SAT_EXIT, UNSAT_EXIT = 10, 20


spawn_hook: Callable[[int, bool], None] | None = None
"""Told the process group of every solver started (True) and, once the solver is reaped,
ended (False): a harness that may kill the process running this module
(:mod:`satlink.bench.isolate`) kills the groups still running with it."""


class ExternalSolverError(RuntimeError):
    """The solver broke the protocol, crashed, or gave a model that is not one."""


def _limit_memory(memory_mb: int | None) -> Callable[[], None] | None:
    """The child's address-space limit, set between fork and exec."""
    if not memory_mb:
        return None

    def limit() -> None:
        size = memory_mb * 1024 * 1024
        resource.setrlimit(resource.RLIMIT_AS, (size, size))
    return limit


class ExternalBackend:
    """An external solver behind :class:`~satlink.solver.backend.Backend`'s interface, so
    the search loop (cycle cuts, blocking, the uniqueness call) runs through it unchanged."""

    one_shot = True

    def __init__(self, solver: ExternalSolver, clauses: Clauses, n_vars: int,
                 deadline: float | None = None, memory_mb: int | None = None):
        self.name = solver.name
        self.solver = solver
        self.memory_mb = memory_mb
        self.deadline = deadline
        self._clauses = clauses  # kept (not released): every model is checked against them
        self._n_vars = n_vars
        self._added: list[list[int]] = []
        self._calls = 0
        self._conflicts = 0
        self.counts_known = True
        self.load_seconds = 0.0  # writing the instance files
        begun = time.perf_counter()
        self._dir = Path(tempfile.mkdtemp(prefix="satlink-external-"))
        self._body = self._dir / "body.cnf"
        with self._body.open("w", encoding="ascii") as handle:
            for chunk in clauses.chunks():
                handle.writelines(line + "\n" for line in clause_lines(chunk))
        self.load_seconds += time.perf_counter() - begun

    def add_clause(self, clause: list[int]) -> None:
        self._added.append([int(lit) for lit in clause])

    def solve(self, deadline: float | None, assumptions: list[int] | None = None
              ) -> list[int] | None:
        """A model (entry ``v - 1`` is variable ``v``'s literal) or None if unsatisfiable;
        raises :class:`Timeout` when the deadline passes first (the solver is killed)."""
        units = [[lit] for lit in assumptions or []]
        begun = time.perf_counter()
        path = self._write(units)
        self.load_seconds += time.perf_counter() - begun
        try:
            remaining = None if deadline is None else deadline - time.monotonic()
            if remaining is not None and remaining <= 0:
                raise Timeout
            out, code = self._run(str(path), remaining)
        finally:
            path.unlink(missing_ok=True)
        model = self._answer(out, code)
        if model is not None:
            bad = first_unsatisfied(self._parts(units), model)
            if bad is not None:
                raise ExternalSolverError(f"{self.name}: the model falsifies the clause "
                                          f"{' '.join(map(str, bad))} 0")
        return model

    def _write(self, units: list[list[int]]) -> Path:
        self._calls += 1
        path = self._dir / f"call{self._calls}.cnf"
        count = self._clauses.n_clauses + len(self._added) + len(units)
        with path.open("w", encoding="ascii") as out:
            out.write(f"p cnf {self._n_vars} {count}\n")
            with self._body.open(encoding="ascii") as body:
                shutil.copyfileobj(body, out)
            out.writelines(line + "\n" for line in clause_lines(self._added + units))
        return path

    def _run(self, path: str, remaining: float | None) -> tuple[str, int]:
        argv = self.solver.argv(path, remaining, self.memory_mb)
        try:
            process = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                       stdin=subprocess.DEVNULL, start_new_session=True,
                                       preexec_fn=_limit_memory(self.memory_mb))
        except OSError as exc:
            raise ExternalSolverError(f"{self.name}: cannot run {argv[0]}: {exc}") from None
        if spawn_hook is not None:
            spawn_hook(process.pid, True)  # its own session: the group id is its pid
        try:
            out, err = process.communicate(timeout=remaining)
        except subprocess.TimeoutExpired:
            _kill(process)
            raise Timeout from None
        except BaseException:
            _kill(process)
            raise
        finally:
            if spawn_hook is not None:
                spawn_hook(process.pid, False)
        text = out.decode("utf-8", errors="replace")
        if process.returncode not in (SAT_EXIT, UNSAT_EXIT):
            last = next((line for line in reversed(
                (text + "\n" + err.decode("utf-8", errors="replace")).splitlines())
                if line.strip()), "(nothing)")
            why = (f"killed by signal {-process.returncode}" if process.returncode < 0
                   else f"exit status {process.returncode}")
            raise ExternalSolverError(f"{self.name}: {why} (the protocol wants 10 or 20); "
                                      f"last line: {last[:200]}")
        return text, process.returncode

    def _answer(self, text: str, code: int) -> list[int] | None:
        found = CONFLICTS.findall(text)
        if found:
            self._conflicts += int(found[-1])
        elif not STATISTICS.search(text):  # statistics without the line: none were needed
            self.counts_known = False
        status = [line.split()[1] if len(line.split()) > 1 else ""
                  for line in text.splitlines() if line.startswith("s ")]
        expected = "SATISFIABLE" if code == SAT_EXIT else "UNSATISFIABLE"
        if status != [expected]:
            raise ExternalSolverError(f"{self.name}: exit status {code} wants one "
                                      f"'s {expected}' line, got {status or 'none'}")
        if code == UNSAT_EXIT:
            return None
        return self._model(text)

    def _model(self, text: str) -> list[int]:
        literals: list[int] = []
        for line in text.splitlines():
            if line.startswith("v"):
                try:
                    literals.extend(int(token) for token in line[1:].split())
                except ValueError:
                    raise ExternalSolverError(f"{self.name}: not a 'v' line: "
                                              f"{line[:80]}") from None
        if not literals or literals[-1] != 0:
            raise ExternalSolverError(f"{self.name}: the 'v' lines do not end with 0")
        value: dict[int, int] = {}
        for lit in literals[:-1]:
            if lit == 0 or abs(lit) > self._n_vars or abs(lit) in value:
                raise ExternalSolverError(f"{self.name}: literal {lit} in the model is 0, "
                                          f"out of range or repeated")
            value[abs(lit)] = lit
        missing = next((v for v in range(1, self._n_vars + 1) if v not in value), None)
        if missing is not None:
            raise ExternalSolverError(f"{self.name}: the model has no value for variable "
                                      f"{missing}")
        return [value[v] for v in range(1, self._n_vars + 1)]

    def _parts(self, units: list[list[int]]) -> Iterator[list[list[int]] | np.ndarray]:
        yield from self._clauses.parts()
        yield self._added
        yield units

    def counters(self) -> tuple[int, int]:
        """(conflicts, decisions) summed over the calls; see :attr:`counts_known`."""
        return self._conflicts, 0

    def delete(self) -> None:
        shutil.rmtree(self._dir, ignore_errors=True)


def _kill(process: subprocess.Popen) -> None:
    """SIGKILL the solver's whole process group (a wrapper script's children too)."""
    try:
        os.killpg(process.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass
    process.communicate()
