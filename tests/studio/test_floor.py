"""The studio's floor under load and bad requests (the hardening round's reproductions 3, 4,
6 and 11): the live verdict is never refused because long jobs fill the queue, the referee
runs off the event loop under the request's deadline and is bounded by the board rather
than by the path sent, a malformed Host or Origin is a 400 (not a traceback), JSON is
recognised by its exact media type, and booleans in bodies are booleans."""

from __future__ import annotations

import asyncio
import json
import threading
import warnings

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")

with warnings.catch_warnings():  # Starlette 1.x prefers httpx2, which is not installed; httpx works
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient  # noqa: E402

from satlink.studio import Limits, create_app  # noqa: E402
from satlink.studio.jobs import Busy, Jobs  # noqa: E402
from satlink.studio.safety import ServeOptions  # noqa: E402
from testbed.studio_server import served, token_of  # noqa: E402
from tests.support.helpers import run_coroutine  # noqa: E402
from tests.support.studio_requests import SMALL, post, studio_client  # noqa: E402

BOARD = {"grid": ["A.B", "...", "B.A"]}
STUDIO = "http://127.0.0.1:8765"


# -- 3. the live verdict has its own admission -----------------------------------------------
def test_long_jobs_filling_the_queue_never_refuse_the_live_check():
    """Five tabs with four slow jobs each (the per-tab limit) fill the queue of 16; a live
    check, from one of those tabs or another, is still admitted and answered; a fifth long
    job of a tab, and a long job of a new tab, are still refused."""
    jobs = Jobs(workers=2, live_workers=1, per_tab=4, queued=16)
    release = threading.Event()

    def slow():
        release.wait(30)
        return "explained"

    async def scenario():
        held = [asyncio.ensure_future(jobs.run(slow, tab=f"tab{t}")) for t in range(5)
                for _ in range(4)]
        await asyncio.sleep(0.2)
        refused = []
        for tab in ("tab0", "new"):
            try:
                await jobs.run(slow, tab=tab)
            except Busy as exc:
                refused.append(exc.status)
        live = [await jobs.run(lambda: "checked", tab=tab, live=True) for tab in ("tab0", "new")]
        release.set()
        ends = await asyncio.gather(*held, return_exceptions=True)
        assert sum(isinstance(e, Busy) and e.status == 503 for e in ends) == 2  # 2 run, 16 wait
        return refused, live

    try:
        refused, live = run_coroutine(scenario())
    finally:
        release.set()
        jobs.close()
    assert refused == [429, 503]
    assert live == ["checked", "checked"]


def test_live_checks_are_bounded_by_their_own_count():
    jobs = Jobs(workers=0, live_workers=1, per_tab=2, queued=3)
    release = threading.Event()

    def slow():
        release.wait(30)

    async def scenario():
        held = [asyncio.ensure_future(jobs.run(slow, tab="a", live=True)) for _ in range(2)]
        await asyncio.sleep(0.1)
        with pytest.raises(Busy) as per_tab:
            await jobs.run(slow, tab="a", live=True)
        release.set()
        await asyncio.gather(*held)
        return per_tab.value

    try:
        assert "live checks" in run_coroutine(scenario()).message
    finally:
        release.set()
        jobs.close()


# -- 4. the referee off the event loop, bounded by the board ---------------------------------
def test_the_referee_runs_as_a_job_and_does_not_hold_up_a_check(tmp_path, monkeypatch):
    """While a referee's work is held, a live check is answered: the referee is not on the
    event loop (before, it ran there and stalled every request behind it)."""
    import satlink.studio.api

    entered, release = threading.Event(), threading.Event()

    def held(*args, **kwargs):
        entered.set()
        release.wait(90)
        return []

    monkeypatch.setattr(satlink.studio.api, "solution_errors", held)
    answers = {}
    with served(tmp_path, timeout=20) as url:
        def referee():
            answers["referee"] = post(url, "referee", {"board": SMALL,
                                                       "paths": {"A": [[0, 0], [1, 0]]}}, "p")
        thread = threading.Thread(target=referee)
        thread.start()
        assert entered.wait(30)
        try:  # a liveness bound: on the event loop, the check waited for the referee's 90 s
            answers["check"] = post(url, "check", {"board": SMALL}, "c", timeout=30)
        finally:
            release.set()
        thread.join(30)
    assert answers["check"][0] == 200 and answers["check"][1]["status"] == "unique"
    assert answers["referee"][0] == 200


