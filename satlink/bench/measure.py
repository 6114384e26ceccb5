"""One measured uniqueness check, its two SAT phases apart: the harness's driver.

``check`` answers a board; a researcher also wants to know what each part of the answer
cost.  This driver takes the same steps as the whole-board route of
:func:`satlink.solver.check.check` (forced moves as unit clauses, the encoding, the
search loop of :class:`~satlink.solver.search.SolutionEnumerator` with its cycle cuts and
blocking clause) and records them in two phases:

* **find**: the SAT calls up to the first solution (or the proof there is none), the cycle
  cuts among them included;
* **prove**: the calls after the first solution is blocked, up to a second solution or the
  proof there is none (the uniqueness proof).

Each phase has its SAT seconds, calls, conflicts (missing where the backend does not count
them) and cuts.  The backend is the method's PySAT backend (incremental, or one-shot when
asked), an external command (:mod:`satlink.bench.external`), either under
``--shuffle`` (:mod:`satlink.bench.shuffle`).  A board the forced moves decide is recorded
with ``sat_bound`` false and no SAT phase.

``check``'s speed routes (each independent piece its own CNF; the first solution from a
stricter profile) are taken only when the configuration turns them on
(:attr:`~satlink.bench.configs.BenchConfig.routed`): then the run is ``check`` itself
(:func:`measure_routed`), with its own counters, and the find/prove split is unknown (null).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from satlink.bench.configs import BenchConfig
from satlink.board import Board
from satlink.cnf.clauses import Clauses, Timeout
from satlink.rules import Rules, parse_rules
from satlink.solver.check import collector_paused
from satlink.solver.presolve import CONTRADICTION, DECIDED, SOLVED, PresolveTimeout
from satlink.solver.stats import SolveStats
from satlink.solver.verdict import Status

PHASES = ("find", "prove")
DECIDED_WITHOUT_SAT = (SOLVED, DECIDED, CONTRADICTION)
"""The forced moves' outcomes that settle a board with no SAT call (``check`` reads them so:
their ``solutions`` are the board's, up to the number asked for)."""


@dataclass
class Phase:
    calls: int = 0
    seconds: float = 0.0
    conflicts: int = 0
    cuts: int = 0


class Metered:
    """A backend whose SAT calls are timed and counted into the current phase."""

    def __init__(self, inner: object):
        self.inner = inner
        self.phases = [Phase(), Phase()]
        self.current = 0

    def __getattr__(self, name: str):  # load_seconds, counters, add_clause, delete, ...
        return getattr(self.inner, name)

    def solve(self, deadline: float | None, assumptions: list[int] | None = None):
        phase = self.phases[self.current]
        conflicts = self.inner.counters()[0]
        loaded = self.inner.load_seconds
        begun = time.perf_counter()
        try:
            return self.inner.solve(deadline, assumptions)
        finally:
            # a one-shot backend rebuilds its solver inside solve(): that is loading
            phase.seconds += time.perf_counter() - begun - (self.inner.load_seconds - loaded)
            phase.calls += 1
            phase.conflicts += self.inner.counters()[0] - conflicts


def make_backend(config: BenchConfig, clauses: Clauses, n_vars: int, deadline: float | None,
                 memory_mb: int | None = None, shuffle_seed: int | None = None) -> object:
    """The backend ``config`` names, holding ``clauses`` (shuffled when a seed is given)."""
    from satlink.solver.backend import Backend

    def build(given: Clauses) -> object:
        if config.external is not None:
            from satlink.bench.external import ExternalBackend

            return ExternalBackend(config.external, given, n_vars, deadline, memory_mb)
        return Backend(config.method.solver, given, deadline, release=True,
                       one_shot=config.one_shot)

    if shuffle_seed is None:
        return build(clauses)
    from satlink.bench.shuffle import Shuffle, ShuffledBackend

    return ShuffledBackend(Shuffle(n_vars, shuffle_seed), clauses, build)


