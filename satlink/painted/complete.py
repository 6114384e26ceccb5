"""A partly painted board completed by the generator's walk, the painted paths held fixed.

The designer paints some paths and places some endpoint pairs; the rest of the board is
filled as ``generate`` fills a board: the seeds' union-find growth, then the walk toward the
published colour count and look (:mod:`satlink.generate.longpaths`), then the same repair of
an ambiguous result (reshape where two solutions differ, else cut a path there).

Cells are held fixed without changing the generator: the walk runs on a path system whose
graph leaves out the painted nodes (:class:`_Around`: its ``nodes`` and ``neighbours`` skip
them), so no move can take, cross or end on a painted cell.  A placed pair is first joined
by a shortest route through the unpainted cells (a shortest path never touches itself, so
it obeys ``notouch``), and that route is held fixed as well.

When the ambiguity lies in the painted paths alone, no move of the walk can remove it: the
painted paths themselves are then cut or slid (:func:`satlink.painted.fix.fix_painting`),
and the result says so (``painted_edits``).
"""

from __future__ import annotations

import random
import time
from collections import deque
from dataclasses import dataclass, field
from typing import NamedTuple

from satlink.board import EMPTY, LABEL_ALPHABET, Board, label_for
from satlink.formats.painted import Painting
from satlink.generate.colours import published_colours
from satlink.generate.longpaths import cut_between, lengthen, reshape, settle
from satlink.generate.paths import PathSystem
from satlink.generate.unionfind import grow_paths_in
from satlink.graph import SOLID, Cell
from satlink.painted.fix import PaintFixOptions, fix_painting
from satlink.referee import is_valid
from satlink.repair.path_edits import PaintEdit, oriented, puzzle_of
from satlink.rules import DEFAULT_RULES, Rules
from satlink.runtime.cancel import Cancelled, stop_if_cancelled, within
from satlink.solution import Solution, diff_cells
from satlink.solver.check import check
from satlink.solver.method import DEFAULT_METHOD, Method
from satlink.solver.verdict import Status

DEFAULT_ATTEMPTS = 8
DEFAULT_REPAIRS = 40  # as generate
RESHAPES = 5  # as the generator: reshapes before a cut may add a colour


@dataclass
class _Around(PathSystem):
    """A path system on ``layout`` without the ``fixed`` nodes: the walk's graph around the
    painted paths."""

    fixed: frozenset[int] = frozenset()

    def neighbours(self, cell: int) -> list[int]:
        return [n for n in super().neighbours(cell) if n not in self.fixed]

    def nodes(self) -> list[int]:
        return [x for x in super().nodes() if x not in self.fixed]


@dataclass
class Completion:
    """A completed painting: ``board`` and ``solution`` (None when no attempt succeeded),
    ``proven`` (checked unique, the one solution is ``solution``, the referee accepts it),
    ``painted_edits``: changes the repair had to make to the painted paths themselves."""

    board: Board | None = None
    solution: Solution | None = None
    proven: bool = False
    attempts: int = 0
    repairs: int = 0
    checks: int = 0
    painted_edits: list[PaintEdit] = field(default_factory=list)
    fallback: str = ""
    """Why the drawn paths were edited rather than walked: the solutions differ on painted
    cells only (no move of the walk reaches them), no completed path could be cut where they
    differ, or the walk's repairs ran out."""
    reason: str = ""
    seconds: float = 0.0

    def as_dict(self) -> dict:
        board = self.board
        return {"completed": board is not None, "proven": self.proven,
                "attempts": self.attempts, "repairs": self.repairs, "checks": self.checks,
                "painted_edits": [e.as_dict(board) for e in self.painted_edits] if board else [],
                "fallback": self.fallback,
                "reason": self.reason, "seconds": round(self.seconds, 3)}


