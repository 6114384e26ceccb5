"""The grade order of a catalogue (``export``, a pack written easiest first): each row's human
grade, the stored one or graded now, then the solver effort."""

from __future__ import annotations

import math

from satlink.board import Board
from satlink.grading import MAX_GRADE_NODES, grade
from satlink.quality.figures import upgrade_quality
from satlink.rules import parse_rules


def row_grade(row: dict) -> dict | None:
    """The human grade of a catalogue row: the stored one, or graded now when the row
    predates grades; None for a board too large to grade."""
    graded = row["quality"].get("grade")
    if graded is None:
        board = Board.from_json(row["grid"], row.get("geometry"))
        if board.n_nodes <= MAX_GRADE_NODES:
            graded = grade(board, parse_rules(row["rules"])).as_dict()
    return graded


def order_key(graded: dict | None, quality: dict) -> tuple[float, float]:
    """Easiest first: the grade's score (boards too large to grade come last), then the
    solver effort."""
    score = graded["score"] if graded else math.inf
    return score, upgrade_quality(quality).get("effort", 0.0)


def grade_key(row: dict) -> tuple[float, float]:
    """Sort key of a catalogue row, easiest first (:func:`order_key` of :func:`row_grade`)."""
    return order_key(row_grade(row), row["quality"])
