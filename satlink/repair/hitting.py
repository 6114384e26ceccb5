"""The fewest cuts of one solution that leave it the only one: repair a ``multiple`` board.

Cut a path of a solution S at one of its edges ``(a, b)``: ``a`` and ``b`` become endpoints
(the part beyond ``b`` takes a new label), and S, cut there, is still a solution.  Another
solution T of the board survives the cut only if its path of the same label runs through
that edge in the same direction: otherwise ``a`` and ``b`` end the wrong parts.  And without
``notouch`` every solution of the cut board, with the cut edges put back, is a solution of
the board that runs through them all that way.  So under ``fill`` or ``nikoli`` choosing the
cuts is a *hitting set* problem, one set per other solution (the cuts it does not survive),
solved here by SAT with a cardinality bound raised 1, 2, ...  (Two cuts of one path that T
survives one by one but passes in the other order hit T together: such a pair is one more
way to hit it.)

The other solutions are not known in advance; they are found one by one (counter-example
guided): cut, check the cut board with :func:`satlink.solver.check.check`, and if it still
has another solution U, the board's solution U plus the cut edges joins the sets to hit.
Under ``notouch`` the correspondence is not exact (two cut parts may run beside each other),
but the loop is the same and the check decides: every board returned was checked unique.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from itertools import combinations

from pysat.card import ITotalizer
from pysat.formula import IDPool
from pysat.solvers import Solver

from satlink.board import Board, label_for
from satlink.graph import Cell, Edge, edge
from satlink.repair.plans import Constraints, Step
from satlink.rules import Rules
from satlink.solution import Solution
from satlink.solver.check import check
from satlink.solver.method import Method
from satlink.solver.verdict import Status, Verdict

Judge = Callable[[Board], Verdict]


@dataclass(frozen=True)
class Cut:
    """Cut ``label``'s path of the solution before its ``index``-th node."""

    label: str
    index: int


@dataclass
class CutRepair:
    """A set of cuts that leaves one solution (``board``, ``verdict`` unique), or None."""

    cuts: list[Cut]
    board: Board
    verdict: Verdict
    checks: int


def cut_board(board: Board, solution: Solution, cuts: list[Cut]) -> tuple[Board, Solution,
                                                                          list[str]]:
    """The board with ``solution``'s paths cut at ``cuts`` (new labels for the far parts), its
    cut solution, and the new labels in the order of ``cuts``."""
    used = set(board.labels)
    rows = [list(row) for row in board.rows]
    paths: dict[str, tuple[Cell, ...]] = {}
    names: dict[Cut, str] = {}
    by_label: dict[str, list[int]] = {}
    for c in cuts:
        by_label.setdefault(c.label, []).append(c.index)
    for label, path in solution.paths.items():
        marks = sorted(by_label.get(label, []))
        bounds = [0, *marks, len(path)]
        for j in range(len(bounds) - 1):
            piece = path[bounds[j]:bounds[j + 1]]
            if j == 0:
                name = label
            else:
                i = 0
                while label_for(i) in used:
                    i += 1
                name = label_for(i)
                used.add(name)
                names[Cut(label, bounds[j])] = name
            paths[name] = piece
            for node in (piece[0], piece[-1]):
                r, c = board.coord(node)
                rows[r][c] = name
    cut = Board(tuple("".join(row) for row in rows), board.geometry)
    return cut, Solution.from_paths(paths), [names[c] for c in cuts]


def hitting_cuts(board: Board, solution: Solution, others: list[Solution], judge: Judge, *,
                 max_cuts: int, min_length: int, deadline: float) -> CutRepair | None:
    """The fewest cuts (at most ``max_cuts``) of ``solution`` whose cut board is unique, found
    by the loop in the module's docstring; ``others``: other solutions known (at least one);
    ``judge``: the check (counting at least 2); None if there are none, or past
    ``deadline``."""
    candidates: list[Cut] = []
    where: dict[Cut, Edge] = {}
    for label, path in solution.paths.items():
        for i in range(min_length, len(path) - min_length + 1):
            a, b = path[i - 1], path[i]
            if a < board.size and b < board.size and a not in board.crossings \
                    and b not in board.crossings:
                cut = Cut(label, i)
                candidates.append(cut)
                where[cut] = edge(a, b)
    if not candidates or max_cuts < 1:
        return None
    pool = IDPool()
    var = {c: pool.id(c) for c in candidates}
    clauses = []
    for c in candidates:  # two cuts of one path leave a middle part of min_length nodes
        for d in candidates:
            if c.label == d.label and c.index < d.index < c.index + min_length:
                clauses.append([-var[c], -var[d]])
    total = ITotalizer(lits=list(var.values()), ubound=max_cuts + 1, top_id=pool.top)
    checks = 0
    with Solver(name="cadical195", bootstrap_with=clauses + total.cnf.clauses) as solver:
        top = [total.top_id]

        def hit(other: Solution) -> bool:
            lits = [var[c] for c in candidates if _kills(solution, c, other)]
            for c, d in _crossed(solution, [c for c in candidates if var[c] not in lits], other):
                top[0] += 1  # both cuts, which ``other`` runs through in the other order
                solver.add_clause([-top[0], var[c]])
                solver.add_clause([-top[0], var[d]])
                lits.append(top[0])
            if not lits:
                return False  # it survives every cut we could make
            solver.add_clause(lits)
            return True

        if not all(hit(o) for o in others):
            return None
        k = 1
        while k <= max_cuts:
            if time.monotonic() >= deadline:
                return None
            # k at or past the candidates' count bounds nothing (no totalizer output for it)
            if not solver.solve(assumptions=[-total.rhs[k]] if k < len(total.rhs) else []):
                k += 1
                continue
            model = set(solver.get_model())
            chosen = [c for c in candidates if var[c] in model]
            cut, cut_solution, _ = cut_board(board, solution, chosen)
            verdict = judge(cut)
            checks += 1
            if verdict.status == Status.UNIQUE:
                if verdict.solutions[0].edges() == cut_solution.edges():
                    return CutRepair(chosen, cut, verdict, checks)
                return None  # cannot happen: the cut solution is one
            if verdict.status != Status.MULTIPLE:
                return None
            back = frozenset(where[c] for c in chosen)
            found = False
            for u in verdict.solutions:
                if u.edges() != cut_solution.edges():
                    try:
                        whole = Solution.from_edges(board, u.edges() | back)
                    except ValueError:
                        continue
                    found = hit(whole) or found
            if not found:
                return None
    return None


