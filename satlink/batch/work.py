"""Evaluate one task: the verdict, the shipped solution's check, and the board's stats.

``evaluate`` is a pure, top-level function of plain data so that worker processes and Dask
workers can run it; it never raises (an unexpected exception becomes an ``error`` record).
"""

from __future__ import annotations

import time
import traceback

from satlink.board import Board, Solution, diff_cells
from satlink.check import check
from satlink.generate.quality import quality
from satlink.rules import parse_rules
from satlink.validate import solution_errors


def base_record(task: dict) -> dict:
    rows = task.get("rows")
    return {"source": task["source"], "index": task["index"], "hash": task["hash"],
            "rules": str(parse_rules(task["rules"])),
            "width": len(rows[0]) if rows else None, "height": len(rows) if rows else None,
            "grid": rows, "status": None, "solutions": [], "seconds": 0.0}


def evaluate(task: dict, timeout: float | None = None, solver: str = "glucose4") -> dict:
    record = base_record(task)
    if task.get("error"):
        record.update(status="invalid", error=task["error"])
        return record
    if task.get("duplicate_of"):
        record.update(status="duplicate-of", duplicate_of=task["duplicate_of"])
        return record
    start = time.perf_counter()
    try:
        _judge(task, record, timeout, solver)
    except Exception as exc:  # a bug must cost one board, never the batch
        record.update(status="error", error={"message": f"{type(exc).__name__}: {exc}",
                                             "traceback": traceback.format_exc(limit=5)})
    record["seconds"] = round(time.perf_counter() - start, 6)
    return record


def _judge(task: dict, record: dict, timeout: float | None, solver: str) -> None:
    board = Board(tuple(task["rows"]))
    rules = parse_rules(task["rules"])
    verdict = check(board, rules, timeout=timeout, solver=solver)
    record["status"] = verdict.status
    record["solutions"] = [s.to_coords(board) for s in verdict.solutions]
    record["labels"] = len(board.labels)
    record["variables"] = verdict.stats.variables
    record["clauses"] = verdict.stats.clauses
    if verdict.status == "multiple":
        record["diff_cells"] = [list(board.coord(c)) for c in verdict.diff_cells]
    if verdict.solutions:
        record["stats"] = quality(board, verdict.solutions[0], verdict)
    if task.get("solution") is None:
        return
    shipped = Solution.from_coords(board, task["solution"])
    errors = solution_errors(board, shipped, rules)
    if not errors:
        return  # a valid shipped solution is the unique one, or one of several (multiple)
    record["mismatch"] = errors
    if verdict.solutions:
        record["diff_cells"] = [list(board.coord(c))
                                for c in diff_cells(board, shipped, verdict.solutions[0])]
    if verdict.status in ("unique", "unsolvable"):
        record["status"] = "solution-mismatch"
        record["shipped_solution"] = task["solution"]
