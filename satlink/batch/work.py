"""Evaluate one task: the verdict, the shipped solution's check, and the board's quality.

``evaluate`` is a pure, top-level function of a :class:`~satlink.batch.tasks.Task` (and a
:class:`Method`; both pickle) so that worker processes and Dask workers can run it; it never
raises (an unexpected exception becomes an ``error`` record). Records are built by
:mod:`satlink.records`, the same builder ``check --json`` uses; validation adds ``hash`` and,
where they apply, ``duplicate_of``, ``mismatch`` and ``shipped_solution`` (a duplicate whose
shipped solution is wrong has both ``duplicate_of`` and the mismatch).
"""

from __future__ import annotations

import time
import traceback

from satlink.batch.tasks import Task
from satlink.board import Board
from satlink.records import board_record, diff_summary, invalid_record, verdict_record
from satlink.referee import solution_errors
from satlink.solution import Solution, diff_cells
from satlink.solver.check import check
from satlink.solver.method import DEFAULT_METHOD, Method
from satlink.solver.verdict import Status


def task_record(task: Task, status: Status, board: Board | None = None) -> dict:
    """A record for a task decided without the solver (duplicate, crash)."""
    record = board_record(task.source, task.index, board, task.rules, status)
    record["hash"] = task.hash
    return record


def crashed(task: Task, message: str) -> dict:
    """The record of a board whose worker died or whose task failed."""
    try:
        board = task.board()
    except ValueError:
        board = None
    record = task_record(task, Status.ERROR, board)
    record["error"] = {"message": message}
    return record


def needs_solver(task: Task) -> bool:
    """False for what is settled without a SAT call: an invalid board, and a duplicate
    unless its shipped solution is wrong (then it is judged like any board, and the record
    carries both facts: the mismatch and ``duplicate_of``)."""
    if task.error:
        return False
    if not task.duplicate_of or task.solution is None:
        return not task.duplicate_of
    try:
        board = task.board()
        shipped = Solution.from_coords(board, task.solution)
        return bool(solution_errors(board, shipped, task.rules))
    except Exception:  # let _judge meet the same problem and report it
        return True


def evaluate(task: Task, timeout: float | None = None, method: Method = DEFAULT_METHOD) -> dict:
    if task.error:
        record = invalid_record(task.source, task.index, task.error,
                                task.rules)
        record["hash"] = task.hash
        return record
    if not needs_solver(task):
        record = task_record(task, Status.DUPLICATE, task.board())
        record["duplicate_of"] = task.duplicate_of
        return record
    start = time.perf_counter()
    try:
        record = _judge(task, timeout, method)
    except Exception as exc:  # a bug must cost one board, never the batch
        record = crashed(task, f"{type(exc).__name__}: {exc}")
        record["error"]["traceback"] = traceback.format_exc(limit=5)
    if task.duplicate_of:
        record["duplicate_of"] = task.duplicate_of
    record["seconds"] = round(time.perf_counter() - start, 6)
    return record


def _judge(task: Task, timeout: float | None, method: Method) -> dict:
    board = task.board()
    rules = task.rules
    verdict = check(board, rules, timeout=timeout, method=method)
    record = verdict_record(task.source, task.index, board, verdict, grade=True)
    record["hash"] = task.hash
    if task.repairs and verdict.status in (Status.MULTIPLE, Status.UNSOLVABLE):
        from satlink.repair import RepairOptions, repair_proposals

        found = repair_proposals(board, rules, RepairOptions(method=method, limit=task.repairs,
                                                             timeout=timeout), verdict=verdict)
        record["repairs"] = [proposal.as_dict() for proposal in found.proposals]
    if task.solution is None:
        return record
    shipped = Solution.from_coords(board, task.solution)
    errors = solution_errors(board, shipped, rules)
    if not errors:
        return record  # a valid shipped solution is the unique one, or one of several (multiple)
    record["mismatch"] = errors
    if verdict.solutions:
        record.update(diff_summary(board, diff_cells(board, shipped, verdict.solutions[0])))
    if verdict.status in (Status.UNIQUE, Status.UNSOLVABLE):
        record["status"] = Status.MISMATCH
        record["shipped_solution"] = task.solution
    return record
