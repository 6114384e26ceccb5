"""A state that logs every change with what made it: the raw material of an explanation.

:mod:`satlink.explain.trace` turns the log into the steps a person reads.  The compiled engine
records the same changes with the same causes (``satlink/deduce/core/state.cpp``), so an
explanation reads the same whichever engine made it.
"""

from __future__ import annotations

from satlink.deduce.puzzle import Puzzle
from satlink.deduce.state import State


class RecordingState(State):
    """A :class:`State` that logs every change with what made it: ``("on", e, cause)``,
    ``("off", e, cause, why)`` (``why``: ``loop``, ``colours`` or ``full``, the cause the node
    whose ways are used up) and ``("colour", node, removed, left)`` (colour masks of the
    node's chain).  Its copies (the look-ahead's trials) are plain states: a hypothesis is not
    a step."""

    __slots__ = ("changes",)

    def __init__(self, p: Puzzle):
        super().__init__(p)
        self.changes: list[tuple] = []

    def set_on(self, e: int) -> bool:
        a, b = self.p.edges[e]
        tight = [x for x in (a, b) if self.need(x) == self.on[x] + self.unk[x]]
        moved = super().set_on(e)
        if moved:
            self.changes.append(("on", e, tight[0] if tight else a))
        return moved

    def set_off(self, e: int) -> bool:
        a, b = self.p.edges[e]
        sa, sb = self.seg[a], self.seg[b]
        full = [x for x in (a, b) if self.on[x] and self.on[x] == self.need(x)]
        if sa == sb:
            cause, why = (full[0], "full") if full else (a, "loop")
        elif not self.col[sa] & self.col[sb] & self.p.colours:
            cause, why = (a if self.on[a] or self.p.end_label[a] >= 0 else b), "colours"
        else:
            cause, why = (full[0] if full else a), "full"
        moved = super().set_off(e)
        if moved:
            self.changes.append(("off", e, cause, why))
        return moved

    def restrict(self, x: int, mask: int) -> bool:
        old = self.col[self.seg[x]]
        moved = super().restrict(x, mask)
        if moved:
            new = self.col[self.seg[x]]
            self.changes.append(("colour", x, old & ~new, new))
        return moved


__all__ = ["RecordingState"]
