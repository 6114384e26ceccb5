"""The solve as a person would do it: the grader's deductions, recorded step by step.

:func:`trace` runs the human grader (:func:`satlink.grading.grade`) with a recorder whose
state logs every change the techniques make (an edge decided, colours ruled out of a node).
After each technique that made progress the changes become :class:`Step` values: the forced
moves split by the node that caused them (one cell at a time, as a person makes them), the
other techniques by the colour they are about, each with one plain sentence.  A look-ahead step
names the move it tried and the contradiction that move ran into.

Recording costs only when asked: the grader and the presolve use plain states; a recording one
(``engine.state(puzzle, recording=True)``, :mod:`satlink.deduce.record` in Python, the same
log in the compiled engine) is made here.
"""

from __future__ import annotations

from collections.abc import Iterable

from satlink.board import Board
from satlink.deduce import Contradiction, Puzzle
from satlink.deduce.engines import Engine, StateLike
from satlink.deduce.record import RecordingState
from satlink.explain.failure import describe
from satlink.explain.steps import Failure, Step, Trace
from satlink.grading import DEFAULT_BUDGET, DEFAULT_DEPTH, grade
from satlink.rules import DEFAULT_RULES, Rules, parse_rules
from satlink.runtime.cancel import stop_if_cancelled

CANCEL_EVERY = 256
"""Steps made between looks at the budget's token (a step is a few microseconds)."""


class Recorder:
    """Turns the recording state's changes into steps (see :class:`satlink.grading.Recorder`)."""

    def __init__(self, board: Board):
        self.board = board
        self.steps: list[Step] = []
        self.state: StateLike | None = None
        self.current = "forced"
        self._refuted: tuple[tuple[str, int, int], Contradiction] | None = None

    def begin(self, puzzle: Puzzle, engine: Engine) -> StateLike:
        self.state = engine.state(puzzle, recording=True)
        return self.state

    def trying(self, technique: str) -> None:
        self.current = technique

    def refuted(self, tried: tuple[str, int, int], why: Contradiction) -> None:
        self._refuted = (tried, why)

    def step(self, technique: str) -> None:
        st = self.state
        changes, st.changes = st.changes, []
        if technique == "forced":
            for n, group in enumerate(_by_cause(st, changes)):
                if n % CANCEL_EVERY == 0:
                    stop_if_cancelled()  # a forced pass on a large board: 100,000s of steps
                self.steps.append(self._forced(group))
        elif technique.startswith("lookahead"):
            self.steps.append(self._lookahead(technique, changes))
        else:
            for n, (label, group) in enumerate(_by_colour(st, changes)):
                if n % CANCEL_EVERY == 0:
                    stop_if_cancelled()
                self.steps.append(self._grouped(technique, label, group))

    # -- sentences ----------------------------------------------------------------------
    def at(self, x: int) -> str:
        r, c = self.board.coord(x)
        return f"({r},{c})"

    def _cells(self, nodes: Iterable[int], most: int = 6) -> str:
        nodes = list(dict.fromkeys(nodes))
        text = ", ".join(self.at(x) for x in nodes[:most])
        return text + (f" and {len(nodes) - most} more" if len(nodes) > most else "")

    def _decided(self, changes: list[tuple]) -> Step:
        p = self.state.p
        step = Step("", "")
        for change in changes:
            if change[0] in ("on", "off"):
                (step.on if change[0] == "on" else step.off).append(p.edges[change[1]])
            else:
                _, x, removed, _left = change
                step.ruled_out.setdefault(x, []).extend(_labels(p, removed))
        return step

    def _forced(self, group: tuple[int, list[tuple]]) -> Step:
        x, changes = group
        p = self.state.p
        step = self._decided(changes)
        step.technique, step.cells = "forced", [x]
        where = self.at(x)
        end = p.end_label[x]
        whys = {c[3] for c in changes if c[0] == "off"}
        if step.ruled_out and not step.on and not step.off:
            step.sentence = (f"Cell {where} has too few ways left to be on a path: it stays "
                             "empty.")
        elif step.on and not step.off:
            others = self._cells(b if a == x else a for a, b in step.on)
            if end >= 0:
                step.sentence = (f"Endpoint {p.labels[end]} at {where} has one way out left: "
                                 f"its path leaves to {others}.")
            else:
                step.sentence = (f"Cell {where} has only as many ways left as its path needs: "
                                 f"the path goes through {others}.")
        elif step.off and not step.on:
            others = self._cells(b if a == x else a for a, b in step.off)
            if whys == {"full"}:
                step.sentence = (f"Cell {where} already has its path: its other sides (to "
                                 f"{others}) are closed.")
            elif whys == {"loop"}:
                step.sentence = (f"Joining {where} to {others} would close a loop: that side "
                                 "is closed.")
            else:
                step.sentence = (f"Joining {where} to {others} would join two different "
                                 "colours: that side is closed.")
        else:
            step.sentence = f"Cell {where}: the ways it has left are forced."
        return step

    def _grouped(self, technique: str, label: str | None, changes: list[tuple]) -> Step:
        step = self._decided(changes)
        step.technique = technique
        step.cells = list(step.ruled_out) or [x for ab in step.on + step.off for x in ab]
        cells = self._cells(step.cells)
        colour = f"colour {label}" if label else "a colour"
        if technique == "corner":
            step.sentence = (f"A path turns beside {cells}: the cell inside the bend cannot "
                             f"join either side of it (notouch), so {len(step.off)} side(s) "
                             "close.")
        elif technique == "notouch":
            if step.on:
                step.sentence = (f"Neighbours {cells} both carry {colour}: a path may not run "
                                 "beside itself, so they are joined.")
            elif step.ruled_out:
                step.sentence = (f"Beside a closed side, {cells} cannot be {colour} (it would "
                                 "touch its own path), or a block would lie on one path.")
            else:
                step.sentence = (f"A step at {cells} would make a path run beside itself: "
                                 "closed.")
        elif technique == "region":
            step.sentence = f"Colour {label} cannot reach {cells}: they are not {label}."
        elif technique == "bottleneck":
            taken = [x for x, labels in step.ruled_out.items()
                     if label and label not in labels and len(labels) >= 1
                     and _only(self.state, x) == label]
            if taken or step.on:
                step.sentence = (f"Every route of colour {label} crosses "
                                 f"{self._cells(taken or step.cells)}: the path takes it.")
            else:
                step.sentence = (f"Colour {label} cannot enter {cells} and get out again (a "
                                 f"pocket behind a single cell): they are not {label}.")
        else:
            step.sentence = f"{technique} decides {cells}."
        return step

    def _lookahead(self, technique: str, changes: list[tuple]) -> Step:
        step = self._decided(changes)
        step.technique = technique
        depth = technique.rsplit("-", 1)[1]
        if self._refuted is None:  # cannot happen: a look-ahead step follows a refutation
            step.sentence = f"Look-ahead ({depth}) decides {self._cells(step.cells)}."
            return step
        (kind, a, b), why = self._refuted
        self._refuted = None
        failure = describe(self.board, self.state.p, why)
        if kind == "edge":
            x, y = self.state.p.edges[a]
            step.cells = [b, y if x == b else x]
            move = f"the step {self.at(step.cells[0])} -> {self.at(step.cells[1])}"
        else:
            step.cells = [a]
            move = f"leaving {self.at(a)} {'empty' if kind == 'empty' else 'on a path'}"
        step.tried = {"move": kind, "cells": self.board.coords(step.cells),
                      "failure": failure[0], "failure_sentence": failure[1],
                      "failure_cells": self.board.coords(failure[2])}
        step.sentence = (f"Look-ahead ({depth} deep): trying {move} leads to a contradiction "
                         f"({failure[1]}), so it is ruled out.")
        return step


