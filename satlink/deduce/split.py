"""A complete search by case splits on the deduction engine: solutions without SAT.

Deduce to a fixpoint; if the state is complete it is a solution (chains never close a loop and
every node has the edges it needs, so the ON edges are one path per colour); if it is stuck,
split on the ways out of the most constrained path end (:meth:`State.heads`: it takes exactly
one of its undecided edges, so the cases are disjoint and together cover every solution), or,
where no path end is left, on the first undecided edge (on or off).  Two leaves therefore
differ in at least one edge: the solutions found are distinct edge sets, which is what
uniqueness counts.

The search stops after ``limit`` solutions, when it has visited ``budget`` states (it then
says it did not cover every case), or past ``max_depth`` splits.  This is the Python
reference of the compiled search (``Split`` in ``satlink/deduce/core``): same order, same
solutions, same counts.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from satlink.deduce.passes import fixpoint, passes_named
from satlink.deduce.puzzle import UNKNOWN, BudgetSpent, Contradiction
from satlink.deduce.state import State


@dataclass
class CaseSplits:
    """One search by case splits: its bounds, what it found, and :meth:`run`."""

    budget: int
    limit: int = 2
    passes: Sequence[str] = ("corner", "notouch")
    max_depth: int = 1 << 30
    deadline: float | None = None
    nodes: int = 0
    solutions: list[bytes] = field(default_factory=list)
    """The edge states of each solution found (``ON``/``OFF`` per edge)."""

    def run(self, st: State, depth: int = 0) -> None:
        """Search from ``st`` (which it consumes); raises :class:`BudgetSpent` when a bound
        stops it before every case is covered."""
        self.nodes += 1
        if self.nodes > self.budget or depth > self.max_depth:
            raise BudgetSpent
        try:
            fixpoint(st, passes_named(self.passes), self.deadline)
        except Contradiction:
            return
        if st.complete():
            self.solutions.append(bytes(st.es))
            return
        heads = st.heads()
        if heads:
            x = heads[0]
            for e, _ in st.p.inc[x]:
                if st.es[e] != UNKNOWN:
                    continue
                child = st.copy()
                try:
                    child.set_on(e)
                except Contradiction:
                    continue
                self.run(child, depth + 1)
                if len(self.solutions) >= self.limit:
                    return
            return
        e = st.es.index(UNKNOWN)
        for on in (True, False):
            child = st.copy()
            try:
                child.set_on(e) if on else child.set_off(e)
            except Contradiction:
                continue
            self.run(child, depth + 1)
            if len(self.solutions) >= self.limit:
                return


__all__ = ["CaseSplits"]
