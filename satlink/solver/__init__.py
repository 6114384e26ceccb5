"""The solve stage: board -> forced moves -> CNF -> SAT -> verdict.

:mod:`~satlink.solver.method` (how a board is solved, one validated value),
:mod:`~satlink.solver.memory` (refuse what cannot fit before building it),
:mod:`~satlink.solver.presolve` (the forced moves of :mod:`satlink.deduce`),
:mod:`~satlink.solver.pieces` and :mod:`~satlink.solver.piecewise` (what they leave open, cut
into independent sub-boards and proved one by one),
:mod:`~satlink.solver.backend` (one PySAT solver), :mod:`~satlink.solver.search` (cycle cuts,
blocking clauses, deadlines; :mod:`~satlink.solver.cycles`, :mod:`~satlink.solver.propagator`),
:mod:`~satlink.solver.decode` (models as paths), :mod:`~satlink.solver.check` (the verdict,
:mod:`~satlink.solver.verdict`, with :mod:`~satlink.solver.stats`), and
:mod:`~satlink.solver.dimacs` (the same CNF for an external solver).  Nothing is imported here:
a run that the forced moves decide never loads numpy or PySAT.
"""