@collector_paused()
def measure(board: Board, rules: str, config: BenchConfig, timeout: float | None, *,
            memory_mb: int | None = None, shuffle_seed: int | None = None,
            report: Callable[[dict], None] | None = None) -> dict:
    """Check ``board`` as ``config`` says; the row of figures (no board fields).

    ``report`` is told the CNF's size as soon as it is built, so a run killed at the cutoff
    still has it (:mod:`satlink.bench.isolate`).  Exceptions propagate (the caller records
    them).  Python's cycle collector is off meanwhile, as in ``check``
    (:func:`~satlink.solver.check.collector_paused`), so both take the same time."""
    from satlink.solver.encode import encode
    from satlink.solver.search import SolutionEnumerator

    if config.routed:
        return measure_routed(board, rules, config, timeout)
    method = config.method
    profile = parse_rules(rules)
    start = time.perf_counter()
    deadline = None if timeout is None else time.monotonic() + timeout
    stats = SolveStats(edges=board.n_edges)
    row: dict = {"presolve": "off", "sat_bound": True}
    units: list[int] = []
    meter: Metered | None = None
    found = 0
    timed_out = False
    encoded = None
    preparing = 0.0
    try:
        if method.presolve:
            units, decided = _presolve(board, profile, deadline, stats, row)
            if decided is not None:
                found = decided
                raise _Decided
        begun = time.perf_counter()
        encoding = encode(board, profile, method, deadline)
        encoded = time.perf_counter()
        stats.encode_seconds = encoded - begun
        row.update(variables=encoding.n_vars, clauses=encoding.n_clauses)
        if report is not None:
            report({"variables": encoding.n_vars, "clauses": encoding.n_clauses})
        if deadline is not None and time.monotonic() > deadline:
            raise Timeout
        loading = time.perf_counter()
        meter = Metered(make_backend(config, encoding.clauses, encoding.n_vars, deadline,
                                     memory_mb, shuffle_seed))
        # what the backend's own load_seconds leaves out (shuffling): loading too
        preparing = time.perf_counter() - loading - meter.load_seconds
        # a backend PySAT cannot stop (Lingeling) gets no deadline: the harness runs it
        # only in a child process, which is killed at the cutoff (satlink.bench.isolate)
        searching = None if method.deadline_problem(timeout) else deadline
        with SolutionEnumerator(encoding, method, searching, units=units, stats=stats,
                            backend=meter) as search:
            solutions = search.solutions()
            try:
                first = next(solutions, None)
                meter.phases[0].cuts = stats.cycle_cuts
                meter.current = 1
                if first is not None:
                    found = 1
                    found += next(solutions, None) is not None
            finally:
                solutions.close()
    except _Decided:
        pass
    except (Timeout, PresolveTimeout):
        timed_out = True
        if encoded is None and row["sat_bound"]:
            stats.encode_seconds = time.perf_counter() - start - stats.presolve_seconds
    stats.load_seconds += preparing
    seconds = time.perf_counter() - start
    row.update(status=_status(found, timed_out), seconds=seconds)
    _figures(row, stats, meter, seconds, method.uses_propagator)
    return row


def measure_routed(board: Board, rules: str, config: BenchConfig,
                   timeout: float | None) -> dict:
    """The run as ``check`` makes it, every route its method allows; the counters are the
    verdict's (summed over pieces and routes), the two SAT phases unknown."""
    from satlink.solver.check import check

    start = time.perf_counter()
    verdict = check(board, parse_rules(rules), timeout=timeout, method=config.method)
    seconds = time.perf_counter() - start
    stats = verdict.stats
    sat_bound = stats.sat_calls > 0 or stats.variables > 0
    row: dict = {"status": Status(verdict.status) if str(verdict.status) != "solved"
                 else Status.UNIQUE, "seconds": seconds,
                 "presolve": "on" if config.method.presolve else "off", "sat_bound": sat_bound,
                 "variables": stats.variables or None, "clauses": stats.clauses or None,
                 "pieces": stats.pieces}
    row.update(presolve_seconds=stats.presolve_seconds, encode_seconds=stats.encode_seconds,
               load_seconds=stats.load_seconds, sat_seconds=stats.sat_seconds,
               decode_seconds=stats.decode_seconds,
               python_seconds=max(0.0, seconds - stats.sat_seconds), sat_calls=stats.sat_calls,
               cycle_cuts=stats.cycle_cuts, conflicts=stats.conflicts)
    return row


class _Decided(Exception):
    """The forced moves decided the board: no CNF."""


def _presolve(board: Board, profile: Rules, deadline: float | None, stats: SolveStats,
              row: dict) -> tuple[list[int], int | None]:
    """The forced moves: (units for the CNF, None), or ([], solutions found, at most 2) when
    they decide the board without SAT, as ``check`` reads them."""
    from satlink.solver.presolve import presolve

    presolved = presolve(board, profile, deadline, limit=2)
    stats.presolve_seconds = presolved.seconds
    stats.presolved_edges = presolved.decided
    row["presolve"] = presolved.outcome
    if presolved.outcome in DECIDED_WITHOUT_SAT:
        row["sat_bound"] = False
        return [], len(presolved.solutions[:2])
    return presolved.units, None


def _status(found: int, timed_out: bool) -> Status:
    if found >= 2:
        return Status.MULTIPLE
    if timed_out:
        return Status.TIMEOUT
    return Status.UNIQUE if found == 1 else Status.UNSOLVABLE


def _figures(row: dict, stats: SolveStats, meter: Metered | None, seconds: float,
             propagator: bool) -> None:
    """The stats and the phases into ``row``; a figure the run never reached, or that its
    backend does not count, is None (the propagator's cuts are counted only in total)."""
    known = meter is not None and getattr(meter.inner, "counts_known", True)
    find, prove = meter.phases if meter is not None else (Phase(), Phase())
    # the backend's own time inside solve(), which the phases measure closest (the search's
    # sat_seconds also holds the meter's reading of the counters)
    sat = find.seconds + prove.seconds if meter is not None else stats.sat_seconds
    row.update(presolve_seconds=stats.presolve_seconds, encode_seconds=stats.encode_seconds,
               load_seconds=stats.load_seconds, sat_seconds=sat,
               decode_seconds=stats.decode_seconds, python_seconds=max(0.0, seconds - sat),
               sat_calls=stats.sat_calls, cycle_cuts=stats.cycle_cuts,
               conflicts=stats.conflicts if known else None)
    for name, phase in zip(PHASES, (find, prove), strict=True):
        ran = phase.calls > 0
        row[f"{name}_calls"] = phase.calls if ran else None
        row[f"{name}_seconds"] = phase.seconds if ran else None
        row[f"{name}_conflicts"] = phase.conflicts if ran and known else None
    row["find_cuts"] = find.cuts if find.calls and not propagator else None
    row["prove_cuts"] = (stats.cycle_cuts - find.cuts) if prove.calls and not propagator else None
