"""The studio's server without a browser (Starlette's TestClient): verdicts against the
brute-force oracle, located errors, the local-only guard, bounded requests, saving."""

from __future__ import annotations

import json
import random
import threading
import warnings
from pathlib import Path

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

with warnings.catch_warnings():  # Starlette 1.x prefers httpx2, which is not installed; httpx works
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient  # noqa: E402

from satlink import Board, solution_errors  # noqa: E402
from satlink.studio import Limits, create_app  # noqa: E402
from satlink.studio.safety import ServeOptions  # noqa: E402
from testbed.boards import random_board  # noqa: E402
from testbed.oracle import count_graph_solutions, count_solutions  # noqa: E402
from testbed.studio_server import token_of  # noqa: E402

LOCAL = "http://127.0.0.1"
MULTIPLE_FILL = ["A....", "....C", "A.B..", "....B", "....C"]


@pytest.fixture()
def client(tmp_path: Path) -> TestClient:
    app = create_app(Limits(max_cells=400, timeout=10.0), root=tmp_path,
                     serving=ServeOptions(max_body=100_000))
    with TestClient(app, base_url=LOCAL, headers=token_of(app)) as c:
        yield c


def verdict(client, grid, rules="flow", geometry=None):
    board = {"grid": grid} if geometry is None else {"grid": grid, "geometry": geometry}
    return client.post("/api/check", json={"board": board, "rules": rules})


@pytest.mark.parametrize("rules,fill,notouch", [("flow", True, True), ("fill", True, False),
                                                ("nikoli", False, False)])
def test_check_agrees_with_the_oracle(client, rules, fill, notouch):
    rng = random.Random(23)
    for _ in range(12):
        rows = random_board(rng)
        answer = verdict(client, rows, rules)
        if answer.status_code == 400:  # a board the generator made invalid: located
            assert answer.json()["error"]["message"]
            continue
        data = answer.json()
        n = count_solutions(rows, fill, notouch, False, limit=2)
        assert data["status"] == {0: "unsolvable", 1: "unique", 2: "multiple"}[n], rows
        board = Board.from_rows(rows)
        for s in data["solutions"]:
            assert not solution_errors(board, s, rules)
        if n == 2:
            a, b = data["solutions"]
            assert a != b and data["diff_cells"]


def test_hexagonal_and_bridge_boards_agree_with_the_oracle(client):
    hexes = {"kind": "hex", "wrap": False, "walls": [], "bridges": []}
    rows = ["A.B", "...", "B.A"]
    data = verdict(client, rows, "nikoli", hexes).json()
    board = Board.from_json(rows, hexes)
    n = count_graph_solutions(board, False, False, limit=2)
    assert data["status"] == {0: "unsolvable", 1: "unique", 2: "multiple"}[n]
    bridged = {"kind": "square", "wrap": False, "walls": [], "bridges": [[1, 1]]}
    rows = [".A.", "B.B", ".A."]
    data = verdict(client, rows, "nikoli", bridged).json()
    board = Board.from_json(rows, bridged)
    assert count_graph_solutions(board, False, False, limit=2) == 1
    assert data["status"] == "unique"
    assert not solution_errors(board, data["solutions"][0], "nikoli")


def test_a_hexagonal_bridge_board_is_checked_and_generated(client):
    """Three paths across one hexagonal bridge: the verdict is the coordinate oracle's under
    every profile asked, its solutions pass the referee; the generator makes such boards."""
    geometry = {"kind": "hex", "wrap": False, "walls": [], "bridges": [[1, 1]]}
    rows = ["CAB", "B.C", ".A."]
    board = Board.from_json(rows, geometry)
    for profile, fill, notouch in (("nikoli", False, False), ("notouch", False, True),
                                   ("fill", True, False)):
        data = verdict(client, rows, profile, geometry).json()
        n = count_solutions(rows, fill, notouch, False, limit=2, kind="hex", bridges=[(1, 1)])
        assert data["status"] == {0: "unsolvable", 1: "unique", 2: "multiple"}[n], profile
        for s in data["solutions"]:
            assert not solution_errors(board, s, profile)
    made = client.post("/api/generate", json={"width": 6, "height": 6, "kind": "hex",
                                              "bridges": 1, "seed": 2}).json()
    assert made["board"]["geometry"]["kind"] == "hex"
    assert len(made["board"]["geometry"]["bridges"]) == 1
    assert verdict(client, made["board"]["grid"], "flow",
                   made["board"]["geometry"]).json()["status"] == "unique"


