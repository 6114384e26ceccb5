"""The values of a chain repair: what a designer allows (:class:`Constraints`), each edit on
the way with the verdict it led to (:class:`Step`), and the whole :class:`Chain`, with their
JSON forms.

One vocabulary for every repair a designer sees (:func:`outcome_words`): a single edit
proposed and a step of a chain both say what the board is after them in the same words,
including the designer's constraint the board still breaks ("unique, but path A has 2 cells
(at least 3 wanted)"), so a proposal list and a chain never read as contradicting each
other."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace

from satlink.board import Board
from satlink.repair.near_edits import DEFAULT_REACH
from satlink.rules import Rules
from satlink.solution import Solution
from satlink.solver.method import DEFAULT_METHOD, Method
from satlink.solver.verdict import Status, Verdict


def outcome_words(status: Status, count: int = 0, count_complete: bool = True,
                  breaks: tuple[str, ...] = ()) -> str:
    """What a board is after an edit, in the words every repair list uses: ``unique``,
    ``unique, but path A has 2 cells (at least 3 wanted)``, ``3 solutions`` (``16+``
    when the count stopped at its bound), ``unsolvable``, ``no verdict in time``."""
    if status == Status.UNIQUE:
        return "unique" + (", but " + "; ".join(breaks) if breaks else "")
    if status == Status.MULTIPLE:
        return f"{max(count, 2)}{'' if count_complete else '+'} solutions"
    if status == Status.TIMEOUT:
        return "no verdict in time"
    return str(status)


def seconds_words(seconds: float) -> str:
    """A budget or a time in the words people read: ``2 s``, ``0.3 s``, ``10 s`` (a budget
    trimmed to the request's deadline, 9.99979 s, is read as the 10 s it was)."""
    text = f"{seconds:.1f}".rstrip("0").rstrip(".")
    return f"{text if text not in ('', '-0') else '0'} s"


def reason_words(reason: str) -> str:
    """Why a search ended, as a clause (``budget`` is said as what happened)."""
    return {"budget": "the time or check budget ran out"}.get(reason, reason)


@dataclass(frozen=True)
class Constraints:
    """What a designer allows a repair to do (see the module's docstring)."""

    min_length: int = 3
    colours: int | None = None
    """Most pairs more or fewer than the input; None: as many as the chain's edits for a
    ``multiple`` board (each cut of a solution adds a pair, as draw mode's cuts do, so a
    chain may cut as often as draw mode), 1 for any other (:meth:`for_input`)."""
    symmetry: bool = True
    solids: bool = False
    walls: bool | None = False
    given: tuple[tuple[str, tuple[int, ...]], ...] = ()
    """The input's pairs (label, endpoints) whose path is shorter than ``min_length`` in
    every known solution of a board that is not unique: that short path is the designer's
    own, and it never holds a repair back while its endpoints stay (draw mode offers fixes on
    drawings with two-cell paths; Repair must too).  Set by :meth:`excusing`; not one of the
    designer's choices, so not in :meth:`as_dict`."""

    def for_input(self, status: Status, max_edits: int) -> Constraints:
        """These constraints with ``colours`` settled for an input of ``status`` repaired
        by at most ``max_edits`` edits."""
        colours = self.colours
        if colours is None:
            colours = max_edits if status == Status.MULTIPLE else 1
        return replace(self, colours=colours)

    def excusing(self, board: Board, solutions: list[Solution]) -> Constraints:
        """These constraints with the pairs of ``board`` whose paths are short in every one
        of its ``solutions`` as the designer's own (:attr:`given`), unless some were given
        already (a nested search keeps the input's)."""
        if self.given or not solutions:
            return self
        short = set.intersection(*(set(self.short_paths(board, s)) for s in solutions))
        return replace(self, given=tuple(sorted((label, tuple(sorted(board.endpoints[label])))
                                                for label in short)))

    def too_short(self, board: Board, solution: Solution) -> bool:
        """Whether ``solution`` has a path of fewer cells than ``min_length`` (a bridge
        crossed counts once): such a unique board is no repair, as ``generate`` refuses it."""
        return bool(self.short_paths(board, solution))

    def short_paths(self, board: Board, solution: Solution) -> dict[str, int]:
        """The paths of ``solution`` shorter than ``min_length``: label -> cells."""
        out = {}
        given = dict(self.given)
        for label, path in solution.paths.items():
            if label in given and given[label] == tuple(sorted(board.endpoints[label])):
                continue  # the designer's own pair, where they put it
            cells = len({board.node_cell(x) for x in path})
            if cells < self.min_length:
                out[label] = cells
        return out

    def breaks(self, board: Board, verdict: Verdict) -> tuple[str, ...]:
        """What the designer allows that a unique ``verdict`` of ``board`` still breaks, in
        words (nothing for other verdicts: they are not puzzles yet either way)."""
        if verdict.status != Status.UNIQUE or not verdict.solutions:
            return ()
        return tuple(f"path {label} has {cells} cell{'s' if cells != 1 else ''} (at least "
                     f"{self.min_length} wanted)"
                     for label, cells in self.short_paths(board, verdict.solutions[0]).items())

    def as_dict(self) -> dict:
        return {"min_length": self.min_length, "colours": self.colours,
                "symmetry": self.symmetry, "solids": self.solids, "walls": self.walls}


@dataclass(frozen=True)
class ChainOptions:
    """How :func:`~satlink.repair.chains.repair_chain` searches: the designer's constraints,
    the budget and the search's own knobs.  Built once (a command's options, a studio
    request) and handed down whole; the nested searches take a copy with a few knobs
    changed (:func:`dataclasses.replace`)."""

    method: Method = DEFAULT_METHOD
    """How each board is checked (the SAT back end and encoding)."""
    constraints: Constraints = Constraints()
    """What the designer allows (see :class:`Constraints`)."""
    max_edits: int = 3
    """The longest chain: a repair that needs more edits is a different board, not a fix."""
    seconds: float = 10.0
    """The wall-clock budget of the whole search; past it the best partial chain is
    returned, and says so."""
    checks: int = 20000
    """The most boards checked: a budget that does not depend on the machine's speed."""
    bound: int = 16
    """Solutions counted per board: the distance to one solution that ranks the boards."""
    timeout: float | None = None
    """Seconds per check (None: what is left of the budget), so one hard board cannot take
    the whole budget."""
    kinds: frozenset[str] | None = None
    """The edits tried (None: every kind the constraints allow)."""
    per_board: int = 80
    """The most children checked per board expanded, cheapest edits first: the search goes
    deeper before it goes wide."""
    nearest: bool = True
    """Whether an unsolvable board goes first through the nearest solvable board and a
    ``multiple`` board through the fewest cuts (the search over single edits takes what time
    is left if they find nothing)."""
    reach: int = DEFAULT_REACH
    """How far an endpoint may move in the nearest-board stage's first pass."""
    pairs: tuple[int, int] | None = None
    """The pair counts allowed, lowest and highest (None: the input's, +-
    ``constraints.colours``): a nested search keeps the span of the draft it started from."""
    progress: Callable[[str], None] | None = None
    """Told, in words, which stage the search is in and how far it got."""


@dataclass(frozen=True)
class Step:
    """One edit of a chain and the board it leads to, with that board's count."""

    kind: str
    description: str
    cells: tuple[int, ...]
    changed: int
    board: Board
    status: Status
    count: int
    count_complete: bool
    breaks: tuple[str, ...] = ()
    """The designer's constraints the board after this step still breaks (a unique board
    with a path too short): the steps after it go on to mend them."""

    @classmethod
    def of(cls, kind: str, description: str, cells: tuple[int, ...], changed: int,
           board: Board, verdict: Verdict, constraints: Constraints) -> Step:
        """The step that made ``board``, whose check is ``verdict``."""
        return cls(kind, description, tuple(cells), changed, board, verdict.status,
                   verdict.count or len(verdict.solutions), bool(verdict.count_complete),
                   constraints.breaks(board, verdict))

    @property
    def outcome(self) -> str:
        return outcome_words(self.status, self.count, self.count_complete, self.breaks)

    def as_dict(self) -> dict:
        return {"kind": self.kind, "description": self.description,
                "cells": [list(self.board.coord(x)) for x in self.cells],
                "changed": self.changed, "grid": list(self.board.rows),
                "status": str(self.status), "count": self.count,
                "count_complete": self.count_complete, "breaks": list(self.breaks),
                "outcome": self.outcome}


@dataclass
class Chain:
    """What :func:`repair_chain` found: the edits, each board's count, and the end."""

    status: Status  # the input's
    count: int  # the input's solution count (up to ``bound``)
    count_complete: bool
    rules: Rules
    constraints: Constraints
    steps: list[Step] = field(default_factory=list)
    solution: Solution | None = None  # the final board's unique solution, when repaired
    repaired: bool = False
    proven: bool = False  # unique by check and the solution valid by the referee
    partial: bool = False  # the budget ran out: ``steps`` is the best progress found
    reason: str = ""
    checks: int = 0
    seconds: float = 0.0
    symmetries: list[str] = field(default_factory=list)
    board: Board | None = None  # the input
    via: str = "search"
    """How the chain was found: ``search`` (best first over single edits) or ``nearest``
    (the nearest solvable board by SAT, then the search from it) or ``cuts`` (the fewest
    cuts of one solution that leave it the only one, :mod:`satlink.repair.hitting`)."""

    @property
    def final(self) -> Board | None:
        return self.steps[-1].board if self.steps else self.board

    @property
    def changed(self) -> int:
        return sum(s.changed for s in self.steps)

    def as_dict(self) -> dict:
        out = {"status": str(self.status), "count": self.count,
               "count_complete": self.count_complete, "rules": str(self.rules),
               "constraints": self.constraints.as_dict(), "symmetries": self.symmetries,
               "repaired": self.repaired, "proven": self.proven, "partial": self.partial,
               "reason": self.reason, "edits": len(self.steps), "changed": self.changed,
               "checks": self.checks, "seconds": round(self.seconds, 3), "via": self.via,
               "steps": [s.as_dict() for s in self.steps]}
        final = self.final
        if final is not None:
            out["grid"] = list(final.rows)
        if self.solution is not None and final is not None:
            out["solution"] = self.solution.to_coords(final)
        return out
