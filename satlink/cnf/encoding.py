"""The encodings, each written as the list of its rules, behind one ``encode`` function.

Reading a builder should read like the rules in the README: paths have the right local shape,
a path carries one colour, then one call per rule of the profile; ``encode`` then adds the
redundant lemmas chosen.  Only ``acyclic`` excludes detached cycles in the CNF itself; for the
others the solver loop (or the propagator) cuts them.  One document per encoding lives in
``encodings/``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from satlink.board import Board
from satlink.cnf.acyclic import add_acyclic
from satlink.cnf.card import DEFAULT_CARD, Cardinality
from satlink.cnf.clauses import Clauses
from satlink.cnf.colour import BinaryColours, OneHotColours, make_colours
from satlink.cnf.corner import add_corner_lemma
from satlink.cnf.degree import add_degree
from satlink.cnf.lemmas import add_no_square_cycle, add_no_u_turn
from satlink.cnf.no2x2 import add_no2x2
from satlink.cnf.notouch import add_notouch
from satlink.cnf.shape import add_shapes
from satlink.cnf.usage import Usage, add_usage
from satlink.cnf.variables import Variables
from satlink.rules import Rules

DEFAULT_ENCODING = "binary-edge"


@dataclass(frozen=True)
class Lemma:
    """A sound redundant constraint: which profiles it is valid under, and how to add it."""

    name: str
    sound: Callable[[Rules], bool]
    add: Callable[[Variables, Clauses], None]
    needs: str  # the condition in words, for error messages
    default: bool = True


LEMMAS: dict[str, Lemma] = {
    "corner": Lemma("corner", lambda r: r.fill and r.notouch, add_corner_lemma, "fill,notouch"),
    "no-u-turn": Lemma("no-u-turn", lambda r: r.notouch or r.no2x2, add_no_u_turn,
                       "notouch or no2x2", default=False),
    "2x2-cycle": Lemma("2x2-cycle", lambda r: True, add_no_square_cycle, "any profile",
                       default=False),
}


Builder = Callable[[Variables, Rules, Clauses, Cardinality], Usage]
"""Adds one encoding's families for a profile (the lemmas are added by :func:`encode`) and
returns the usage variables it made, for encodings built on top of it."""


@dataclass(frozen=True)
class EncodingInfo:
    """A registered encoding: how to build it, and whether it excludes cycles itself."""

    name: str
    build: Builder
    acyclic: bool
    summary: str


LocalShape = Callable[[Variables, Rules, Clauses, Cardinality], None]
"""Degree clauses or pipe pieces: what makes the chosen edges paths locally."""


def _encoding(local_shape: LocalShape, scheme: type) -> Builder:
    """Paths have the right local shape (degree clauses or pipe pieces), carry one colour,
    and obey the profile's rules.  The rules receive the colours and usage they need as
    values, so they cannot be built before them."""
    def build(vs: Variables, rules: Rules, out: Clauses, card: Cardinality) -> Usage:
        usage = Usage.everywhere(vs) if rules.fill else add_usage(vs, out)
        local_shape(vs, rules, out, card)
        colours = make_colours(scheme, vs, out, card)
        if rules.notouch:
            add_notouch(vs, colours, usage, out)
        if rules.no2x2:  # blocks not already forbidden by notouch
            add_no2x2(vs, colours, usage, out, notouch=rules.notouch)
        return usage
    return build


def _build_acyclic(vs: Variables, rules: Rules, out: Clauses, card: Cardinality) -> Usage:
    usage = _encoding(add_degree, BinaryColours)(vs, rules, out, card)
    add_acyclic(vs, usage, out)
    return usage


ENCODINGS: dict[str, EncodingInfo] = {
    "onehot-edge": EncodingInfo("onehot-edge", _encoding(add_degree, OneHotColours), False,
                                "edges + degree clauses, one variable per (cell, label)"),
    "binary-edge": EncodingInfo("binary-edge", _encoding(add_degree, BinaryColours), False,
                                "edges + degree clauses, ceil(log2 L)-bit colour codes"),
    "shape": EncodingInfo("shape", _encoding(add_shapes, BinaryColours), False,
                          "one pipe-piece variable per (cell, piece) + colour codes"),
    "acyclic": EncodingInfo("acyclic", _build_acyclic, True,
                            "binary-edge + oriented arcs and binary ranks: no detached cycles"),
}


@dataclass
class Encoding:
    """A board's CNF: the clauses, the variable map, and per-family clause counts."""

    board: Board
    rules: Rules
    variables: Variables
    clauses: Clauses
    lemmas: tuple[str, ...]
    name: str = DEFAULT_ENCODING
    card: str = DEFAULT_CARD

    @property
    def n_vars(self) -> int:
        return self.variables.top

    @property
    def n_clauses(self) -> int:
        return len(self.clauses)

    @property
    def acyclic(self) -> bool:
        """True when every model is free of detached cycles (no cuts needed)."""
        return ENCODINGS[self.name].acyclic


def encode(
    board: Board,
    rules: Rules,
    lemmas: Iterable[str] | None = None,
    encoding: str = DEFAULT_ENCODING,
    card: str = DEFAULT_CARD,
    deadline: float | None = None,
) -> Encoding:
    """Encode ``board`` under ``rules``; ``lemmas=None`` enables the default sound lemmas.
    ``deadline`` (:func:`time.monotonic`): past it, the next family added raises
    :class:`satlink.backend.Timeout`."""
    if encoding not in ENCODINGS:
        raise ValueError(f"unknown encoding {encoding!r} (known: {', '.join(ENCODINGS)})")
    chosen = choose_lemmas(rules, lemmas)
    vs = Variables(board)
    out = Clauses(deadline)
    ENCODINGS[encoding].build(vs, rules, out, Cardinality(card, vs, out))
    for name in chosen:
        LEMMAS[name].add(vs, out)
    out.deadline = None  # the encoding is complete: what is added later is not timed
    return Encoding(board, rules, vs, out, chosen, encoding, card)


def choose_lemmas(rules: Rules, lemmas: Iterable[str] | None) -> tuple[str, ...]:
    """The default lemmas sound for ``rules``, or the named ones after a soundness check."""
    if lemmas is None:
        return tuple(n for n, lem in LEMMAS.items() if lem.default and lem.sound(rules))
    chosen = []
    for name in lemmas:
        if name not in LEMMAS:
            raise ValueError(f"unknown lemma {name!r} (known: {', '.join(LEMMAS)})")
        if not LEMMAS[name].sound(rules):
            raise ValueError(f"lemma {name!r} is only sound under rules {LEMMAS[name].needs}")
        chosen.append(name)
    return tuple(chosen)
