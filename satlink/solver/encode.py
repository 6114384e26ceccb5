"""A board's CNF under a profile, built the way a :class:`~satlink.solver.method.Method` says.

``encode`` takes the method whole: its encoding kind builds the families
(:mod:`satlink.cnf.builders`), its cardinality encoding writes the exactly-one constraints,
and its lemmas, resolved for the profile and the board's cell shape, are added last.  It lives
in the solve stage because a method is the solve stage's value; :mod:`satlink.cnf` knows
encodings, not methods.
"""

from __future__ import annotations

from satlink.board import Board
from satlink.cnf.card import Cardinality
from satlink.cnf.clauses import Clauses
from satlink.cnf.encoding import Encoding
from satlink.cnf.variables import Variables
from satlink.rules import Rules
from satlink.solver.method import DEFAULT_METHOD, Method


def encode(board: Board, rules: Rules, method: Method = DEFAULT_METHOD,
           deadline: float | None = None) -> Encoding:
    """Encode ``board`` under ``rules`` as ``method`` says (its encoding, cardinality encoding
    and lemmas; a named lemma unsound for ``rules`` raises
    :class:`~satlink.solver.method.MethodError`).  ``deadline`` (:func:`time.monotonic`): past
    it, the next family added raises :class:`satlink.solver.backend.Timeout`."""
    lemmas = method.lemmas_for(rules, board.geometry.kind)
    vs = Variables(board)
    out = Clauses(deadline)
    method.kind.build(vs, rules, out, Cardinality(method.card, vs, out))
    for rule in method.lemma_rules(lemmas):
        rule.add(vs, out)
    out.deadline = None  # the encoding is complete: what is added later is not timed
    return Encoding(board, rules, vs, out, lemmas, method.kind, method.card)
