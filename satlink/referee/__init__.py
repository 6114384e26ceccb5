"""The independent referee: every solution satlink prints is checked here, with code of its own.

It uses no SAT, no encoding and not the board graph, so a bug in any of those cannot certify
its own output.  :mod:`satlink.referee.paths` walks the claimed paths against the rules (the
reference, and the only source of messages); :mod:`satlink.referee.cells` works out which cells
neighbour which from their coordinates and the geometry description;
:mod:`satlink.referee.grid` checks a plain square board's solution as whole arrays;
:mod:`satlink.referee.compiled` checks any board's in C++ when that extension is built, and
:mod:`satlink.referee.verdict` chooses between them (:func:`solution_errors`).
"""

from satlink.referee.paths import as_solution
from satlink.referee.verdict import is_valid, solution_errors

__all__ = ["as_solution", "is_valid", "solution_errors"]
