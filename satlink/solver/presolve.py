"""Deductions before SAT: decide what reasoning can, often the whole board, and leave SAT the rest.

The deduction engine (:mod:`satlink.deduce`, the one the human grader uses; compiled where it
was built, :mod:`satlink.deduce.engines`) makes moves on the board graph, each a sound
consequence of the rule profile.  Run before the CNF is built, in stages (:class:`Plan`):

1. the **fixpoint** of the local techniques (forced moves, no joining two colours or closing a
   loop, the corner staircase, no-touch) and, where they are cheap enough, the global ones
   (``region``, ``bottleneck``);
2. **look-ahead** (:mod:`satlink.deduce.lookahead`): a move out of a path end whose
   consequences contradict is closed; within a budget of hypotheses;
3. a complete search: **depth-first on the compiled state's trail** (:mod:`satlink.deduce.dfs`)
   under the ``flow`` rules on a board whose short side is narrow enough, else **by case
   splits** on copies (:mod:`satlink.deduce.split`); within its budget it decides the board
   outright, finding each solution (up to the count asked for) or proving there are no more.

Outcomes:

* **solved** / **decided**: the stages decided the board: its solutions (none, one, or as many
  as asked for) are known and, when the search covered every case, they are all there are.
  Every solution is checked by the independent referee (:func:`satlink.referee.solution_errors`)
  before it is believed; should the referee ever refuse one, SAT decides the board with none
  of the deductions: a bug in the engine must cost time, never a verdict.  ``solved`` is the
  common case of exactly one solution proven unique.
* **contradiction**: the deductions reach an impossible state: no solution.  Under ``fill``, a
  board the stages leave open is also counted in two shades (:mod:`satlink.deduce.parity`):
  a board whose shades its pairs cannot cover is a contradiction too (stage ``parity``).
* **partial**: the decided edges are handed on (as unit clauses, or substituted, and split into
  independent pieces: :mod:`satlink.solver.pieces`).  They are implied by the rules, so no
  solution is lost, and cuts and blocking clauses stay valid.
* **skipped**: the engine was not run (the Python engine on a large board) or its result was
  refused by the referee; SAT decides the board alone.

Which stages run, and within which budgets, is a trade of time against reach, measured on the
corpora by ``benchmarks/deduction_gates.py`` (figures in ``benchmarks/README.md``); the plans
below are what those measurements chose.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, NamedTuple

from satlink.board import Board
from satlink.deduce import ON, Contradiction, OutOfTime, Puzzle
from satlink.deduce.engines import TINY_NODES, Engine, engine_for
from satlink.graph import edge_literal
from satlink.referee import solution_errors
from satlink.rules import Rules
from satlink.solution import Solution

if TYPE_CHECKING:
    from satlink.deduce.lookahead import LookaheadBudget

SOLVED, DECIDED, CONTRADICTION, PARTIAL, SKIPPED = (
    "solved", "decided", "contradiction", "partial", "skipped")


class Plan(NamedTuple):
    """Which deduction stages run on a board, and their budgets.  (A named tuple: a frozen
    dataclass cost a 2x2 check process a tenth of its start-up.)"""

    run: bool = True
    """False: skip the engine (SAT alone)."""
    global_passes: bool = True
    """Run ``region`` and ``bottleneck`` in the fixpoint."""
    lookahead_budget: int = 0
    """Hypotheses the look-ahead (depth 1) may try; 0: no look-ahead."""
    split_budget: int = 0
    """States the search by case splits may visit; 0: no search."""
    split_depth: int = 1 << 30
    """How deep the search may split (each level holds a copy of the state)."""
    search_budget: int = 0
    """States the depth-first search on the trail may visit; 0: none (then the case splits, if
    they have a budget).  The compiled engine only."""
    parity: bool = False  # (fill) shades.py's count in fixpoints and hypotheses; in no plan


PYTHON_MAX_NODES = 400
"""Boards with more graph nodes than this go straight to SAT under the Python engine: its
passes cost more than SAT's proof above about 20x20 (``benchmarks/README.md``, "Figures
behind the code")."""
PYTHON_GLOBAL_WORK = 2_500
"""Colours x nodes above which the Python engine skips region and bottleneck (a graph search
per colour that rarely completes a board with many colours)."""