def test_a_bad_board_is_a_located_error_and_the_server_goes_on(client):
    answer = verdict(client, ["A.B", "...", "A.A"])
    assert answer.status_code == 400
    assert answer.json()["error"] == {"message": "label 'A' appears 3 times (each label must be "
                                      "on exactly two cells)", "row": 2, "col": 2}
    bad = verdict(client, [".A.", "B.B", ".A."], "flow",
                  {"bridges": [[0, 1]]}).json()["error"]
    assert (bad["row"], bad["col"]) == (0, 1) and "endpoint" in bad["message"]
    assert verdict(client, ["A.B", "..."], "no-such-rule").status_code == 400
    assert client.post("/api/check", json={"board": "nonsense"}).status_code == 400
    assert client.post("/api/check", content=b"{", headers={
        "content-type": "application/json"}).status_code == 400
    assert verdict(client, ["A.A"]).json()["status"] == "unique"


def test_limits_on_cells_and_bytes(client):
    too_big = verdict(client, ["A" + "." * 29 + "A"] + ["." * 31] * 20)
    assert too_big.status_code == 400 and "--max-cells" in too_big.json()["error"]["message"]
    huge = client.post("/api/check", content=b" " * 200_000,
                       headers={"content-type": "application/json"})
    assert huge.status_code == 413


@pytest.mark.parametrize("headers", [
    {"Origin": "http://evil.example"},
    {"Origin": "https://127.0.0.1"},
    {"Origin": "null"},
    {"Host": "evil.example"},
    {"Host": "127.0.0.1.evil.example"},
])
def test_a_foreign_origin_or_host_is_refused(client, headers):
    answer = client.post("/api/check", json={"board": {"grid": ["A.A"]}}, headers=headers)
    assert answer.status_code == 403
    assert client.get("/", headers=headers).status_code == 403


def test_the_port_is_part_of_the_origin(tmp_path):
    app = create_app(Limits(), root=tmp_path, serving=ServeOptions(port=8765))
    with TestClient(app, base_url="http://127.0.0.1:8765", headers=token_of(app)) as c:
        assert c.get("/api/session").status_code == 200
        assert c.get("/api/session", headers={"Origin": "http://localhost:9999"}).status_code == 403
        assert c.get("/api/session", headers={"Origin": "http://localhost:8765"}).status_code == 200


def test_a_form_post_is_refused(client):
    answer = client.post("/api/save", data={"path": "x.txt"})
    assert answer.status_code == 415


def test_proposals_keep_the_chains_min_length(client):
    """The Proposals button offered a two-cell path (issue 21's known bug): under the
    chain's defaults every proposal's solution has paths of at least 3 cells."""
    from tests.support.puzzles import SHORT_CUT

    found = client.post("/api/repair", json={"board": {"grid": SHORT_CUT}, "rules": "fill"}).json()
    assert found["proposals"]
    for proposal in found["proposals"]:
        assert all(len(path) >= 3 for path in proposal["solution"].values())
        assert verdict(client, proposal["grid"], "fill").json()["status"] == "unique"


def test_explain_repair_and_referee(client):
    board = {"grid": MULTIPLE_FILL}
    why = client.post("/api/explain", json={"board": board, "rules": "fill"}).json()
    assert why["status"] == "multiple" and why["ambiguity"]["cells"]
    found = client.post("/api/repair", json={"board": board, "rules": "fill"}).json()
    assert found["proposals"]
    first = found["proposals"][0]
    fixed = Board.from_rows(first["grid"])
    again = verdict(client, first["grid"], "fill").json()
    assert again["status"] == "unique"
    assert not solution_errors(fixed, first["solution"], "fill")
    win = client.post("/api/referee", json={"board": {"grid": first["grid"]}, "rules": "fill",
                                            "paths": first["solution"]}).json()
    assert win["win"] is True
    half = {k: v[:2] for k, v in first["solution"].items()}
    lost = client.post("/api/referee", json={"board": {"grid": first["grid"]}, "rules": "fill",
                                             "paths": half}).json()
    assert lost["win"] is False and lost["errors"]
    hint = client.post("/api/hint", json={"board": {"grid": first["grid"]}, "rules": "fill",
                                          "paths": {}}).json()
    assert hint["kind"] == "step" and hint["sentence"]
    chain = client.post("/api/repair", json={"board": board, "rules": "fill", "chain": True})
    assert chain.json()["chain"]["repaired"] is True


