"""The three calls the solver's routes make: does the sweep apply, what would it cost, count."""

from __future__ import annotations

import time
from collections.abc import Sequence

from satlink.board import Board
from satlink.frontier import cost
from satlink.frontier import schedule as scheduling
from satlink.frontier.engines import sweep_engine
from satlink.frontier.outcome import COMPLETE, REFUSED, TIMEOUT, FrontierOutcome
from satlink.frontier.state import Model
from satlink.rules import Rules, parse_rules
from satlink.solution import Solution

MOST_DECODED = 4
"""Solutions decoded at most, whatever the limit: each state carries this many witnesses."""


def applies(board: Board, rules: Rules | str) -> bool:
    """Whether the sweep is defined on the board: on every geometry (any graph has a node
    order; warps only make the frontier wider), for every profile.  Whether it is *worth*
    running is :func:`estimate`'s question."""
    parse_rules(rules)
    return isinstance(board, Board)


def estimate(board: Board, rules: Rules | str) -> cost.Estimate:
    """The frontier's width, the states one level may hold and the bytes they take, before any
    sweep: what the route is refused on."""
    return cost.estimate(board, scheduling.build(board, parse_rules(rules)),
                               parse_rules(rules))


def count(board: Board, rules: Rules | str, limit: int = 2, deadline: float | None = None,
          decided: Sequence[int] | None = None, *, max_bytes: int | None = None,
          engine: str | None = None,
          estimate_first: bool = True) -> FrontierOutcome:
    """Count the board's solutions up to ``limit`` and decode up to ``limit`` of them (at
    most :data:`MOST_DECODED`).

    ``deadline``: a :func:`time.monotonic` instant the sweep stops at (outcome ``timeout``).
    ``decided``: per edge, 0 undecided, 1 on, 2 off, as the deductions left them; they are
    consequences of the rules, so no solution is lost, and states contradicting them are never
    made.  ``max_bytes``: the memory the route may take (default
    :data:`~satlink.frontier.cost.MAX_BYTES`); a board estimated above it is refused before
    the sweep, and the sweep stops before the tables it holds would pass it (both outcome
    ``refused``);
    ``estimate_first=False`` skips the first (to measure how far a sweep gets).
    """
    begun = time.monotonic()
    profile = parse_rules(rules)
    if limit < 1:
        raise ValueError(f"limit must be at least 1, not {limit}")
    if decided is not None and len(decided) != board.n_edges:
        raise ValueError(f"decided holds {len(decided)} edge states; the board has "
                         f"{board.n_edges} edges")
    plan = scheduling.build(board, profile)
    guess = cost.estimate(board, plan, profile)
    bound = cost.MAX_BYTES if max_bytes is None else max_bytes
    figures = {"width": plan.width, "order": plan.order, "limit": limit,
               "estimated_states": guess.states}
    if estimate_first and guess.bytes > bound:
        return FrontierOutcome(REFUSED, reason=f"estimated {guess.bytes / 2**20:.0f} MiB for "
                               f"{guess.states:.3g} states over a {plan.width}-node frontier, "
                               f"above the bound of {bound / 2**20:.0f} MiB",
                               seconds=time.monotonic() - begun, **figures)
    keep = min(limit, MOST_DECODED)
    model = Model(plan.n_labels, profile.fill, profile.notouch, profile.no2x2)
    sweeper = sweep_engine(engine)
    result = sweeper.run(plan, model, limit, keep, decided, deadline, bound)
    seconds = time.monotonic() - begun
    common = dict(figures, peak_states=result.peak_states, seconds=seconds, engine=sweeper.name,
                  progress=result.progress, lookahead=result.lookahead)
    if result.ended == "timeout":
        return FrontierOutcome(TIMEOUT, reason="the deadline came before the sweep ended",
                               **common)
    if result.ended == "memory":
        return FrontierOutcome(REFUSED, reason=f"the sweep would pass {bound / 2**20:.0f} MiB "
                               f"(at {result.peak_states} states in a level)", **common)
    solutions = tuple(Solution.from_edges(board, [board.edges[e] for e in edges])
                      for edges in result.edge_sets)
    return FrontierOutcome(COMPLETE, count=result.count, solutions=solutions, **common)
