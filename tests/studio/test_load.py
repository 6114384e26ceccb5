"""The studio under a bounded load (issue 31, and the hardening round's five tabs of long
explanations): checks from several tabs, long completions whose
clients hang up, repairs that run to their deadline, and a pack opened, at once, on loopback,
at most 200 requests.  Throughout, a trivial check from a tab of its own is answered within the
request's deadline and one second: the live verdict is never stuck behind the long jobs, and
every abandoned job lets its worker go.

This is the one test of the suite that holds a time: the issue's own promise (deadline + 1 s),
measured end to end on a real server.  Its figures are printed (``-s``)."""

from __future__ import annotations

import random
import threading
import time

import pytest

from satlink.studio.jobs import Jobs
from testbed.boards import random_board
from testbed.studio_server import served
from tests.support.studio_requests import BLANK, SMALL, abandon, post

DEADLINE = 2.0
LIMIT = DEADLINE + 1.0
LOAD = 160
"""Requests of the load (checks, abandoned completions, repairs, the pack open)."""
PROBES = 40
"""Trivial checks timed meanwhile: 200 requests in all."""


@pytest.mark.parametrize("seed", [31])
def test_a_trivial_check_is_answered_within_the_deadline_throughout(tmp_path, seed):
    rng = random.Random(seed)
    (tmp_path / "pack.txt").write_text("".join(f"A{'.' * (i % 7)}A\n\n" for i in range(2000)))
    jobs = Jobs()
    sent = {"n": 0}
    lock = threading.Lock()

    def count() -> bool:
        with lock:
            if sent["n"] >= LOAD:
                return False
            sent["n"] += 1
            return True

    statuses: list[int] = []
    latencies: list[float] = []
    stop = threading.Event()
    with served(tmp_path, timeout=DEADLINE, jobs=jobs) as url:
        def checker(tab: str) -> None:
            seq = 0
            while not stop.is_set() and count():
                seq += 1
                status, _ = post(url, "check", {"board": {"grid": random_board(rng)},
                                                "channel": f"{tab}:check", "seq": seq}, tab)
                statuses.append(status)
                time.sleep(0.05)  # a person's edits, not a flood: the load lasts the probes' time

        def abandoner(tab: str) -> None:
            while not stop.is_set() and count():
                abandon(url, "complete", {"board": BLANK, "rules": "fill"}, tab, after=0.3)

        def repairer(tab: str) -> None:
            while not stop.is_set() and count():
                status, _ = post(url, "repair", {"board": BLANK, "rules": "fill"}, tab)
                statuses.append(status)

        def opener() -> None:
            if count():
                status, opened = post(url, "open", {"path": "pack.txt"}, "pack")
                statuses.append(status)
                assert status != 200 or len(opened["boards"]) == 2000

        workers = ([threading.Thread(target=checker, args=(f"c{i}",)) for i in range(3)]
                   + [threading.Thread(target=abandoner, args=(f"a{i}",)) for i in range(3)]
                   + [threading.Thread(target=repairer, args=(f"r{i}",)) for i in range(2)]
                   + [threading.Thread(target=opener)])
        for w in workers:
            w.start()
        while len(latencies) < PROBES and any(w.is_alive() for w in workers):
            begin = time.monotonic()
            status, verdict = post(url, "check", {"board": SMALL}, "probe")
            latencies.append(time.monotonic() - begin)
            assert status == 200 and verdict["status"] == "unique", (status, verdict)
            time.sleep(0.2)
        stop.set()
        for w in workers:
            w.join(60)
    print(f"\nload: {sent['n']} requests, {len(latencies)} probes, slowest "
          f"{max(latencies):.3f} s (limit {LIMIT} s); answers {sorted(set(statuses))}; "
          f"jobs stopped {dict(jobs.stopped)}")
    assert sent["n"] + len(latencies) <= LOAD + PROBES and len(latencies) >= 5
    assert max(latencies) <= LIMIT
    assert 500 not in statuses and jobs.stopped["gone"] > 0


EXPLAIN_TABS = 5
EXPLAINS_PER_TAB = 4
"""The hardening round's reproduction 3: five tabs, each with four slow explanations in flight
(its whole share), fill the queue; before, a live check was then refused with 503."""


def test_live_checks_are_answered_while_five_tabs_explain(tmp_path):
    jobs = Jobs()
    stop = threading.Event()
    statuses: list[int] = []
    latencies: list[float] = []
    probe_answers: list[tuple[int, str]] = []
    with served(tmp_path, timeout=DEADLINE, jobs=jobs) as url:
        def explainer(tab: str) -> None:
            while not stop.is_set():
                status, _ = post(url, "explain", {"board": BLANK, "rules": "fill"}, tab)
                statuses.append(status)

        workers = [threading.Thread(target=explainer, args=(f"e{t}",))
                   for t in range(EXPLAIN_TABS) for _ in range(EXPLAINS_PER_TAB)]
        for w in workers:
            w.start()
        time.sleep(0.5)  # the queue fills
        for i in range(PROBES // 2):
            tab = "probe" if i % 2 else "e0"  # a tab of its own, and one whose share is full
            begin = time.monotonic()
            status, verdict = post(url, "check", {"board": SMALL, "channel": f"{tab}:check",
                                                  "seq": i + 1}, tab)
            latencies.append(time.monotonic() - begin)
            probe_answers.append((status, verdict.get("status")))
            time.sleep(0.1)
        stop.set()
        for w in workers:
            w.join(60)
    print(f"\nexplain load: {len(statuses)} explanations ({sorted(set(statuses))}), "
          f"{len(latencies)} live checks, slowest {max(latencies):.3f} s (limit {LIMIT} s)")
    assert probe_answers == [(200, "unique")] * len(latencies)
    assert max(latencies) <= LIMIT
    assert 500 not in statuses
