"""Benchmark configurations: the cross product of encodings, backends, cardinality encodings,
cycle handling and lemma settings, minus the combinations a backend cannot run."""

from __future__ import annotations

from dataclasses import dataclass
from itertools import product

from satlink.check import Method
from satlink.cnf import CARD_METHODS, DEFAULT_CARD, DEFAULT_ENCODING, ENCODINGS
from satlink.propagator import PROPAGATOR_SOLVERS
from satlink.solve import CYCLE_MODES, DEFAULT_CYCLES, DEFAULT_SOLVER, NATIVE_CARD_SOLVERS, solver_names

LEMMA_SETTINGS = ("auto", "none", "all")


@dataclass(frozen=True)
class Config:
    """One way of solving, with a short readable label for tables and plots."""

    method: Method
    lemmas: str  # auto | none | all (all: every lemma sound for the board's profile)

    @property
    def label(self) -> str:
        m = self.method
        parts = [m.encoding, m.solver]
        if m.card != DEFAULT_CARD:
            parts.append(m.card)
        if m.cycles != DEFAULT_CYCLES:
            parts.append(m.cycles)
        if self.lemmas != "auto":
            parts.append(f"lemmas={self.lemmas}")
        return "/".join(parts)

    def as_dict(self) -> dict:
        m = self.method
        return {"label": self.label, "encoding": m.encoding, "solver": m.solver, "card": m.card,
                "cycles": m.cycles, "lemmas": self.lemmas}


def _names(text: str, known: tuple[str, ...] | list[str], what: str) -> list[str]:
    if text == "all":
        return list(known)
    names = [t.strip() for t in text.split(",") if t.strip()]
    unknown = [n for n in names if n not in known]
    if unknown:
        raise ValueError(f"unknown {what} {unknown[0]!r} (known: all, {', '.join(known)})")
    return names


def runnable(method: Method) -> bool:
    """False for combinations that cannot run or mean nothing (skipped, not failed)."""
    if method.cycles == "propagator" and (method.solver not in PROPAGATOR_SOLVERS
                                          or ENCODINGS[method.encoding].acyclic):
        return False
    return (method.card == "native") == (method.solver in NATIVE_CARD_SOLVERS)


def configurations(encodings: str = DEFAULT_ENCODING, solvers: str = DEFAULT_SOLVER,
                   cards: str = DEFAULT_CARD, cycles: str = DEFAULT_CYCLES,
                   lemmas: str = "auto") -> list[Config]:
    """Every runnable combination of the comma lists given (``all`` for everything)."""
    known_solvers = sorted(solver_names())
    chosen = product(_names(encodings, list(ENCODINGS), "encoding"),
                     _names(solvers, known_solvers, "SAT backend") if solvers != "all"
                     else ["cadical195", "glucose4", "kissat404", "minisat22"],
                     _names(cards, CARD_METHODS, "cardinality encoding"),
                     _names(cycles, CYCLE_MODES, "cycle handling"),
                     _names(lemmas, LEMMA_SETTINGS, "lemma setting"))
    out = []
    for encoding, solver, card, cycle, lemma in chosen:
        method = Method(encoding=encoding, card=card, solver=solver, cycles=cycle)
        if runnable(method):
            out.append(Config(method, lemma))
    if not out:
        raise ValueError("no runnable combination (the propagator needs cadical195 and a lazy "
                         "encoding; --card native needs minicard, gluecard3 or gluecard4)")
    return out
