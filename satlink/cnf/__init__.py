"""CNF encodings of NumberLink: variables, one module per rule or lemma, and the encoding
that lists them.  See ``encodings/binary-edge.md`` for the clause families and their counts."""

from satlink.cnf.encoding import LEMMAS, Encoding, encode

__all__ = ["LEMMAS", "Encoding", "encode"]
