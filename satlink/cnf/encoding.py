"""The default encoding ("binary-edge"), written as the list of its rules.

Reading :func:`encode` should read like the rules in the README: paths have the right degrees,
a path carries one colour, then one call per rule of the profile and per redundant lemma.
Detached cycles are not excluded here; the solver loop cuts them lazily.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from satlink.board import Board
from satlink.cnf.clauses import Clauses
from satlink.cnf.colour import add_colour
from satlink.cnf.corner import add_corner_lemma
from satlink.cnf.degree import add_degree
from satlink.cnf.no2x2 import add_no2x2
from satlink.cnf.notouch import add_notouch
from satlink.cnf.usage import add_usage
from satlink.cnf.variables import Variables
from satlink.rules import Rules


@dataclass(frozen=True)
class Lemma:
    """A sound redundant constraint: which profiles it is valid under, and how to add it."""

    name: str
    requires: frozenset[str]
    add: Callable[[Variables, Clauses], None]


LEMMAS: dict[str, Lemma] = {
    "corner": Lemma("corner", frozenset({"fill", "notouch"}), add_corner_lemma),
}


@dataclass
class Encoding:
    """A board's CNF: the clauses, the variable map, and per-family clause counts."""

    board: Board
    rules: Rules
    variables: Variables
    clauses: Clauses
    lemmas: tuple[str, ...]

    @property
    def n_vars(self) -> int:
        return self.variables.top

    @property
    def n_clauses(self) -> int:
        return len(self.clauses)


def encode(board: Board, rules: Rules, lemmas: Iterable[str] | None = None) -> Encoding:
    """Encode ``board`` under ``rules``; ``lemmas=None`` enables every lemma valid for them."""
    chosen = _choose_lemmas(rules, lemmas)
    vs = Variables(board)
    out = Clauses()
    if not rules.fill:
        add_usage(vs, out)
    add_degree(vs, rules, out)
    add_colour(vs, out)
    if rules.notouch:
        add_notouch(vs, out)
    if rules.no2x2 and not rules.notouch:  # notouch already forbids every 2x2 block
        add_no2x2(vs, out)
    for name in chosen:
        LEMMAS[name].add(vs, out)
    return Encoding(board, rules, vs, out, chosen)


def _choose_lemmas(rules: Rules, lemmas: Iterable[str] | None) -> tuple[str, ...]:
    if lemmas is None:
        return tuple(n for n, lem in LEMMAS.items() if lem.requires <= rules.rules)
    chosen = []
    for name in lemmas:
        if name not in LEMMAS:
            raise ValueError(f"unknown lemma {name!r} (known: {', '.join(LEMMAS)})")
        if not LEMMAS[name].requires <= rules.rules:
            need = ",".join(sorted(LEMMAS[name].requires))
            raise ValueError(f"lemma {name!r} is only sound under rules {need}")
        chosen.append(name)
    return tuple(chosen)
