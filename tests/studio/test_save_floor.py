"""The floor under every save (the hardening round's reproduction 10): a save never writes
fewer boards than the file held unless the designer deleted them on purpose, never writes an
empty file, and keeps the version it replaced as ``NAME.bak``."""

from __future__ import annotations

import pytest

pytest.importorskip("starlette")

from satlink.formats import read_file  # noqa: E402
from tests.support.studio_requests import studio_client  # noqa: E402

THREE = "A.A\n\nAA.\n\nA..A\n"
NEW = {"board": {"grid": ["A.B", "...", "A.B"]}}


def boards_in(path) -> list[tuple[str, ...]]:
    return [e.board.rows if e.board else None for e in read_file(str(path))]


@pytest.fixture()
def client(tmp_path):
    (tmp_path / "pack.txt").write_text(THREE)
    with studio_client(tmp_path, 10) as c:
        yield c


def opened(client) -> dict:
    return client.post("/api/open", json={"path": "pack.txt"}).json()


def test_saving_one_board_over_a_pack_of_three_is_refused_and_the_file_kept(client, tmp_path):
    pack = opened(client)
    for overwrite in (False, True):  # confirming a replace does not lift the floor
        answer = client.post("/api/save", json={"path": "pack.txt", "boards": [NEW],
                                                "version": pack["version"],
                                                "version_of": "pack.txt", "overwrite": overwrite})
        assert answer.status_code == 400, answer.text
        assert "2 board(s) would be lost" in answer.json()["error"]["message"]
    assert (tmp_path / "pack.txt").read_text() == THREE
    assert not (tmp_path / "pack.txt.bak").exists()


def test_the_pack_with_a_board_added_is_saved_and_the_previous_version_kept(client, tmp_path):
    pack = opened(client)
    boards = [{"board": b["board"]} for b in pack["boards"]] + [NEW]
    answer = client.post("/api/save", json={"path": "pack.txt", "boards": boards,
                                            "version": pack["version"], "version_of": "pack.txt"})
    assert answer.status_code == 200, answer.text
    assert answer.json()["boards"] == 4 and answer.json()["backup"] == "pack.txt.bak"
    assert len(boards_in(tmp_path / "pack.txt")) == 4
    assert (tmp_path / "pack.txt.bak").read_text() == THREE


def test_boards_deleted_on_purpose_may_leave_the_pack(client, tmp_path):
    pack = opened(client)
    kept = [{"board": pack["boards"][0]["board"]}]
    answer = client.post("/api/save", json={"path": "pack.txt", "boards": kept, "deleted": 2,
                                            "version": pack["version"], "version_of": "pack.txt"})
    assert answer.status_code == 200, answer.text
    assert boards_in(tmp_path / "pack.txt") == [("A.A",)]
    assert (tmp_path / "pack.txt.bak").read_text() == THREE


def test_deletions_count_only_for_the_file_they_were_made_in(client, tmp_path):
    (tmp_path / "other.txt").write_text(THREE)
    answer = client.post("/api/save", json={"path": "other.txt", "boards": [NEW], "deleted": 2,
                                            "version_of": "pack.txt", "overwrite": True})
    assert answer.status_code == 400 and "would be lost" in answer.json()["error"]["message"]
    assert (tmp_path / "other.txt").read_text() == THREE


def test_a_pack_that_could_not_be_read_is_never_written_back_empty(client, tmp_path):
    (tmp_path / "broken.txt").write_text("A.A.B\n")  # B has one endpoint: unreadable
    pack = client.post("/api/open", json={"path": "broken.txt"}).json()
    assert [b.get("error") is not None for b in pack["boards"]] == [True]
    for overwrite in (False, True):
        answer = client.post("/api/save", json={"path": "broken.txt", "boards": [],
                                                "version": pack["version"],
                                                "version_of": "broken.txt", "overwrite": overwrite})
        assert answer.status_code == 400, answer.text
        assert "nothing to save" in answer.json()["error"]["message"]
    assert (tmp_path / "broken.txt").read_text() == "A.A.B\n"
    answer = client.post("/api/save", json={"path": "new.txt", "boards": []})
    assert answer.status_code == 400 and not (tmp_path / "new.txt").exists()
