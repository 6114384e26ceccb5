"""Grade targets for ``generate --grade`` and the grade order of ``export``.

A target is a band of :mod:`satlink.grading` (``easy``: forced moves, corners, no-touch;
``medium``: regions and bottlenecks too; ``hard``: look-ahead) or a range ``LOW-HIGH`` of
the grade's ``score``.  Every band below ``hard``, and every range whose top is below the
look-ahead's scores, holds only puzzles the grader solves completely without search.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

from satlink.board import Board
from satlink.grading import BANDS, MAX_GRADE_NODES, UNSOLVED, grade
from satlink.records import upgrade_quality


class BandError(ValueError):
    """A ``--grade`` that is neither a band nor a range."""


@dataclass(frozen=True)
class Target:
    """Accept a grade whose level is in ``levels`` and whose score is in ``scores``."""

    text: str
    levels: tuple[int, int]
    scores: tuple[float, float]

    def admits(self, graded: dict | None) -> bool:
        if graded is None:
            return False
        return (self.levels[0] <= graded["level"] <= self.levels[1]
                and self.scores[0] <= graded["score"] <= self.scores[1])


def parse_target(text: str) -> Target:
    """``easy``, ``medium``, ``hard`` or ``LOW-HIGH`` (scores, e.g. ``2-4.5``; one number N
    means N-N)."""
    name = text.strip().lower()
    if name in BANDS:
        return Target(name, BANDS[name], (0.0, math.inf))
    match = re.fullmatch(r"(\d+(?:\.\d+)?)(?:\s*-\s*(\d+(?:\.\d+)?))?", name)
    if not match:
        raise BandError(f"grade {text!r} is not easy, medium, hard or LOW-HIGH (grade "
                        "scores, e.g. 2-4.5)")
    lo = float(match.group(1))
    hi = float(match.group(2)) if match.group(2) else lo
    if lo > hi:
        raise BandError(f"grade {text!r}: LOW is above HIGH")
    if lo >= UNSOLVED:
        raise BandError(f"grade {text!r}: grade scores run from 0 to {UNSOLVED}")
    return Target(f"{match.group(1)}-{match.group(2) or match.group(1)}", (1, UNSOLVED), (lo, hi))


def check_size(cells: int) -> None:
    """Refuse a target on boards too large to be graded."""
    if cells > MAX_GRADE_NODES:
        raise BandError(f"--grade needs boards of at most {MAX_GRADE_NODES} cells (the "
                        f"grader's limit), not {cells}")


def row_grade(row: dict) -> dict | None:
    """The human grade of a catalogue row: the stored one, or graded now when the row
    predates grades; None for a board too large to grade."""
    graded = row["quality"].get("grade")
    if graded is None:
        board = Board.from_json(row["grid"], row.get("geometry"))
        if board.n_nodes <= MAX_GRADE_NODES:
            graded = grade(board, row["rules"]).as_dict()
    return graded


def order_key(graded: dict | None, quality: dict) -> tuple[float, float]:
    """Easiest first: the grade's score (boards too large to grade come last), then the
    solver effort."""
    score = graded["score"] if graded else math.inf
    return score, upgrade_quality(quality).get("effort", 0.0)


def grade_key(row: dict) -> tuple[float, float]:
    """Sort key of a catalogue row, easiest first (:func:`order_key` of :func:`row_grade`)."""
    return order_key(row_grade(row), row["quality"])
