"""The solver backend's one watchdog thread (satlink.solver.backend.Watchdog): alarms fire in
order of their deadlines, cancelled ones never do, and an interrupt reaches a running solve."""

from __future__ import annotations

import threading
from dataclasses import replace

from satlink.runtime.watchdog import WATCHDOG, Watchdog


def test_alarms_fire_in_order_and_cancelled_ones_never():
    dog = Watchdog()
    fired: list[str] = []
    done = threading.Event()
    dog.schedule(0.06, lambda: fired.append("late"))
    dropped = dog.schedule(0.01, lambda: fired.append("cancelled"))
    dog.schedule(0.02, lambda: fired.append("early"))
    dog.cancel(dropped)
    dog.schedule(0.1, done.set)
    assert done.wait(30)  # a liveness bound only
    assert fired == ["early", "late"]


def test_a_failing_callback_does_not_stop_the_watchdog():
    dog = Watchdog()
    done = threading.Event()

    def fail() -> None:
        raise RuntimeError("a solver deleted meanwhile")

    dog.schedule(0.0, fail)
    dog.schedule(0.01, done.set)
    assert done.wait(30)


def test_many_cancelled_alarms_do_not_pile_up():
    dog = Watchdog()
    for _ in range(10_000):
        dog.cancel(dog.schedule(3600, lambda: None))
    assert len(dog._heap) <= 64 + 2 and not dog._live


def _timed_check_in_child() -> None:
    """In the forked child: a solve with a deadline (which schedules an alarm)."""
    import os

    from satlink import Board, check
    from satlink.solver.check import DEFAULT_METHOD

    board = Board.from_rows(["A..", "...", "..A"])
    verdict = check(board, "fill", timeout=30, method=replace(DEFAULT_METHOD, presolve=False))
    os._exit(0 if str(verdict.status) == "multiple" else 3)


def test_a_child_forked_while_the_watchdog_holds_its_lock_can_still_time_solves():
    """``batch`` forks its workers; a fork taken while the watchdog's thread held its lock
    (waking for an alarm) left the child a lock nobody would release: its first solve with
    a deadline hung until the batch's hard limit killed it."""
    import multiprocessing

    from satlink import Board, check

    check(Board.from_rows(["A.A"]), "flow", timeout=30)  # the watchdog runs in this process
    ctx = multiprocessing.get_context("fork")
    held, forked = threading.Event(), threading.Event()

    def hold() -> None:  # another thread holds it, as the watchdog's does popping an alarm
        with WATCHDOG._cond:
            held.set()
            forked.wait(60)

    holder = threading.Thread(target=hold)
    holder.start()
    held.wait(60)
    child = ctx.Process(target=_timed_check_in_child)
    child.start()
    forked.set()
    holder.join()
    child.join(20)  # a liveness bound only
    hung = child.is_alive()
    if hung:
        child.kill()
        child.join()
    assert not hung and child.exitcode == 0
