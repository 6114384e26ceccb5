"""The names and facts of the encodings, cardinality encodings and lemmas, without their code.

What :class:`satlink.method.Method` validates and the CLI offers as choices lives here, apart
from the builders in :mod:`satlink.cnf.encoding` (which need numpy and PySAT's cardinality
module): a command whose boards the forced moves decide (:mod:`satlink.presolve`) then starts
and finishes without importing either.  :mod:`satlink.cnf.encoding` registers one builder per
name listed here, and a test keeps the two lists equal.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

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
    words, for error messages) and whether ``--lemmas auto`` adds it."""

    name: str
    sound: Callable[[Rules], bool]
    needs: str
    default: bool = True


LEMMA_RULES: dict[str, LemmaRule] = {rule.name: rule for rule in (
    LemmaRule("corner", lambda r: r.fill and r.notouch, "fill,notouch"),
    LemmaRule("no-u-turn", lambda r: r.notouch or r.no2x2, "notouch or no2x2", default=False),
    LemmaRule("2x2-cycle", lambda r: True, "any profile", default=False),
)}
