"""Repair that finishes: chains of edits searched until the board is unique.

:func:`repair_chain` runs a best-first search over edited boards.  Each board met is
checked with :func:`satlink.solver.check.check` counting solutions up to ``bound``; its
children are the single edits of :func:`satlink.repair.edits.single_edits` on that board
(plus removing one pair, and the designer's constraints applied), so a ``multiple`` board
is edited where its solutions differ and an ``unsolvable`` one anywhere.  Boards are
ranked by their distance to one solution (``count - 1`` for ``multiple``, counted up to
``bound``; for ``unsolvable``, :data:`UNSOLVABLE_DISTANCE` when the input is unsolvable too,
else after every ``multiple`` board: a step that loses every solution is no progress), then
by the cells changed in total, then by the number of edits; the children of a board are
tried in :mod:`satlink.repair.triage`'s order (known solvable first).  The first board
found unique that meets every constraint ends the search: it is proven unique by ``check``
and its solution re-checked by the referee.  Past the budget (seconds, boards checked) the
best board found so far is returned as partial progress, and the result says so; a board
that is unsolvable is never that progress when the input had solutions.

Constraints (:class:`Constraints`), the defaults chosen for a designer:

* ``min_length`` (3, as ``generate``): every path of the final solution covers at least
  this many cells;
* ``colours`` (1): the final board has at most this many pairs more or fewer than the
  input (0: the colour count stays; new pairs and removed pairs are then never tried);
* ``symmetry`` (True): if the input is symmetric under rotations or mirrors (endpoints and
  solid cells, with pairs mapped to pairs), every edit is completed with its images so the
  board stays symmetric, or refused if it cannot be;
* ``solids`` (False) and ``walls`` (False): no solid cells and no walls are added unless
  asked for (walls are always allowed on boards that are already variant boards when
  ``walls`` is None).
"""

from __future__ import annotations

import heapq
import time
from dataclasses import dataclass, replace

from satlink.board import Board
from satlink.referee import is_valid
from satlink.repair.edits import removals, single_edits
from satlink.repair.finish import finish_from_nearest
from satlink.repair.hitting import fewest_cuts
from satlink.repair.nearest import supported
from satlink.repair.plans import Chain, ChainOptions, Step
from satlink.repair.proposals import Candidate
from satlink.repair.symmetry import symmetries, symmetrize
from satlink.repair.triage import fitting, triaged
from satlink.rules import DEFAULT_RULES, Rules
from satlink.solver.check import check
from satlink.solver.verdict import Status, Verdict

UNSOLVABLE_DISTANCE = 1.5
"""An unsolvable board under a profile without fill ranks between a board with two
solutions and one with three."""

CUT_SHARE = 0.6
"""Of the budget, the part a ``multiple`` board's search for the fewest cuts may take
(:mod:`satlink.repair.hitting`); the search over single edits has the rest."""


# -- edits ------------------------------------------------------------------------------

def _edits(board: Board, verdict: Verdict, kinds: set[str], remove: bool, rules: Rules
           ) -> list[Candidate]:
    out = list(single_edits(board, verdict, kinds, rules))
    if remove and len(board.labels) > 1:
        out.extend(removals(board))
    return out


# -- search -----------------------------------------------------------------------------

@dataclass
class _Node:
    board: Board
    verdict: Verdict
    steps: tuple[Step, ...]
    changed: int

    short: bool = False  # unique, but a path is shorter than the designer allows

    def distance(self, dead_end: float) -> float:
        return _distance(self.verdict, dead_end)

    def key(self, dead_end: float = UNSOLVABLE_DISTANCE) -> tuple:
        return (self.distance(dead_end), self.changed, len(self.steps))

    def progress(self, root: Status) -> bool:
        """Whether this board may be offered as partial progress from an input of status
        ``root``: a board with solutions (a ``multiple`` one, or unique with a path too
        short), never an unsolvable one when the input had solutions."""
        return self.short or self.verdict.status == Status.MULTIPLE or root == Status.UNSOLVABLE


