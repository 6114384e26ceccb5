"""The compiled engine's side of the boundary: what :mod:`satlink.deduce.engines` hands to the
extension ``satlink.deduce._core`` (``satlink/deduce/core/bindings.cpp``) and how its answers
come back.

Everything crossing is typed: the graph as integer buffers made by :mod:`satlink.graph` (its
edge order is the one SAT variables use; the core checks it and makes none of its own), or a
large open square board as one byte per cell (:func:`square_steps`, the same edges),
techniques as the core's enum ``Technique`` (looked up by the grader's names, the codes defined
once, in the core), results as named objects (``Lookahead``, ``SplitResult``).  The core holds
nothing of Python: the compiled graph is cached on the Python puzzle and the state's puzzle is
kept in the state's Python subclass, so the collector sees every reference and a board is freed
with its last user.

Cancelling: the core owns its cancel flag (``Cancel``, an atomic).  A call made under a
:class:`~satlink.runtime.cancel.CancelToken` registers a fresh flag with the token for the
length of the call (:meth:`CancelToken.running`), so the studio's ``cancel`` interrupts the
engine as it interrupts a SAT solver, from any thread, while the engine works without the GIL.

A state is used by one call at a time: calling it from a second thread while a call runs
raises ``RuntimeError`` (give each thread its own state: ``copy``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from typing import TYPE_CHECKING, Any, TypeVar

from satlink.deduce.puzzle import BudgetSpent, Puzzle
from satlink.graph import NUMPY_CELLS, SOLID
from satlink.runtime.cancel import current
from satlink.solution import Solution

if TYPE_CHECKING:
    from satlink.deduce.dfs import DepthFirst
    from satlink.deduce.lookahead import LookaheadBudget
    from satlink.deduce.split import CaseSplits
    from satlink.graph import BoardGraph

T = TypeVar("T")

MOST = (1 << 62) - 1
"""The core counts in 64-bit integers; no search visits more states than this."""


def square_steps(g: BoardGraph) -> bytes | None:
    """Board graph ``g`` as one byte per cell, the core's compact form (``square_graph``) of a
    large plain board without solid cells (None for any other): bit 2 the cell is open, bit 0
    its step right is an edge, bit 1 its step down; read cell by cell, right before down, the
    edges come in :data:`satlink.graph.EDGE_ORDER` (the core checks them as any edge list).
    Such a board's buffers come from numpy, whose import was a twentieth of the check of an
    unsolvable 1002x1002 board; these are a few rows of bytes repeated."""
    w, h = g.width, g.height
    if not g.geometry.is_plain or w * h < NUMPY_CELLS or SOLID in g.kinds:
        return None
    return (b"\x07" * (w - 1) + b"\x06") * (h - 1) + b"\x05" * (w - 1) + b"\x04"


class CompiledEngine:
    """The C++ engine (``satlink.deduce._core``)."""

    name = "compiled"

    def __init__(self, core: Any):
        self._core = core
        self.techniques: dict[str, Any] = dict(core.Technique.__members__)
        """The core's technique codes by name (the core's enum is their one definition)."""
        self._passes: dict[tuple[str, ...], list[Any]] = {}
        self._buffers: dict[tuple[int, int], tuple[Any, Any, Any]] = {}

        class CompiledState(core.State):
            """A compiled state with its Python puzzle (``p``, kept here in the instance's
            dict, where the garbage collector sees it, never inside the core) and the
            Python-side answers (the solution as paths)."""

            p: Puzzle

            def copy(self) -> CompiledState:
                twin = CompiledState(self)  # the core's copy constructor
                twin.p = self.p
                return twin

            def solution(self) -> Solution:
                p = self.p
                return Solution.from_paths(dict(zip(p.labels, self.paths(), strict=True)))

        self._state_class = CompiledState

    def codes(self, passes: Sequence[str]) -> list[Any]:
        """The core's codes of ``passes`` (named techniques), looked up once per list."""
        key = tuple(passes)
        found = self._passes.get(key)
        if found is None:
            found = self._passes[key] = [self.techniques[name] for name in key]
        return found

    def graph(self, puzzle: Puzzle) -> Any:
        """The compiled graph of ``puzzle``, built once and kept on it."""
        graph = puzzle.__dict__.get("_compiled_graph")
        if graph is None:
            g, blocks = puzzle.board.graph, [list(b) for b in puzzle.blocks]
            steps = square_steps(g)
            if steps is not None:
                graph = self._core.square_graph(g.width, g.height, steps, puzzle.ends,
                                                puzzle.fill, puzzle.notouch, blocks)
            else:
                nodes, edges = self._buffers_of(g)
                graph = self._core.graph(puzzle.n, nodes, edges, puzzle.ends, puzzle.fill,
                                         puzzle.notouch, blocks)
            puzzle.__dict__["_compiled_graph"] = graph
        return graph

    BUFFERS_KEPT = 32
    """Boards whose graph buffers are kept (a batch's boards are of a few sizes)."""

    def _buffers_of(self, g: Any) -> tuple[Any, Any]:
        """The open nodes and the edges of board graph ``g`` as the core takes them, kept for
        the boards that share their edges: a board without solid cells whose edges are one
        object with another's (a batch's boards of one size share the open grid's edges)
        has the same buffers, and making the edge buffer from the tuples cost a 15x15
        board's check more than its compiled graph."""
        edges = g.__dict__.get("edges")  # (never made here: a huge board's are not made)
        if edges is None or SOLID in g.kinds:
            return g.open_node_buffer(), g.edge_buffer()
        key = (id(edges), g.n_nodes)
        kept = self._buffers.get(key)
        if kept is None or kept[0] is not edges:
            if len(self._buffers) >= self.BUFFERS_KEPT:
                self._buffers.clear()
            kept = self._buffers[key] = (edges, g.open_node_buffer(), g.edge_buffer())
        return kept[1], kept[2]

    def state(self, puzzle: Puzzle, recording: bool = False) -> Any:
        st = self._state_class(self.graph(puzzle), recording)
        st.p = puzzle
        return st

    def _cancellable(self, call: Callable[..., T], *args: Any) -> T:
        """``call(*args, flag)``: the flag None outside any cancellable work, else a fresh one
        the current token interrupts (at once if it was cancelled already)."""
        token = current()
        if token is None:
            return call(*args, None)
        flag = self._core.Cancel()
        with token.running(flag):
            return call(*args, flag)

    def run(self, st: Any, technique: str) -> int:
        return self._cancellable(self._core.run, st, self.techniques[technique], None)

    def finished(self, st: Any) -> bool:
        return self._core.finished(st)

    def fixpoint(self, st: Any, passes: Sequence[str], deadline: float | None = None) -> None:
        self._cancellable(self._core.fixpoint, st, self.codes(passes), deadline)

    def lookahead(self, st: Any, depth: int, search: LookaheadBudget) -> int:
        step = self._cancellable(self._core.lookahead, st, depth, min(search.budget, MOST),
                                 search.tried, self.codes(search.passes), search.deadline)
        search.tried = step.tried
        if step.budget_spent:
            raise BudgetSpent
        if step.move is not None and search.refuted is not None:
            search.refuted(step.move, step.why)
        return int(step.progress)

    def settle(self, st: Any, passes: Sequence[str], search: LookaheadBudget,
               depth: int = 1) -> bool:
        """The look-ahead loop of :func:`satlink.deduce.lookahead.settle`, in one call."""
        told = search.refuted
        settle = partial(self._core.settle, resume=search.resume)
        done = self._cancellable(settle, st, depth, min(search.budget, MOST), search.tried,
                                 self.codes(search.passes), self.codes(passes),
                                 told is not None, search.deadline)
        search.tried = done.tried
        if told is not None:
            for move, why in done.refutations:
                told(move, why)
        return bool(done.finished)

    def first_stages(self, st: Any, passes: Sequence[str], deadline: float | None,
                     search: LookaheadBudget | None) -> tuple[str, bool, bool]:
        """Presolve's fixpoint and look-ahead (:func:`satlink.deduce.lookahead.first_stages`;
        ``search`` None: the fixpoint alone) in one call into the core, a contradiction
        returned rather than raised: a call per stage and per deferred pass cost a decided
        board more than some of its stages.  Where refuted moves are to be told, the stages
        go a call each."""
        if search is None:
            stage, finished, contradiction, _ = self._cancellable(
                self._core.first_stages, st, self.codes(passes), [], 0, 0, [], False, deadline)
            return stage, finished, contradiction
        from satlink.deduce.lookahead import DEFERRED_PASSES, first_stages, one_deadline

        one_deadline(deadline, search)
        if search.refuted is not None:
            return first_stages(self, st, passes, search)
        stage, finished, contradiction, tried = self._cancellable(
            self._core.first_stages, st, self.codes(passes), self.codes(DEFERRED_PASSES),
            min(search.budget, MOST), search.tried, self.codes(search.passes), search.resume,
            search.deadline)
        search.tried = tried
        return stage, finished, contradiction

    def split(self, st: Any, search: CaseSplits) -> bool:
        found = self._cancellable(self._core.split, st, min(search.budget, MOST),
                                  min(search.limit, MOST), self.codes(search.passes),
                                  min(search.max_depth, MOST), search.deadline)
        search.nodes = found.nodes
        search.solutions = found.solutions
        return found.complete or len(search.solutions) >= search.limit

    def dfs(self, st: Any, search: DepthFirst, plant: int = 0) -> None:
        """The depth-first search on the trail (:mod:`satlink.deduce.dfs`); ``st`` is left as
        it was.  ``plant``: a bug the tests plant (1 a case not undone, 2 a case dropped, 3 a state
        with solutions remembered as failed, 4 the memory's key without the chains' ends)."""
        from satlink.deduce.dfs import ORDERS

        run = partial(self._core.dfs, plant=plant, rank=list(search.rank),
                      memo_bytes=search.memo_bytes)
        found = self._cancellable(run, st,
                                  min(search.budget, MOST), min(search.limit, MOST),
                                  self.codes(search.passes), ORDERS.index(search.order),
                                  search.deadline)
        search.nodes = found.nodes
        search.memo_hits = found.memo_hits
        search.complete = found.complete and len(found.solutions) < search.limit  # not cut short
        search.solutions = found.solutions

    def solution(self, puzzle: Puzzle, es: bytes) -> Solution:
        paths = self._core.paths(self.graph(puzzle), es)
        return Solution.from_paths(dict(zip(puzzle.labels, paths, strict=True)))


__all__ = ["MOST", "CompiledEngine", "square_steps"]
