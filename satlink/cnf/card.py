"""At-most-one and exactly-one constraints, in the cardinality encoding the user picks.

``pairwise`` (the default) writes the binomial clauses directly, without auxiliaries: the
lists here are short (a cell's ≤ 4 edges, 6 shapes), where that is the smallest encoding.
Every other name is one of PySAT's ``CardEnc`` types, whose auxiliaries are registered with
:class:`Variables` so DIMACS headers still name them.  ``native`` keeps the constraint as a
native at-most-k for backends that have one (minicard, gluecard3, gluecard4).

Only at-most-one/exactly-one go through here; the "exactly two" / "zero or two" degree
constraints of path cells stay direct (at most four edges each).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from pysat.card import CardEnc, EncType

from satlink.cnf.clauses import Clauses
from satlink.cnf.variables import Variables


class Cardinality:
    """Writes at-most-one / exactly-one over literal lists into a clause family."""

    def __init__(self, method: str, vs: Variables, out: Clauses):
        """``method``: a name of :data:`~satlink.cnf.kinds.CARD_METHODS`, already checked by
        :class:`~satlink.solver.method.Method`."""
        self.method = method
        self.vs = vs
        self.out = out

    def exactly_one(self, lits: Sequence[int], family: str) -> None:
        self.out.extend(family, [list(lits)])  # an empty list: unsatisfiable, as it should be
        self.at_most_one(lits, family)

    def at_most_one(self, lits: Sequence[int], family: str) -> None:
        if len(lits) < 2:
            return
        if self.method == "pairwise" or len(lits) == 2:
            self.out.extend(family, [[-a, -b] for a, b in combinations(lits, 2)])
        elif self.method == "native":
            self.out.add_atmost(family, list(lits), 1)
        else:
            cnf = CardEnc.atmost(list(lits), bound=1, top_id=self.vs.top,
                                 encoding=getattr(EncType, self.method))
            self.vs.skip_to(cnf.nv)
            self.out.extend(family, cnf.clauses)

    def many_at_most_one(self, groups: Sequence[Sequence[int]], family: str) -> None:
        """The pairwise fast path for many small groups (one list, one extend)."""
        if self.method == "pairwise":
            self.out.extend(family, [[-a, -b] for g in groups for a, b in combinations(g, 2)])
            return
        for g in groups:
            self.at_most_one(g, family)
