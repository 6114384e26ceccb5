"""Benchmark configurations: the cross product of encodings, backends, cardinality encodings,
cycle handling, lemma settings and forced moves before SAT (presolve), as
:class:`~satlink.solver.method.Method` values, then of backends (PySAT's or external
commands) and of incremental against one-shot SAT calls, as :class:`BenchConfig` values.

Which combinations can run is the Method's own decision (:meth:`Method.problem`); the harness
only leaves out those that run but repeat another configuration (:attr:`Method.redundant`).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from itertools import product
from typing import TYPE_CHECKING

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

if TYPE_CHECKING:
    from satlink.bench.external import ExternalSolver

PRESOLVE_SETTINGS = ("on", "off")
"""Forced moves before SAT (the default) or not: ``off`` measures the encoding on every board."""
ROUTE_SETTINGS = ("on", "off")
"""``check``'s speed routes, pieces, stricter-first and frontier: ``on`` measures what ``check`` does
(through :func:`satlink.solver.check.check`, no find/prove split), ``off`` (the bench's
default) one CNF per board, the encoding itself."""
BENCH_ROUTE_DEFAULTS = {"pieces": False, "stricter_first": False, "frontier": False}
"""The bench's defaults for the routes, which ``check``'s differ from (both on there)."""
CALL_SETTINGS = ("incremental", "one-shot")
"""Incremental: one solver for the whole check, so the uniqueness call keeps what the first
one learnt.  One-shot: a fresh solver for every SAT call, given every clause so far (what an
external solver does; Kissat through PySAT can do nothing else)."""


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


@dataclass(frozen=True)
class RouteSwitches:
    """``check``'s optional routes as the bench's switches, each a comma list of ``on`` and
    ``off`` (or ``all``); off by default, so that a row measures one CNF."""

    pieces: str = "off"
    stricter_first: str = "off"
    frontier: str = "off"


def configurations(encodings: str = DEFAULT_ENCODING, solvers: str = DEFAULT_SOLVER,
                   cards: str = DEFAULT_CARD, cycles: str = DEFAULT_CYCLES,
                   lemmas: str = "auto", presolve: str = "on",
                   routes: RouteSwitches = RouteSwitches()) -> list[Method]:
    """Every runnable, non-redundant combination of the comma lists given (``all`` for
    everything); raises :class:`MethodError` for unknown names or when none can run.
    Pieces or the frontier without presolve are left out (they work on what the forced moves
    leave)."""
    chosen = product(_names(encodings, list(ENCODING_KINDS), "encoding"),
                     _names(solvers, sorted(solver_names()), "SAT backend", BENCH_SOLVERS),
                     _names(cards, CARD_METHODS, "cardinality encoding"),
                     _names(cycles, CYCLE_MODES, "cycle handling"),
                     _lemma_settings(lemmas),
                     _names(presolve, PRESOLVE_SETTINGS, "presolve setting"),
                     _names(routes.pieces, ROUTE_SETTINGS, "pieces setting"),
                     _names(routes.stricter_first, ROUTE_SETTINGS, "stricter-first setting"),
                     _names(routes.frontier, ROUTE_SETTINGS, "frontier setting"))
    out = []
    for encoding, solver, card, cycle, lemma, forced, split, stricter, sweep in chosen:
        if (split == "on" or sweep == "on") and forced == "off":
            continue
        try:
            method = Method(encoding=encoding, card=card, solver=solver, cycles=cycle, lemmas=lemma,
                            presolve=forced == "on", pieces=split == "on",
                            stricter_first=stricter == "on", frontier=sweep == "on")
        except MethodError:
            continue  # cannot run: skipped, not failed
        if not method.redundant:
            out.append(method)
    if not out:
        raise MethodError("no runnable combination (the propagator needs cadical195 and a lazy "
                          "encoding; --card native needs minicard, gluecard3 or gluecard4)")
    return out


@dataclass(frozen=True)
class BenchConfig:
    """One measured configuration: a method, the backend that runs its SAT calls (the
    method's PySAT backend, or an external command), and how the calls are made."""

    method: Method
    external: ExternalSolver | None = None
    calls: str = "incremental"

    @property
    def solver(self) -> str:
        return self.external.name if self.external is not None else self.method.solver

    @property
    def one_shot(self) -> bool:
        """Every SAT call on a fresh solver: asked for, or all the backend can do."""
        from satlink.solver.backend import ONE_SHOT_SOLVERS

        return (self.calls == "one-shot" or self.external is not None
                or self.method.solver in ONE_SHOT_SOLVERS)

    @property
    def routed(self) -> bool:
        """Whether runs take ``check``'s routes (pieces, stricter-first) rather than one CNF
        (an external solver never does: the routes call PySAT backends)."""
        return self.external is None and (self.method.pieces or self.method.stricter_first
                                          or self.method.frontier)

    @property
    def label(self) -> str:
        """The method's label with this backend's name, the routes named when on (the bench's
        defaults are off, :data:`BENCH_ROUTE_DEFAULTS`); ``/one-shot`` when an incremental
        backend is run one-shot."""
        parts = [p for p in self.method.label.split("/")
                 if p not in ("no-pieces", "whole", "no-frontier")]
        parts += [name for name, on in (("pieces", self.method.pieces),
                                        ("stricter-first", self.method.stricter_first),
                                        ("frontier", self.method.frontier)) if on]
        parts[1] = self.solver
        if self.calls == "one-shot" and self.external is None and not self._only_one_shot:
            parts.append("one-shot")
        return "/".join(parts)

    @property
    def _only_one_shot(self) -> bool:
        from satlink.solver.backend import ONE_SHOT_SOLVERS

        return self.method.solver in ONE_SHOT_SOLVERS

    def as_dict(self) -> dict:
        out = {**self.method.as_dict(), "pieces": self.method.pieces,
               "stricter_first": self.method.stricter_first,
               "frontier": self.method.frontier, "solver": self.solver,
               "calls": "one-shot" if self.one_shot else "incremental"}
        if self.external is not None:
            out["external"] = self.external.template
        return out


def bench_configs(methods: list[Method], externals: list[ExternalSolver],
                  calls: str = "incremental", in_process: bool = True) -> list[BenchConfig]:
    """Each method with each call setting (``calls``: a comma list or ``all``), then each
    external solver in place of the method's backend.  Left out: a one-shot backend asked to
    be incremental when it is also asked one-shot (the same runs), the propagator one-shot or
    external (it lives inside one CaDiCaL search), and an external solver run twice for the
    methods that differ only in their PySAT backend.  ``in_process=False``: the external
    solvers only (the methods' backends are not run)."""
    settings = _names(calls, CALL_SETTINGS, "call setting")
    out: list[BenchConfig] = []
    seen: set[str] = set()

    def keep(config: BenchConfig) -> None:
        if config.label not in seen:
            seen.add(config.label)
            out.append(config)

    for method in methods if in_process else ():
        for setting in settings:
            if setting == "one-shot" and (method.uses_propagator or method.pieces
                                          or method.stricter_first or method.frontier):
                continue  # one CaDiCaL search; check's routes call their backend as it does
            config = BenchConfig(method, None, setting)
            if config._only_one_shot and "one-shot" in settings and setting == "incremental":
                continue
            keep(config)
    for external in externals:
        for method in methods:
            if method.uses_propagator or method.card == "native" or method.pieces \
                    or method.stricter_first or method.frontier:  # check's routes: PySAT only
                continue
            keep(BenchConfig(replace(method, solver=DEFAULT_SOLVER, cycles="lazy"), external,
                             "one-shot"))
    if not out:
        raise MethodError("no runnable combination of methods, backends and call settings")
    return out