def blank_of(board: Board) -> Board:
    """``board`` with every label erased: the layout the walk runs on."""
    return board.with_rows("".join(EMPTY if ch not in (EMPTY, SOLID) else ch for ch in row)
                           for row in board.rows)


def _route(blank: Board, a: Cell, b: Cell, blocked: set[Cell],
           rng: random.Random) -> list[Cell] | None:
    """A shortest path from ``a`` to ``b`` avoiding ``blocked`` (ties broken by ``rng``)."""
    before = {a: a}
    todo = deque([a])
    while todo:
        x = todo.popleft()
        if x == b:
            path = [b]
            while path[-1] != a:
                path.append(before[path[-1]])
            return path[::-1]
        around = list(blank.neighbors(x))
        rng.shuffle(around)
        for n in around:
            if n not in before and (n == b or n not in blocked):
                before[n] = x
                todo.append(n)
    return None


@dataclass(frozen=True)
class CompleteOptions:
    """How :func:`complete_painting` completes a painting: the walk's seed and budgets, and
    what it may change.  Built once (a command's options, a studio request)."""

    method: Method = DEFAULT_METHOD
    """How each completed puzzle is checked (the SAT back end and encoding)."""
    seed: int = 0
    """Attempt ``k`` draws from a generator seeded with ``(seed, k)``: the same seed, the same
    puzzle."""
    attempts: int = DEFAULT_ATTEMPTS
    """The most walks started afresh: a walk stuck in a bad start is cheaper to redo than to
    repair."""
    max_repairs: int = DEFAULT_REPAIRS
    """The most reshapes and cuts of one walk where two solutions differ (``generate``'s)."""
    min_length: int = 3
    """Completed paths at least this long where the walk can (``generate``'s)."""
    seconds: float = 30.0
    """The wall-clock budget of all attempts together."""
    edit_painted: bool = True
    """Whether the painted paths and placed endpoints may change when the ambiguity lies in
    them alone; False is the studio's promise to a designer (the attempt then fails)."""


def complete_painting(painting: Painting, rules: Rules = DEFAULT_RULES,
                      options: CompleteOptions | None = None) -> Completion:
    """Complete ``painting`` into a puzzle proven unique under ``rules``, its painted paths
    kept (see the module's docstring, and :class:`CompleteOptions` for each knob)."""
    opts = options or CompleteOptions()
    seconds = opts.seconds
    start = time.monotonic()
    blank = blank_of(painting.board)
    result = Completion()
    job = _Completing(painting, blank, rules, opts)
    reason = "no attempt"
    with within(seconds):  # the walk on a large board runs for seconds: it stops at the budget
        for number in range(opts.attempts):
            if time.monotonic() - start > seconds:
                reason = "budget"
                break
            result.attempts += 1
            rng = random.Random(f"{opts.seed}:{number}")
            try:
                outcome = _attempt(job, rng, result, lambda: seconds - (time.monotonic() - start))
            except Cancelled:
                reason = "budget"
                break
            if outcome is None:
                result.reason = "unique"
                break
            reason = outcome
        else:
            result.reason = reason
    if result.board is None:
        result.reason = reason
    result.seconds = time.monotonic() - start
    return result


class _Completing(NamedTuple):
    """What :func:`complete_painting` was asked, for each of its attempts: the painting and
    its blank board, the profile that judges the result, and the options."""

    painting: Painting
    blank: Board
    rules: Rules
    options: CompleteOptions


