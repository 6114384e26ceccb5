"""CNF encodings of NumberLink: variables, one module per rule or lemma, and the encodings
that list them.  See ``encodings/`` for one document per encoding, with clause counts."""

from satlink.cnf.card import CARD_METHODS, DEFAULT_CARD
from satlink.cnf.encoding import DEFAULT_ENCODING, ENCODINGS, LEMMAS, Encoding, encode

__all__ = ["CARD_METHODS", "DEFAULT_CARD", "DEFAULT_ENCODING", "ENCODINGS", "LEMMAS", "Encoding",
           "encode"]
