"""The studio's repairs of a puzzle: single edits (Proposals) and chains of edits (Chain).

Both answer within ``seconds`` (default :data:`DEFAULT_SECONDS`, at most the studio's
``--timeout``), say where they are while they search (:mod:`satlink.studio.progress`), and
say what they found in one vocabulary (:func:`satlink.repair.plans.outcome_words`): every
edit reads "edit → what the board is after it", a unique board whose path is too short
reads "unique, but path A has 2 cells (at least 3 wanted)" in both lists, and the single
edits tried include the chain's (pair removals too), so a list of proposals that found
nothing never stands beside a one-step chain that found something.  What a search could
not finish is said as such ("none among the 60 checked of 140"), never as "no single edit
makes it unique".

The single edits are :func:`satlink.repair.repair_proposals`' (near where the solutions
differ, pair removals too) and, when those give nothing, the chain's own search held to one
edit (:func:`one_step_chain`: the nearest solvable board of an unsolvable draft, a new pair
or a move anywhere; the fewest cuts of one solution): whatever single edit a chain would
start with is then among the proposals, so Proposals finding nothing and a one-step
Chain never stand side by side.  Even a search that ran to its end says what it checked
("all 140 edits near where the solutions differ checked, and the chain's own one-edit
search found none"), not that no edit exists.
"""

from __future__ import annotations

import time

from satlink.repair.plans import ChainOptions, Constraints, outcome_words
from satlink.solver.check import check
from satlink.solver.verdict import Status
from satlink.studio.boards import board_json
from satlink.studio.requests import Ask, Problem, board_and_rules, channel_of, flag

DEFAULT_SECONDS = 2.0
"""How long a repair searches unless the page asks for longer ("Search longer")."""
MIN_SECONDS = 0.2

REPAIR_BUDGET = 60
"""Edited boards one request for repair proposals checks (``repair``'s ``--budget`` is 200),
each given ``--timeout / 60`` seconds (at least :data:`MIN_CHECK_SECONDS`); the search stops
at its ``seconds``."""
MIN_CHECK_SECONDS = 0.25


def search_seconds(ask: Ask, data: dict) -> float:
    """The ``seconds`` a search may take: the page's, within the request's deadline."""
    value = data.get("seconds", DEFAULT_SECONDS)
    if isinstance(value, bool) or not isinstance(value, (int, float)) or value != value:
        raise Problem(400, {"message": "'seconds' must be a number of seconds"})
    return max(MIN_SECONDS, min(float(value), ask.seconds_left()))


async def api_repair(ask: Ask, data: dict) -> dict:
    """Edits that make the board unique: single edits (``proposals``), or with ``chain`` a
    chain of edits until it is, both under the chain's default constraints (paths of at
    least 3 cells, +-1 pair, symmetry kept, no solids), within ``seconds``."""
    board, rules = board_and_rules(ask, data)
    channel, seq = channel_of(data)
    seconds = search_seconds(ask, data)
    progress = ask.studio.progress.start(channel)
    try:
        if flag(data, "chain"):
            return {"chain": await _chain(ask, board, rules, channel, seq, seconds, progress),
                    "seq": seq}
        return await _proposals(ask, board, rules, channel, seq, seconds, progress)
    finally:
        ask.studio.progress.end(channel, progress)


async def _chain(ask, board, rules, channel, seq, seconds, progress) -> dict:
    from satlink.repair.chains import repair_chain

    options = ChainOptions(seconds=seconds, progress=progress)
    chain = await ask.run(lambda: repair_chain(board, rules, options),
                          channel, seq)
    out = chain.as_dict()
    out["geometries"] = [board_json(s.board).get("geometry") for s in chain.steps]
    out["budget"] = seconds
    if chain.final is not None:
        out["board"] = board_json(chain.final)
    if chain.repaired:
        out["statement"] = (f"unique after {len(chain.steps)} edit(s), proven"
                            if chain.steps else "already unique")
    elif chain.partial and chain.steps:
        out["statement"] = (f"not unique within {seconds:g} s ({chain.checks} boards checked); "
                            f"the best found: {chain.steps[-1].outcome} after "
                            f"{len(chain.steps)} edit(s)")
    else:
        out["statement"] = f"no chain found: {chain.reason}"
    return out