def _attempt(job: _Completing, rng: random.Random, result: Completion, left) -> str | None:
    """One attempt; fills ``result`` and returns None on success, else why it failed."""
    painting, blank, rules, method = job.painting, job.blank, job.rules, job.options.method
    max_repairs, min_length = job.options.max_repairs, job.options.min_length
    result.fallback = ""
    fixed_paths = {k: tuple(p) for k, p in painting.drawn.items()}
    blocked = {x for p in fixed_paths.values() for x in p}
    blocked |= {x for k in painting.placed for x in painting.board.endpoints[k]}
    for label in painting.placed:
        a, b = painting.board.endpoints[label]
        route = _route(blank, a, b, blocked - {a, b}, rng)
        if route is None:
            return f"pair {label} cannot be joined through the unpainted cells"
        fixed_paths[label] = oriented(blank, route)
        blocked |= set(route)
    system = _Around(blank.width, blank.height, layout=blank, fixed=frozenset(blocked))
    alone = []
    for i, x in enumerate(system.nodes()):
        if not i & 1023:
            stop_if_cancelled()  # seconds on a board of a million cells
        if not system.neighbours(x):
            alone.append(x)
    if alone and rules.fill:
        r, c = blank.coord(alone[0])
        return f"cell ({r},{c}) is walled in by painted paths: no path can reach it"
    if alone:  # no path can take them: they stay empty (the walk has no move for them)
        system.fixed = frozenset(blocked | set(alone))
    region = set(system.nodes())
    walk = None
    if region:
        grow_paths_in(system, region, rng)
        median = published_colours(len(blank.open_nodes()))[1]
        target = max(1, round(median * len(region) / max(1, len(blank.open_nodes()))))
        walk = lengthen(system, rng, target, min_length)
    free_labels = [label_for(i, LABEL_ALPHABET) for i in range(len(LABEL_ALPHABET) + 200)
                   if label_for(i, LABEL_ALPHABET) not in fixed_paths]
    repairs = 0
    while True:
        if rules.fill and system.solids:
            return f"{len(system.solids)} cells left that no path could take"
        if len(system.paths) > len(free_labels):
            return "too many paths for the labels"
        paths = dict(fixed_paths)
        for label, path in zip(free_labels, system.paths, strict=False):
            paths[label] = oriented(blank, path)
        board = puzzle_of(blank, paths)
        ours = Solution.from_paths(paths)
        if not is_valid(board, ours, rules):
            return "the completed paths break the rules"
        verdict = check(board, rules, timeout=max(left(), 0.01), method=method)
        result.checks += 1
        if verdict.status == Status.UNIQUE:
            solution = verdict.solutions[0]
            result.board, result.solution = board, ours
            result.proven = solution.edges() == ours.edges() and is_valid(board, solution, rules)
            return None
        if verdict.status != Status.MULTIPLE:
            return f"the completed puzzle is {verdict.status}"
        other = next(s for s in verdict.solutions if s.edges() != ours.edges())
        cells = diff_cells(board, ours, other)
        nodes = [x for c in cells for x in board.crossings.get(c, (c,))]
        mine = [x for x in nodes if x in region]
        if walk is not None and mine and repairs < max_repairs:
            repairs += 1
            result.repairs += 1
            theirs = other.edges()
            if repairs > RESHAPES and cut_between(walk, mine, theirs, rng):
                walk.finish()
                continue
            if not reshape(walk, mine, theirs, rng):  # first, and when no cut is there
                settle(walk, rng)
            continue
        # the ambiguity is in the painted paths (or repairs ran out): edit the paths, the
        # completed ones first
        result.fallback = ("the solutions differ on painted cells only" if not mine else
                           "the walk's repairs ran out" if repairs >= max_repairs else
                           "no completed path could be cut where the solutions differ")
        keep = frozenset(painting.drawn) | frozenset(painting.placed)
        for hold in (keep, frozenset()) if job.options.edit_painted else (keep,):
            fix = fix_painting(board, ours, rules,
                               PaintFixOptions(method=method, seconds=max(left(), 0.01),
                                               keep=hold, limit=1,
                                               min_length=min(min_length, 2)))
            result.checks += fix.checks
            if fix.proposals:
                best = fix.proposals[0]
                result.board, result.solution, result.proven = (best.board, best.solution,
                                                                 best.proven)
                result.painted_edits = [e for e in best.edits if set(e.labels) & keep]
                return None
        return "no repair made the completed puzzle unique"

