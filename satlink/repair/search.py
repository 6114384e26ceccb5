"""The search for single-edit repairs: which candidates are checked, in what order.

The search is focused and bounded: candidates lie in and around the cells where the two
solutions differ (every cell for an unsolvable board, :mod:`satlink.repair.edits`),
candidates that two known solutions still satisfy are discarded without a solver call
(every ``multiple`` verdict met on the way adds its witness), and at most ``budget`` boards
are checked, those known solvable without the other solution first (draw mode's edits among
them), cheapest first within each tier (:mod:`satlink.repair.triage`).  Every proposal is
proven (unique by the check, its solution accepted by the referee) and minimal among the
candidates tried: no candidate that was checked and found unique ranks below a proposal and
is left out.

The designer's constraints are the chain's (:class:`~satlink.repair.plans.Constraints`, the
same defaults), so a single edit never offers what ``repair --chain`` would refuse: a unique
board whose solution has a path shorter than ``min_length`` is no proposal (a new two-cell
pair was the top proposal once, which ``generate`` refuses by default), solid cells only
when allowed, no new pair or split with ``colours`` 0, and on a symmetric board each edit is
completed with its images (or dropped), the pair count kept within ``colours``.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from satlink.board import Board
from satlink.referee import is_valid
from satlink.repair.edits import removals, single_edits
from satlink.repair.plans import Constraints
from satlink.repair.proposals import KINDS, Candidate, Proposal, Repair
from satlink.repair.symmetry import symmetries, symmetrize
from satlink.repair.triage import fitting, triaged
from satlink.rules import DEFAULT_RULES, Rules
from satlink.solver.check import check
from satlink.solver.method import DEFAULT_METHOD, Method
from satlink.solver.verdict import Status, Verdict

DEFAULT_BUDGET = 200
WITNESSES = 16
"""Solutions of the input gathered before the search (as draw mode does): an edit two of
them still fit is ``multiple`` without a check, so more witnesses prune more of the
candidates and point the checks at the edits that break all of them."""


@dataclass(frozen=True)
class RepairOptions:
    """How :func:`repair_proposals` searches: the designer's constraints, the budget and
    which edits are tried.  Built once (a command's options, a studio request)."""

    method: Method = DEFAULT_METHOD
    """How each edited board is checked (the SAT back end and encoding)."""
    limit: int = 5
    """The most proposals returned: a designer reads a few, and the search stops early once
    nothing later can rank among them."""
    budget: int = DEFAULT_BUDGET
    """The most boards checked, cheapest edits first: a bound that does not depend on the
    machine's speed."""
    timeout: float | None = 10.0
    """Seconds per check; a check that runs out is not a proposal."""
    kinds: tuple[str, ...] | None = None
    """The edits tried (None: all of :data:`~satlink.repair.proposals.KINDS`)."""
    walls: bool | None = None
    """Offer walls (None: only on boards whose geometry is already a variant, where a wall
    is part of the design language)."""
    constraints: Constraints = Constraints()
    """What the designer allows, the defaults of ``repair --chain``, so a single edit never
    offers what the chain would refuse."""
    deadline: float | None = None
    """``time.monotonic()`` by which the whole search ends, each check within what is left
    (the result is then not ``complete``): a studio request's own deadline."""
    remove: bool = False
    """Try removing each pair too (as ``repair --chain`` does, so a chain's first step is
    among the single edits tried)."""
    progress: Callable[[str], None] | None = None
    """Told, in words, how far the search is after each board checked."""


def repair_proposals(board: Board, rules: Rules = DEFAULT_RULES,
                     options: RepairOptions | None = None, *,
                     verdict: Verdict | None = None) -> Repair:
    """Up to ``options.limit`` single edits that make ``board`` unique under ``rules``, best
    first (each knob of the search: :class:`RepairOptions`).  ``verdict``: the board's check
    if the caller has it (saves one).  A board that is already unique, or whose check timed
    out, gets no proposals.
    """
    opts = options or RepairOptions()
    method, limit, budget, timeout = opts.method, opts.limit, opts.budget, opts.timeout
    kinds, walls, deadline, progress = opts.kinds, opts.walls, opts.deadline, opts.progress
    if verdict is None:
        verdict = check(board, rules, count=WITNESSES, timeout=timeout, method=method)
    elif (verdict.status == Status.MULTIPLE and len(verdict.solutions) < WITNESSES
          and not verdict.count_complete):
        verdict = _witnessed(board, rules, timeout, deadline, method) or verdict
    result = Repair(verdict.status, diff_cells=list(verdict.diff_cells))
    if verdict.status not in (Status.MULTIPLE, Status.UNSOLVABLE):
        return result
    chosen = set(KINDS if kinds is None else kinds)
    unknown = chosen - set(KINDS)
    if unknown:
        raise ValueError(f"unknown repair kinds {sorted(unknown)} (known: {', '.join(KINDS)})")
    if walls is None:
        walls = not board.geometry.is_plain
    # one edit: one pair more or fewer; the input's own short paths are not held against it
    cons = opts.constraints.for_input(verdict.status, 1).excusing(board, verdict.solutions)
    group = symmetries(board) if cons.symmetry else {}
    if not walls or board.geometry.bridges or group:  # a wall beside a bridge would bend
        chosen.discard("wall")  # its crossing; a wall has no symmetric image on the grid
    if not cons.solids:
        chosen.discard("solid")
    if cons.colours < 1:
        chosen -= {"split", "pair"}
    lo, hi = len(board.labels) - cons.colours, len(board.labels) + cons.colours
    first = verdict.solutions[0] if verdict.solutions else None
    known = list(verdict.solutions)
    edits = list(single_edits(board, verdict, chosen, rules))
    if opts.remove and cons.colours >= 1 and len(board.labels) > 1:
        edits.extend(removals(board))
    allowed = _allowed(board, edits, group, (lo, hi))
    result.candidates = len(allowed)
    candidates, result.skipped = triaged(allowed, known, rules, cons)
    found: list[Proposal] = []
    for candidate in candidates:
        if len(result.tried) >= budget:
            break
        left = timeout if deadline is None else deadline - time.monotonic()
        if left is not None and left <= 0:
            break
        if found and len(found) >= limit and candidate.changed > _worst(found, limit).changed:
            continue  # it cannot rank among the first ``limit``
        if fitting(candidate, known, rules) >= 2:
            result.skipped += 1
            continue
        if left is not None and timeout is not None:
            left = min(left, timeout)
        if progress is not None:
            progress(f"checking edit {len(result.tried) + 1} of at most "
                     f"{min(budget, len(candidates))}: {candidate.description}")
        outcome = check(candidate.board, rules, timeout=left, method=method)
        result.tried.append((candidate, outcome.status))
        if outcome.status == Status.MULTIPLE:
            known.extend(s for s in outcome.solutions if s not in known)
        elif outcome.status == Status.UNIQUE:
            new = outcome.solutions[0]
            if outcome.count_complete is False or not is_valid(candidate.board, new, rules):
                continue  # not proven: no proposal
            breaks = cons.breaks(candidate.board, outcome)
            if breaks:
                result.short.append(candidate)  # unique, but a path is shorter than allowed
                result.short_breaks.append(breaks)
                continue
            change = None if first is None else len(new.edges() ^ first.edges())
            found.append(Proposal(candidate, new, change))
    found.sort(key=Proposal.rank)
    result.proposals = found[:limit]
    return result


def _witnessed(board: Board, rules: Rules, timeout: float | None, deadline: float | None,
               method: Method) -> Verdict | None:
    """The board's check counting up to :data:`WITNESSES` solutions, within the search's
    time; None when it ran out (the caller's verdict stands)."""
    left = timeout if deadline is None else deadline - time.monotonic()
    if left is not None and timeout is not None:
        left = min(left, timeout)
    if left is not None and left <= 0:
        return None
    verdict = check(board, rules, count=WITNESSES, timeout=left, method=method)
    return None if verdict.status == Status.TIMEOUT else verdict


def _allowed(board: Board, candidates: Iterable[Candidate], group: dict[str, list[int]],
             span: tuple[int, int]) -> list[Candidate]:
    """The candidates completed with their symmetric images (dropped when the images
    clash), each board once, the pair count within ``span``."""
    out, seen = [], set()
    for c in candidates:
        edited = symmetrize(board, c.board, group)
        if edited is None or not span[0] <= len(edited.labels) <= span[1]:
            continue
        if edited is not c.board:
            if edited.rows in seen:
                continue
            seen.add(edited.rows)
            changed = sum(board.char(x) != edited.char(x) for x in range(board.size))
            c = Candidate(c.kind, c.cells, c.description + " (with its symmetric images)",
                          edited, max(c.changed, changed), c.distance, c.hint)
        out.append(c)
    return out


def _worst(found: list[Proposal], limit: int) -> Candidate:
    return sorted(found, key=Proposal.rank)[limit - 1].candidate
