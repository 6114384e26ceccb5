"""What an engine decides on a board, as plain values: how the compiled engine is held to the
Python one (``tests/deduce/test_engines.py``, ``benchmarks/engine_agreement.py``)."""

from __future__ import annotations

from satlink.board import Board
from satlink.deduce.puzzle import Contradiction, Puzzle
from satlink.deduce.split import CaseSplits
from satlink.grading import grade
from satlink.rules import Rules

ALL_PASSES = ("corner", "notouch", "region", "bottleneck")


def fixpoint_result(eng, board: Board, rules: Rules, passes=ALL_PASSES) -> tuple:
    """Every edge's state and every node's colours after the fixpoint, with the solved count,
    the heads and the undecided nodes; or the contradiction (kind, colour, cells, reach)."""
    p = Puzzle(board, rules)
    st = eng.state(p)
    try:
        eng.fixpoint(st, passes)
        finished = eng.finished(st)
    except Contradiction as why:
        return ("contradiction", why.kind, why.label, tuple(why.nodes), tuple(why.edges),
                None if why.reached is None else tuple(why.reached))
    return ("state", finished, bytes(st.es), tuple(st.colour(x) for x in p.nodes),
            st.solved_nodes(), tuple(st.heads()), tuple(st.undecided_nodes()))


def grade_result(eng, board: Board, rules: Rules) -> tuple:
    """The grade (every figure) and the solution it reached, or the contradiction."""
    try:
        graded = grade(board, rules, using=eng)
    except Contradiction as why:
        return ("contradiction", why.kind, why.label, tuple(why.nodes), tuple(why.edges))
    solution = None if graded.solution is None else graded.solution.edges()
    return ("grade", graded.as_dict(), solution)


def split_result(eng, board: Board, rules: Rules, limit: int = 3, budget: int = 300) -> tuple:
    """Whether the search by case splits covered every case, the states it visited and the
    solutions it found."""
    p = Puzzle(board, rules)
    search = CaseSplits(budget, limit, ("corner", "notouch", "region"))
    complete = eng.split(eng.state(p), search)
    return complete, search.nodes, tuple(search.solutions)


RESULTS = (fixpoint_result, grade_result, split_result)

__all__ = ["ALL_PASSES", "RESULTS", "fixpoint_result", "grade_result", "split_result"]
