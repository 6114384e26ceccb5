"""Substitute known literals into a CNF before a solver sees it.

The forced moves decide edges that hold in every solution (:mod:`satlink.solver.presolve`).
Handed to the solver as unit clauses, they leave it every clause they satisfy and every
literal they falsify to load and then discard.  Substituted here instead, a clause one of
them satisfies is dropped and a literal one of them falsifies is left out; the known literals
themselves stay, as unit clauses, so a model still names every variable.  Only the literals
given are substituted (no unit propagation): what they imply is the solver's first
propagation, which costs it little.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from satlink.cnf.clauses import Clauses

FAMILY = "substituted"
"""The family every clause kept is counted under (the encoding's families are counted before
substitution, in the encoding the clauses came from)."""


class Falsified(Exception):
    """Every literal of some clause is false: the known literals contradict the CNF."""


def substitute(clauses: Clauses, known: Sequence[int], top: int) -> Clauses:
    """A new clause store: ``clauses`` with the literals of ``known`` (variables up to
    ``top``) substituted, plus ``known`` as unit clauses.  Native cardinality constraints are
    kept whole (they stay sound beside the units).  Raises :class:`Falsified` when a clause
    loses every literal."""
    value = np.zeros(top + 1, dtype=np.int8)
    for lit in known:
        value[abs(lit)] = 1 if lit > 0 else -1
    out = Clauses()
    by_width: dict[int, list[np.ndarray]] = {}
    for part in clauses.parts():
        if isinstance(part, np.ndarray):
            by_width.setdefault(part.shape[1], []).append(part)
        else:
            _substitute_lists(part, value, out)
    for parts in by_width.values():  # one pass per clause width: numpy's cost is per call
        _substitute_array(np.concatenate(parts) if len(parts) > 1 else parts[0], value, out)
    out.extend(FAMILY, [[lit] for lit in known])
    for lits, bound in clauses.atmost:
        out.add_atmost(FAMILY, lits, bound)
    return out


def _substitute_array(part: np.ndarray, value: np.ndarray, out: Clauses) -> None:
    if not len(part):
        return
    truth = value[np.abs(part)] * np.sign(part)  # 1 true, -1 false, 0 unknown, per literal
    open_rows = ~(truth == 1).any(axis=1)
    rows, truth = part[open_rows], truth[open_rows]
    alive = truth == 0
    left = alive.sum(axis=1)
    if (left == 0).any():
        raise Falsified
    width = part.shape[1]
    if (left == width).all():
        out.extend_array(FAMILY, rows)
        return
    for k in np.unique(left).tolist():  # rows keeping k literals, as one (m, k) array
        chosen = left == k
        out.extend_array(FAMILY, rows[chosen][alive[chosen]].reshape(-1, k))


def _substitute_lists(part: list[list[int]], value: np.ndarray, out: Clauses) -> None:
    known = value.tolist()
    kept = []
    for clause in part:
        lits = []
        for lit in clause:
            v = known[abs(lit)]
            if not v:
                lits.append(lit)
            elif (v > 0) == (lit > 0):
                break  # satisfied
        else:
            if not lits:
                raise Falsified
            kept.append(lits)
    out.extend(FAMILY, kept)


__all__ = ["FAMILY", "Falsified", "substitute"]
