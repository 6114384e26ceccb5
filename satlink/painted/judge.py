"""Whether the drawn paths ARE the unique solution of the puzzle they make.

Two independent facts decide it: the referee (:mod:`satlink.referee`, no SAT) says whether
the drawing obeys the profile (fill, notouch, no2x2, every bridge crossing used under fill);
the check (:func:`satlink.solver.check.check`) says whether the puzzle of the drawing's
endpoints has one solution.  The drawing is *the* unique solution exactly when it obeys the
rules and the puzzle is unique (a valid drawing is a solution of its own puzzle, so the one
solution is the drawing; :func:`painted_verdict` compares the edge sets anyway).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from satlink.formats.painted import Painting
from satlink.referee import solution_errors
from satlink.rules import Rules
from satlink.solution import Solution, diff_cells
from satlink.solver.verdict import Status, Verdict

PAINTED_VERSION = 1
"""The version of the ``painted`` JSON object (README, "Stable contract: painted boards")."""

UNIQUE_SOLUTION = "unique-solution"
ONE_OF_SEVERAL = "one-of-several"
BREAKS_RULES = "breaks-rules"
NOT_THE_SOLUTION = "not-the-solution"
PARTIAL = "partial"
UNDECIDED = "undecided"
OBEYS_RULES = "obeys-rules"


@dataclass
class PaintedVerdict:
    """What a check says about a painting: ``outcome`` is one of :data:`UNIQUE_SOLUTION`
    (the drawing is the puzzle's one solution), :data:`ONE_OF_SEVERAL` (valid, but the puzzle
    has others: ``other`` and ``diff`` show one), :data:`BREAKS_RULES` (the referee's
    ``errors``), :data:`NOT_THE_SOLUTION` (valid but the puzzle's solutions differ: only
    when the check found the puzzle unsolvable, i.e. the two disagree, which is a bug),
    :data:`PARTIAL` (cells left unpainted or pairs without a path: nothing to compare yet),
    :data:`UNDECIDED` (the check timed out), :data:`OBEYS_RULES` (the drawing obeys the rules
    and the puzzle was only solved, not proven: ``solve``)."""

    outcome: str
    status: Status
    rules: Rules
    errors: list[str] = field(default_factory=list)
    other: Solution | None = None
    diff: list[int] = field(default_factory=list)
    painting: Painting | None = None

    def sentence(self) -> str:
        if self.outcome == UNIQUE_SOLUTION:
            return f"the painted paths are the unique solution under {self.rules.name}"
        if self.outcome == ONE_OF_SEVERAL:
            where = "" if self.other is None else f": another differs in {len(self.diff)} cells"
            return (f"the painted paths are one of several solutions under {self.rules.name}"
                    f"{where} (satlink repair or satlink paint proposes the smallest changes "
                    "to the paths that make it unique)")
        if self.outcome == BREAKS_RULES:
            return (f"the painted paths break the rules of {self.rules.name}: "
                    + "; ".join(self.errors[:3]))
        if self.outcome == PARTIAL:
            p = self.painting
            parts = []
            if p is not None and p.empty:
                parts.append(f"{len(p.empty)} cells unpainted")
            if p is not None and p.placed:
                parts.append(f"{len(p.placed)} pairs without a path ({', '.join(p.placed)})")
            return ("partly painted (" + ", ".join(parts) + "): judged as the puzzle of its "
                    "endpoints; satlink paint completes it")
        if self.outcome == OBEYS_RULES:
            return (f"the painted paths obey the rules of {self.rules.name} (uniqueness not "
                    "asked: satlink check proves it)")
        if self.outcome == UNDECIDED:
            return "the check timed out: whether the painted paths are unique is not known"
        return f"the painted paths are not the solution of their puzzle under {self.rules.name}"

    def as_dict(self) -> dict:
        board = self.painting.board if self.painting is not None else None
        out: dict = {"painted_version": PAINTED_VERSION, "outcome": self.outcome,
                     "sentence": self.sentence(), "complete": bool(
                         self.painting is not None and self.painting.complete),
                     "errors": list(self.errors)}
        if board is not None:
            out["diff_cells"] = board.coords(self.diff)
            out["other"] = None if self.other is None else self.other.to_coords(board)
            if self.painting is not None and not self.painting.complete:
                out["placed"] = list(self.painting.placed)
                out["empty"] = board.coords(self.painting.empty)
        return out


def painted_verdict(painting: Painting, verdict: Verdict, rules: Rules) -> PaintedVerdict:
    """Judge ``painting`` from its puzzle's ``verdict`` (a check of ``painting.board`` under
    ``rules``, counting at least two solutions) and the referee."""
    status = verdict.status
    drawn = painting.solution()
    if drawn is None:
        return PaintedVerdict(PARTIAL, status, rules, painting=painting)
    board = painting.board
    errors = solution_errors(board, drawn, rules)
    if errors:
        return PaintedVerdict(BREAKS_RULES, status, rules, errors, painting=painting)
    if status == Status.SOLVED:
        return PaintedVerdict(OBEYS_RULES, status, rules, painting=painting)
    if status == Status.UNIQUE:
        if verdict.solutions[0].edges() == drawn.edges():
            return PaintedVerdict(UNIQUE_SOLUTION, status, rules, painting=painting)
        other = verdict.solutions[0]
        return PaintedVerdict(NOT_THE_SOLUTION, status, rules, other=other,
                              diff=diff_cells(board, drawn, other), painting=painting)
    if status == Status.MULTIPLE:  # a caller may hold no solution at all (a cut budget)
        other = next((s for s in verdict.solutions if s.edges() != drawn.edges()), None)
        return PaintedVerdict(ONE_OF_SEVERAL, status, rules, other=other,
                              diff=[] if other is None else diff_cells(board, drawn, other),
                              painting=painting)
    if status == Status.TIMEOUT:
        return PaintedVerdict(UNDECIDED, status, rules, painting=painting)
    return PaintedVerdict(NOT_THE_SOLUTION, status, rules, painting=painting)
