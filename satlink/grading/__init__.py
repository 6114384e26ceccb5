"""A difficulty people agree with: a puzzle graded by the deductions a person needs.

:mod:`~satlink.grading.grader` solves the board as a person does, with the simplest technique
that makes progress, and says which techniques it needed and how often (the levels, bands and
score are described there); :mod:`~satlink.grading.compare` holds the compiled deduction
engine to the Python one, up to the grade.
"""

from satlink.grading.grader import (
    BANDS,
    DEFAULT_BUDGET,
    DEFAULT_DEPTH,
    LEVEL,
    LOOKAHEAD,
    MAX_GRADE_NODES,
    TECHNIQUES,
    UNSOLVED,
    BudgetSpent,
    Contradiction,
    Grade,
    Recorder,
    band_of,
    grade,
)

__all__ = ["BANDS", "DEFAULT_BUDGET", "DEFAULT_DEPTH", "LEVEL", "LOOKAHEAD", "MAX_GRADE_NODES",
           "TECHNIQUES", "UNSOLVED", "BudgetSpent", "Contradiction", "Grade", "Recorder", "band_of",
           "grade"]
