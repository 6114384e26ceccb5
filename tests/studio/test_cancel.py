"""Stale live requests are cancelled: a check running for an older edit is interrupted when a
newer edit arrives on the same channel (satlink.runtime.cancel, satlink.studio.jobs)."""

from __future__ import annotations

import asyncio
import threading
import time

import pytest

from satlink import Board
from satlink.runtime.cancel import CancelToken, cancelling
from satlink.solver.check import check
from satlink.solver.verdict import Status
from satlink.studio.jobs import Jobs, Stale
from tests.support.helpers import run_coroutine

# few pairs on an open board: a vast number of solutions under nikoli, so counting them all
# keeps the SAT solver busy far longer than any test waits
OPEN = Board.from_rows(["A.......", "........", "..B.....", "........", "........",
                        ".....B..", "........", ".......A"])
MANY = 10**9
SMALL = Board.from_rows(["AB", "AB"])  # unique


def _wait_running(token: CancelToken, thread: threading.Thread) -> None:
    """Until a solver runs under ``token`` (the check is inside the SAT search)."""
    while not token._running:
        assert thread.is_alive(), "the check ended before it was cancelled"
        time.sleep(0.005)


def test_a_token_cancelled_before_the_check_stops_it_at_once():
    assert check(OPEN, "nikoli", timeout=60).status == Status.MULTIPLE
    token = CancelToken()
    token.cancel()
    with cancelling(token):
        verdict = check(OPEN, "nikoli", timeout=60)
    assert verdict.status == Status.TIMEOUT and verdict.timed_out


def test_a_running_check_is_interrupted_by_its_token():
    token = CancelToken()
    out = {}

    def run() -> None:
        with cancelling(token):
            out["verdict"] = check(OPEN, "nikoli", count=MANY, timeout=3600)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    _wait_running(token, thread)
    token.cancel()
    thread.join(120)  # a liveness bound, far below the check's own hour
    assert not thread.is_alive()
    assert out["verdict"].timed_out and out["verdict"].count < MANY


def test_without_a_token_nothing_is_cancelled():
    other = CancelToken()
    other.cancel()  # a token of another thread's work
    with cancelling(other):
        pass
    assert check(SMALL, "flow", timeout=60).status == Status.UNIQUE


def test_a_newer_request_on_the_channel_interrupts_the_running_one():
    jobs = Jobs(workers=2)
    started = threading.Event()

    def slow():
        started.set()
        return check(OPEN, "nikoli", count=MANY, timeout=3600)

    async def scenario():
        old = asyncio.ensure_future(jobs.run(slow, "tab1:check", 1))
        while not started.is_set() or not any(j.token._running for j in jobs.running):
            assert not old.done(), "the old check ended before the newer edit"
            await asyncio.sleep(0.005)
        new = await jobs.run(lambda: check(SMALL, "flow",
                                           timeout=60), "tab1:check", 2)
        with pytest.raises(Stale):
            await asyncio.wait_for(old, 120)  # liveness bound; the old check would run an hour
        return new

    try:
        assert run_coroutine(scenario()).status == Status.UNIQUE
        assert jobs.cancelled == 1 and not jobs.running
    finally:
        jobs.close()


def test_requests_on_other_channels_are_not_cancelled():
    jobs = Jobs(workers=2)
    board = SMALL

    async def scenario():
        a = await jobs.run(lambda: check(board, "flow", timeout=60), "tab1:check", 5)
        b = await jobs.run(lambda: check(board, "flow", timeout=60), "tab2:check", 1)
        return a, b

    try:
        a, b = run_coroutine(scenario())
        assert a.status == b.status == Status.UNIQUE and jobs.cancelled == 0
    finally:
        jobs.close()


def test_a_cancelled_request_whose_work_fails_is_stale_not_an_error():
    jobs = Jobs(workers=1)
    started, release = threading.Event(), threading.Event()

    def fails_once_cancelled():
        started.set()
        release.wait(60)
        raise RuntimeError("a search stopped half way")

    async def scenario():
        old = asyncio.ensure_future(jobs.run(fails_once_cancelled, "tab:explain", 1))
        while not started.is_set():
            await asyncio.sleep(0.005)
        jobs.note("tab:explain", 2)  # a newer request arrives
        release.set()
        with pytest.raises(Stale):
            await old

    try:
        run_coroutine(scenario())
    finally:
        jobs.close()