def _distance(verdict: Verdict, dead_end: float = UNSOLVABLE_DISTANCE) -> float:
    """The distance to one solution; ``dead_end`` for an unsolvable board (ranked after
    every ``multiple`` board when the input had solutions: an edit that loses them all
    is no step toward a fix)."""
    if verdict.status == Status.UNIQUE:
        return 0.0
    if verdict.status == Status.UNSOLVABLE:
        return dead_end
    return float((verdict.count or 2) - 1)


def repair_chain(board: Board, rules: Rules = DEFAULT_RULES,
                 options: ChainOptions | None = None) -> Chain:
    """Edit ``board`` until it is unique under ``rules``, by a chain of at most
    ``options.max_edits`` edits; see the module's docstring, and
    :class:`~satlink.repair.plans.ChainOptions` for each knob of the search."""
    opts = options or ChainOptions()
    method, max_edits, seconds, bound = opts.method, opts.max_edits, opts.seconds, opts.bound
    timeout, kinds, checks, progress = opts.timeout, opts.kinds, opts.checks, opts.progress

    def say(text: str) -> None:
        if progress is not None:
            progress(text)

    start = time.monotonic()

    def left() -> float:
        return seconds - (time.monotonic() - start)

    def judge(b: Board) -> Verdict:
        limit = left() if timeout is None else min(timeout, left())
        return check(b, rules, count=max(bound, 2), timeout=max(limit, 0.01), method=method)

    say("checking the board")
    root_verdict = judge(board)
    cons = opts.constraints.for_input(root_verdict.status, max_edits)
    group = symmetries(board) if cons.symmetry else {}
    allowed = set(kinds) if kinds is not None else {"move", "split", "slide", "pair", "solid",
                                                    "wall"}
    if not cons.solids:
        allowed.discard("solid")
    walls = cons.walls if cons.walls is not None else not board.geometry.is_plain
    if not walls or board.geometry.bridges or group:
        allowed.discard("wall")
    if cons.colours < 1:
        allowed -= {"split", "pair"}
    remove = cons.colours >= 1
    lo, hi = opts.pairs or (len(board.labels) - cons.colours, len(board.labels) + cons.colours)
    if root_verdict.status != Status.UNIQUE:  # a unique input is edited to mend its short paths
        cons = cons.excusing(board, root_verdict.solutions)
    chain = Chain(root_verdict.status, root_verdict.count or len(root_verdict.solutions),
                  bool(root_verdict.count_complete), rules, cons, board=board,
                  symmetries=sorted(group), checks=1)
    if root_verdict.status == Status.UNIQUE and not cons.too_short(board, root_verdict.solutions[0]):
        return _finish(chain, board, root_verdict, (), rules, start, "already unique")
    if root_verdict.status == Status.TIMEOUT:
        return _finish(chain, None, None, (), rules, start, "the check of the input timed out")
    if (opts.nearest and root_verdict.status == Status.UNSOLVABLE and not group
            and supported(board) and "move" in allowed):
        def from_solvable(b: Board, edits: int, budget: float, span: tuple[int, int]) -> Chain:
            return repair_chain(b, rules, replace(opts, max_edits=edits, seconds=budget,
                                                  nearest=False, pairs=span, progress=None,
                                                  constraints=cons))

        say(f"looking for the nearest solvable board (up to {max_edits} edits: endpoints "
            "moved, pairs added or removed)")
        found = finish_from_nearest(
            board, rules, replace(opts, constraints=replace(cons, solids="solid" in allowed)),
            deadline=start + seconds, judge=judge, chain_search=from_solvable)
        chain.checks += found.checks
        if found.steps is not None and found.verdict is not None:
            chain.via = "nearest"
            return _finish(chain, found.steps[-1].board, found.verdict, tuple(found.steps),
                           rules, start, "unique")
        if found.none_solvable and "wall" not in allowed:
            # solids allowed are in that search (a solid cell helps only under fill)
            chain.partial = True
            solids = ", solid cells added" if "solid" in allowed else ""
            return _finish(chain, None, None, (), rules, start,
                           f"no board within {max_edits} edits (endpoints moved anywhere, "
                           f"pairs removed or added within ±{cons.colours}{solids}) has a "
                           f"solution with paths of at least {cons.min_length} cells: proven by "
                           "the SAT solver")
    if (opts.nearest and root_verdict.status == Status.MULTIPLE and not group and "split" in allowed
            and hi > len(board.labels)):
        say("looking for the fewest cuts of one solution that leave it the only one")
        found_cuts = fewest_cuts(board, root_verdict, rules, cons,
                                 min(max_edits, hi - len(board.labels)),
                                 start + CUT_SHARE * seconds, judge, method)
        if found_cuts is not None:
            steps, verdict, n = found_cuts
            chain.checks += n
            if steps:
                chain.via = "cuts"
                return _finish(chain, steps[-1].board, verdict, tuple(steps), rules, start,
                               "unique")
    root = _Node(board, root_verdict, (), 0)
    dead_end = (UNSOLVABLE_DISTANCE if root_verdict.status == Status.UNSOLVABLE
                else float(max(bound, 2)))

    best = root
    seen = {board.rows}
    heap: list[tuple[tuple, int, _Node]] = [(root.key(dead_end), 0, root)]
    tick = 1
    reason = "no chain within the edits allowed"
    while heap:
        _, _, node = heapq.heappop(heap)
        if len(node.steps) >= max_edits:
            continue
        known = list(node.verdict.solutions)
        candidates, _ = triaged(_edits(node.board, node.verdict, allowed, remove, rules),
                                known, rules, cons)
        tried = 0
        for cand in candidates:
            if tried >= opts.per_board:
                break
            if left() <= 0 or chain.checks >= checks:
                reason = "budget"
                break
            edited = symmetrize(node.board, cand.board, group)
            if edited is None or edited.rows in seen:
                continue
            if not lo <= len(edited.labels) <= hi:
                continue
            seen.add(edited.rows)
            if fitting(cand if edited is cand.board else replace(cand, board=edited, keeps=None),
                       known, rules) >= 2:
                continue  # still two solutions: no progress, no solver call
            verdict = judge(edited)
            chain.checks += 1
            tried += 1
            if verdict.status == Status.TIMEOUT:
                continue
            changed = cand.changed
            if edited is not cand.board:  # the edit and its images
                base = _differ(node.board, cand.board) or 1
                changed = cand.changed * max(1, _differ(node.board, edited) // base)
            step = Step.of(cand.kind, cand.description if edited is cand.board
                           else cand.description + " (with its symmetric images)",
                           cand.cells, changed, edited, verdict, cons)
            child = _Node(edited, verdict, node.steps + (step,), node.changed + changed)
            if verdict.status == Status.MULTIPLE:
                known.extend(s for s in verdict.solutions[:2] if s not in known)
            if verdict.status == Status.UNIQUE:
                if not cons.too_short(edited, verdict.solutions[0]):
                    return _finish(chain, edited, verdict, child.steps, rules, start,
                                   "unique")
                # unique but a path is too short: keep it as a step toward a good one
                child.verdict = _as_short(verdict)
                child.short = True
            if child.progress(root_verdict.status) and child.key(dead_end) < best.key(dead_end):
                best = child
            say(f"trying chains of edits: {chain.checks} boards checked; best so far "
                f"{best.steps[-1].outcome if best.steps else 'none'} after {len(best.steps)} "
                "edit(s)")
            heapq.heappush(heap, (child.key(dead_end), tick, child))
            tick += 1
        if reason == "budget":
            break
    chain.partial = True
    chain.steps = list(best.steps)
    return _finish(chain, None, None, best.steps, rules, start, reason)


def _differ(a: Board, b: Board) -> int:
    return sum(a.char(x) != b.char(x) for x in range(a.size))


def _as_short(verdict: Verdict) -> Verdict:
    """A unique verdict whose solution breaks ``min_length``: edited anywhere next, and
    ranked as an unsolvable board."""
    return replace(verdict, status=Status.UNSOLVABLE)


def _finish(chain: Chain, board: Board | None, verdict: Verdict | None,
            steps: tuple[Step, ...], profile: Rules, start: float, reason: str) -> Chain:
    chain.steps = list(steps)
    chain.reason = reason
    if board is not None and verdict is not None and verdict.status == Status.UNIQUE:
        solution = verdict.solutions[0]
        chain.solution = solution
        chain.repaired = True
        chain.proven = bool(verdict.count_complete is not False) and is_valid(board, solution,
                                                                               profile)
    chain.seconds = time.monotonic() - start
    return chain
