"""The solve stage: board -> forced moves -> CNF -> SAT -> verdict.

:mod:`~satlink.solver.check` (``check`` and ``solve``: the verdict,
:mod:`~satlink.solver.verdict`, with :mod:`~satlink.solver.stats`) hands every board to
:mod:`~satlink.solver.routes`, the one ordered list of ways to decide it, tried in turn:
the stricter profile's solution, the deductions (:mod:`~satlink.solver.presolve`, the forced
moves of :mod:`satlink.deduce`), the studio's kept solver (:mod:`~satlink.solver.session`),
the stricter profile first, independent pieces (:mod:`~satlink.solver.pieces` cuts them),
the whole board.  Beside them: :mod:`~satlink.solver.method` (how a board is solved, one
validated value), :mod:`~satlink.solver.memory` (refuse what cannot fit before building it),
:mod:`~satlink.solver.backend` (one PySAT solver), :mod:`~satlink.solver.search` (the
solutions of one CNF: cycle cuts, blocking clauses, deadlines; :mod:`~satlink.solver.cycles`,
:mod:`~satlink.solver.propagator`), :mod:`~satlink.solver.decode` (models as paths), and
:mod:`~satlink.solver.dimacs` (the same CNF for an external solver).  Nothing is imported
here: a run that the forced moves decide never loads numpy or PySAT.
"""
