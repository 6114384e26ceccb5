"""Evaluate one task: the verdict, the shipped solution's check, and the board's quality.

``evaluate`` is a pure, top-level function of plain data (and a :class:`Method`, which
pickles) so that worker processes and Dask workers can run it; it never raises (an unexpected
exception becomes an ``error`` record).  Records are built by :mod:`satlink.records`, the same
builder ``check --json`` uses; validation adds ``hash`` and, where they apply,
``duplicate_of``, ``mismatch`` and ``shipped_solution`` (a duplicate whose shipped solution is
wrong has both ``duplicate_of`` and the mismatch).
"""

from __future__ import annotations

import time
import traceback

from satlink.board import Board
from satlink.records import board_record, diff_summary, invalid_record, verdict_record
from satlink.referee import solution_errors
from satlink.rules import parse_rules
from satlink.solution import Solution, diff_cells
from satlink.solver.check import check
from satlink.solver.method import DEFAULT_METHOD, Method
from satlink.solver.verdict import Status


def _board(task: dict) -> Board | None:
    """The task's board, rebuilt with its geometry (absent for a plain board)."""
    rows = task.get("rows")
    if not rows:
        return None
    return Board.from_json(rows, task.get("geometry"))


def task_record(task: dict, status: Status, board: Board | None = None) -> dict:
    """A record for a task decided without the solver (duplicate, crash)."""
    record = board_record(task["source"], task["index"], board, parse_rules(task["rules"]), status)
    record["hash"] = task["hash"]
    return record


def crashed(task: dict, message: str) -> dict:
    """The record of a board whose worker died or whose task failed."""
    try:
        board = _board(task)
    except ValueError:
        board = None
    record = task_record(task, Status.ERROR, board)
    record["error"] = {"message": message}
    return record


def needs_solver(task: dict) -> bool:
    """False for what is settled without a SAT call: an invalid board, and a duplicate
    unless its shipped solution is wrong (then it is judged like any board, and the record
    carries both facts: the mismatch and ``duplicate_of``)."""
    if task.get("error"):
        return False
    if not task.get("duplicate_of") or task.get("solution") is None:
        return not task.get("duplicate_of")
    try:
        board = _board(task)
        shipped = Solution.from_coords(board, task["solution"])
        return bool(solution_errors(board, shipped, parse_rules(task["rules"])))
    except Exception:  # let _judge meet the same problem and report it
        return True


def evaluate(task: dict, timeout: float | None = None, method: Method = DEFAULT_METHOD) -> dict:
    if task.get("error"):
        record = invalid_record(task["source"], task["index"], task["error"],
                                parse_rules(task["rules"]))
        record["hash"] = task["hash"]
        return record
    if not needs_solver(task):
        record = task_record(task, Status.DUPLICATE, _board(task))
        record["duplicate_of"] = task["duplicate_of"]
        return record
    start = time.perf_counter()
    try:
        record = _judge(task, timeout, method)
    except Exception as exc:  # a bug must cost one board, never the batch
        record = crashed(task, f"{type(exc).__name__}: {exc}")
        record["error"]["traceback"] = traceback.format_exc(limit=5)
    if task.get("duplicate_of"):
        record["duplicate_of"] = task["duplicate_of"]
    record["seconds"] = round(time.perf_counter() - start, 6)
    return record


def _judge(task: dict, timeout: float | None, method: Method) -> dict:
    board = _board(task)
    rules = parse_rules(task["rules"])
    verdict = check(board, rules, timeout=timeout, method=method)
    record = verdict_record(task["source"], task["index"], board, verdict)
    record["hash"] = task["hash"]
    if task.get("repairs") and verdict.status in (Status.MULTIPLE, Status.UNSOLVABLE):
        from satlink.repair import repair_proposals

        found = repair_proposals(board, rules, method=method, verdict=verdict,
                                 limit=task["repairs"], timeout=timeout)
        record["repairs"] = [proposal.as_dict() for proposal in found.proposals]
    if task.get("solution") is None:
        return record
    shipped = Solution.from_coords(board, task["solution"])
    errors = solution_errors(board, shipped, rules)
    if not errors:
        return record  # a valid shipped solution is the unique one, or one of several (multiple)
    record["mismatch"] = errors
    if verdict.solutions:
        record.update(diff_summary(board, diff_cells(board, shipped, verdict.solutions[0])))
    if verdict.status in (Status.UNIQUE, Status.UNSOLVABLE):
        record["status"] = Status.MISMATCH
        record["shipped_solution"] = task["solution"]
    return record
