"""The code behind each :class:`~satlink.cnf.kinds.EncodingKind` and
:class:`~satlink.cnf.kinds.LemmaRule`: an encoding written as the list of its rules.

Reading a builder should read like the rules in the README: paths have the right local shape,
a path carries one colour, then one call per rule of the profile.  Only ``acyclic`` excludes
detached cycles in the CNF itself; for the others the solver loop (or the propagator) cuts
them.  One document per encoding lives in ``encodings/``.
"""

from __future__ import annotations

from collections.abc import Callable

from satlink.cnf.acyclic import add_acyclic
from satlink.cnf.card import Cardinality
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

Builder = Callable[[Variables, Rules, Clauses, Cardinality], Usage]
"""Adds one encoding's families for a profile and returns the usage variables it made, for
encodings built on top of it."""

LocalShape = Callable[[Variables, Rules, Clauses, Cardinality], None]
"""Degree clauses or pipe pieces: what makes the chosen edges paths locally."""


def _paths(local_shape: LocalShape, scheme: type) -> Builder:
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


onehot_edge = _paths(add_degree, OneHotColours)
binary_edge = _paths(add_degree, BinaryColours)
shape = _paths(add_shapes, BinaryColours)


def acyclic(vs: Variables, rules: Rules, out: Clauses, card: Cardinality) -> Usage:
    usage = binary_edge(vs, rules, out, card)
    add_acyclic(vs, usage, out)
    return usage


__all__ = ["acyclic", "add_corner_lemma", "add_no_square_cycle", "add_no_u_turn", "binary_edge",
           "onehot_edge", "shape"]
