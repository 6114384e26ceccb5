"""Budgets and memory on a board of very many labels: a 500x500 board of 125,000 pairs, each
pair side by side (so the board is trivially unique), made here.

Each colour set of the deduction state held a bit per label (3.9 GB on this board, and every
set operation read 1,954 words), so ``check --timeout 1`` ran 5.4 s before it said
``timeout``, ``explain --budget 1`` 12 s and ``hint --timeout 1`` 10 s.  Now the state grows
with cells + labels, and each budget is held: a test times the library call, and allows the
budget plus the 2 s the budgets promise (under load the work itself, under a second on a
quiet machine, stretches; the status is asserted where it does not depend on the load).
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
import time

import pytest

from satlink import Board, check
from satlink.explain import explain
from satlink.explain.hint import hint
from satlink.runtime.cancel import within
from satlink.solver.method import Method
from satlink.solver.verdict import Status
from testbed.crowded import crowded_board, pairs_side_by_side, without_pairs

BUDGET = 1.0
SLACK = 2.0
"""Seconds past the budget a call may end: what the budgets promise."""
NO_DEDUCTIONS = Method(presolve=False)


@pytest.fixture(scope="module")
def crowded():
    return crowded_board(500, 500)


def test_a_check_of_125000_labels_holds_its_budget(crowded):
    start = time.monotonic()
    verdict = check(crowded, "flow", timeout=BUDGET)
    assert time.monotonic() - start <= BUDGET + SLACK
    assert verdict.status in (Status.UNIQUE, Status.TIMEOUT)


def test_an_explanation_of_125000_labels_holds_its_budget(crowded):
    start = time.monotonic()
    explained = explain(crowded, "flow", budget=BUDGET)
    assert time.monotonic() - start <= BUDGET + SLACK
    assert explained.status in ("unique", "timeout")


def test_a_hint_on_125000_labels_holds_its_budget(crowded):
    start = time.monotonic()
    with within(BUDGET):
        found = hint(crowded, "flow")
    assert time.monotonic() - start <= BUDGET + SLACK
    assert found.kind in ("step", "timeout")


def test_an_explanation_of_an_unsolvable_board_of_many_labels_holds_its_budget():
    """300x300, 44,950 pairs and 50 pairs' cells left empty (unsolvable under flow): explain
    traced the deductions to their contradiction with no budget at all."""
    board = Board.from_rows(without_pairs(random.Random(2), pairs_side_by_side(300, 300), 50))
    start = time.monotonic()
    explained = explain(board, "flow", budget=BUDGET)
    assert time.monotonic() - start <= BUDGET + SLACK
    assert explained.status == "unsolvable"


def test_the_board_of_125000_labels_is_proven_unique_without_a_budget(crowded):
    """What the budgets cut short is the whole of the work: with no budget the deductions
    decide the board (every pair joined, every cell used), the referee accepts it."""
    verdict = check(crowded, "flow")
    assert verdict.status is Status.UNIQUE
    assert verdict.stats.sat_calls == 0  # decided by the deductions
    paths = verdict.solutions[0].paths
    assert len(paths) == 125_000 and all(len(path) == 2 for path in paths.values())


def test_the_encoding_of_45000_labels_holds_the_budget():
    """With the deductions off, the CNF is built under the deadline: the endpoints' codes were
    one Python list per label, endpoint and bit (1.4 million here), 9.6 s of encoding past a
    budget of 1 s."""
    board = crowded_board(300, 300)
    check(Board.from_rows(["A.A"]), "flow", method=NO_DEDUCTIONS)  # the SAT modules imported
    start = time.monotonic()
    verdict = check(board, "flow", timeout=BUDGET, method=NO_DEDUCTIONS)
    assert time.monotonic() - start <= BUDGET + SLACK
    assert verdict.status in (Status.UNIQUE, Status.TIMEOUT)


PEAK = """
import json, resource, sys
from satlink import Board, check
from testbed.crowded import crowded_board, pairs_side_by_side, without_pairs
board = crowded_board(500, 500)
before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
verdict = check(board, "flow", timeout=float(sys.argv[1]))
after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
print(json.dumps({"status": str(verdict.status), "board_kb": before, "peak_kb": after}))
"""


def test_the_deductions_on_125000_labels_grow_with_cells_plus_labels():
    """Peak memory of a check in a process of its own: the state held a bit per cell per label
    (3.9 GB here); now it holds a few words per cell and per label.  The bound, 1 GB, is far
    from both (about 0.2 GB now, measured with ``ru_maxrss``)."""
    out = subprocess.run([sys.executable, "-c", PEAK, "30"], capture_output=True, text=True,
                         check=True, timeout=600)
    found = json.loads(out.stdout)
    assert found["status"] == "unique"
    assert found["peak_kb"] < 2**20, found
