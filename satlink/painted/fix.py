"""The smallest changes to drawn paths that make their puzzle unique.

A painting is a solution; when its puzzle has another one, the drawing must change where
the two differ, and change so that it stays a solution (the designer keeps what they drew,
but for the cuts).  Two edits do that, each on the drawn paths themselves:

* **cut**: a path is cut at an edge the other solution does not use (:mod:`satlink.repair.path_splits`);
  the two parts become two colours, so the other solution, which runs through the cut's two
  new endpoints, no longer fits (the colour count grows by one);
* **slide**: a path's end cell is handed to the neighbouring end of another path (one path
  a cell shorter, the other a cell longer: two endpoints move, the colour count stays);
* **wall** (on a variant board without bridges, when asked: the studio asks on boards that
  already have walls, warps or hexagons): a wall between two neighbouring cells the other
  solution joins and the drawing does not, so the drawing stays whole and the other
  solution no longer fits.

:func:`fix_painting` searches chains of such edits best first (fewest solutions left, then
fewest cells changed, then fewest edits), as :func:`satlink.repair.chains.repair_chain` does
for puzzles, until the puzzle is unique.  Every proposal is proven: the check finds one
solution, it is the edited drawing (edge for edge) and the referee accepts it.  Past the
budget the best partial chain is returned, and says so.
"""

from __future__ import annotations

import heapq
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from satlink.board import Board
from satlink.painted.path_edits import DEFAULT_MIN_LENGTH, PaintEdit, edits, oriented, puzzle_of
from satlink.referee import is_valid
from satlink.rules import DEFAULT_RULES, Rules
from satlink.solution import Solution, diff_cells
from satlink.solver.check import check
from satlink.solver.method import DEFAULT_METHOD, Method
from satlink.solver.verdict import Status, Verdict

DEFAULT_SECONDS = 10.0
DEFAULT_EDITS = 3
DEFAULT_BOUND = 16


@dataclass
class PaintFix:
    """A chain of edits from the input drawing to one whose puzzle is unique (``proven``:
    checked unique, the one solution is the edited drawing and the referee accepts it)."""

    edits: list[PaintEdit]
    board: Board
    solution: Solution
    proven: bool

    @property
    def changed(self) -> int:
        return sum(len(e.cells) for e in self.edits)

    def as_dict(self, rank: int) -> dict:
        board = self.board
        out = {"rank": rank, "edits": [e.as_dict(board) for e in self.edits],
               "changed": self.changed, "proven": self.proven, "grid": list(board.rows),
               "solution": self.solution.to_coords(board)}
        if not board.geometry.is_plain:
            from satlink.geometry import geometry_to_json

            out["geometry"] = geometry_to_json(board.geometry, board.width)
        return out


@dataclass
class FixSearch:
    """What :func:`fix_painting` found: ``proposals`` best first; ``partial`` the edits of
    the best drawing reached when none is unique; ``reason`` why the search ended."""

    status: Status
    count: int
    proposals: list[PaintFix] = field(default_factory=list)
    partial: list[PaintEdit] = field(default_factory=list)
    checks: int = 0
    seconds: float = 0.0
    reason: str = ""
    board: Board | None = None  # the input's puzzle (places the partial chain's cells)

    def as_dict(self) -> dict:
        return {"status": str(self.status), "count": self.count, "reason": self.reason,
                "checks": self.checks, "seconds": round(self.seconds, 3),
                "proposals": [p.as_dict(i) for i, p in enumerate(self.proposals, start=1)],
                "partial": [e.as_dict(self.board) for e in self.partial]
                if self.board is not None else []}


@dataclass
class _Node:
    board: Board
    drawn: Solution
    verdict: Verdict
    edits: tuple[PaintEdit, ...]

    def count(self) -> int:
        return self.verdict.count or len(self.verdict.solutions)

    def other(self) -> Solution:
        return next(s for s in self.verdict.solutions if s.edges() != self.drawn.edges())

    def key(self) -> tuple:
        """Fewest solutions left; among drawings whose count reached the bound, the smaller
        difference to another solution (the count alone no longer tells them apart); then
        fewest cells changed, fewest edits."""
        spread = len(diff_cells(self.board, self.drawn, self.other()))
        return (self.count() - 1, spread, sum(len(e.cells) for e in self.edits),
                len(self.edits))


def _key(board: Board) -> tuple:
    """A drawing's puzzle, told apart by its endpoints and its walls."""
    return board.rows, board.geometry.walls


@dataclass(frozen=True)
class PaintFixOptions:
    """How :func:`fix_painting` searches: the budget, what the edits may do and how many
    proposals come back.  Built once (a command's options, a studio request)."""

    method: Method = DEFAULT_METHOD
    """How each edited drawing's puzzle is checked (the SAT back end and encoding)."""
    max_edits: int = DEFAULT_EDITS
    """The longest chain of edits: past it the drawing is no longer the one drawn."""
    seconds: float = DEFAULT_SECONDS
    """The wall-clock budget; past it the best partial chain is returned, and says so."""
    bound: int = DEFAULT_BOUND
    """Solutions counted per puzzle: the distance to one solution that ranks the drawings."""
    min_length: int = DEFAULT_MIN_LENGTH
    """A cut leaves parts of at least this many cells (``generate``'s shortest path)."""
    limit: int = 5
    """The most proposals returned, best first."""
    keep: frozenset[str] = frozenset()
    """Labels whose paths stay as drawn: the designer's, when completed paths may change
    instead."""
    per_board: int = 60
    """The most edits checked per drawing expanded: the search goes deeper before wide."""
    walls: bool = False
    """Offer walls too (on variant boards without bridges, where a wall belongs to the
    design)."""
    progress: Callable[[str], None] | None = None
    """Told, in words, how far the search got."""