def _kills(solution: Solution, cut: Cut, other: Solution) -> bool:
    """Whether ``other`` is no solution of the board cut at ``cut`` with any edge removed:
    it does not run through the cut edge on the same path, in the same direction (from the
    same endpoint), so the cut's two new endpoints end the wrong parts."""
    path = solution.paths[cut.label]
    a, b = path[cut.index - 1], path[cut.index]
    theirs = other.paths.get(cut.label)
    if theirs is None:
        return True
    if theirs[0] != path[0]:
        theirs = theirs[::-1]
    return not any(theirs[j] == a and theirs[j + 1] == b for j in range(len(theirs) - 1))


def _crossed(solution: Solution, survived: list[Cut], other: Solution) -> list[tuple[Cut, Cut]]:
    """The pairs of cuts of one path that ``other`` survives one by one (each edge run
    through the same way) but passes in the other order: cut at both, its parts join the
    wrong new endpoints, so the pair together is a hit."""
    out = []
    steps: dict[str, dict[tuple[Cell, Cell], int]] = {}  # label -> (a, b) -> its place in other
    for c, d in combinations(survived, 2):
        if c.label != d.label:
            continue
        path = solution.paths[c.label]
        if c.label not in steps:
            theirs = other.paths[c.label]
            if theirs[0] != path[0]:
                theirs = theirs[::-1]
            steps[c.label] = {(theirs[j], theirs[j + 1]): j for j in range(len(theirs) - 1)}
        at = steps[c.label]
        first, second = (c, d) if c.index < d.index else (d, c)
        if (at[path[first.index - 1], path[first.index]]
                > at[path[second.index - 1], path[second.index]]):
            out.append((c, d))
    return out


def cut_steps(board: Board, solution: Solution, cuts: list[Cut], judge: Judge
              ) -> list[tuple[str, tuple[Cell, Cell], Board, Verdict]]:
    """The cuts made one at a time: (description, cut cells, board, its verdict) each."""
    out = []
    for j in range(1, len(cuts) + 1):
        cut, _, names = cut_board(board, solution, cuts[:j])
        c = cuts[j - 1]
        path = solution.paths[c.label]
        a, b = path[c.index - 1], path[c.index]
        out.append((f"split {c.label}: cut between {board.coord(a)} and {board.coord(b)}, "
                    f"the part from {board.coord(b)} becomes the new pair {names[-1]}",
                    (a, b), cut, judge(cut)))
    return out


def fewest_cuts(board: Board, verdict: Verdict, profile: Rules, cons: Constraints,
                max_cuts: int, deadline: float, judge: Judge, method: Method
                ) -> tuple[list[Step], Verdict, int] | None:
    """The fewest cuts of one of the board's solutions that leave it the only one
    (:func:`hitting_cuts`), as the chain's steps with the boards checked on the way; None if
    none within ``max_cuts``.  The chain search's stage for a ``multiple`` board
    (:func:`satlink.repair.chains.repair_chain`)."""
    def two(b: Board) -> Verdict:
        limit = max(deadline - time.monotonic(), 0.01)
        return check(b, profile, count=2, timeout=limit, method=method)

    checks = 0
    best: tuple[list[Step], Verdict] | None = None
    for drawn in verdict.solutions[:2]:  # the fewer cuts of the first two solutions
        others = [s for s in verdict.solutions if s.edges() != drawn.edges()]
        if not others or time.monotonic() >= deadline:
            break
        most = max_cuts if best is None else len(best[0]) - 1
        found = hitting_cuts(board, drawn, others, two, max_cuts=most,
                             min_length=cons.min_length, deadline=deadline)
        if found is None:
            continue
        checks += found.checks
        steps = []
        for text, cells, b, v in cut_steps(board, drawn, found.cuts, judge):
            checks += 1
            steps.append(Step.of("split", text, cells, 2, b, v, cons))
            final = v  # the last cut's verdict: its board is the repaired one
        last = steps[-1]
        if final.status == Status.UNIQUE and not cons.too_short(last.board, final.solutions[0]):
            best = steps, final
    return None if best is None else (best[0], best[1], checks)


__all__ = ["Cut", "CutRepair", "cut_board", "cut_steps", "fewest_cuts", "hitting_cuts"]
