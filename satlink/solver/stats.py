"""What solving a board cost, kept apart from the solver loop so that the verdict and the
forced-moves path (:mod:`satlink.solver.presolve`) can carry it without importing the SAT backend and
numpy (a board the forced moves decide never needs either)."""

from __future__ import annotations

import time
from dataclasses import dataclass, fields


@dataclass
class SolveStats:
    """What the search cost; reported under ``stats`` in every JSON record.

    The five times split the board's wall time: ``presolve_seconds`` making the forced moves
    (:mod:`satlink.solver.presolve`; ``presolved_edges`` of the board's ``edges`` decided by them),
    ``encode_seconds`` building the CNF,
    ``load_seconds`` creating the SAT solver, handing it the clauses and deleting it (and
    rebuilding it, for one-shot backends), ``sat_seconds`` inside ``solve()`` (the propagator's
    callbacks included), ``decode_seconds`` reading models into edge sets, looking for detached
    cycles, walking the paths and comparing two solutions.  ``pieces``: how many independent
    pieces the forced moves' undecided rest was solved as (:mod:`satlink.solver.pieces`; 0
    when the board went to SAT whole or needed no SAT); the counters and times are then the
    sums over the pieces' solvers.  ``route``: the route of :mod:`satlink.solver.routes` that
    decided the board (``deductions``, ``whole-board``, ...).  ``presolve_stage``: the last
    stage of the deductions that ran (:attr:`Presolved.stage
    <satlink.solver.presolve.Presolved.stage>`: ``fixpoint``, ``lookahead``, ``search``,
    ``split``, ``parity``; empty where they did not run), so a record says whether the
    forced moves, the look-ahead, the search or the chessboard count decided it.
    ``frontier``: what the frontier sweep's route found and spent when it ran on the board
    (:meth:`FrontierOutcome.stats <satlink.frontier.outcome.FrontierOutcome.stats>`: how it
    ended, the frontier's width, the states of its widest level, its seconds, outside the five
    phases), else None.
    ``frontier_decision``: what the frontier route decided about the board and why
    (:func:`satlink.solver.routes.frontier.decision`: it decided, handed on, did not apply,
    or was not reached because an earlier route decided), None where no route ran.
    """

    variables: int = 0
    clauses: int = 0
    sat_calls: int = 0
    cycle_cuts: int = 0
    pieces: int = 0
    conflicts: int = 0
    decisions: int = 0
    edges: int = 0
    presolved_edges: int = 0
    presolve_seconds: float = 0.0
    encode_seconds: float = 0.0
    load_seconds: float = 0.0
    sat_seconds: float = 0.0
    decode_seconds: float = 0.0
    route: str = ""
    presolve_stage: str = ""
    frontier: dict | None = None
    frontier_decision: dict | None = None

    def as_dict(self) -> dict:
        """The JSON form: every field, in order, times rounded to microseconds."""
        out = {name: round(getattr(self, name), 6) if name in TIMES else getattr(self, name)
               for name in FIGURES}  # (not asdict: no deep copy of plain numbers)
        if self.frontier_decision is None and self.route:
            out["frontier_decision"] = {"decision": "not-reached", "reason": self.route}
        return out

    def add_search(self, other: SolveStats) -> None:
        """Add another search's counters and times to these (a piece's solver, or the
        stricter profile's search that found a weaker one's first solution); the board's
        own figures (its edges, its forced moves, its pieces) stay as they are."""
        for name in SEARCH_FIGURES:
            setattr(self, name, getattr(self, name) + getattr(other, name))

    def add(self, other: SolveStats) -> None:
        """Add what a route found and spent to the board's figures: every count and time (a
        route that ran on this board also made its forced moves and pieces); the board's
        ``edges`` and the deciding ``route`` are the board's own."""
        for name in ROUTE_FIGURES:
            setattr(self, name, getattr(self, name) + getattr(other, name))
        if other.presolve_stage:
            self.presolve_stage = other.presolve_stage
        if other.frontier is not None:
            self.frontier = other.frontier
        if other.frontier_decision is not None:
            self.frontier_decision = other.frontier_decision

    def work(self) -> SolveStats:
        """What these figures cost, without what they say about their board: the searches'
        counters and times and the deductions' seconds (a stricter profile's decision inside
        a weaker one's: its forced edges and pieces are not the weaker board's)."""
        spent = SolveStats(presolve_seconds=self.presolve_seconds)
        spent.add_search(self)
        return spent


FIGURES = [f.name for f in fields(SolveStats)]
TIMES = frozenset(name for name in FIGURES if name.endswith("_seconds"))
SEARCH_FIGURES = [f.name for f in fields(SolveStats)
                  if f.name not in ("edges", "presolved_edges", "presolve_seconds", "pieces",
                                    "route", "presolve_stage", "frontier",
                                    "frontier_decision")]
"""The figures one search adds to another's."""

ROUTE_FIGURES = [f.name for f in fields(SolveStats)
                 if f.name not in ("edges", "route", "presolve_stage", "frontier",
                                   "frontier_decision")]
"""The figures one route's outcome adds to the board's."""

PHASES = frozenset(f.name[:-len("_seconds")] for f in fields(SolveStats)
                   if f.name.endswith("_seconds"))
"""The phases a board's time is split into: ``presolve``, ``encode``, ``load``, ``sat``,
``decode``."""


def phase(stats: SolveStats, name: str) -> Phase:
    """``with phase(stats, "encode"):`` adds the seconds the block takes to
    ``stats.encode_seconds``, also when it raises (a deadline that passed while encoding was
    spent encoding): the one way the routes time their phases."""
    if name not in PHASES:
        raise ValueError(f"unknown phase {name!r} (known: {', '.join(sorted(PHASES))})")
    return Phase(stats, f"{name}_seconds")


class Phase:
    """The context manager :func:`phase` returns (a class, not a generator: it wraps every
    SAT call and every model read, where a generator's overhead would show)."""

    __slots__ = ("begun", "field", "stats")

    def __init__(self, stats: SolveStats, field: str):
        self.stats, self.field, self.begun = stats, field, 0.0

    def __enter__(self) -> None:
        self.begun = time.perf_counter()

    def __exit__(self, *exc: object) -> None:
        setattr(self.stats, self.field,
                getattr(self.stats, self.field) + time.perf_counter() - self.begun)
