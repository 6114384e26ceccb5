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
from satlink.cnf.card import Cardinality
from satlink.cnf.clauses import Clauses
from satlink.cnf.colour import BinaryColours, OneHotColours, make_colours
from satlink.cnf.corner import add_corner_lemma
from satlink.cnf.degree import add_degree
from satlink.cnf.kinds import (
    DEFAULT_CARD,
    DEFAULT_ENCODING,
    ENCODING_KINDS,
    LEMMA_RULES,
    LemmaRule,
    auto_lemmas,
)
from satlink.cnf.lemmas import add_no_square_cycle, add_no_u_turn
from satlink.cnf.no2x2 import add_no2x2
from satlink.cnf.notouch import add_notouch
from satlink.cnf.shape import add_shapes
from satlink.cnf.usage import Usage, add_usage
from satlink.cnf.variables import Variables
from satlink.rules import Rules


@dataclass(frozen=True)
class Lemma:
    """A sound redundant constraint (:class:`~satlink.cnf.kinds.LemmaRule`) and how to
    add it."""

    rule: LemmaRule
    add: Callable[[Variables, Clauses], None]

    @property
    def name(self) -> str:
        return self.rule.name

    def sound(self, rules: Rules) -> bool:
        return self.rule.sound(rules)

    @property
    def needs(self) -> str:
        return self.rule.needs


_LEMMA_CODE = {"corner": add_corner_lemma, "no-u-turn": add_no_u_turn,
               "2x2-cycle": add_no_square_cycle}
LEMMAS: dict[str, Lemma] = {name: Lemma(rule, _LEMMA_CODE[name])
                            for name, rule in LEMMA_RULES.items()}


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


_BUILDERS: dict[str, Builder] = {
    "onehot-edge": _encoding(add_degree, OneHotColours),
    "binary-edge": _encoding(add_degree, BinaryColours),
    "shape": _encoding(add_shapes, BinaryColours),
    "acyclic": _build_acyclic,
}
ENCODINGS: dict[str, EncodingInfo] = {
    name: EncodingInfo(name, _BUILDERS[name], kind.acyclic, kind.summary)
    for name, kind in ENCODING_KINDS.items()}


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
    """Encode ``board`` under ``rules``; ``lemmas=None`` adds what ``--lemmas auto`` does
    on this board (the default lemmas sound for the rules and right for its cell shape).
    ``deadline`` (:func:`time.monotonic`): past it, the next family added raises
    :class:`satlink.solver.backend.Timeout`."""
    if encoding not in ENCODINGS:
        raise ValueError(f"unknown encoding {encoding!r} (known: {', '.join(ENCODINGS)})")
    chosen = choose_lemmas(rules, lemmas, board.geometry.kind)
    vs = Variables(board)
    out = Clauses(deadline)
    ENCODINGS[encoding].build(vs, rules, out, Cardinality(card, vs, out))
    for name in chosen:
        LEMMAS[name].add(vs, out)
    out.deadline = None  # the encoding is complete: what is added later is not timed
    return Encoding(board, rules, vs, out, chosen, encoding, card)


def choose_lemmas(rules: Rules, lemmas: Iterable[str] | None, cells: str) -> tuple[str, ...]:
    """``auto``'s lemmas for ``rules`` on cells of shape ``cells``, or the named ones after a
    soundness check."""
    if lemmas is None:
        return auto_lemmas(rules, cells)
    chosen = []
    for name in lemmas:
        if name not in LEMMAS:
            raise ValueError(f"unknown lemma {name!r} (known: {', '.join(LEMMAS)})")
        if not LEMMAS[name].sound(rules):
            raise ValueError(f"lemma {name!r} is only sound under rules {LEMMAS[name].needs}")
        chosen.append(name)
    return tuple(chosen)
