"""Who may drive the studio and what it may touch (issue 31, reproductions 1-3, 9 and 10): the
launch's token, exact Host and Origin, files inside the folder served, bodies and answers
bounded, a file's own format kept."""

from __future__ import annotations

import json
import os
import warnings
from pathlib import Path

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

with warnings.catch_warnings():  # Starlette 1.x prefers httpx2, which is not installed; httpx works
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient  # noqa: E402

from satlink.formats import detect  # noqa: E402
from satlink.studio import Limits, create_app
from satlink.studio.files import MAX_PACK  # noqa: E402
from satlink.studio.safety import ServeOptions  # noqa: E402
from testbed.studio_server import token_of  # noqa: E402

BOARD = {"grid": ["A.B", "...", "B.A"]}
STUDIO = "http://127.0.0.1:8765"


@pytest.fixture()
def root(tmp_path: Path) -> Path:
    folder = tmp_path / "served"
    folder.mkdir()
    (folder / "pack.txt").write_text("A.A\n\nAA.\n")
    (tmp_path / "secret.txt").write_text("A.A\n")  # beside the folder served, not in it
    return folder


@pytest.fixture()
def app(root: Path):
    return create_app(Limits(max_cells=400, timeout=5.0), root=root,
                      serving=ServeOptions(port=8765, max_body=100_000))


@pytest.fixture()
def owner(app) -> TestClient:
    with TestClient(app, base_url=STUDIO, headers=token_of(app)) as c:
        yield c


@pytest.fixture()
def stranger(app) -> TestClient:
    """A second local user: reaches the port, does not know the token."""
    with TestClient(app, base_url=STUDIO) as c:
        yield c


# -- 1. the token ----------------------------------------------------------------------------
@pytest.mark.parametrize("method,path,body", [
    ("get", "/", None), ("get", "/api/session", None),
    ("post", "/api/open", {"path": "pack.txt"}), ("post", "/api/check", {"board": BOARD}),
    ("post", "/api/save", {"path": "x.txt", "boards": [{"board": BOARD}], "overwrite": True}),
])
def test_a_second_local_user_without_the_token_is_refused(owner, stranger, root, method, path, body):
    refused = getattr(stranger, method)(path, **({"json": body} if body else {}))
    if path == "/":  # a person following a link: a page asking for the token, not JSON
        assert refused.status_code == 403 and "needs its token" in refused.text
        assert refused.headers["content-type"].startswith("text/html")
    else:
        assert refused.status_code == 403 and "token" in refused.json()["error"]["message"]
    wrong = getattr(stranger, method)(path, headers={"X-Satlink-Token": "guess"},
                                      **({"json": body} if body else {}))
    assert wrong.status_code == 403
    assert not (root / "x.txt").exists()
    assert getattr(owner, method)(path, **({"json": body} if body else {})).status_code == 200


def test_the_page_takes_the_token_from_its_address_and_keeps_it(app, stranger):
    """The printed address carries the token: the page it serves holds it (for its scripts'
    header) and sets a cookie named for the port, which later requests then carry."""
    page = stranger.get(f"/?token={app.token}")
    assert page.status_code == 200 and app.token in page.text
    assert "satlink-token-8765" in page.headers["set-cookie"]
    assert "httponly" in page.headers["set-cookie"].lower()
    assert stranger.get("/api/session").status_code == 200  # the cookie now goes along
    assert stranger.get("/static/studio.js").status_code == 200  # the package's own code
    with TestClient(app, base_url=STUDIO) as fresh:
        assert fresh.get(f"/api/session?token={app.token}").status_code == 403  # the page only


def test_each_launch_has_its_own_token(root):
    assert create_app(root=root).token != create_app(root=root).token


# -- 1. files: the folder served, and the files named ---------------------------------------
@pytest.mark.parametrize("path", ["/etc/passwd", "../secret.txt", "sub/../../secret.txt"])
def test_files_outside_the_folder_served_are_not_opened(owner, path):
    answer = owner.post("/api/open", json={"path": path})
    assert answer.status_code == 403, answer.text
    assert "outside the folder" in answer.json()["error"]["message"]


@pytest.mark.parametrize("catalogue", [False, True])
def test_nothing_is_written_or_made_outside_the_folder_served(owner, root, catalogue):
    for path in ("../outside/deep/new/x.txt", "/tmp/x-satlink-studio.txt", "../secret.txt"):
        answer = owner.post("/api/save", json={"path": path, "boards": [{"board": BOARD}],
                                               "overwrite": True, "catalogue": catalogue})
        assert answer.status_code == 403, (path, answer.text)
    assert not (root.parent / "outside").exists()
    assert (root.parent / "secret.txt").read_text() == "A.A\n"


def test_a_symbolic_link_out_of_the_folder_is_resolved_before_the_check(owner, root):
    (root / "door.txt").symlink_to(root.parent / "secret.txt")
    (root / "hall").symlink_to(root.parent)
    assert owner.post("/api/open", json={"path": "door.txt"}).status_code == 403
    assert owner.post("/api/open", json={"path": "hall/secret.txt"}).status_code == 403
    for path in ("door.txt", "hall/secret.txt", "hall/new.txt"):
        answer = owner.post("/api/save", json={"path": path, "boards": [{"board": BOARD}],
                                               "overwrite": True})
        assert answer.status_code == 403, (path, answer.text)
    assert (root.parent / "secret.txt").read_text() == "A.A\n"
    assert not (root.parent / "new.txt").exists()
    (root / "inside.txt").symlink_to(root / "pack.txt")  # a link that stays inside is fine
    assert owner.post("/api/open", json={"path": "inside.txt"}).status_code == 200


