"""Every budget held (issue 31, reproductions 5, 7 and 8): the walks of ``paint`` and of the
studio's completion stop when their work is cancelled, ``hint`` takes ``--timeout`` and
answers ``solved`` on a complete drawing.

A budget is tested by what is done after it is spent, not by the clock: the token of the work
is cancelled after a number of the walk's proposals, and the walk must stop within one look
(:data:`satlink.generate.longpaths.schedule.CANCEL_EVERY`) of it.
"""

from __future__ import annotations

import json
import random
import time

import pytest
from click.testing import CliRunner

from satlink import Board, parse_rules
from satlink.cli import main
from satlink.explain.hint import hint
from satlink.generate.longpaths import schedule
from satlink.runtime.cancel import Cancelled, current, within
from testbed.oracle import count_solutions

CANCEL_AT = 2000


class CancellingWalk:
    """``propose`` counted, the running work's token cancelled at the ``at``-th call."""

    def __init__(self, monkeypatch, at: int = CANCEL_AT):
        self.calls = 0
        self.at = at
        self.inner = schedule.propose
        monkeypatch.setattr(schedule, "propose", self)

    def __call__(self, *args, **kwargs):
        self.calls += 1
        if self.calls == self.at:
            token = current()
            assert token is not None, "the walk does not run under a budget"
            token.cancel()
        return self.inner(*args, **kwargs)

    def stopped_in_time(self) -> bool:
        return self.at <= self.calls <= self.at + schedule.CANCEL_EVERY + 1