def fix_painting(board: Board, drawn: Solution, rules: Rules = DEFAULT_RULES,
                 options: PaintFixOptions | None = None, *,
                 verdict: Verdict | None = None) -> FixSearch:
    """Edit the drawing ``drawn`` (a solution of ``board``) until its puzzle is unique under
    ``rules``; see the module's docstring and :class:`PaintFixOptions` for each knob.  The
    proposals are the unique drawings met while expanding the first drawing that yields one
    (so the single edits, when one suffices), best first, at most ``options.limit``,
    gathered for as long again as the first took.  ``verdict``: the puzzle's check if the
    caller has it (saves one)."""
    opts = options or PaintFixOptions()
    method, max_edits, seconds, bound = opts.method, opts.max_edits, opts.seconds, opts.bound
    min_length, limit, keep, walls = opts.min_length, opts.limit, opts.keep, opts.walls
    per_board, progress = opts.per_board, opts.progress
    start = time.monotonic()

    def left() -> float:
        return seconds - (time.monotonic() - start)

    def judge(b: Board) -> Verdict:
        return check(b, rules, count=max(bound, 2), timeout=max(left(), 0.01), method=method)

    root_verdict = verdict if verdict is not None and verdict.count else judge(board)
    result = FixSearch(root_verdict.status, root_verdict.count or len(root_verdict.solutions),
                       checks=1, board=board)
    if root_verdict.status != Status.MULTIPLE:
        result.reason = {Status.UNIQUE: "already unique", Status.TIMEOUT: "the check timed out"
                         }.get(root_verdict.status, f"the puzzle is {root_verdict.status}: the "
                                                    "drawing is not one of its solutions")
        result.seconds = time.monotonic() - start
        return result
    root = _Node(board, drawn, root_verdict, ())
    best = root
    heap = [(root.key(), 0, root)]
    seen = {_key(board)}
    tick = 1
    reason = "no chain of cuts and slides within the edits allowed"
    found: list[PaintFix] = []
    first = None  # seconds to the first proposal: more are gathered for as long again
    while heap and not found:
        _, _, node = heapq.heappop(heap)
        if len(node.edits) >= max_edits:
            continue
        others = [s for s in node.verdict.solutions if s.edges() != node.drawn.edges()]
        tried = 0
        for edit, paths, geometry in edits(node.board, node.drawn, others[0], rules,
                                           min_length, keep, walls):
            if tried >= per_board or len(found) >= limit:
                break
            if first is not None and time.monotonic() - start > 2 * first:
                break
            if left() <= 0:
                reason = "budget"
                break
            paths = {k: oriented(node.board, p) for k, p in paths.items()}
            base = node.board if geometry is None else Board(node.board.rows, geometry)
            child_board = puzzle_of(base, paths)
            if _key(child_board) in seen:
                continue
            seen.add(_key(child_board))
            child_drawn = Solution.from_paths(paths)
            if not is_valid(child_board, child_drawn, rules):
                continue
            if any(set(s.paths) == set(paths) and is_valid(child_board, s, rules)
                   for s in others):
                continue  # another known solution still fits: no progress
            if progress is not None:
                progress(f"checking change {result.checks} ({len(node.edits) + 1} edit(s) "
                         f"deep): {edit.description}")
            child_verdict = judge(child_board)
            result.checks += 1
            tried += 1
            if child_verdict.status == Status.TIMEOUT:
                continue
            count = child_verdict.count or len(child_verdict.solutions)
            step = PaintEdit(edit.kind, edit.description, edit.cells, edit.labels,
                             child_verdict.status, count)
            child = _Node(child_board, child_drawn, child_verdict, node.edits + (step,))
            if child_verdict.status == Status.UNIQUE:
                solution = child_verdict.solutions[0]
                proven = (solution.edges() == child_drawn.edges()
                          and child_verdict.count_complete is not False
                          and is_valid(child_board, solution, rules))
                found.append(PaintFix(list(child.edits), child_board, child_drawn, proven))
                if first is None:
                    first = time.monotonic() - start
                continue
            if child_verdict.status != Status.MULTIPLE:
                continue
            if child.key() < best.key():
                best = child
            heapq.heappush(heap, (child.key(), tick, child))
            tick += 1
        if reason == "budget":
            break
    found.sort(key=lambda f: (not f.proven, len(f.edits), f.changed))
    result.proposals = found[:limit]
    if found:
        reason = "unique"
    else:
        result.partial = list(best.edits)
    result.reason = reason
    result.seconds = time.monotonic() - start
    return result
