"""The solver backend's one watchdog thread (satlink.solver.backend.Watchdog): alarms fire in
order of their deadlines, cancelled ones never do, and an interrupt reaches a running solve."""

from __future__ import annotations

import threading

from satlink.solver.backend import Watchdog


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
