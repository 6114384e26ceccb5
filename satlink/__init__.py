"""satlink: exact NumberLink (Flow Free) solving and uniqueness proofs with SAT.

The pipeline, one module per step: text -> :mod:`satlink.formats` -> :class:`Board` ->
:mod:`satlink.cnf` -> :mod:`satlink.solve` -> :class:`Solution` -> :mod:`satlink.check`
verdict, refereed by :mod:`satlink.validate`.
"""

from satlink.board import Board, Solution
from satlink.check import Verdict, check, solve
from satlink.rules import Rules, parse_rules
from satlink.validate import is_valid, solution_errors

__all__ = ["Board", "Rules", "Solution", "Verdict", "check", "is_valid", "parse_rules", "solve",
           "solution_errors"]
__version__ = "0.1.0"
