"""CNF encodings of NumberLink: variables, one module per rule or lemma, and the encodings
that list them.  See ``encodings/`` for one document per encoding, with clause counts.

The kinds (:mod:`satlink.cnf.kinds`: names, facts, costs) are imported at once; ``Encoding``
on first use, so that a run whose boards the forced moves decide never loads numpy.  A CNF is
built by :func:`satlink.solver.encode.encode`, from a method.
"""

from satlink.cnf.kinds import (
    CARD_METHODS,
    DEFAULT_CARD,
    DEFAULT_ENCODING,
    ENCODING_KINDS,
    LEMMA_RULES,
)

_BUILT = ("Encoding",)


def __getattr__(name: str) -> object:
    if name in _BUILT:
        from satlink.cnf import encoding

        return getattr(encoding, name)
    raise AttributeError(f"module 'satlink.cnf' has no attribute {name!r}")


__all__ = ["CARD_METHODS", "DEFAULT_CARD", "DEFAULT_ENCODING", "ENCODING_KINDS", "LEMMA_RULES",
           "Encoding"]
