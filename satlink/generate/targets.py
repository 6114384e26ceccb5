"""The language of grade targets: ``generate --grade`` and ``--curve`` name a band of
:mod:`satlink.grading` (``easy``: forced moves, corners, no-touch; ``medium``: regions and
bottlenecks too; ``hard``: look-ahead) or a range ``LOW-HIGH`` of the grade's ``score``.

Every band below ``hard``, and every range whose top is below the look-ahead's scores, holds
only puzzles the grader solves completely without search.  Parsing a target needs nothing of
the generator, so the parameters (:mod:`satlink.generate.params`) check one when they are
built.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

from satlink.grading import BANDS, MAX_GRADE_NODES, UNSOLVED

ORDER = ("easy", "medium", "hard")


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


def band_of_target(target: Target) -> str:
    """The band a target lies in: its own name, or for a score range the band of the level
    its middle score falls in (the level of score s is floor(s) + 1)."""
    if target.text in BANDS:
        return target.text
    middle = (target.scores[0] + min(target.scores[1], UNSOLVED)) / 2
    level = min(UNSOLVED, int(middle) + 1)
    return next(name for name, (lo, hi) in BANDS.items() if lo <= level <= hi)
