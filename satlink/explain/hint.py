"""The next deduction from a partly solved board.

*Progress* is the paths drawn so far, in the form a record's ``solution`` takes: a JSON object
``{"paths": {"A": [[row, col], ...], ...}}`` (``"solution"`` is accepted for ``"paths"``), each
label's value one drawn piece (cells in order, each a neighbour of the last) or a list of
pieces.  A piece need not start at an endpoint; a piece's cells are taken to carry its label.

:func:`hint` lays the pieces on the deduction engine's state and runs the step-by-step solve
from there (:mod:`satlink.explain.trace`): the first step is the hint.  The solve goes on to
the end, so a drawing that cannot be completed is told so, with the deduction that fails.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field

from satlink.board import Board
from satlink.deduce import Contradiction, OutOfTime, Puzzle
from satlink.deduce.engines import Engine, StateLike
from satlink.explain.failure import describe
from satlink.explain.steps import Failure, Step
from satlink.explain.trace import Recorder
from satlink.formats import InputError
from satlink.grading import grade
from satlink.graph import edge
from satlink.referee import is_valid
from satlink.rules import DEFAULT_RULES, Rules, parse_rules
from satlink.runtime.cancel import Cancelled, stop_if_cancelled
from satlink.solution import Solution

Pieces = dict[str, list[list[int]]]


class _First(Exception):
    """Stop the solve at the first step (the hint) when the rest is not wanted."""


@dataclass
class Hint:
    """``kind``: ``step`` (the next deduction, in ``step``), ``wrong`` (the drawing breaks a
    rule or cannot be completed: ``failure``), ``solved`` (nothing left), ``stuck`` (no
    technique of the grader applies), ``timeout`` (no step found within the budget of the
    work it runs in: :func:`satlink.runtime.cancel.within`)."""

    kind: str
    board: Board = field(repr=False)
    step: Step | None = None
    failure: Failure | None = None
    drawn: int = 0
    """Edges the progress drew."""

    def sentence(self) -> str:
        if self.kind == "step" and self.step is not None:
            text = self.step.sentence
            if self.failure is not None:
                text += f" (But the drawing cannot be completed: {self.failure.sentence})"
            return text
        if self.kind == "wrong" and self.failure is not None:
            return f"The drawing cannot be right: {self.failure.sentence}"
        if self.kind == "solved":
            return "The board is solved."
        if self.kind == "timeout":
            return "No hint found within the time allowed."
        return "No technique the grader knows makes progress from here."

    def as_dict(self) -> dict:
        from satlink.explain.explanation import EXPLAIN_VERSION

        return {"explain_version": EXPLAIN_VERSION, "kind": self.kind,
                "sentence": self.sentence(), "drawn_edges": self.drawn,
                "step": None if self.step is None else self.step.as_dict(self.board),
                "failure": None if self.failure is None else self.failure.as_dict(self.board)}


def read_progress(text: str, board: Board, source: str = "<progress>") -> Pieces:
    """The pieces of a progress file, as graph nodes per label; a mistake raises a located
    :class:`~satlink.formats.InputError` (line and column for JSON syntax)."""
    def fail(message: str, line: int | None = None, column: int | None = None) -> InputError:
        return InputError(message, source, None, line, column)

    from satlink.formats.jsonl import _loads  # deep nesting: located, not a RecursionError

    try:
        data = _loads(text)
    except json.JSONDecodeError as exc:
        raise fail(f"not JSON: {exc.msg}", exc.lineno, exc.colno) from None
    if not isinstance(data, Mapping):
        raise fail("a progress file is a JSON object with 'paths'")
    paths = data.get("paths", data.get("solution"))
    if not isinstance(paths, Mapping):
        raise fail("a progress file needs 'paths': {label: [[row, col], ...]}")
    out: Pieces = {}
    for label, value in paths.items():
        if label not in board.endpoints:
            raise fail(f"label {label!r} is not on the board")
        if not isinstance(value, list):
            raise fail(f"label {label!r}: a piece is a list of [row, col] cells")
        pieces = [value] if not value or _is_cell(value[0]) else value
        for n, piece in enumerate(pieces, start=1):
            if not isinstance(piece, list) or not all(_is_cell(c) for c in piece):
                raise fail(f"label {label!r}, piece {n}: cells must be [row, col] pairs")
            cells = []
            for r, c in piece:
                cell = board.cell_at(r, c)
                if cell is None or board.is_solid(cell):
                    raise fail(f"label {label!r}, piece {n}: ({r},{c}) is not an open cell "
                               "of the board")
                cells.append(cell)
            nodes = list(board.path_nodes(cells))
            for a, b in zip(nodes, nodes[1:], strict=False):
                if edge(a, b) not in board.graph.edge_index:
                    (r1, c1), (r2, c2) = board.coord(a), board.coord(b)
                    raise fail(f"label {label!r}, piece {n}: ({r1},{c1}) and ({r2},{c2}) are "
                               "not neighbours")
            out.setdefault(label, []).append(nodes)
    return out


def _is_cell(value: object) -> bool:
    return (isinstance(value, list) and len(value) == 2
            and all(isinstance(v, int) and not isinstance(v, bool) for v in value))


class _ProgressRecorder(Recorder):
    """A recorder whose state starts with the drawn pieces laid down."""

    def __init__(self, board: Board, pieces: Pieces, first_only: bool):
        super().__init__(board)
        self.pieces = pieces
        self.first_only = first_only
        self.drawn = 0

    def begin(self, puzzle: Puzzle, engine: Engine) -> StateLike:
        st = super().begin(puzzle, engine)
        self.current = "drawing"  # a contradiction while laying the pieces is the drawing's
        if self.pieces:  # (the tables below cost a pass over every edge and label)
            self._lay(puzzle, st)
        st.changes = []
        self.current = "forced"
        return st

    def _lay(self, puzzle: Puzzle, st: StateLike) -> None:
        index = self.board.graph.edge_index
        colour = {label: k for k, label in enumerate(puzzle.labels)}  # not .index: a scan each
        for label, pieces in self.pieces.items():
            bit = 1 << colour[label]
            for nodes in pieces:
                stop_if_cancelled()  # a drawing of many paths on a board of many labels
                for x in nodes:
                    st.restrict(x, bit)
                for a, b in zip(nodes, nodes[1:], strict=False):
                    self.drawn += st.set_on(index[edge(a, b)])

    def trying(self, technique: str) -> None:
        stop_if_cancelled()  # between the grader's passes: a large board's solve takes minutes
        super().trying(technique)

    def step(self, technique: str) -> None:
        super().step(technique)
        if self.first_only and self.steps:
            raise _First


def hint(board: Board, rules: Rules | str | None = DEFAULT_RULES, pieces: Pieces | None = None, *,
         check_rest: bool = True, using: Engine | None = None) -> Hint:
    """The next deduction on ``board`` with ``pieces`` drawn (see :func:`read_progress`).
    ``check_rest``: solve on to the end, to tell a drawing that cannot be completed.  Run
    under a budget (:func:`satlink.runtime.cancel.within`), it stops when the budget is spent: the
    step found by then (the rest unchecked), else ``timeout``."""
    rules = parse_rules(rules)  # a library entry point: a profile name is welcome here
    if pieces and _complete_drawing(board, rules, pieces):
        return Hint("solved", board, None, None, sum(len(p[0]) - 1 for p in pieces.values()))
    recorder = _ProgressRecorder(board, pieces or {}, first_only=not check_rest)
    failure = None
    out_of_time = False
    try:
        grade(board, rules, recorder=recorder, using=using)
    except _First:
        pass
    except (Cancelled, OutOfTime):
        out_of_time = True
    except Contradiction as why:
        st: StateLike | None = recorder.state
        p = st.p if st is not None else Puzzle(board, rules)
        kind, text, nodes, edges = describe(board, p, why, st)
        label = p.labels[why.label] if why.label >= 0 else None
        failure = Failure(kind, recorder.current, text[0].upper() + text[1:] + ".", label,
                          nodes, edges, len(recorder.steps))
    st = recorder.state
    if recorder.steps:
        return Hint("step", board, recorder.steps[0], failure, recorder.drawn)
    if out_of_time:
        return Hint("timeout", board, None, None, recorder.drawn)
    if failure is not None:
        return Hint("wrong", board, None, failure, recorder.drawn)
    if st is not None and st.complete():
        return Hint("solved", board, None, None, recorder.drawn)
    return Hint("stuck", board, None, None, recorder.drawn)


def _complete_drawing(board: Board, rules: Rules, pieces: Pieces) -> bool:
    """Whether the pieces are a whole solution: one piece per label, endpoint to endpoint,
    that the referee accepts (the grader would only go on deciding the edges left off)."""
    if set(pieces) != set(board.labels) or any(len(p) != 1 for p in pieces.values()):
        return False
    return is_valid(board, Solution({label: tuple(p[0]) for label, p in pieces.items()}), rules)


__all__ = ["Hint", "hint", "read_progress"]