def test_generate_gives_a_unique_board(client):
    made = client.post("/api/generate", json={"width": 5, "height": 5, "seed": 3}).json()
    assert verdict(client, made["board"]["grid"]).json()["status"] == "unique"
    hexes = client.post("/api/generate", json={"width": 5, "height": 5, "kind": "hex",
                                               "seed": 3}).json()
    assert hexes["board"]["geometry"]["kind"] == "hex"
    assert client.post("/api/generate", json={"width": 1, "height": 1}).status_code == 400
    for colours in (7, [6, 9]):  # not text: the field is named, not a Python type error
        answer = client.post("/api/generate", json={"width": 5, "height": 5, "colours": colours})
        assert answer.status_code == 400 and "'colours'" in answer.json()["error"]["message"]


def test_save_asks_before_replacing_and_keeps_the_format(client, tmp_path):
    pack = tmp_path / "pack.txt"
    pack.write_text("3 1\nA.A\n")
    opened = client.post("/api/open", json={"path": "pack.txt"}).json()
    assert opened["format"] == "wh" and opened["boards"][0]["board"]["grid"] == ["A.A"]
    boards = [{"board": {"grid": ["AA."]}}]
    asked = client.post("/api/save", json={"path": "pack.txt", "boards": boards})
    assert asked.status_code == 409 and asked.json()["error"]["confirm"]
    assert pack.read_text() == "3 1\nA.A\n"
    same = client.post("/api/save", json={"path": "pack.txt", "boards": boards,
                                          "version": opened["version"], "version_of": "pack.txt"})
    assert same.status_code == 200
    assert pack.read_text().split() == ["3", "1", "AA.", "0", "0"] or "AA." in pack.read_text()
    stale = client.post("/api/save", json={"path": "pack.txt", "boards": boards,
                                           "version": opened["version"], "version_of": "pack.txt"})
    assert stale.status_code == 409 and "changed" in stale.json()["error"]["message"]
    new = client.post("/api/save", json={"path": "out/new.jsonl", "boards": boards})
    assert new.status_code == 200
    assert json.loads((tmp_path / "out" / "new.jsonl").read_text())["grid"] == ["AA."]
    walls = [{"board": {"grid": ["A.A"], "geometry": {"walls": [[[0, 0], [0, 1]]]}}}]
    refused = client.post("/api/save", json={"path": "w.grid", "boards": walls})
    assert refused.status_code == 400 and not (tmp_path / "w.grid").exists()


def test_a_board_without_endpoints_is_not_saved_where_it_could_not_be_reopened(client, tmp_path):
    """Every reader refuses a board with no endpoints, so a draft saved with every endpoint
    erased would be a file the studio cannot open again: the save is refused, file untouched."""
    boards = [{"board": {"grid": ["A.A"]}}, {"board": {"grid": ["#..", "..."]}}]
    for fmt_path in ("empty.jsonl", "empty.txt", "empty.flow"):
        answer = client.post("/api/save", json={"path": fmt_path, "boards": boards})
        assert answer.status_code == 400, fmt_path
        assert "board 2 has no endpoints" in answer.json()["error"]["message"]
        assert not (tmp_path / fmt_path).exists()
    saved = client.post("/api/save", json={"path": "one.jsonl", "boards": boards[:1]})
    assert saved.status_code == 200
    assert client.post("/api/open", json={"path": "one.jsonl"}).status_code == 200


