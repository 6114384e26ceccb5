"""The encodings, cardinality encodings and lemmas, each a value that carries what it means.

An :class:`EncodingKind` knows whether it excludes detached cycles itself, how to build it and
about how many clauses it writes (the memory estimate of :mod:`satlink.solver.memory`); a
:class:`LemmaRule` under which profiles it is sound, where ``--lemmas auto`` adds it and how
to add it.  :class:`satlink.solver.method.Method` resolves a name into these once; nothing
downstream looks a name up again.

The code that builds clauses (:mod:`satlink.cnf.builders`, which needs numpy and PySAT's
cardinality module) is imported by :meth:`EncodingKind.build` and :meth:`LemmaRule.add` on
first use: a command whose boards the forced moves decide (:mod:`satlink.solver.presolve`)
starts and finishes without importing either.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from satlink.geometry import HEX, KINDS
from satlink.rules import Rules

if TYPE_CHECKING:
    from satlink.cnf.card import Cardinality
    from satlink.cnf.clauses import Clauses
    from satlink.cnf.usage import Usage
    from satlink.cnf.variables import Variables

DEFAULT_ENCODING = "binary-edge"
DEFAULT_CARD = "pairwise"
CARD_METHODS = ("pairwise", "seqcounter", "totalizer", "sortnetwrk", "cardnetwrk", "bitwise",
                "ladder", "mtotalizer", "kmtotalizer", "native")
"""PySAT's ``EncType`` members (a test keeps the two sets equal).  Written out, not
read from ``pysat.card``: importing it costs about as much as the rest of the command line's
start-up.  ``pairwise`` is written directly (:mod:`satlink.cnf.card`), ``native`` needs a
backend with native cardinality constraints."""


def _binary_clauses(cells: int, labels: int, card: str) -> int:
    """binary-edge: degree, colour codes, difference bits, notouch and the corner lemma, about
    ``25 + 6k`` clauses per cell with ``k`` code bits (measured: ``encodings/binary-edge.md``)."""
    k = max(1, math.ceil(math.log2(max(2, labels))))
    return cells * (25 + 6 * k)


def _shape_clauses(cells: int, labels: int, card: str) -> int:
    return int(1.5 * _binary_clauses(cells, labels, card))


def _acyclic_clauses(cells: int, labels: int, card: str) -> int:
    """binary-edge plus two arcs per edge and four clauses per rank bit."""
    ranks = max(1, math.ceil(math.log2(max(2, cells))))
    return _binary_clauses(cells, labels, card) + cells * 2 * (4 + 4 * ranks)


def _onehot_clauses(cells: int, labels: int, card: str) -> int:
    """Pairwise at-most-one per cell plus the per-label colour and notouch clauses."""
    per_label = 2 * labels * labels // 3 if card == "pairwise" else 10 * labels
    return cells * (per_label + 10 * labels + 20)


@dataclass(frozen=True)
class EncodingKind:
    """A CNF encoding: whether it excludes detached cycles itself, what it is, the function of
    :mod:`satlink.cnf.builders` that builds it, and about how many clauses it writes."""

    name: str
    acyclic: bool
    summary: str
    builder: str
    clauses: Callable[[int, int, str], int]
    """``clauses(cells, labels, card)``: an upper guess, checked before anything is built."""

    def build(self, vs: Variables, rules: Rules, out: Clauses, card: Cardinality) -> Usage:
        """Add this encoding's families for ``rules`` (the lemmas are added apart) and return
        the usage variables it made."""
        from satlink.cnf import builders

        return getattr(builders, self.builder)(vs, rules, out, card)


ENCODING_KINDS: dict[str, EncodingKind] = {kind.name: kind for kind in (
    EncodingKind("onehot-edge", False, "edges + degree clauses, one variable per (cell, label)",
                 "onehot_edge", _onehot_clauses),
    EncodingKind("binary-edge", False, "edges + degree clauses, ceil(log2 L)-bit colour codes",
                 "binary_edge", _binary_clauses),
    EncodingKind("shape", False, "one pipe-piece variable per (cell, piece) + colour codes",
                 "shape", _shape_clauses),
    EncodingKind("acyclic", True,
                 "binary-edge + oriented arcs and binary ranks: no detached cycles",
                 "acyclic", _acyclic_clauses),
)}


@dataclass(frozen=True)
class LemmaRule:
    """A sound redundant constraint: which profiles it is valid under (``needs`` says it in
    words, for error messages), on which cell shapes ``--lemmas auto`` adds it, and the
    function of :mod:`satlink.cnf.builders` that adds it.

    ``auto_cells`` is a measured choice, not a soundness one (``benchmarks/README.md``,
    "Lemmas by cell shape"): a lemma is sound on every geometry its ``sound`` profile allows,
    but it pays only where it prunes what the other clauses cannot.
    """

    name: str
    sound: Callable[[Rules], bool]
    needs: str
    adder: str
    auto_cells: frozenset[str] = frozenset(KINDS)

    def auto(self, rules: Rules, cells: str) -> bool:
        """Whether ``--lemmas auto`` adds it under ``rules`` on a board of ``cells``."""
        return cells in self.auto_cells and self.sound(rules)

    def add(self, vs: Variables, out: Clauses) -> None:
        from satlink.cnf import builders

        getattr(builders, self.adder)(vs, out)


LEMMA_RULES: dict[str, LemmaRule] = {rule.name: rule for rule in (
    LemmaRule("corner", lambda r: r.fill and r.notouch, "fill,notouch", "add_corner_lemma"),
    # on hexagons the "U" is a sharp turn round a triangle, which notouch forbids and which
    # the other clauses only see once a detached triangle has closed (measured by cell shape
    # in benchmarks/README.md: a large gain on hexagons, a small cost on squares)
    LemmaRule("no-u-turn", lambda r: r.notouch or r.no2x2, "notouch or no2x2", "add_no_u_turn",
              auto_cells=frozenset({HEX})),
    LemmaRule("2x2-cycle", lambda r: True, "any profile", "add_no_square_cycle",
              auto_cells=frozenset()),
)}


def auto_lemmas(rules: Rules, cells: str) -> tuple[str, ...]:
    """What ``--lemmas auto`` adds under ``rules`` on a board whose cells are ``cells``
    (a :class:`satlink.geometry.Geometry` kind: ``square`` or ``hex``)."""
    return tuple(name for name, rule in LEMMA_RULES.items() if rule.auto(rules, cells))
