"""Benchmark configurations: the cross product of encodings, backends, cardinality encodings,
cycle handling, lemma settings and forced moves before SAT (presolve), as
:class:`~satlink.solver.method.Method` values.

Which combinations can run is the Method's own decision (:meth:`Method.problem`); the harness
only leaves out those that run but repeat another configuration (:attr:`Method.redundant`).
"""

from __future__ import annotations

from itertools import product

from satlink.cnf.kinds import (
    CARD_METHODS,
    DEFAULT_CARD,
    DEFAULT_ENCODING,
    ENCODING_KINDS,
    LEMMA_RULES,
)
from satlink.solver.method import (
    BENCH_SOLVERS,
    CYCLE_MODES,
    DEFAULT_CYCLES,
    DEFAULT_SOLVER,
    LEMMA_SETTINGS,
    Method,
    MethodError,
    parse_lemmas,
    solver_names,
)

PRESOLVE_SETTINGS = ("on", "off")
"""Forced moves before SAT (the default) or not: ``off`` measures the encoding on every board."""


def _names(text: str, known: tuple[str, ...] | list[str], what: str,
           everything: tuple[str, ...] | list[str] | None = None) -> list[str]:
    if text == "all":
        return list(everything or known)
    names = [t.strip() for t in text.split(",") if t.strip()]
    unknown = [n for n in names if n not in known]
    if unknown:
        raise MethodError(f"unknown {what} {unknown[0]!r} (known: all, {', '.join(known)})")
    return names


def _lemma_settings(text: str) -> list[str]:
    """``auto``, ``none``, ``all`` (or the text ``all`` alone: those three), or a set of
    lemma names joined by ``+`` (``corner+no-u-turn``), so that any two sets can be compared.
    A set is named in the catalogue's order whatever order it was written in, and each
    setting is measured once."""
    if text.strip() == "all":
        return list(LEMMA_SETTINGS)
    out: list[str] = []
    for item in (t.strip() for t in text.split(",") if t.strip()):
        if item in LEMMA_SETTINGS:
            setting = item
        else:
            names = {n.strip() for n in item.split("+")}
            unknown = sorted(n for n in names if n not in LEMMA_RULES)
            if unknown:
                raise MethodError(f"unknown lemma {unknown[0]!r} in {item!r} (settings: "
                                  f"{', '.join(LEMMA_SETTINGS)}; lemmas, joined by +: "
                                  f"{', '.join(LEMMA_RULES)})")
            setting = parse_lemmas([n for n in LEMMA_RULES if n in names])
        if setting not in out:
            out.append(setting)
    if not out:
        raise MethodError(f"no lemma setting in {text!r} (settings: {', '.join(LEMMA_SETTINGS)}, "
                          "or lemma names joined by +)")
    return out


def configurations(encodings: str = DEFAULT_ENCODING, solvers: str = DEFAULT_SOLVER,
                   cards: str = DEFAULT_CARD, cycles: str = DEFAULT_CYCLES,
                   lemmas: str = "auto", presolve: str = "on") -> list[Method]:
    """Every runnable, non-redundant combination of the comma lists given (``all`` for
    everything); raises :class:`MethodError` for unknown names or when none can run."""
    chosen = product(_names(encodings, list(ENCODING_KINDS), "encoding"),
                     _names(solvers, sorted(solver_names()), "SAT backend", BENCH_SOLVERS),
                     _names(cards, CARD_METHODS, "cardinality encoding"),
                     _names(cycles, CYCLE_MODES, "cycle handling"),
                     _lemma_settings(lemmas),
                     _names(presolve, PRESOLVE_SETTINGS, "presolve setting"))
    out = []
    for encoding, solver, card, cycle, lemma, forced in chosen:
        try:
            method = Method(encoding=encoding, card=card, solver=solver, cycles=cycle, lemmas=lemma,
                            presolve=forced == "on")
        except MethodError:
            continue  # cannot run: skipped, not failed
        if not method.redundant:
            out.append(method)
    if not out:
        raise MethodError("no runnable combination (the propagator needs cadical195 and a lazy "
                          "encoding; --card native needs minicard, gluecard3 or gluecard4)")
    return out