def one_step_chain(board, rules, seconds: float, progress=None):
    """The chain search held to one edit (what a chain would start with, found by its own
    stages), or None when it found no single edit; and whether it searched to the end."""
    from satlink.repair.chains import repair_chain

    chain = repair_chain(board, rules, ChainOptions(max_edits=1, seconds=max(seconds, 0.01),
                                                    progress=progress))
    one = chain.steps[0] if chain.repaired and len(chain.steps) == 1 else None
    cut_short = chain.reason in ("budget", "the check of the input timed out")
    return one, chain.solution, chain.repaired or not cut_short


async def _proposals(ask, board, rules, channel, seq, seconds, progress) -> dict:
    from satlink.repair import RepairOptions, repair_proposals

    started = time.monotonic()
    deadline = min(ask.deadline, started + seconds)

    def work():
        # the board's own check gets the whole request's time (a board check proves at
        # once is not 'timeout' for want of a share), the edited boards share the search's
        progress("checking the board")
        verdict = check(board, rules, timeout=ask.seconds_left())
        per_check = max(MIN_CHECK_SECONDS, ask.limits.timeout / REPAIR_BUDGET)
        options = RepairOptions(budget=REPAIR_BUDGET, timeout=per_check,
                                constraints=Constraints(), deadline=deadline, remove=True,
                                progress=progress)
        found = repair_proposals(board, rules, options, verdict=verdict)
        chained = None
        if not found.proposals and found.status in (Status.MULTIPLE, Status.UNSOLVABLE):
            chained = one_step_chain(board, rules, deadline - time.monotonic(), progress)
        return found, chained
    found, chained = await ask.run(work, channel, seq)
    proposals = []
    for p in found.proposals:
        item = p.as_dict()
        item["outcome"] = outcome_words(Status.UNIQUE)
        proposals.append(item)
    exhaustive = found.complete
    if chained is not None:
        step, solution, exhaustive = chained
        exhaustive = found.complete and exhaustive
        if step is not None:
            proposals.append({"kind": step.kind, "description": step.description,
                              "cells": [list(step.board.coord(x)) for x in step.cells],
                              "changed": step.changed, **board_json(step.board),
                              "solution": solution.to_coords(step.board),
                              "outcome": step.outcome})
    short = []
    for candidate, breaks in zip(found.short, found.short_breaks, strict=True):
        short.append({"kind": candidate.kind, "description": candidate.description,
                      "cells": [list(candidate.board.coord(x)) for x in candidate.cells],
                      **board_json(candidate.board),
                      "outcome": outcome_words(Status.UNIQUE, breaks=breaks)})
    return {"status": str(found.status), "complete": exhaustive,
            "tried": len(found.tried), "candidates": found.candidates,
            "seconds": round(time.monotonic() - started, 2), "budget": seconds,
            "proposals": proposals, "short": short,
            "statement": _statement(found, len(proposals), exhaustive, seconds), "seq": seq}


def _statement(found, proposals: int, exhaustive: bool, seconds: float) -> str:
    """What the single-edit search found, in words that a chain never contradicts."""
    if found.status not in (Status.MULTIPLE, Status.UNSOLVABLE):
        return {"unique": "already unique"}.get(str(found.status),
                                                 f"no repair: the board is {found.status}")
    checked = len(found.tried) + found.skipped
    if proposals:
        return f"{proposals} single edit(s) make it unique, proven"
    short = (f"; {len(found.short)} would make it unique with a path too short (below)"
             if found.short else "")
    if exhaustive:
        return (f"no single edit found: all {found.candidates} edits near where the solutions "
                "differ checked, and the chain's own one-edit search (the nearest solvable "
                f"board, the fewest cuts) found none{short}; a chain of edits may")
    return (f"none found among the {checked} single edits checked of {found.candidates} "
            f"within {seconds:g} s{short}")


async def api_progress(ask: Ask, data: dict) -> dict:
    """What the search running on a channel is doing (``{"running": false}`` when none)."""
    channel, _ = channel_of(data)
    return ask.studio.progress.of(channel)


ROUTES = {"repair": api_repair, "progress": api_progress}
