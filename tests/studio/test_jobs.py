"""Jobs that end (issue 31, reproductions 4-6 and 11): a request's whole deadline, jobs stopped
when their client hangs up or a newer request replaces them, bounded queues, per-board budgets
that add up to the request's, and idle connections closed."""

from __future__ import annotations

import asyncio
import socket
import threading
import time

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")

from satlink.runtime.cancel import current  # noqa: E402
from satlink.solver.verdict import Status  # noqa: E402
from satlink.studio.jobs import Busy, Jobs, TimedOut  # noqa: E402
from testbed.studio_server import served  # noqa: E402
from tests.support.helpers import run_coroutine  # noqa: E402
from tests.support.studio_requests import BLANK, SMALL, abandon, address, post, studio_client  # noqa: E402


def wait_until(condition, limit: float = 60.0) -> None:
    """Until ``condition()`` (a liveness bound, far above what it takes)."""
    end = time.monotonic() + limit
    while not condition():
        assert time.monotonic() < end, "not reached within the liveness bound"
        time.sleep(0.02)


# -- 4. abandoned jobs stop, the queue is bounded --------------------------------------------
def test_jobs_whose_clients_hang_up_are_stopped(tmp_path):
    """Four completions of a blank 60x60 board, their clients gone after 0.3 s: before, they
    kept both workers for the whole --timeout; now each is stopped, and a check answers."""
    jobs = Jobs()
    with served(tmp_path, timeout=30.0, jobs=jobs) as url:
        for i in range(4):
            abandon(url, "complete", {"board": BLANK, "rules": "fill"}, f"tab{i}")
        wait_until(lambda: jobs.stopped["gone"] == 4 and not jobs.running)
        status, verdict = post(url, "check", {"board": SMALL})
        assert status == 200 and verdict["status"] == "unique"


def test_a_newer_request_of_the_channel_replaces_the_running_one(tmp_path):
    jobs = Jobs()
    with served(tmp_path, timeout=30.0, jobs=jobs) as url:
        answers = {}

        def ask(seq):
            answers[seq] = post(url, "complete", {"board": BLANK, "rules": "fill",
                                                  "channel": "tab:make", "seq": seq}, "tab")

        first = threading.Thread(target=ask, args=(1,))
        first.start()
        wait_until(lambda: jobs.running)
        second = threading.Thread(target=ask, args=(2,))
        second.start()
        first.join(60)
        assert answers[1] == (409, {"stale": True})  # the second replaced it
        wait_until(lambda: jobs.running)
        status, _ = post(url, "check", {"board": SMALL, "channel": "tab:make", "seq": 3}, "tab")
        second.join(60)
        assert answers[2] == (409, {"stale": True}) and status == 200
        assert jobs.stopped["stale"] == 2 and not jobs.running


def _blocked_jobs(jobs: Jobs, release: threading.Event):
    """Work that occupies a worker until ``release``."""
    def work():
        release.wait(30)
        return "done"
    return work


def test_the_queue_is_bounded_per_tab_and_overall():
    jobs = Jobs(workers=1, live_workers=0, per_tab=2, queued=3)
    release = threading.Event()
    work = _blocked_jobs(jobs, release)

    async def scenario():
        held = [asyncio.ensure_future(jobs.run(work, tab="a")),
                asyncio.ensure_future(jobs.run(work, tab="a"))]
        await asyncio.sleep(0.1)
        with pytest.raises(Busy) as per_tab:
            await jobs.run(work, tab="a")
        held += [asyncio.ensure_future(jobs.run(work, tab=t)) for t in "bc"]
        await asyncio.sleep(0.1)
        with pytest.raises(Busy) as overall:
            await jobs.run(work, tab="d")
        release.set()
        return per_tab.value, overall.value, await asyncio.gather(*held)

    try:
        per_tab, overall, done = run_coroutine(scenario())
    finally:
        release.set()
        jobs.close()
    assert per_tab.status == 429 and "this tab" in per_tab.message
    assert overall.status == 503 and "busy" in overall.message
    assert done == ["done"] * 4