COMPILED_GLOBAL_WORK = 100_000
"""Colours x nodes above which the compiled engine's fixpoint skips region and bottleneck: a
graph search per colour per pass, which on the 1002x1002 boards costs more than the case
splits it would spare."""
LOOKAHEAD_MAX_NODES = 400
LOOKAHEAD_WORK = 400_000
LOOKAHEAD_MOST = 1_200
"""Look-ahead on boards up to this many nodes, trying at most ``LOOKAHEAD_WORK / nodes`` (and
``LOOKAHEAD_MOST``) hypotheses.  A hypothesis is undone from the compiled state's trail, not
copied, and region skips the colours its cuts show whole, so its cost is mostly its own
consequences; with each look-ahead resumed where the last closed move was, these budgets
decide the hand-made 14x14 and 15x15 levels and one 24x14 more at no more CPU than SAT's
proof of it; on the larger boards (and on inputs9) depth-1 look-ahead
decides too few to pay (``benchmarks/README.md``, the sections on the trail-based look-ahead
and on region's memory)."""
SPLIT_MAX_COLOURS = 6
SPLIT_WORK = 8_000_000
SPLIT_MOST = 64
SPLIT_STATE_BYTES = 1 << 30
"""The search by case splits runs on boards of at most ``LOOKAHEAD_MAX_NODES`` nodes or at
most this many colours, visiting at most ``SPLIT_WORK / nodes`` states (and ``SPLIT_MOST``),
and splitting only as deep as this many bytes of state copies allow.  It decides the
1002x1002 boards of inputs6 in three states; with many colours it rarely finishes within
such a budget and its cost falls on SAT's."""


SEARCH_MAX_SHORT_SIDE = 30
SEARCH_MOST = 8_000
"""The depth-first search runs under fill and notouch (``flow``) on boards whose short side is
at most this many cells, visiting at most ``SEARCH_MOST`` states.  It grows the decided part as
a band as wide as the short side, so its tree grows with that width: up to this width it
decided every board of the corpus it ran on within the budget, at a fraction of SAT's cost; a
board it does not finish costs a fraction of a second before SAT takes over
(``benchmarks/README.md``, the section on the depth-first search)."""

SEARCH_WIDE_SHORT_SIDE = 40
SEARCH_WIDE_FIRST = 15_000
SEARCH_WIDE_MOST = 30_000
"""On boards whose short side is above :data:`SEARCH_MAX_SHORT_SIDE` and at most this, the
search runs twice if need be: in a diagonal sweep for up to ``SEARCH_WIDE_FIRST`` states, then
in the band's sweep for up to ``SEARCH_WIDE_MOST``.  Its cost there is about SAT's, one board
cheaper, another dearer, but it decides the hand-made boards of that width without SAT
(``benchmarks/README.md``, the section on the wider band)."""


