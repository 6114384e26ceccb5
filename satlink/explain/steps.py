"""The values a trace is made of: each :class:`Step` a person would take, the :class:`Failure`
a board without solution runs into, and the whole :class:`Trace`; each with its JSON form."""

from __future__ import annotations

from dataclasses import dataclass, field

from satlink.board import Board
from satlink.grading import LEVEL, Grade


@dataclass
class Step:
    """One deduction: the technique, what it decided and one plain sentence."""

    technique: str
    sentence: str
    cells: list[int] = field(default_factory=list)
    """Nodes the step is about (the cell that forced it, the cells a colour left)."""
    on: list[tuple[int, int]] = field(default_factory=list)
    """Edges (node pairs) the step decided are on a path."""
    off: list[tuple[int, int]] = field(default_factory=list)
    """Edges the step decided are not."""
    ruled_out: dict[int, list[str]] = field(default_factory=dict)
    """Node -> labels ruled out there (``"empty"``: the node is on some path)."""
    tried: dict | None = None
    """Look-ahead: the move tried and why it failed (``move``, ``failure``)."""

    @property
    def level(self) -> int:
        return LEVEL[self.technique]

    def as_dict(self, board: Board) -> dict:
        out = {"technique": self.technique, "level": self.level, "sentence": self.sentence,
               "cells": board.coords(self.cells),
               "on": [board.coords(ab) for ab in self.on],
               "off": [board.coords(ab) for ab in self.off],
               "ruled_out": [{"cell": list(board.coord(x)), "labels": labels}
                             for x, labels in self.ruled_out.items()]}
        if self.tried is not None:
            out["tried"] = self.tried
        return out


@dataclass
class Trace:
    """The recorded solve: every step, the grade it earned, and where it stopped."""

    steps: list[Step]
    grade: Grade | None
    """None when the deductions hit a contradiction (the board has no solution)."""
    failure: Failure | None = None
    complete: bool = False

    @property
    def lookahead(self) -> list[int]:
        """Indices of the steps that needed look-ahead."""
        return [i for i, s in enumerate(self.steps) if s.technique.startswith("lookahead")]

    def as_dict(self, board: Board) -> dict:
        return {"complete": self.complete,
                "grade": None if self.grade is None else self.grade.as_dict(),
                "lookahead_steps": self.lookahead,
                "steps": [s.as_dict(board) for s in self.steps],
                "failure": None if self.failure is None else self.failure.as_dict(board)}


@dataclass
class Failure:
    """The deduction that fails and where: what the engine's :class:`Contradiction` said, after
    ``after`` steps of the trace (and with which technique running)."""

    kind: str
    technique: str
    sentence: str
    label: str | None
    cells: list[int]
    edges: list[tuple[int, int]]
    after: int

    def as_dict(self, board: Board) -> dict:
        return {"kind": self.kind, "technique": self.technique, "sentence": self.sentence,
                "label": self.label, "cells": board.coords(self.cells),
                "edges": [board.coords(ab) for ab in self.edges], "after_steps": self.after}