def test_the_referee_is_held_to_the_requests_deadline(tmp_path, monkeypatch):
    import satlink.studio.api

    release = threading.Event()

    def stubborn(*args, **kwargs):
        release.wait(30)
        return []

    monkeypatch.setattr(satlink.studio.api, "solution_errors", stubborn)
    try:
        with studio_client(tmp_path, 0.3) as client:
            answer = client.post("/api/referee", json={"board": SMALL,
                                                       "paths": {"A": [[0, 0], [1, 0]]}})
    finally:
        release.set()
    assert answer.status_code == 504 and answer.json()["error"]["timeout"]


def test_a_path_longer_than_the_board_allows_is_refused_before_it_is_read(tmp_path):
    """A path of 300,000 cells on a 2x2 board (a body well under the byte bound): refused
    by its length, at once; the cost of a request follows the board, not the path sent."""
    long_path = [[0, 0], [1, 0]] * 150_000
    with studio_client(tmp_path, 10) as client:
        for name in ("referee", "check", "hint", "complete", "fix"):
            answer = client.post(f"/api/{name}", json={"board": SMALL, "paths": {"A": long_path}})
            assert answer.status_code == 400, (name, answer.text)
            assert "longer than" in answer.json()["error"]["message"]


# -- 6. a malformed Host or Origin is a 4xx ------------------------------------------------
@pytest.mark.parametrize("headers", [
    {"Host": "[::1]:8765 x"}, {"Host": "[::1]:"}, {"Host": "[::1]x"}, {"Host": "[::1"},
    {"Host": "[::1]:99999999"}, {"Host": "[::1]:8_765"},
    {"Origin": "http://[::1]:8765x"}, {"Origin": "http://[::1]:"}, {"Origin": "http://[::1]:-1"},
])
def test_a_malformed_port_in_host_or_origin_is_a_400(headers):
    app = create_app(Limits(), serving=ServeOptions(port=8765))
    with TestClient(app, base_url=STUDIO, headers=token_of(app)) as client:
        answer = client.post("/api/check", json={"board": BOARD}, headers=headers)
    assert answer.status_code == 400, answer.text
    assert "malformed" in answer.json()["error"]["message"]


# -- 11. exact JSON content types, booleans that are booleans --------------------------------
@pytest.mark.parametrize("content_type", ["application/json-evil", "application/jsonp",
                                          "application/json5", "text/json", "application/jso"])
def test_only_the_json_media_type_is_json(tmp_path, content_type):
    with studio_client(tmp_path, 5) as client:
        answer = client.post("/api/check", content=json.dumps({"board": BOARD}),
                             headers={"Content-Type": content_type})
    assert answer.status_code == 415, answer.text


@pytest.mark.parametrize("content_type", ["application/json", "application/json; charset=utf-8",
                                          "Application/JSON"])
def test_json_with_parameters_is_json(tmp_path, content_type):
    with studio_client(tmp_path, 5) as client:
        answer = client.post("/api/check", content=json.dumps({"board": BOARD}),
                             headers={"Content-Type": content_type})
    assert answer.status_code == 200, answer.text


@pytest.mark.parametrize("endpoint,body", [
    ("generate", {"width": 3, "height": 3, "wrap": "no"}),
    ("generate", {"width": 3, "height": 3, "wrap": 0}),
    ("open", {"path": "pack.txt", "catalogue": "false"}),
    ("save", {"path": "x.txt", "boards": [{"board": BOARD}], "overwrite": "yes"}),
    ("save", {"path": "x.db", "boards": [{"board": BOARD}], "catalogue": 1}),
    ("repair", {"board": BOARD, "chain": "no"}),
])
def test_a_boolean_field_that_is_not_a_boolean_is_named(tmp_path, endpoint, body):
    (tmp_path / "pack.txt").write_text("A.A\n")
    with studio_client(tmp_path, 5) as client:
        answer = client.post(f"/api/{endpoint}", json=body)
    assert answer.status_code == 400, answer.text
    assert "must be true or false" in answer.json()["error"]["message"]
    assert not (tmp_path / "x.txt").exists() and not (tmp_path / "x.db").exists()


@pytest.mark.parametrize("width", [2.5, -0.5, "2.5"])
def test_a_size_that_is_not_whole_is_named_not_cut(tmp_path, width):
    with studio_client(tmp_path, 5) as client:
        answer = client.post("/api/generate", json={"width": width, "height": 3})
    assert answer.status_code == 400 and "'width' must be a whole number" in answer.text