def plan_for(board: Board, rules: Rules, using: Engine) -> Plan:
    """The stages that pay on ``board`` with engine ``using``."""
    nodes, colours = max(1, board.n_nodes), len(board.labels)
    if using.name == "python" and nodes > TINY_NODES:
        if nodes > PYTHON_MAX_NODES:
            return Plan(run=False)
        return Plan(global_passes=colours * nodes <= PYTHON_GLOBAL_WORK)
    small = nodes <= LOOKAHEAD_MAX_NODES
    state_bytes = 40 * nodes + 8 * board.n_edges
    searched = using.name == "compiled" and rules.fill and rules.notouch
    return Plan(
        global_passes=colours * nodes <= COMPILED_GLOBAL_WORK,
        lookahead_budget=min(LOOKAHEAD_MOST, LOOKAHEAD_WORK // nodes) if small else 0,
        split_budget=(min(SPLIT_MOST, SPLIT_WORK // nodes)
                      if small or colours <= SPLIT_MAX_COLOURS else 0),
        split_depth=max(1, SPLIT_STATE_BYTES // state_bytes),  # state_bytes >= 40
        search_budget=_search_budget(board) if searched else 0,
    )


def _search_budget(board: Board) -> int:
    """States the depth-first search may visit on ``board``, by its short side (0: none)."""
    short = min(board.width, board.height)
    if short <= SEARCH_MAX_SHORT_SIDE:
        return SEARCH_MOST
    return SEARCH_WIDE_MOST if short <= SEARCH_WIDE_SHORT_SIDE else 0


PresolveTimeout = OutOfTime
"""The deadline passed during the deductions."""


@dataclass
class Presolved:
    """What the deductions decided about a board."""

    outcome: str
    """``solved``, ``decided``, ``contradiction``, ``partial`` or ``skipped``."""
    solution: Solution | None = None
    """The one solution (``solved`` only), already checked by the referee."""
    solutions: list[Solution] = field(default_factory=list)
    """Every solution found (``solved`` and ``decided``), each checked by the referee."""
    exhausted: bool = False
    """(``decided``) Whether those are all the solutions there are."""
    units: list[int] = field(default_factory=list)
    """Decided edges as unit literals over the encodings' edge variables
    (:func:`satlink.graph.edge_literal`)."""
    decided: int = 0
    """Edges decided (on or off)."""
    states: bytes = b""
    """Every edge's state (``partial`` only): 0 undecided, ``ON`` or ``OFF``, indexed like
    ``board.edges``; what :mod:`satlink.solver.pieces` splits the board by."""
    seconds: float = 0.0
    stage: str = ""
    """The last stage that ran: ``fixpoint``, ``lookahead``, ``search``, ``split`` or ``parity``
    (empty if none)."""


def presolve(board: Board, rules: Rules, deadline: float | None = None, *, limit: int = 2,
             using: Engine | None = None, plan: Plan | None = None) -> Presolved:
    """Make every deduction the plan allows on ``board`` under ``rules``; ``limit``: how many
    solutions the caller wants at most (1 to solve, 2 to prove uniqueness, more to count).

    ``deadline`` (a ``time.monotonic()`` value) is checked between passes (and inside the
    compiled engine's long ones), and between the stages around them, each of which costs a
    pass over every label on a board of many (the graph, the state, the solution, the
    referee); past it, :class:`PresolveTimeout` is raised.
    """
    start = time.perf_counter()
    _in_time(deadline)
    eng = using or engine_for(board.n_nodes)
    plan = plan or plan_for(board, rules, eng)
    if not plan.run:
        return Presolved(SKIPPED)

    def done(outcome: str, **found: object) -> Presolved:
        return Presolved(outcome, seconds=time.perf_counter() - start, **found)  # type: ignore[arg-type]

    puzzle = Puzzle(board, rules)
    _in_time(deadline)
    state = eng.state(puzzle)
    _in_time(deadline)
    passes = ("corner", "notouch", "region", "bottleneck") if plan.global_passes else (
        "corner", "notouch")
    passes += ("parity",) if plan.parity else ()
    before_split: bytes | None = None
    # the fixpoint, then look-ahead (lookahead.settle_deferring), in one call into the core
    stage, complete, contradiction = eng.first_stages(state, passes, deadline,
                                                      _lookahead(plan, deadline))
    if contradiction:
        return done(CONTRADICTION, decided=board.n_edges, stage=stage)
    try:
        if complete:
            _in_time(deadline)
            solutions = [state.solution()]
            _in_time(deadline)
            return _believed(board, rules, solutions, True, done, "solved", stage)
        if plan.search_budget:
            stage = "search"
            found = _search(board, eng, state, plan.search_budget, limit, deadline)
            if found is not None:
                solutions, exhausted = [eng.solution(puzzle, es) for es in found[0]], found[1]
                _in_time(deadline)
                if not solutions and exhausted:
                    return done(CONTRADICTION, decided=board.n_edges, stage=stage)
                return _believed(board, rules, solutions, exhausted, done, "decided", stage)
        elif plan.split_budget:
            from satlink.deduce.split import CaseSplits

            stage = "split"
            search = CaseSplits(plan.split_budget, limit, passes, plan.split_depth, deadline)
            before_split = bytes(state.es)  # the search consumes the state, not a copy of it
            if eng.split(state, search):
                exhausted = len(search.solutions) < limit
                _in_time(deadline)
                solutions = [eng.solution(puzzle, es) for es in search.solutions]
                _in_time(deadline)
                if not solutions and exhausted:
                    return done(CONTRADICTION, decided=board.n_edges, stage=stage)
                return _believed(board, rules, solutions, exhausted, done, "decided", stage)
    except Contradiction:
        return done(CONTRADICTION, decided=board.n_edges, stage=stage)
    if rules.fill and _imbalanced(board):
        return done(CONTRADICTION, decided=board.n_edges, stage="parity")
    _in_time(deadline)
    es = before_split if before_split is not None else bytes(state.es)
    units = [edge_literal(e, s == ON) for e, s in enumerate(es) if s]
    return done(PARTIAL, units=units, decided=len(units), states=es, stage=stage)


def _in_time(deadline: float | None) -> None:
    if deadline is not None and time.monotonic() > deadline:
        raise PresolveTimeout


def _lookahead(plan: Plan, deadline: float | None) -> LookaheadBudget | None:
    """The look-ahead's budget, or None for none (its module is then not imported: a tiny
    board's check process starts without it, as before)."""
    if not plan.lookahead_budget:
        return None
    from satlink.deduce.lookahead import TRIAL_PASSES, LookaheadBudget

    return LookaheadBudget(plan.lookahead_budget, deadline=deadline, resume=True,
                           passes=TRIAL_PASSES + (("parity",) if plan.parity else ()))


def _search(board: Board, eng: Engine, state: object, budget: int, limit: int,
            deadline: float | None) -> tuple[list[bytes], bool] | None:
    """The depth-first search from ``state`` (left as it was): the solutions it found and
    whether they are all there are, or None when its budget ran out first."""
    from satlink.deduce.dfs import DepthFirst, depth_first, diagonal_rank, sweep_rank

    legs = [(sweep_rank, budget)]
    if min(board.width, board.height) > SEARCH_MAX_SHORT_SIDE:
        legs.insert(0, (diagonal_rank, SEARCH_WIDE_FIRST))
    for rank_of, most in legs:
        search = DepthFirst(most, limit, rank=rank_of(board), deadline=deadline)
        if depth_first(eng, state, search):
            return search.solutions, search.complete
    return None


def _imbalanced(board: Board) -> bool:
    """Whether the chessboard count (:mod:`satlink.deduce.parity`) proves that ``fill`` cannot
    be met.  Asked only of a board the stages above left to SAT: it is linear in the board,
    and SAT, which would have to exhaust such a board, is where it pays (a 15x15 board with one
    cell painted solid: seconds to past any budget, against a millisecond here)."""
    from satlink.deduce.parity import imbalance

    return imbalance(board) is not None


def _believed(board: Board, rules: Rules, solutions: list[Solution], exhausted: bool, done,
              outcome: str, stage: str) -> Presolved:
    """The solutions, once the referee accepts every one; else the board goes to SAT alone
    (units would pin it to these very edge sets)."""
    for solution in solutions:
        if solution_errors(board, solution, rules):
            return done(SKIPPED, stage=stage)
    if outcome == "solved" or (exhausted and len(solutions) == 1):
        return done(SOLVED, solution=solutions[0], solutions=solutions, exhausted=True,
                    decided=board.n_edges, stage=stage)
    return done(DECIDED, solutions=solutions, exhausted=exhausted, decided=board.n_edges,
                stage=stage)


__all__ = ["CONTRADICTION", "DECIDED", "PARTIAL", "SKIPPED", "SOLVED", "Plan", "PresolveTimeout",
           "Presolved", "plan_for", "presolve"]