def test_the_live_check_is_not_stuck_behind_long_jobs():
    jobs = Jobs(workers=1, live_workers=1)
    release = threading.Event()
    work = _blocked_jobs(jobs, release)

    async def scenario():
        held = [asyncio.ensure_future(jobs.run(work, tab=t)) for t in "ab"]
        await asyncio.sleep(0.1)
        answer = await jobs.run(lambda: "checked", tab="c", live=True)
        release.set()
        await asyncio.gather(*held)
        return answer

    try:
        assert run_coroutine(scenario()) == "checked"
    finally:
        release.set()
        jobs.close()


def test_a_job_that_outlives_its_deadline_is_answered_and_its_token_cancelled():
    jobs = Jobs(workers=1, live_workers=0)
    release = threading.Event()
    seen = {}

    def stubborn():  # ignores its token, as a step that cannot look would
        seen["token"] = current()
        release.wait(30)

    async def scenario():
        with pytest.raises(TimedOut):
            await jobs.run(stubborn, deadline=time.monotonic() + 0.2)
        queued = asyncio.ensure_future(jobs.run(lambda: 1, deadline=time.monotonic() + 0.2))
        with pytest.raises(TimedOut):  # its deadline passed while it waited for the worker
            await queued

    try:
        run_coroutine(scenario())
        assert seen["token"].cancelled and jobs.stopped["deadline"] == 2
    finally:
        release.set()
        jobs.close()


# -- 5, 6. per-board budgets add up to the request's ------------------------------------------
class SlowChecks:
    """A stand-in for ``check`` that takes all the time it is given (a hard board) and records
    how much that was."""

    def __init__(self):
        self.given: list[float] = []

    def __call__(self, board, rules=None, *, timeout=None, **kwargs):
        from satlink.rules import parse_rules
        from satlink.solver.verdict import Verdict

        self.given.append(timeout)
        time.sleep(max(0.0, min(timeout, 5.0)))
        return Verdict(Status.TIMEOUT, parse_rules(rules), seconds=timeout, timed_out=True)


def test_saving_slow_boards_into_a_catalogue_keeps_the_requests_deadline(tmp_path, monkeypatch):
    """Five boards each as slow as the --timeout: the checks share one --timeout, and the
    boards left are refused as not checked (before, each had its own: 5x the deadline)."""
    import satlink.solver.check

    slow = SlowChecks()
    monkeypatch.setattr(satlink.solver.check, "check", slow)
    boards = [{"board": {"grid": [f"A{'.' * n}A"]}} for n in range(1, 6)]
    with studio_client(tmp_path, 0.4) as client:
        saved = client.post("/api/save", json={"path": "cat.db", "catalogue": True,
                                               "boards": boards}).json()
    assert sum(slow.given) <= 0.4 + 1e-6, slow.given
    assert {r["status"] for r in saved["refused"]} <= {"timeout", "not-checked"}
    assert len(saved["refused"]) == 5 and saved["refused"][-1]["status"] == "not-checked"


def test_repair_gives_the_boards_own_check_the_whole_time_and_the_search_the_rest(tmp_path, monkeypatch):
    """Reproduction 6: the board's own check had ``max(0.25, timeout/60)`` seconds, so a board
    proven unique in half a second came back 'timeout'; reproduction 5: the checks of the
    edited boards add up to the request's deadline."""
    import satlink.repair.search
    import satlink.studio.repairs

    slow = SlowChecks()
    monkeypatch.setattr(satlink.studio.repairs, "check", slow)
    monkeypatch.setattr(satlink.repair.search, "check", slow)
    with studio_client(tmp_path, 0.6) as client:
        client.post("/api/repair", json={"board": {"grid": ["A.B", "...", "A.B"]}})
    assert slow.given[0] >= 0.5, slow.given  # the board's own check: (nearly) all of it
    assert sum(slow.given) <= 0.6 + 1e-6, slow.given


# -- 11. idle connections ------------------------------------------------------------------
def test_idle_and_stalled_connections_are_closed(tmp_path):
    with served(tmp_path, idle_seconds=0.5) as url:
        host, port, _ = address(url)
        silent = [socket.create_connection((host, port)) for _ in range(20)]
        stalled = [socket.create_connection((host, port)) for _ in range(5)]
        for sock in stalled:
            sock.sendall(b"POST /api/check HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
        for sock in silent + stalled:
            sock.settimeout(30)  # a liveness bound: the server closes them long before
            assert sock.recv(1024) == b""  # closed by the server
            sock.close()
        status, verdict = post(url, "check", {"board": SMALL})
        assert status == 200 and verdict["status"] == "unique"
