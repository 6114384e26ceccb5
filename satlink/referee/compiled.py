"""The compiled referee (``satlink.referee._check``, C++ in ``satlink/referee/core``) and the
choice between it and the Python referee.

The Python referee (:mod:`satlink.referee.paths`) walks every cell of a solution in Python: on
a board the deductions finish, that walk cost as much as finding the solution.  The compiled
one checks the same rules, from the same inputs (the board's characters, its geometry
description, the claimed paths) and, like it, never from the board graph or the deduction
engine, so neither can certify its own answer.  It only says *valid*; a solution it rejects
goes to the Python referee, whose messages stay the only ones satlink prints (a rejected
solution is the rare case).  ``tests/referee/test_compiled.py`` holds the two to one verdict
on every corpus board and on random boards of every geometry.

The extension is optional, like the compiled engine (``setup.py``): without it every check
is the Python one.  The environment variable ``SATLINK_REFEREE`` (``python`` or ``compiled``)
chooses explicitly, for comparisons and tests.
"""

from __future__ import annotations

import os
from array import array
from collections.abc import Mapping
from importlib import import_module
from itertools import accumulate, chain
from typing import Any
from weakref import ref

from satlink.board import Board
from satlink.rules import Rules
from satlink.solution import Solution

ENVIRONMENT = "SATLINK_REFEREE"

try:  # (by name: the extension is a leaf importing nothing of satlink, not the package's face)
    _check: Any = import_module("satlink.referee._check")
except ImportError:  # built without a C++ compiler: the Python referee does every check
    _check = None

_last: tuple[ref[Board], Any, array] | None = None
"""The last board's compiled form and its endpoints in label order: a verdict checks one
board's solutions one after another (a board is no dictionary key: it holds dictionaries)."""


def available() -> bool:
    """Whether the compiled referee is built and not switched off by ``SATLINK_REFEREE``."""
    choice = os.environ.get(ENVIRONMENT, "")
    if choice not in ("", "python", "compiled"):
        raise ValueError(f"{ENVIRONMENT} is python or compiled, not {choice!r}")
    if choice == "compiled" and _check is None:
        raise RuntimeError(f"{ENVIRONMENT}=compiled, but satlink.referee._check is not built "
                           "(pip install . with a C++ compiler)")
    return _check is not None and choice != "python"


def compiled_board(board: Board) -> Any:
    """The board as the compiled referee reads it: size, cell kind, warps, each cell's
    character, walls and bridges (the geometry description, not the board graph)."""
    return _compiled(board)[0]


def _compiled(board: Board) -> tuple[Any, array]:
    """:func:`compiled_board` and the board's endpoints in label order, as the check takes
    them (both read from the board, kept for its next solution)."""
    global _last
    last = _last  # (one read: another thread may replace it)
    if last is not None and last[0]() is board:
        return last[1], last[2]
    geometry = board.geometry
    walls = array("q", [cell for pair in sorted(geometry.walls) for cell in pair])
    made = _check.Board(board.width, board.height, geometry.kind == "hex", geometry.wrap,
                        "".join(board.rows).encode("utf-32-le"), walls,
                        array("q", geometry.bridges))
    ends = array("q", chain.from_iterable(map(board.endpoints.__getitem__, board.labels)))
    _last = (ref(board), made, ends)
    return made, ends


def valid(board: Board, solution: Solution, rules: Rules) -> bool:
    """Whether ``solution`` solves ``board`` under ``rules``, by the compiled referee (which
    must be :func:`available`).  False also for what it cannot read (a path that is no
    sequence of integers, labels that are not the board's): the Python referee then says
    what is wrong."""
    paths: Mapping[str, Any] = solution.paths
    labels = board.labels
    if len(paths) != len(labels) or not all(label in paths for label in labels):
        return False
    ordered = list(map(paths.__getitem__, labels))
    try:  # (each array made in one call: a call per label was most of this function's time)
        nodes = array("q", chain.from_iterable(ordered))
        offsets = array("q", accumulate(map(len, ordered), initial=0))
    except (TypeError, OverflowError):
        return False
    made, ends = _compiled(board)
    return made.valid(nodes, offsets, ends, rules.fill, rules.notouch, rules.no2x2)


def describe() -> str:
    """One line for ``satlink --version``."""
    try:
        chosen = available()
    except (RuntimeError, ValueError) as exc:
        return f"solution referee: {exc}"
    if chosen:
        return "solution referee: compiled (C++; the Python one words what is wrong)"
    if _check is None:
        return "solution referee: python (the compiled referee was not built)"
    return f"solution referee: python (chosen by {ENVIRONMENT})"
