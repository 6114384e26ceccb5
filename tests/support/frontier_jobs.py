"""Boards and jobs for the frontier route's tests: a corpus board (skipped where
``../shared/corpus`` is absent) and the job the deductions hand on to the routes after them."""

from __future__ import annotations

from pathlib import Path

import pytest

import satlink.solver.routes as routes
from satlink import Board, parse_rules
from satlink.formats import read_file
from satlink.solver.method import DEFAULT_METHOD, Method
from satlink.solver.routes.deductions import Deductions
from satlink.solver.routes.job import Clock, Job


def corpus_board(path: Path) -> Board:
    """The first board of a corpus file; the test is skipped where the corpus is absent."""
    if not path.exists():
        pytest.skip(f"{path} is not here (../shared/corpus)")
    return next(iter(read_file(str(path)))).board


def open_job(board: Board, profile: str, limit: int = 2, method: Method = DEFAULT_METHOD) -> Job:
    """The job as the deductions hand it on (the board must be left open by them)."""
    job = Job(board, parse_rules(profile), method, limit, Clock(None), routes.ROUTES)
    outcome = Deductions().run(job)
    assert not outcome.finished and outcome.next_job is not None
    return outcome.next_job
