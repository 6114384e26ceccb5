"""The two deduction engines behind one interface, and the choice between them.

* ``python``: the engine of this package (:mod:`satlink.deduce.state`, ``.local``, ``.reach``,
  ``.lookahead``): the reference, readable and always there.
* ``compiled``: the same state and rules in C++ (``satlink/deduce/core``, the extension
  ``satlink.deduce._core`` that ``pip install .`` builds with pybind11), applying the rules in
  the same order, so that decided edges, contradictions and grades agree board by board
  (``tests/deduce/test_engines.py``).  It releases the GIL while it works, and the studio's
  :class:`~satlink.runtime.cancel.CancelToken` interrupts it; :mod:`satlink.deduce.compiled`
  is its side of the boundary.

:func:`engine` gives the compiled one when it was built, else the Python one; the environment
variable ``SATLINK_ENGINE`` (``python`` or ``compiled``) chooses explicitly, for comparisons
and for the tests.  The build is optional on purpose (``setup.py``): an install on a machine
without a C++ compiler still works, only slower on large boards, and ``satlink --version``
says which engine runs.

Both engines' states answer the same questions (:class:`StateLike`); techniques are named by
the grader's names (``forced``, ``corner``, ``notouch``, ``region``, ``bottleneck``).
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from functools import cache
from typing import TYPE_CHECKING, Any, Protocol

from satlink.deduce.compiled import CompiledEngine
from satlink.deduce.puzzle import BudgetSpent, Contradiction, Puzzle
from satlink.solution import Solution

if TYPE_CHECKING:
    from satlink.deduce.lookahead import LookaheadBudget
    from satlink.deduce.split import CaseSplits

ENVIRONMENT = "SATLINK_ENGINE"


class StateLike(Protocol):
    """What callers may ask of either engine's state."""

    p: Puzzle

    def copy(self) -> StateLike: ...
    def set_on(self, e: int) -> bool: ...
    def set_off(self, e: int) -> bool: ...
    def restrict(self, x: int, mask: int) -> bool: ...
    def colour(self, x: int) -> int: ...
    def need(self, x: int) -> int: ...
    def complete(self) -> bool: ...
    def solved_nodes(self) -> int: ...
    def heads(self) -> list[int]: ...
    def undecided_nodes(self) -> list[int]: ...
    def reach(self, k: int, start: int) -> list[bool]: ...
    def solution(self) -> Solution: ...


class Engine(Protocol):
    name: str

    def state(self, puzzle: Puzzle, recording: bool = False) -> Any: ...
    def run(self, st: Any, technique: str) -> int: ...
    def finished(self, st: Any) -> bool: ...
    def fixpoint(self, st: Any, passes: Sequence[str], deadline: float | None = None) -> None: ...
    def lookahead(self, st: Any, depth: int, search: LookaheadBudget) -> int: ...
    def settle(self, st: Any, passes: Sequence[str], search: LookaheadBudget,
               depth: int = 1) -> bool: ...
    def first_stages(self, st: Any, passes: Sequence[str], deadline: float | None,
                     search: LookaheadBudget | None) -> tuple[str, bool, bool]: ...
    def split(self, st: Any, search: CaseSplits) -> bool: ...
    def solution(self, puzzle: Puzzle, es: bytes) -> Solution: ...


