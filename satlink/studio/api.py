"""The studio's JSON API: one handler per thing the page asks, each a thin layer over a
library function (``check``, ``explain``, ``hint``, ``repair_proposals``, ``repair_chain``,
the generator's ``attempt``, the referee); :mod:`satlink.studio.packs` has the handlers
of whole packs (open, save, export, grade).

Every handler gets the request as an :class:`~satlink.studio.requests.Ask` (the studio, the
tab that asked, the request's deadline, whether its client is still there) and its body as
JSON, reads the board with :func:`read_board` (so a bad board is a located ``400`` the page
draws on the cell, and never an exception that reaches the server), runs the solver work
through :meth:`Ask.run` (a worker thread of :class:`satlink.studio.jobs.Jobs`: bounded by
the request's deadline, dropped when stale or when its client leaves, refused when the queue
is full), and answers JSON of at most ``Limits.max_answer`` bytes.
"""

from __future__ import annotations

import json
import time

from satlink.board import Board
from satlink.formats import FORMATS
from satlink.referee import solution_errors
from satlink.repair.plans import Constraints
from satlink.rules import PROFILES
from satlink.runtime.cancel import Cancelled
from satlink.solver.check import check
from satlink.solver.verdict import Status
from satlink.studio.boards import BoardProblem, board_json, read_rules
from satlink.studio.drawing import bound_paths, drawing_json, drawn_cells, painting_from
from satlink.studio.requests import Ask, Problem, board_and_rules, channel_of, whole_number


def verdict_json(board: Board, verdict) -> dict:
    out = {"status": str(verdict.status), "rules": verdict.rules.name,
           "seconds": round(verdict.seconds, 4),
           "solutions": [s.to_coords(board) for s in verdict.solutions[:2]],
           "diff_cells": board.coords(verdict.diff_cells), "timed_out": verdict.timed_out,
           "decided_by_deduction": verdict.stats.sat_calls == 0}
    if verdict.status == Status.TIMEOUT:
        out["message"] = "no verdict within the studio's --timeout"
    out["breaks"] = list(DESIGNER.breaks(board, verdict))  # a path too short for a puzzle
    return out


DESIGNER = Constraints()
"""What the studio holds a puzzle to beside its rules (repair's defaults: paths of at least 3
cells): the live verdict names a path shorter, as every repair step does."""


async def api_check(ask: Ask, data: dict) -> dict:
    """The live verdict of the board being edited (on the tab's kept solver when only holes
    and endpoints changed since its last check: :mod:`satlink.solver.session`); with the
    ``paths`` drawn in draw mode, the drawing judged beside it (``drawing``).  The drawing
    is read and judged in the job too: nothing that grows with the board runs on the loop."""
    board, rules = board_and_rules(ask, data)
    bound_paths(board, data)
    channel, seq = channel_of(data)
    session = ask.studio.tabs.of(channel)
    start = time.perf_counter()

    def work() -> dict:
        painting = painting_from(board, drawn_cells(board, data)) if data.get("paths") else None
        verdict = check(board, rules, timeout=ask.seconds_left(), session=session)
        out = verdict_json(board, verdict)
        if painting is not None:
            out["drawing"] = drawing_json(painting, verdict, rules)
        return out

    out = await ask.run(work, channel, seq, live=True)
    out["seq"] = seq
    out["server_seconds"] = round(time.perf_counter() - start, 4)
    return out


async def api_explain(ask: Ask, data: dict) -> dict:
    """Why: the second solution and where the ambiguity lives, the located reason of an
    unsolvable board, or the grade and the step-by-step solve of a unique one."""
    from satlink.explain import explain

    board, rules = board_and_rules(ask, data)
    channel, seq = channel_of(data)
    found = await ask.run(lambda: explain(board, rules, budget=ask.seconds_left()), channel, seq)
    out = found.as_dict()
    out["seq"] = seq
    return out


async def api_hint(ask: Ask, data: dict) -> dict:
    """The next deduction from the paths drawn so far (play mode's hint button); within the
    request's deadline (the grader stops at the job's token)."""
    from satlink.explain.hint import hint, read_progress
    from satlink.formats import InputError
    from satlink.grading import MAX_GRADE_NODES

    board, rules = board_and_rules(ask, data)
    if board.n_nodes > MAX_GRADE_NODES:  # the bound of every graded board in satlink
        raise Problem(400, {"message": f"hints are given on boards of at most {MAX_GRADE_NODES} "
                            "nodes (the grader's bound)"})
    bound_paths(board, data)
    channel, seq = channel_of(data)

    def work():
        try:
            pieces = read_progress(json.dumps({"paths": data.get("paths") or {}}), board, "paths")
        except InputError as exc:
            raise Problem(400, {"message": exc.message}) from None
        return hint(board, rules, pieces)

    found = await ask.run(work, channel, seq)
    return found.as_dict()


