"""The names and facts of the encodings, cardinality encodings and lemmas, without their code.

What :class:`satlink.solver.method.Method` validates and the CLI offers as choices lives here, apart
from the builders in :mod:`satlink.cnf.encoding` (which need numpy and PySAT's cardinality
module): a command whose boards the forced moves decide (:mod:`satlink.solver.presolve`) then starts
and finishes without importing either.  :mod:`satlink.cnf.encoding` registers one builder per
name listed here, and a test keeps the two lists equal.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from satlink.geometry import HEX, KINDS
from satlink.rules import Rules

DEFAULT_ENCODING = "binary-edge"
DEFAULT_CARD = "pairwise"
CARD_METHODS = ("pairwise", "seqcounter", "totalizer", "sortnetwrk", "cardnetwrk", "bitwise",
                "ladder", "mtotalizer", "kmtotalizer", "native")


@dataclass(frozen=True)
class EncodingKind:
    """An encoding's name, whether it excludes detached cycles itself, and what it is."""

    name: str
    acyclic: bool
    summary: str


ENCODING_KINDS: dict[str, EncodingKind] = {kind.name: kind for kind in (
    EncodingKind("onehot-edge", False, "edges + degree clauses, one variable per (cell, label)"),
    EncodingKind("binary-edge", False, "edges + degree clauses, ceil(log2 L)-bit colour codes"),
    EncodingKind("shape", False, "one pipe-piece variable per (cell, piece) + colour codes"),
    EncodingKind("acyclic", True,
                 "binary-edge + oriented arcs and binary ranks: no detached cycles"),
)}


@dataclass(frozen=True)
class LemmaRule:
    """A sound redundant constraint: which profiles it is valid under (``needs`` says it in
    words, for error messages) and on which cell shapes ``--lemmas auto`` adds it.

    ``auto_cells`` is a measured choice, not a soundness one (``benchmarks/README.md``,
    "Lemmas by cell shape"): a lemma is sound on every geometry its ``sound`` profile allows,
    but it pays only where it prunes what the other clauses cannot.
    """

    name: str
    sound: Callable[[Rules], bool]
    needs: str
    auto_cells: frozenset[str] = frozenset(KINDS)

    def auto(self, rules: Rules, cells: str) -> bool:
        """Whether ``--lemmas auto`` adds it under ``rules`` on a board of ``cells``."""
        return cells in self.auto_cells and self.sound(rules)


LEMMA_RULES: dict[str, LemmaRule] = {rule.name: rule for rule in (
    LemmaRule("corner", lambda r: r.fill and r.notouch, "fill,notouch"),
    # on hexagons the "U" is a sharp turn round a triangle, which notouch forbids and which
    # the other clauses only see once a detached triangle has closed: 0.02-0.25x the check
    # time from 15x15 up; on squares it costs 2-13 %
    LemmaRule("no-u-turn", lambda r: r.notouch or r.no2x2, "notouch or no2x2",
              auto_cells=frozenset({HEX})),
    LemmaRule("2x2-cycle", lambda r: True, "any profile", auto_cells=frozenset()),
)}


def auto_lemmas(rules: Rules, cells: str) -> tuple[str, ...]:
    """What ``--lemmas auto`` adds under ``rules`` on a board whose cells are ``cells``
    (a :class:`satlink.geometry.Geometry` kind: ``square`` or ``hex``)."""
    return tuple(name for name, rule in LEMMA_RULES.items() if rule.auto(rules, cells))