class PythonEngine:
    """The reference engine of this package."""

    name = "python"

    def state(self, puzzle: Puzzle, recording: bool = False) -> Any:
        from satlink.deduce.record import RecordingState
        from satlink.deduce.state import State

        return RecordingState(puzzle) if recording else State(puzzle)

    def run(self, st: Any, technique: str) -> int:
        from satlink.deduce.passes import TECHNIQUES

        return TECHNIQUES[technique](st)

    def finished(self, st: Any) -> bool:
        from satlink.deduce.local import finished

        return finished(st)

    def fixpoint(self, st: Any, passes: Sequence[str], deadline: float | None = None) -> None:
        from satlink.deduce.passes import fixpoint, passes_named

        fixpoint(st, passes_named(passes), deadline)

    def lookahead(self, st: Any, depth: int, search: LookaheadBudget) -> int:
        from satlink.deduce.lookahead import lookahead

        return lookahead(st, depth, search)

    def settle(self, st: Any, passes: Sequence[str], search: LookaheadBudget,
               depth: int = 1) -> bool:
        """Look-ahead and the fixpoint of ``passes`` after each refuted move, until finished,
        no move is refuted or the budget is spent; whether the board is finished."""
        from satlink.deduce.lookahead import settle

        return settle(st, passes, search, depth)

    def first_stages(self, st: Any, passes: Sequence[str], deadline: float | None,
                     search: LookaheadBudget | None) -> tuple[str, bool, bool]:
        """Presolve's fixpoint and look-ahead (:func:`satlink.deduce.lookahead.first_stages`;
        ``search`` None: the fixpoint alone): the stage reached, whether the board is
        finished, whether a contradiction ended them."""
        if search is None:
            try:
                self.fixpoint(st, passes, deadline)
            except Contradiction:
                return "fixpoint", False, True
            return "fixpoint", self.finished(st), False
        from satlink.deduce.lookahead import first_stages, one_deadline

        one_deadline(deadline, search)
        return first_stages(self, st, passes, search)

    def split(self, st: Any, search: CaseSplits) -> bool:
        """Search ``st`` (consumed) by case splits; the solutions land in ``search``; True
        when every case was covered or ``search.limit`` solutions were found."""
        try:
            search.run(st)
        except BudgetSpent:
            return len(search.solutions) >= search.limit
        return True

    def solution(self, puzzle: Puzzle, es: bytes) -> Solution:
        """The solution whose edge states are ``es`` (one path per colour)."""
        edges = puzzle.edges
        return Solution.from_edges(puzzle.board, (edges[e] for e, s in enumerate(es) if s == 1))


PYTHON = PythonEngine()


@cache
def compiled() -> CompiledEngine | None:
    """The compiled engine, or None where the extension was not built."""
    try:
        from satlink.deduce import _core  # type: ignore[attr-defined]
    except ImportError:
        return None
    return CompiledEngine(_core)


def engine_named(name: str) -> Engine:
    """``python`` or ``compiled``; asking for the compiled one where it was not built is an
    error that says so."""
    if name == "python":
        return PYTHON
    if name == "compiled":
        found = compiled()
        if found is None:
            raise RuntimeError("satlink's compiled deduction engine is not built in this "
                               "installation (no C++ compiler at install time?); reinstall with "
                               "g++ present, or set SATLINK_ENGINE=python")
        return found
    raise ValueError(f"unknown deduction engine {name!r}: python or compiled")


def engine() -> Engine:
    """The engine in use: ``SATLINK_ENGINE`` if set, else the compiled one where built."""
    chosen = os.environ.get(ENVIRONMENT, "").strip()
    if chosen:
        return engine_named(chosen)
    return compiled() or PYTHON


TINY_NODES = 64
"""Boards up to this many nodes are deduced by the Python engine unless one is asked for: the
whole deduction takes it less time than loading the compiled core (a 2x2 check process
starts as fast as before the core existed)."""


TINY_BOARDS_IN_PYTHON = 4
"""How many tiny boards a process deduces with the Python engine before it loads the compiled
one: a single small check starts as fast as ever, while a batch of small boards pays the
core's loading once and then deduces each board several times faster
(``benchmarks/README.md``, "Tiny boards in a batch").  Both engines make the same
deductions in the same order (tests/deduce), so the verdicts, grades and records are the same
whichever one a board gets."""

_tiny_boards_seen = 0


def engine_for(nodes: int) -> Engine:
    """The engine for a board of ``nodes`` graph nodes: :func:`engine`, but the Python one for
    a process's first :data:`TINY_BOARDS_IN_PYTHON` tiny boards, while the compiled engine is
    not loaded and none was asked for by ``SATLINK_ENGINE``."""
    global _tiny_boards_seen
    if (nodes <= TINY_NODES and _tiny_boards_seen < TINY_BOARDS_IN_PYTHON
            and not compiled.cache_info().currsize
            and not os.environ.get(ENVIRONMENT, "").strip()):
        _tiny_boards_seen += 1  # a lost count under threads costs one board the Python engine
        return PYTHON
    return engine()


def describe() -> str:
    """One line for ``satlink --version``."""
    try:
        chosen = engine()
    except (RuntimeError, ValueError) as exc:
        return f"deduction engine: {exc}"
    if chosen.name == "compiled":
        return "deduction engine: compiled (C++)"
    if compiled() is None:
        return ("deduction engine: python (the compiled core was not built: no C++ compiler at "
                "install time? large boards are decided slower)")
    return f"deduction engine: python (chosen by {ENVIRONMENT})"


__all__ = ["ENVIRONMENT", "PYTHON", "TINY_BOARDS_IN_PYTHON", "TINY_NODES", "CompiledEngine", "Engine",
           "PythonEngine", "StateLike", "compiled", "describe", "engine", "engine_for", "engine_named"]
