"""Tell the designer why: a located, proven reason for every verdict.

:mod:`~satlink.explain.explanation` chooses the reason for each verdict and holds what was
found; the reasons themselves are :mod:`~satlink.explain.trace` (the deduction that fails, or
the solve step by step), :mod:`~satlink.explain.core` (a minimal set of impossible pairs),
:mod:`~satlink.explain.empty` (the fewest cells that must stay empty) and
:mod:`~satlink.explain.ambiguity` (where a second solution differs); :mod:`~satlink.explain.hint`
is the next step from a partly drawn board.
"""

from satlink.explain.ambiguity import Ambiguity, ambiguity
from satlink.explain.core import Core, minimal_core
from satlink.explain.empty import EmptyCells, fewest_empty
from satlink.explain.explanation import (
    DEFAULT_BUDGET,
    DEFAULT_COUNT,
    EXPLAIN_VERSION,
    REASONS,
    Explanation,
    explain,
    without,
)
from satlink.explain.steps import Failure, Step, Trace
from satlink.explain.trace import trace

__all__ = ["DEFAULT_BUDGET", "DEFAULT_COUNT", "EXPLAIN_VERSION", "REASONS", "Ambiguity", "Core",
           "EmptyCells", "Explanation", "Failure", "Step", "Trace", "ambiguity", "explain",
           "fewest_empty", "minimal_core", "trace", "without"]
