"""Hostile and malformed requests to the studio's server (Starlette's TestClient): each is a
plain 4xx answer naming what was wrong, never a 500 or a hung server, and the server keeps
answering afterwards; nothing is written but a regular file where the user saved."""

from __future__ import annotations

import os
import warnings
from pathlib import Path

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

with warnings.catch_warnings():  # Starlette 1.x prefers httpx2, which is not installed; httpx works
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient  # noqa: E402

from satlink.studio import Limits, create_app  # noqa: E402
from satlink.studio.safety import ServeOptions  # noqa: E402
from testbed.studio_server import token_of  # noqa: E402

LOCAL = "http://127.0.0.1"
BOARD = {"grid": ["A.B", "...", "B.A"]}


@pytest.fixture()
def client(tmp_path: Path) -> TestClient:
    app = create_app(Limits(max_cells=400, timeout=5.0), root=tmp_path,
                     serving=ServeOptions(max_body=100_000))
    with TestClient(app, base_url=LOCAL, raise_server_exceptions=False,
                    headers=token_of(app)) as c:
        yield c


def post_raw(client, endpoint: str, text: str):
    return client.post(f"/api/{endpoint}", content=text.encode(),
                       headers={"content-type": "application/json"})


def still_answers(client) -> None:
    answer = client.post("/api/check", json={"board": BOARD})
    assert answer.status_code == 200 and answer.json()["status"] == "unsolvable"


def test_json_nested_too_deeply_is_a_plain_refusal(client):
    """Python's JSON reader recurses: a small body of 50,000 brackets must not become a 500."""
    for text in ("[" * 50_000 + "]" * 50_000, '{"board": ' + "[" * 20_000 + "]" * 20_000 + "}"):
        answer = post_raw(client, "check", text)
        assert answer.status_code == 400, answer.text
        assert "nested" in answer.json()["error"]["message"]
    still_answers(client)


@pytest.mark.parametrize("field", ["width", "height", "seed", "holes", "walls", "bridges"])
@pytest.mark.parametrize("value", ["Infinity", "-Infinity", "NaN", '"x"', "[]", "{}"])
def test_generate_names_a_number_field_that_is_not_a_number(client, field, value):
    """Python's JSON reader accepts Infinity and NaN, which ``int()`` cannot take."""
    answer = post_raw(client, "generate", f'{{"width": 3, "height": 3, "{field}": {value}}}')
    assert answer.status_code == 400, answer.text
    assert field in answer.json()["error"]["message"]
    still_answers(client)


@pytest.mark.parametrize("value", ["-1", "1.5", "true", "[\"easy\"]", "{}", "Infinity"])
def test_generate_names_a_grade_that_is_not_text(client, value):
    answer = post_raw(client, "generate", f'{{"width": 3, "height": 3, "grade": {value}}}')
    assert answer.status_code == 400, answer.text
    assert "grade" in answer.json()["error"]["message"]


@pytest.mark.parametrize("field", ["width", "height"])
@pytest.mark.parametrize("value", ["Infinity", "-Infinity", "NaN"])
def test_generate_names_a_size_that_is_not_a_number(client, field, value):
    answer = post_raw(client, "generate", f'{{"width": 3, "height": 3, "{field}": {value}}}')
    assert answer.status_code == 400, answer.text
    assert field in answer.json()["error"]["message"]


def save(client, path: str, **options):
    return client.post("/api/save", json={"boards": [{"board": BOARD}], "path": path, **options})


@pytest.mark.parametrize("catalogue", [False, True])
def test_a_file_name_with_a_nul_byte_or_a_symlink_loop_is_refused(client, tmp_path, catalogue):
    (tmp_path / "loop1").symlink_to(tmp_path / "loop2")
    (tmp_path / "loop2").symlink_to(tmp_path / "loop1")
    for path in ("a\x00b.txt", "loop1", "loop1/x.txt"):
        answer = save(client, path, catalogue=catalogue, overwrite=True)
        assert answer.status_code == 400, (path, answer.text)
        assert answer.json()["error"]["message"]
        answer = client.post("/api/open", json={"path": path, "catalogue": catalogue})
        assert answer.status_code in (200, 400), (path, answer.text)  # 200: a located error per board
    assert sorted(p.name for p in tmp_path.iterdir()) == ["loop1", "loop2"]
    still_answers(client)


@pytest.mark.parametrize("catalogue", [False, True])
def test_a_save_over_a_pipe_is_refused_and_the_pipe_kept(client, tmp_path, catalogue):
    """Saving over what is not a regular file (a pipe here; a device such as /dev/null alike)
    must neither replace it by a file nor block the server reading it."""
    pipe = tmp_path / "pipe.txt"
    os.mkfifo(pipe)
    held = os.open(pipe, os.O_RDWR | os.O_NONBLOCK)  # a reader and writer, so nothing blocks
    try:
        os.write(held, b"x" * 64)
        for overwrite in (False, True):
            answer = save(client, "pipe.txt", catalogue=catalogue, overwrite=overwrite)
            assert answer.status_code == 400, answer.text
            assert "regular file" in answer.json()["error"]["message"]
            assert pipe.is_fifo()
    finally:
        os.close(held)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["pipe.txt"]
    still_answers(client)