def _labels(p: Puzzle, mask: int) -> list[str]:
    out = [p.labels[k] for k in members(mask & p.colours)]
    if p.unused and mask & p.unused:
        out.append("empty")
    return out


def members(mask: int) -> list[int]:
    """The bits set in ``mask``, ascending: one pass over its binary digits (shifting the mask
    once per colour costs colours x colours / 64 words on a board of many labels)."""
    digits = bin(mask)[:1:-1]  # bit 0 first
    out = []
    at = digits.find("1")
    while at >= 0:
        out.append(at)
        at = digits.find("1", at + 1)
    return out


def _only(st: StateLike, x: int) -> str | None:
    c = st.colour(x) & st.p.colours
    return st.p.labels[c.bit_length() - 1] if c and not c & (c - 1) else None


def _by_cause(st: StateLike, changes: list[tuple]) -> list[tuple[int, list[tuple]]]:
    """Forced changes grouped by the node that made them, in order (the forced rules decide
    the ways around one node at a time)."""
    groups: list[tuple[int, list[tuple]]] = []
    for n, change in enumerate(changes):
        if n % (CANCEL_EVERY * 16) == 0:
            stop_if_cancelled()  # a forced pass on a large board: 100,000s of changes
        cause = change[1] if change[0] == "colour" else change[2]
        if groups and groups[-1][0] == cause:
            groups[-1][1].append(change)
        else:
            groups.append((cause, [change]))
    return groups


def _by_colour(st: StateLike, changes: list[tuple]) -> list[tuple[str | None, list[tuple]]]:
    """Changes grouped by the one colour they are about (an edge's colour is its chain's once
    known), in order of first appearance; the rest together."""
    p = st.p
    groups: dict[str | None, list[tuple]] = {}
    for n, change in enumerate(changes):
        if n % (CANCEL_EVERY * 16) == 0:
            stop_if_cancelled()
        if change[0] == "colour":
            removed, left = change[2] & p.colours, change[3] & p.colours
            mask = left if left and not left & (left - 1) and removed.bit_count() > 1 else removed
        else:
            a, _ = p.edges[change[1]]
            mask = st.colour(a) & p.colours
        label = p.labels[mask.bit_length() - 1] if mask and not mask & (mask - 1) else None
        groups.setdefault(label, []).append(change)
    return list(groups.items())


def trace(board: Board, rules: Rules | str | None = DEFAULT_RULES, *, depth: int = DEFAULT_DEPTH,
          budget: int = DEFAULT_BUDGET, using: Engine | None = None) -> Trace:
    """Solve ``board`` as the grader does and record every step.  A board with no solution
    ends with the :class:`Failure` the deductions ran into; one the deductions cannot finish
    (not unique, or past the look-ahead's ``depth`` and ``budget``) ends incomplete."""
    rules = parse_rules(rules)  # a library entry point: a profile name is welcome here
    recorder = Recorder(board)
    try:
        graded = grade(board, rules, depth=depth, budget=budget, recorder=recorder, using=using)
    except Contradiction as why:
        st = recorder.state
        kind, text, nodes, edges = describe(board, st.p, why, st)
        label = st.p.labels[why.label] if why.label >= 0 else None
        failure = Failure(kind, recorder.current, text[0].upper() + text[1:] + ".", label,
                          nodes, edges, len(recorder.steps))
        return Trace(recorder.steps, None, failure)
    return Trace(recorder.steps, graded, complete=graded.solution is not None)


__all__ = ["Recorder", "RecordingState", "trace"]