def test_a_file_named_on_the_command_line_is_reachable_and_no_other(root):
    outside = root.parent / "secret.txt"
    app = create_app(root=root, named=(outside,), serving=ServeOptions(port=8765))
    with TestClient(app, base_url=STUDIO, headers=token_of(app)) as c:
        assert c.post("/api/open", json={"path": str(outside)}).status_code == 200
        assert c.post("/api/open", json={"path": "../secret.txt"}).status_code == 200
        (root.parent / "other.txt").write_text("A.A\n")
        assert c.post("/api/open", json={"path": "../other.txt"}).status_code == 403


def test_root_widens_what_the_studio_may_touch(root):
    app = create_app(root=root.parent, serving=ServeOptions(port=8765))
    with TestClient(app, base_url=STUDIO, headers=token_of(app)) as c:
        assert c.post("/api/open", json={"path": "secret.txt"}).status_code == 200


# -- 2. Host and Origin, port included --------------------------------------------------------
@pytest.mark.parametrize("headers", [
    {"Origin": "http://localhost"}, {"Origin": "http://127.0.0.1"},  # a page on port 80
    {"Origin": "http://127.0.0.1:80"}, {"Origin": "https://127.0.0.1:8765"},
    {"Host": "127.0.0.1"}, {"Host": "localhost:80"},
])
def test_a_foreign_origin_on_port_80_is_another_site(owner, headers):
    answer = owner.post("/api/check", json={"board": BOARD}, headers=headers)
    assert answer.status_code == 403, answer.text
    assert "refused" in answer.json()["error"]["message"]


def test_the_studio_on_port_80_takes_an_origin_without_a_port(root):
    app = create_app(root=root, serving=ServeOptions(port=80))
    with TestClient(app, base_url="http://127.0.0.1", headers=token_of(app)) as c:
        assert c.post("/api/check", json={"board": BOARD},
                      headers={"Origin": "http://localhost"}).status_code == 200


# -- 3. bodies -----------------------------------------------------------------------------
def test_an_oversized_chunked_body_is_413_not_an_internal_error(owner):
    def chunks():
        for _ in range(4):
            yield b" " * 40_000

    answer = owner.post("/api/check", content=chunks(), headers={"content-type": "application/json"})
    assert answer.status_code == 413, answer.text
    assert "larger than" in answer.json()["error"]["message"]
    assert owner.post("/api/check", json={"board": BOARD}).status_code == 200


# -- 9. opening is bounded -------------------------------------------------------------------
def test_a_pack_of_more_boards_than_the_bound_is_refused(owner, root):
    (root / "many.txt").write_text("AA\n\n" * (MAX_PACK + 1))
    answer = owner.post("/api/open", json={"path": "many.txt"})
    assert answer.status_code == 413, answer.text
    assert f"{MAX_PACK:,} boards" in answer.json()["error"]["message"]
    (root / "enough.txt").write_text("AA\n\n" * MAX_PACK)
    assert len(owner.post("/api/open", json={"path": "enough.txt"}).json()["boards"]) == MAX_PACK


def test_an_answer_past_the_byte_bound_is_refused(root):
    (root / "wide.txt").write_text(("A" + "." * 18 + "A\n\n") * 600)  # 36 kB of answer
    app = create_app(Limits(max_answer=20_000), root=root)
    with TestClient(app, base_url=STUDIO, headers=token_of(app)) as c:
        answer = c.post("/api/open", json={"path": "wide.txt"})
        assert answer.status_code == 413 and "bytes" in answer.json()["error"]["message"]
        boards = [{"board": {"grid": ["A" + "." * 18 + "A"]}}] * 600
        exported = c.post("/api/export", json={"boards": boards, "format": "json"})
        assert exported.status_code == 413 and "bytes" in exported.json()["error"]["message"]


# -- 10. a file keeps its format -----------------------------------------------------------
@pytest.mark.parametrize("name,text,fmt", [
    ("pack.txt", "A.A\n\nAA.\n", "grid"), ("levels.txt", "3 1\nA.A\n\n3 1\nAA.\n0 0\n", "wh"),
    ("pack.jsonl", '{"grid": ["A.A"]}\n{"grid": ["AA."]}\n', "json"),
])
def test_saving_with_the_default_format_keeps_the_files_own(owner, root, name, text, fmt):
    (root / name).write_text(text)
    opened = owner.post("/api/open", json={"path": name}).json()
    assert opened["format"] == fmt
    boards = [{"board": b["board"]} for b in opened["boards"]][::-1]
    saved = owner.post("/api/save", json={"path": name, "boards": boards, "format": None,
                                          "version": opened["version"], "version_of": name})
    assert saved.status_code == 200 and saved.json()["format"] == fmt
    assert detect((root / name).read_text().splitlines()) == fmt
    again = owner.post("/api/open", json={"path": name}).json()
    assert [b["board"]["grid"] for b in again["boards"]] == [["AA."], ["A.A"]]
    picked = owner.post("/api/save", json={"path": name, "boards": boards, "format": "json",
                                           "overwrite": True})
    assert picked.json()["format"] == "json"  # the user's pick wins
    assert json.loads((root / name).read_text().splitlines()[0])["grid"] == ["AA."]


def test_a_new_file_takes_the_format_its_name_says(owner, root):
    saved = owner.post("/api/save", json={"path": "new.jsonl", "boards": [{"board": BOARD}]})
    assert saved.json()["format"] == "json"
    assert os.path.getsize(root / "new.jsonl") > 0