def _damaged_catalogue(client, tmp_path: Path, solution: str) -> None:
    """A catalogue of two unique puzzles whose first stored solution is then overwritten."""
    import sqlite3

    boards = [{"board": {"grid": ["A.A", "B.B"]}}, {"board": {"grid": ["A..A"]}}]
    answer = client.post("/api/save", json={"boards": boards, "path": "cat.db", "catalogue": True})
    assert answer.json()["added"] == 2, answer.text
    with sqlite3.connect(tmp_path / "cat.db") as db:
        db.execute("UPDATE puzzles SET solution = ? WHERE id = (SELECT min(id) FROM puzzles)",
                   (solution,))
    db.close()


def test_a_damaged_puzzle_of_a_catalogue_is_an_error_entry_and_the_others_open(client, tmp_path):
    _damaged_catalogue(client, tmp_path, '{"A": [[9, 9]]}')
    answer = client.post("/api/open", json={"path": "cat.db", "catalogue": True})
    assert answer.status_code == 200, answer.text
    boards = answer.json()["boards"]
    assert [("error" in b) for b in boards].count(True) == 1 and len(boards) == 2
    assert "damaged" in next(b for b in boards if "error" in b)["error"]["message"]
    still_answers(client)


def test_a_catalogue_whose_json_is_nested_too_deeply_is_a_plain_refusal(client, tmp_path):
    _damaged_catalogue(client, tmp_path, "[" * 5000 + "]" * 5000)
    answer = client.post("/api/open", json={"path": "cat.db", "catalogue": True})
    assert answer.status_code == 400, answer.text
    assert "puzzle" in answer.json()["error"]["message"]
    still_answers(client)


def test_export_names_a_damaged_catalogue_puzzle_instead_of_an_internal_error(client, tmp_path):
    from click.testing import CliRunner

    from satlink.cli import main

    _damaged_catalogue(client, tmp_path, "[" * 5000 + "]" * 5000)
    result = CliRunner().invoke(main, ["export", "--db", str(tmp_path / "cat.db")])
    assert result.exit_code == 2, result.output
    assert "puzzle" in result.stderr and "internal error" not in result.stderr


def test_export_names_a_catalogue_puzzle_whose_solution_is_off_its_board(client, tmp_path):
    from click.testing import CliRunner

    from satlink.cli import main

    _damaged_catalogue(client, tmp_path, '{"A": [[9, 9]]}')
    result = CliRunner().invoke(main, ["export", "--db", str(tmp_path / "cat.db")])
    assert result.exit_code == 2, result.output
    assert "off the board" in result.stderr and "internal error" not in result.stderr


@pytest.mark.parametrize("headers", [
    {"Host": "localhost.evil.example:8765"}, {"Host": "127.0.0.1.nip.io:8765"},
    {"Host": "127.0.0.1.:8765"}, {"Host": "0.0.0.0:8765"}, {"Host": "[::ffff:127.0.0.1]:8765"},
    {"Host": "127.0.0.1:8766"}, {"Host": ""},
    {"Origin": "http://127.0.0.1@evil.example:8765"}, {"Origin": "http://evil.example#@127.0.0.1:8765"},
    {"Origin": "http://localhost.evil.example:8765"}, {"Origin": "http://127.0.0.1:8765/path"},
    {"Origin": "file://"},
])
def test_dns_rebinding_and_origin_tricks_are_refused(tmp_path, headers):
    app = create_app(Limits(), root=tmp_path, serving=ServeOptions(port=8765))
    with TestClient(app, base_url="http://127.0.0.1:8765", headers=token_of(app)) as c:
        answer = c.post("/api/check", json={"board": BOARD}, headers=headers)
        assert answer.status_code == 403, answer.text
        assert "refused" in answer.json()["error"]["message"]


@pytest.mark.parametrize("host", ["127.0.0.1:8765", "localhost:8765", "[::1]:8765", "LOCALHOST:8765"])
def test_every_local_name_of_the_studio_is_answered(tmp_path, host):
    app = create_app(Limits(), root=tmp_path, serving=ServeOptions(port=8765))
    with TestClient(app, base_url="http://127.0.0.1:8765", headers=token_of(app)) as c:
        origin = "http://" + host.lower()
        answer = c.post("/api/check", json={"board": BOARD}, headers={"Host": host, "Origin": origin})
        assert answer.status_code == 200, answer.text


def test_a_channel_name_too_long_to_keep_is_no_channel() -> None:
    """A page names its live channels (tab and purpose); a name of megabytes would stay in the
    server's table of latest requests, so past MAX_CHANNEL it is not kept."""
    from satlink.studio.requests import MAX_CHANNEL, channel_of

    assert channel_of({"channel": "tab:check", "seq": 3}) == ("tab:check", 3)
    assert channel_of({"channel": "x" * (MAX_CHANNEL + 1), "seq": 3}) == (None, 3)


def test_opening_a_pack_does_not_hold_up_other_requests(client, monkeypatch) -> None:
    """A pack is read in a worker thread: while a slow read is still going, the server
    answers other requests (before, the read ran in the event loop and every request waited)."""
    import threading

    from satlink.studio import packs

    release, reading = threading.Event(), threading.Event()

    def slow_open(*args, **kwargs):
        reading.set()
        release.wait(30)
        raise ValueError("not a pack")

    monkeypatch.setattr(packs, "open_pack", slow_open)
    opener = threading.Thread(target=client.post, args=("/api/open",), kwargs={"json": {"path": "x.txt"}})
    opener.start()
    try:
        assert reading.wait(30)
        assert client.get("/api/session").status_code == 200
        assert opener.is_alive()  # the session was answered while the read still waited
    finally:
        release.set()
        opener.join(30)
