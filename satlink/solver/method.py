"""How a board is solved: one validated value that every command, the batch runner, the
generator and the benchmark harness pass down.

A :class:`Method` names the CNF encoding, the cardinality encoding, the redundant lemmas, the
PySAT backend and the detached-cycle handling.  Every combination it accepts gives the same
verdicts (the shared correctness suite runs them all); they differ in speed, which
``satlink bench`` measures.  Which combinations can run is decided here and nowhere else:
constructing a Method that cannot run raises :class:`MethodError`, so nothing downstream
re-checks or re-defaults it.

Lemmas are the one choice that also depends on the board: a lemma is sound only under some
rules (``encodings/README.md``), and ``auto`` picks them by cell shape as well
(:func:`satlink.cnf.kinds.auto_lemmas`, measured in ``benchmarks/README.md``).
:meth:`Method.lemmas_for` resolves the choice for a profile and a cell shape, and
:meth:`Method.check_lemmas` is the validation alone, for callers that have no board yet.
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib.util import find_spec

from satlink.cnf.kinds import (
    CARD_METHODS,
    DEFAULT_CARD,
    DEFAULT_ENCODING,
    ENCODING_KINDS,
    LEMMA_RULES,
    EncodingKind,
    LemmaRule,
    auto_lemmas,
)
from satlink.rules import Rules

DEFAULT_SOLVER = "glucose4"
CYCLE_MODES = ("lazy", "propagator")
DEFAULT_CYCLES = "lazy"
NATIVE_CARD_SOLVERS = ("minicard", "gluecard3", "gluecard4")
PROPAGATOR_SOLVERS = ("cadical195",)
BENCH_SOLVERS = ("cadical195", "glucose4", "kissat404", "minisat22")
"""The backends ``--solvers all`` means: one of each family, all incremental or rebuilt."""

LEMMA_SETTINGS = ("auto", "none", "all")
"""auto: the default lemmas sound for the profile, chosen by cell shape; none; all: every
lemma sound for the profile."""


class MethodError(ValueError):
    """A method that cannot run: an unknown name or a combination a backend cannot execute.

    Commands report it as a usage error (exit status 2), as they do bad rules, parameters and
    input files; an exception that no command expects is reported as a bug in satlink.
    """


def solver_names() -> set[str]:
    """Every backend name (and alias) PySAT accepts.  (PySAT's solver module is imported
    here, not at the top: the default backend needs no look-up, and a run whose boards the
    forced moves decide never loads it.)"""
    from pysat.solvers import SolverNames

    return {name for key, names in vars(SolverNames).items() if not key.startswith("_")
            for name in names}


def cryptominisat_names() -> tuple[str, ...]:
    from pysat.solvers import SolverNames

    return SolverNames.cryptosat


def uninterruptible_names() -> tuple[str, ...]:
    """Backends PySAT cannot stop at a deadline: no limited solve (Lingeling)."""
    from pysat.solvers import SolverNames

    return SolverNames.lingeling


def parse_lemmas(value: str | tuple[str, ...] | list[str] | None) -> str:
    """The canonical lemma choice: ``auto``, ``none``, ``all`` or a comma list of names."""
    if value is None:
        return "auto"
    if isinstance(value, str):
        text = value.strip()
        if text in LEMMA_SETTINGS:
            return text
        names = [n.strip() for n in text.split(",") if n.strip()]
    else:
        names = list(value)
    if not names:
        return "none"
    for name in names:
        if name not in LEMMA_RULES:
            raise MethodError(f"unknown lemma {name!r} (known: {', '.join(LEMMA_SETTINGS)}, "
                              f"{', '.join(LEMMA_RULES)})")
    return ",".join(dict.fromkeys(names))


@dataclass(frozen=True)
class Method:
    """One runnable way of solving; construction validates it (raises :class:`MethodError`).

    ``lemmas`` is ``auto`` (default), ``none``, ``all`` or a comma list of lemma names; a tuple
    or list of names is accepted and stored in the same canonical text form.
    """

    encoding: str = DEFAULT_ENCODING
    card: str = DEFAULT_CARD
    lemmas: str = "auto"
    solver: str = DEFAULT_SOLVER
    cycles: str = DEFAULT_CYCLES
    presolve: bool = True
    """Make the forced moves before SAT (:mod:`satlink.solver.presolve`): a board they decide
    completely needs no CNF at all; otherwise the decided edges become unit clauses.  Off,
    every board goes through the encoding, which is what tests of an encoding want."""
    pieces: bool = True
    """After the forced moves, split what they leave open into independent pieces and solve
    each alone (:mod:`satlink.solver.pieces`); needs ``presolve``.  Off, the undecided rest
    is one CNF of the whole board, the decided edges its unit clauses."""
    stricter_first: bool = True
    """Under a profile without ``notouch``, take the first solution from a stricter profile,
    look for a second one near it, then search the board whole
    (:mod:`satlink.solver.routes.stricter`); only for ``solve`` and uniqueness checks, counting past two
    always searches whole.  Off, such a profile is searched whole from the start."""
    frontier: bool = True
    """Prove uniqueness by the frontier sweep where it is measured to pay
    (:mod:`satlink.solver.routes.frontier`); needs ``presolve``.  Off, those boards go to
    SAT like every other."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "lemmas", parse_lemmas(self.lemmas))
        problem = self.problem()
        if problem:
            raise MethodError(problem)

    def problem(self) -> str:
        """Why this combination cannot run, or ``""``."""
        if self.encoding not in ENCODING_KINDS:
            return f"unknown encoding {self.encoding!r} (known: {', '.join(ENCODING_KINDS)})"
        if self.card not in CARD_METHODS:
            return (f"unknown cardinality encoding {self.card!r} "
                    f"(known: {', '.join(CARD_METHODS)})")
        if self.solver != DEFAULT_SOLVER and self.solver not in solver_names():
            return (f"unknown SAT backend {self.solver!r} (e.g. glucose4, cadical195, minisat22; "
                    "see PySAT's SolverNames)")
        if (self.solver != DEFAULT_SOLVER and self.solver in cryptominisat_names()
                and find_spec("pycryptosat") is None):
            return (f"--solver {self.solver} (CryptoMiniSat) needs the pycryptosat package: "
                    "pip install 'satlink[cms]'")
        if not isinstance(self.presolve, bool):
            return f"presolve must be True or False, not {self.presolve!r}"
        if not isinstance(self.pieces, bool):
            return f"pieces must be True or False, not {self.pieces!r}"
        if not isinstance(self.stricter_first, bool):
            return f"stricter_first must be True or False, not {self.stricter_first!r}"
        if not isinstance(self.frontier, bool):
            return f"frontier must be True or False, not {self.frontier!r}"
        if self.cycles not in CYCLE_MODES:
            return f"unknown cycle handling {self.cycles!r} (known: {', '.join(CYCLE_MODES)})"
        if self.cycles == "propagator" and self.solver not in PROPAGATOR_SOLVERS:
            return (f"--cycles propagator needs --solver {PROPAGATOR_SOLVERS[0]} (IPASIR-UP), "
                    f"not {self.solver}")
        if self.card == "native" and self.solver not in NATIVE_CARD_SOLVERS:
            return (f"--card native needs a backend with native cardinality constraints "
                    f"({', '.join(NATIVE_CARD_SOLVERS)}), not {self.solver}")
        return ""

    def deadline_problem(self, timeout: float | None) -> str:
        """Why this method cannot honour ``timeout`` (seconds; None or inf: no limit), or
        ``""``: a backend without a limited solve would run past any deadline."""
        if (timeout is None or timeout == float("inf") or self.solver == DEFAULT_SOLVER
                or self.solver not in uninterruptible_names()):
            return ""
        return (f"--solver {self.solver} cannot be stopped at a deadline (PySAT has no limited "
                "solve for it): run it without a time limit (--timeout inf), or choose another "
                "backend")

    @property
    def kind(self) -> EncodingKind:
        """The encoding, as the value that builds it and estimates its size."""
        return ENCODING_KINDS[self.encoding]

    @staticmethod
    def lemma_rules(names: tuple[str, ...]) -> list[LemmaRule]:
        """The lemmas named by :meth:`lemmas_for`, as the values that add them."""
        return [LEMMA_RULES[name] for name in names]

    @property
    def uses_propagator(self) -> bool:
        """Cycle cuts come from the propagator (an acyclic encoding needs no cuts at all)."""
        return self.cycles == "propagator" and not self.kind.acyclic

    @property
    def redundant(self) -> bool:
        """Runs, but only repeats another method: the propagator on an acyclic encoding (the
        same as lazy), or a native-cardinality backend without native constraints.  The
        benchmark harness skips these instead of measuring the same thing twice."""
        return ((self.cycles == "propagator" and self.kind.acyclic)
                or (self.card != "native" and self.solver in NATIVE_CARD_SOLVERS))

    def lemmas_for(self, rules: Rules, cells: str) -> tuple[str, ...]:
        """The lemmas this method adds under ``rules`` on a board whose cells are ``cells``
        (its geometry's kind: ``auto`` is chosen by cell shape, see
        :data:`~satlink.cnf.kinds.LEMMA_RULES`); a named lemma that is unsound for the
        rules raises :class:`MethodError` (``all`` and ``auto`` keep only sound ones)."""
        self.check_lemmas(rules)
        if self.lemmas == "auto":
            return auto_lemmas(rules, cells)
        if self.lemmas == "all":
            return tuple(n for n, lem in LEMMA_RULES.items() if lem.sound(rules))
        if self.lemmas == "none":
            return ()
        return tuple(self.lemmas.split(","))

    def check_lemmas(self, rules: Rules) -> None:
        """Raise :class:`MethodError` if a lemma named in ``lemmas`` is unsound under
        ``rules`` (a profile can come from the file, so this is known only board by board)."""
        if self.lemmas in LEMMA_SETTINGS:
            return
        for name in self.lemmas.split(","):
            if not LEMMA_RULES[name].sound(rules):
                raise MethodError(f"lemma {name!r} is only sound under rules "
                                  f"{LEMMA_RULES[name].needs}, not {rules}")

    @property
    def label(self) -> str:
        """A short readable name for tables and plots: only what differs from the defaults."""
        parts = [self.encoding, self.solver]
        if self.card != DEFAULT_CARD:
            parts.append(self.card)
        if self.cycles != DEFAULT_CYCLES:
            parts.append(self.cycles)
        if self.lemmas != "auto":
            parts.append(f"lemmas={self.lemmas}")
        if not self.presolve:
            parts.append("no-presolve")
        if not self.pieces:
            parts.append("no-pieces")
        if not self.stricter_first:
            parts.append("whole")
        if not self.frontier:
            parts.append("no-frontier")
        return "/".join(parts)

    def as_dict(self) -> dict:
        """The JSON form; ``pieces``, ``stricter_first`` and ``frontier`` only when off, so
        that the keys of generator runs and the records written before they were choices stay
        as they were."""
        out = {"encoding": self.encoding, "solver": self.solver, "card": self.card,
               "cycles": self.cycles, "lemmas": self.lemmas, "presolve": self.presolve}
        if not self.pieces:
            out["pieces"] = False
        if not self.stricter_first:
            out["stricter_first"] = False
        if not self.frontier:
            out["frontier"] = False
        return out


DEFAULT_METHOD = Method()
