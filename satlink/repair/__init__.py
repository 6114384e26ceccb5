"""Repair a hand-made board: the smallest edits that make it unique under its profile.

A designer draws a board and ``check`` says ``multiple`` (or ``unsolvable``).
:func:`repair_proposals` proposes single edits, each *proven* unique by
:func:`satlink.solver.check.check`, ranked by how little they change.  One module per job:

* :mod:`.proposals`: the values: an edit before it is checked (:class:`Candidate`), a
  checked edit that makes the board unique (:class:`Proposal`, and how proposals rank), what
  one search found (:class:`Repair`);
* :mod:`.edits`: the edits worth trying on a board, from what its verdict says (where the
  solutions differ): solid cells, walls, splits, new pairs, moved endpoints;
* :mod:`.search`: which candidates are checked, in what order, within what budget.

Chains of edits (``repair --chain``, :func:`.chains.repair_chain`):

* :mod:`.chains`: the chain search, best first over single edits, and the stages it tries
  first; :mod:`.plans`: its values (constraints, steps, the chain);
* :mod:`.nearest`: the nearest solvable board of an unsolvable draft, by SAT (one selector
  literal per edit, a cardinality bound raised), and :mod:`.finish`: from there to unique;
* :mod:`.hitting`: the fewest cuts of one solution of a ``multiple`` board that leave it
  the only one (hitting sets by SAT, the other solutions found by the check);
* :mod:`.symmetry`: the symmetries a chain keeps.

The edits are generated from a board and its verdict alone, so a search over chains of
edits can ask :func:`.edits.single_edits` again on an edited board.

The HTML report can link a ``multiple`` board to its proposals by calling
:func:`repair_proposals` with the verdict it already has.
"""

from satlink.repair.proposals import KINDS, Candidate, Proposal, Repair
from satlink.repair.search import DEFAULT_BUDGET, RepairOptions, repair_proposals

__all__ = ["DEFAULT_BUDGET", "KINDS", "Candidate", "Proposal", "Repair", "RepairOptions",
           "repair_proposals"]
