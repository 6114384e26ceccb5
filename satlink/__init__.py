"""satlink: exact NumberLink (Flow Free) solving and uniqueness proofs with SAT.

The pipeline, one folder or module per stage: text -> :mod:`satlink.formats` -> :class:`Board`
and its one graph (:mod:`satlink.graph`) -> :mod:`satlink.solver` (the forced moves of
:mod:`satlink.deduce`, then a CNF from :mod:`satlink.cnf` and a SAT search) -> :class:`Solution`
-> :class:`Verdict` -> :mod:`satlink.records`, refereed by :mod:`satlink.referee`.  How a board
is solved is one :class:`Method` value (:mod:`satlink.solver.method`); a Flow Free variant is a
:class:`Geometry` (:mod:`satlink.geometry`) given to the board.
"""

from satlink.board import Board
from satlink.geometry import Geometry
from satlink.referee import is_valid, solution_errors
from satlink.rules import Rules, parse_rules
from satlink.solution import Solution
from satlink.solver.check import check, solve
from satlink.solver.method import Method, MethodError
from satlink.solver.verdict import Status, Verdict
from satlink.version import __version__

__all__ = ["Board", "Geometry", "Method", "MethodError", "Rules", "Solution", "Status", "Verdict", "check",
           "is_valid", "parse_rules", "solve", "solution_errors", "__version__"]