async def api_referee(ask: Ask, data: dict) -> dict:
    """Whether the paths drawn in play mode solve the board, by the validator's referee: a
    job of its own (off the event loop, under the request's deadline), with paths no longer
    than the board allows (:func:`bound_paths`), so its cost follows the board."""
    board, rules = board_and_rules(ask, data)
    paths = data.get("paths")
    if not isinstance(paths, dict):
        raise Problem(400, {"message": "'paths' must be {label: [[row, col], ...]}"})
    bound_paths(board, data)

    def work() -> list[str]:
        try:
            return solution_errors(board, paths, rules)
        except (TypeError, ValueError) as exc:
            return [str(exc)]

    errors = await ask.run(work)
    return {"win": not errors, "errors": errors, "rules": rules.name}


GEN_SECONDS = 10.0
"""Attempts at most this long (and the studio's --timeout) before generate gives up."""


async def api_generate(ask: Ask, data: dict) -> dict:
    """A new unique puzzle from the generator, into the editor."""
    from satlink.generate.params import ParamsError, make_params
    from satlink.generate.pipeline import attempt
    from satlink.generate.request import request_from_json

    size = f"{whole_number(data, 'width', 7)}x{whole_number(data, 'height', 7)}"
    try:  # the generator's options under their own names, but the cell kind, named by the page
        params = make_params(request_from_json(data, {"kind": "grid"}, size=size,
                                               rules=read_rules(data.get("rules"))))
    except (ParamsError, ValueError, TypeError) as exc:
        raise Problem(400, {"message": str(exc)}) from None
    if params.width * params.height > ask.limits.max_cells:
        raise BoardProblem(f"more cells than this studio's limit of {ask.limits.max_cells:,}")
    channel, seq = channel_of(data)

    def work() -> dict:
        deadline = min(time.monotonic() + GEN_SECONDS, ask.deadline)
        number = 0
        while time.monotonic() < deadline:
            try:
                result = attempt(params, number)
            except Cancelled:  # the walk of a large board stopped at the request's deadline
                break
            number += 1
            if result.accepted:
                board = result.board()
                return {"board": board_json(board), "solution": result.solution,
                        "quality": result.quality, "attempts": number}
        return {"error": {"message": f"no puzzle found in {number} attempts; try other "
                          "colours or another band"}}
    return await ask.run(work, channel, seq)


async def api_complete(ask: Ask, data: dict) -> dict:
    """Complete the board being edited: its endpoints and the paths drawn in play mode kept,
    the rest covered by new pairs until it is unique (:mod:`satlink.painted.complete`, the
    completion of a partly painted board by ``satlink paint``)."""
    from satlink.painted.complete import CompleteOptions, complete_painting

    board, rules = board_and_rules(ask, data)
    bound_paths(board, data)
    seed = data.get("seed", 0)
    channel, seq = channel_of(data)

    def work() -> dict:
        painting = painting_from(board, drawn_cells(board, data))
        done = complete_painting(painting, rules, CompleteOptions(
            seed=seed if isinstance(seed, int) else 0, attempts=COMPLETE_ATTEMPTS,
            edit_painted=False, seconds=min(GEN_SECONDS, ask.seconds_left())))
        if done.board is None or not done.proven:
            return {"error": {"message": f"no unique completion in {done.attempts} attempt(s): "
                              f"{done.reason}"}, "attempts": done.attempts}
        return {"board": board_json(done.board), "solution": done.solution.to_coords(done.board),
                "attempts": done.attempts}
    return await ask.run(work, channel, seq)


COMPLETE_ATTEMPTS = 1000
"""Attempts of one completion: in practice the studio's seconds bound it."""


async def api_session(ask: Ask, data: dict) -> dict:
    """What the page needs at start: the profiles, formats, limits and the opened pack."""
    return {"profiles": list(PROFILES), "formats": list(FORMATS),
            "limits": {"max_cells": ask.limits.max_cells, "timeout": ask.limits.timeout},
            "opened": ask.studio.opened}


ROUTES = {"check": api_check, "explain": api_explain, "hint": api_hint, "referee": api_referee,
          "generate": api_generate, "complete": api_complete}
"""The board handlers; :mod:`satlink.studio.packs` has those of whole packs,
:mod:`satlink.studio.repairs` the repairs, :mod:`satlink.studio.drawing` draw mode's."""
