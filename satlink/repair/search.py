"""The search for single-edit repairs: which candidates are checked, in what order.

The search is focused and bounded: candidates lie in and around the cells where the two
solutions differ (every cell for an unsolvable board, :mod:`satlink.repair.edits`),
candidates that two known solutions still satisfy are discarded without a solver call
(every ``multiple`` verdict met on the way adds its witness), and at most ``budget`` boards
are checked, cheapest edits first.  Every proposal is minimal among the candidates tried: no
candidate that was checked and found unique ranks below a proposal and is left out.
"""

from __future__ import annotations

from collections.abc import Iterable

from satlink.board import Board
from satlink.referee import is_valid
from satlink.repair.edits import single_edits
from satlink.repair.proposals import KINDS, Candidate, Proposal, Repair
from satlink.rules import Rules, parse_rules
from satlink.solver.check import check
from satlink.solver.method import DEFAULT_METHOD, Method
from satlink.solver.verdict import Status, Verdict

DEFAULT_BUDGET = 200


def repair_proposals(board: Board, rules: Rules | str | None = None, *,
                     method: Method = DEFAULT_METHOD, verdict: Verdict | None = None,
                     limit: int = 5, budget: int = DEFAULT_BUDGET, timeout: float | None = 10.0,
                     kinds: Iterable[str] | None = None, walls: bool | None = None) -> Repair:
    """Up to ``limit`` single edits that make ``board`` unique under ``rules``, best first.

    ``verdict``: the board's check if the caller has it (saves one); ``budget``: most boards
    checked; ``timeout``: seconds per check (a check that runs out is not a proposal);
    ``kinds``: which edits to try (default: all of :data:`KINDS`); ``walls``: offer walls
    (default: only on boards whose geometry is already a variant).  A board that is already
    unique, or whose check timed out, gets no proposals.
    """
    profile = parse_rules(rules)
    if verdict is None:
        verdict = check(board, profile, timeout=timeout, method=method)
    result = Repair(verdict.status, diff_cells=list(verdict.diff_cells))
    if verdict.status not in (Status.MULTIPLE, Status.UNSOLVABLE):
        return result
    chosen = set(KINDS if kinds is None else kinds)
    unknown = chosen - set(KINDS)
    if unknown:
        raise ValueError(f"unknown repair kinds {sorted(unknown)} (known: {', '.join(KINDS)})")
    if walls is None:
        walls = not board.geometry.is_plain
    if not walls or board.geometry.bridges:  # a wall beside a bridge would bend its crossing
        chosen.discard("wall")
    first = verdict.solutions[0] if verdict.solutions else None
    known = list(verdict.solutions)
    candidates = sorted(single_edits(board, verdict, chosen), key=Candidate.order)
    result.candidates = len(candidates)
    found: list[Proposal] = []
    for candidate in candidates:
        if len(result.tried) >= budget:
            break
        if found and len(found) >= limit and candidate.changed > _worst(found, limit).changed:
            break  # nothing later can rank among the first ``limit``
        still = sum(is_valid(candidate.board, s, profile) for s in known
                    if set(s.paths) == set(candidate.board.labels))
        if still >= 2:
            result.skipped += 1
            continue
        outcome = check(candidate.board, profile, timeout=timeout, method=method)
        result.tried.append((candidate, outcome.status))
        if outcome.status == Status.MULTIPLE:
            known.extend(s for s in outcome.solutions if s not in known)
        elif outcome.status == Status.UNIQUE:
            new = outcome.solutions[0]
            change = None if first is None else len(new.edges() ^ first.edges())
            found.append(Proposal(candidate, new, change))
    found.sort(key=Proposal.rank)
    result.proposals = found[:limit]
    return result


def _worst(found: list[Proposal], limit: int) -> Candidate:
    return sorted(found, key=Proposal.rank)[limit - 1].candidate