def partly_painted(tmp_path, n: int = 40):
    rows = ["A" * n] + ["." * n] * (n - 1)
    rows[n // 2] = "B" + "." * (n - 2) + "B"
    path = tmp_path / "sketch.txt"
    path.write_text("\n".join(rows) + "\n")
    return path


def test_paint_stops_its_walk_when_the_budget_is_spent(tmp_path, monkeypatch):
    """Reproduction 5: ``paint --seconds 1`` on a 100x100 sketch took 6.5 s, the walk never
    looking at the clock."""
    walk = CancellingWalk(monkeypatch)
    result = CliRunner().invoke(main, ["paint", str(partly_painted(tmp_path)), "--seconds", "60",
                                       "--json"])
    assert walk.stopped_in_time(), walk.calls
    record = json.loads(result.output.splitlines()[0])
    assert record["result"] == "failed" and record["completion"]["reason"] == "budget"


def test_the_studios_completion_stops_its_walk_with_its_request(tmp_path, monkeypatch):
    """Reproduction 5: the studio's complete took 8 s under --timeout 3."""
    from tests.support.studio_requests import studio_client

    walk = CancellingWalk(monkeypatch)
    board = {"grid": ["A" + "." * 38 + "A"] + ["." * 40] * 8 + ["B" + "." * 38 + "B"]}
    with studio_client(tmp_path, 60.0) as client:
        answer = client.post("/api/complete", json={"board": board, "rules": "fill"})
    assert walk.stopped_in_time(), walk.calls
    assert answer.status_code == 200 and "budget" in answer.json()["error"]["message"]


def test_a_walk_within_its_budget_is_not_stopped(monkeypatch):
    """A budget far from spent stops nothing: the walk runs to its end."""
    from satlink.formats.painted import read_painting
    from satlink.geometry import Geometry

    calls = {"n": 0}
    inner = schedule.propose

    def counted(*args, **kwargs):
        calls["n"] += 1
        return inner(*args, **kwargs)

    monkeypatch.setattr(schedule, "propose", counted)
    painting = read_painting(["AAAA....", "........", "B......B", "........"], Geometry())
    from satlink.painted.complete import CompleteOptions, complete_painting

    done = complete_painting(painting, parse_rules("fill"), CompleteOptions(seconds=3600, attempts=1))
    assert done.reason != "budget" and calls["n"] > schedule.CANCEL_EVERY


def test_within_cancels_at_the_deadline_and_with_the_enclosing_work():
    with within(0.05) as token:
        end = time.monotonic() + 30  # a liveness bound
        while not token.cancelled:
            assert time.monotonic() < end
            time.sleep(0.005)
    with within(None) as outer:
        with within(3600) as inner:
            outer.cancel()
            assert inner.cancelled
    with pytest.raises(Cancelled), within(0):
        from satlink.runtime.cancel import stop_if_cancelled

        stop_if_cancelled()


# -- 7. hint: a deadline and any size ------------------------------------------------------
def test_hint_takes_a_timeout_and_answers_timeout_when_it_is_spent(tmp_path):
    """Reproduction 7: a 60x60 board's hint ran for minutes; now ``--timeout`` bounds it."""
    rows = ["A" + "." * 58 + "A"] + ["." * 60] * 58 + ["B" + "." * 58 + "B"]
    path = tmp_path / "big.txt"
    path.write_text("\n".join(rows) + "\n")
    # a budget spent before the first pass (0.001 s left the compiled engine time for a step)
    result = CliRunner().invoke(main, ["hint", str(path), "--timeout", "0", "--json"])
    assert result.exit_code == 0, result.output
    answer = json.loads(result.output)
    assert answer["kind"] == "timeout" and answer["step"] is None


def test_a_command_stops_waiting_for_work_that_cannot_look_at_its_budget():
    from satlink.cli.budget import finish_within

    release = []

    def deaf():  # a step that never looks at the token (the engine's tables of a huge board)
        end = time.monotonic() + 30
        while not release and time.monotonic() < end:
            time.sleep(0.01)
        return "late"

    try:
        assert finish_within(0.05, deaf) == (False, None)
    finally:
        release.append(True)
    assert finish_within(5, lambda: "on time") == (True, "on time")
    with pytest.raises(ZeroDivisionError):
        finish_within(5, lambda: 1 / 0)


# -- 8. hint on a complete drawing ---------------------------------------------------------
def progress(solution) -> dict:
    return {"paths": {label: [list(c) for c in path] for label, path in solution.items()}}


def test_hint_answers_solved_on_the_drawn_solution(tmp_path):
    """Reproduction 8: ``AB/AB`` with both paths drawn was given a step."""
    (tmp_path / "ab.txt").write_text("AB\nAB\n")
    drawn = tmp_path / "drawn.json"
    drawn.write_text(json.dumps({"paths": {"A": [[0, 0], [1, 0]], "B": [[0, 1], [1, 1]]}}))
    result = CliRunner().invoke(main, ["hint", str(tmp_path / "ab.txt"), "--progress",
                                       str(drawn), "--json"])
    assert json.loads(result.output)["kind"] == "solved"


def test_solved_exactly_when_the_drawing_is_a_solution_the_referee_accepts():
    """Against brute force: on unique boards, the drawn solution is ``solved``; the same
    drawing missing a path, or judged under a rule it breaks, is not."""
    from satlink import check
    from testbed.boards import random_board

    rng = random.Random(31)
    seen = 0
    for _ in range(400):
        rows = random_board(rng)
        try:
            board = Board.from_rows(rows)
        except ValueError:
            continue
        if not board.labels or count_solutions(rows, False, False, False, limit=2) != 1:
            continue
        solution = check(board, "nikoli").solutions[0]
        pieces = {label: [list(path)] for label, path in solution.paths.items()}
        assert hint(board, parse_rules("nikoli"), pieces).kind == "solved", rows
        if len(pieces) > 1:
            missing = dict(list(pieces.items())[1:])
            assert hint(board, parse_rules("nikoli"), missing).kind != "solved", rows
        covered = {x for p in solution.paths.values() for x in p}
        # a cell left empty: not a solution under fill
        if any(ch == "." and i not in covered for i, ch in enumerate("".join(rows))):
            assert hint(board, parse_rules("fill"), pieces).kind != "solved", rows
        seen += 1
        if seen >= 25:
            break
    assert seen >= 10