def test_two_tabs_saving_one_file_leave_one_whole_pack(client, tmp_path):
    packs = [[{"board": {"grid": [f"A{'.' * n}A"]}}] * 200 for n in (1, 2)]
    answers = []

    def save(boards, tab):  # six tabs: one tab may have only a few requests in the queue
        answers.append(client.post("/api/save", json={"path": "both.jsonl", "boards": boards,
                                                      "overwrite": True},
                                   headers={"X-Satlink-Tab": tab}).status_code)

    threads = [threading.Thread(target=save, args=(p, f"tab{i}")) for i, p in enumerate(packs * 3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert answers == [200] * 6
    lines = (tmp_path / "both.jsonl").read_text().splitlines()
    assert len(lines) == 200 and len({json.loads(x)["grid"][0] for x in lines}) == 1
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


def test_stale_requests_are_dropped(client):
    from satlink.studio.jobs import Jobs, Stale
    from tests.support.helpers import run_coroutine

    jobs = Jobs(workers=1)
    jobs.note("tab", 5)
    with pytest.raises(Stale):
        run_coroutine(jobs.run(lambda: 1, "tab", 4))
    assert run_coroutine(jobs.run(lambda: 2, "tab", 6)) == 2
    jobs.close()
    first = client.post("/api/check", json={"board": {"grid": ["A.A"]}, "channel": "c", "seq": 2})
    assert first.status_code == 200
    old = client.post("/api/check", json={"board": {"grid": ["A.A"]}, "channel": "c", "seq": 1})
    assert old.status_code == 409 and old.json() == {"stale": True}


def test_export_in_every_format_or_a_located_refusal(client):
    boards = [{"board": {"grid": ["A.A"]}, "rules": "flow", "solution": {"A": [[0, 0], [0, 1], [0, 2]]}}]
    from satlink.formats import read_text

    for fmt in ("grid", "wh", "flowfree", "json", "puzzlink"):
        answer = client.post("/api/export", json={"boards": boards, "format": fmt})
        assert answer.status_code == 200
        [entry] = read_text(answer.json()["text"], fmt=fmt)
        assert entry.board.rows == (("1.1",) if fmt == "puzzlink" else ("A.A",)), fmt
    hexes = [{"board": {"grid": ["A.A"], "geometry": {"kind": "hex"}}}]
    refused = client.post("/api/export", json={"boards": hexes, "format": "wh"})
    assert refused.status_code == 400 and "hexagonal" in refused.json()["error"]["message"]
    wrong = client.post("/api/export", json={"boards": [{"board": {"grid": ["A.B"]}}], "format": "json"})
    assert wrong.status_code == 400 and wrong.json()["error"]["board"] == 1


def test_no_hint_past_the_graders_bound(tmp_path):
    big = ["A" + "." * 19 + "A"] + ["." * 21] * 20
    app = create_app(Limits(max_cells=1000), root=tmp_path)
    with TestClient(app, base_url=LOCAL, headers=token_of(app)) as client:
        answer = client.post("/api/hint", json={"board": {"grid": big}, "rules": "nikoli", "paths": {}})
        assert answer.status_code == 400 and "grader" in answer.json()["error"]["message"]


def test_a_bug_in_satlink_is_an_answer_not_a_stopped_server(client, monkeypatch):
    import satlink.studio.api as api

    def broken(*args, **kwargs):
        raise RuntimeError("boom")

    monkeypatch.setattr(api, "check", broken)
    answer = verdict(client, ["A.A"])
    assert answer.status_code == 500 and "boom" in answer.json()["error"]["message"]
    monkeypatch.undo()
    assert verdict(client, ["A.A"]).json()["status"] == "unique"


def test_a_catalogue_opens_read_only_and_a_save_never_overwrites_it(client, tmp_path):
    from click.testing import CliRunner

    from satlink.cli import main

    made = CliRunner().invoke(main, ["generate", "--size", "5x5", "--count", "2", "--seed", "4",
                                     "--db", str(tmp_path / "cat.db")])
    assert made.exit_code == 0, made.output
    opened = client.post("/api/open", json={"path": "cat.db", "catalogue": True}).json()
    assert opened["readonly"] and len(opened["boards"]) == 2
    for item in opened["boards"]:
        assert verdict(client, item["board"]["grid"], item["rules"]).json()["status"] == "unique"
    before = (tmp_path / "cat.db").read_bytes()
    refused = client.post("/api/save", json={"path": "cat.db", "overwrite": True,
                                             "boards": opened["boards"]})
    assert refused.status_code == 400 and "catalogue" in refused.json()["error"]["message"]
    assert (tmp_path / "cat.db").read_bytes() == before


def test_boards_are_added_to_a_catalogue_once_and_only_when_unique(client, tmp_path):
    from click.testing import CliRunner

    from satlink.cli import main
    from satlink.generate.catalogue import STUDIO_RUN, Catalogue

    made = CliRunner().invoke(main, ["generate", "--size", "5x5", "--count", "2", "--seed", "4",
                                     "--db", str(tmp_path / "cat.db")])
    assert made.exit_code == 0, made.output
    unique = {"board": {"grid": ["AB", "..", "AB"]}, "rules": "fill"}
    rotated = {"board": {"grid": ["A.A", "B.B"]}, "rules": "fill"}  # the same, turned
    hexes = {"board": {"grid": ["A.", "..", ".A"], "geometry": {"kind": "hex"}}, "rules": "fill"}
    ambiguous = {"board": {"grid": ["A.B", "A.B"]}, "rules": "fill"}
    assert verdict(client, unique["board"]["grid"], "fill").json()["status"] == "unique"
    assert verdict(client, ambiguous["board"]["grid"], "fill").json()["status"] == "multiple"
    hex_status = verdict(client, hexes["board"]["grid"], "fill", {"kind": "hex"}).json()["status"]
    saved = client.post("/api/save", json={"path": "cat.db", "catalogue": True,
                                           "boards": [unique, ambiguous, rotated, hexes]}).json()
    assert saved["added"] == 1 + (hex_status == "unique") and saved["duplicates"] == 1
    assert saved["refused"] == [{"board": 2, "status": "multiple"}] + (
        [] if hex_status == "unique" else [{"board": 4, "status": hex_status}])
    again = client.post("/api/save", json={"path": "cat.db", "catalogue": True,
                                           "boards": [unique]}).json()
    assert again["added"] == 0 and again["duplicates"] == 1
    catalogue = Catalogue(str(tmp_path / "cat.db"), readonly=True)
    try:
        mine = catalogue.puzzles(run=STUDIO_RUN)
        assert len(catalogue.puzzles()) == 2 + len(mine)
    finally:
        catalogue.close()
    assert mine[0]["grid"] == ["AB", "..", "AB"] and mine[0]["rules"] == "fill"
    reopened = client.post("/api/open", json={"path": "cat.db", "catalogue": True}).json()
    assert len(reopened["boards"]) == 2 + len(mine)  # the generator's puzzles are kept


def test_a_new_catalogue_is_made_and_a_file_that_is_not_one_is_never_touched(client, tmp_path):
    board = {"board": {"grid": ["AB", "..", "AB"]}, "rules": "fill"}
    made = client.post("/api/save", json={"path": "new/mine.db", "catalogue": True,
                                          "boards": [board]}).json()
    assert made["added"] == 1 and (tmp_path / "new" / "mine.db").is_file()
    (tmp_path / "pack.txt").write_text("3 3\nA.B\n...\nA.B\n")
    before = (tmp_path / "pack.txt").read_bytes()
    refused = client.post("/api/save", json={"path": "pack.txt", "catalogue": True,
                                             "boards": [board]})
    assert refused.status_code == 400 and "not a catalogue" in refused.json()["error"]["message"]
    assert (tmp_path / "pack.txt").read_bytes() == before


def test_complete_keeps_the_endpoints(client):
    board = {"grid": ["A....", ".....", "..B..", ".....", "A...B"]}
    done = client.post("/api/complete", json={"board": board, "rules": "fill", "seed": 2}).json()
    grid = done["board"]["grid"]
    assert grid[0][0] == grid[4][0] == "A" and grid[2][2] == grid[4][4] == "B"
    assert verdict(client, grid, "fill").json()["status"] == "unique"
    drawn = {"A": [[0, 0], [1, 0], [2, 0], [3, 0], [4, 0]]}
    kept = client.post("/api/complete", json={"board": board, "rules": "fill", "seed": 2,
                                              "paths": drawn}).json()
    assert kept["solution"]["A"] in (drawn["A"], drawn["A"][::-1])
    off = client.post("/api/complete", json={"board": board, "paths": {"A": [[9, 9]]}})
    assert off.status_code == 400


def test_live_checks_of_one_tab_share_its_solver_and_keep_their_verdicts(client):
    """Holes painted and erased on one tab's channel: the second board of one skeleton loads
    the tab's solver (satlink/solver/session.py), the rest reuse it; every verdict is a
    fresh check's.  A warp board the forced moves do not decide, so the SAT search runs."""
    from satlink import check
    from tests.support.puzzles import WARPS_15

    studio = client.app.app.state.studio
    geometry = {"kind": "square", "wrap": True}
    rng = random.Random(5)
    cells = [(r, c) for r, row in enumerate(WARPS_15) for c, ch in enumerate(row) if ch == "."]
    grid = [list(r) for r in WARPS_15]
    for seq in range(8):
        board = ["".join(r) for r in grid]
        answer = client.post("/api/check", json={"board": {"grid": board, "geometry": geometry},
                                                 "rules": "flow", "channel": "tab1:check",
                                                 "seq": seq}).json()
        assert answer["status"] == str(check(Board.from_json(board, geometry), "flow").status)
        r, c = cells[len(cells) // 2] if seq % 2 == 0 else rng.choice(cells)
        grid[r][c] = "#" if grid[r][c] == "." else "."
    assert studio.tabs.of("tab1:check").reused > 0
