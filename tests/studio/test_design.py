"""The studio's server for designing by drawing and for repairs that explain themselves
(issue 32), without a browser: the drawing judged beside the live verdict, fixes that keep
the drawing (each proven unique, and by the brute-force oracle on small boards), progress
told while a search runs, and one vocabulary for proposals and chain steps."""

from __future__ import annotations

import re
import threading
import time
import warnings
from pathlib import Path

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient  # noqa: E402

from satlink import Board, solution_errors  # noqa: E402
from satlink.repair.plans import Constraints, Step, outcome_words  # noqa: E402
from satlink.solution import Solution, diff_cells  # noqa: E402
from satlink.solver.check import check  # noqa: E402
from satlink.solver.verdict import Status  # noqa: E402
from satlink.studio import Limits, create_app  # noqa: E402
from testbed.designs import DRAFT, DRAWING, REDRAW  # noqa: E402
from testbed.oracle import graph_solutions  # noqa: E402
from testbed.studio_server import served, token_of  # noqa: E402
from tests.support.puzzles import SHORT_CUT  # noqa: E402

OUTCOME = re.compile(r"^(unique(, but path \S+ has \d+ cells? \(at least \d+ wanted\)(; .*)?)?"
                     r"|\d+\+? solutions|unsolvable|no verdict in time)$")
"""Every outcome a repair line may end with (satlink.repair.plans.outcome_words)."""


@pytest.fixture()
def client(tmp_path: Path) -> TestClient:
    app = create_app(Limits(max_cells=400, timeout=10.0), root=tmp_path)
    with TestClient(app, base_url="http://127.0.0.1", headers=token_of(app)) as c:
        yield c


def puzzle(paths: dict, size: int = 7) -> list[str]:
    rows = [["."] * size for _ in range(size)]
    for label, path in paths.items():
        for r, c in (path[0], path[-1]):
            rows[r][c] = label
    return ["".join(row) for row in rows]


def redrawn() -> dict:
    """DRAWING after REDRAW: A goes on into F's last cell, F is cut there."""
    paths = {k: [list(x) for x in p] for k, p in DRAWING.items()}
    paths["A"].append(REDRAW[1])
    paths["F"].remove(REDRAW[1])
    return paths


def check_drawing(client, paths, rules="fill", grid=None):
    return client.post("/api/check", json={"board": {"grid": grid or puzzle(paths)},
                                           "rules": rules, "paths": paths})


def test_the_live_verdict_judges_the_drawing(client):
    whole = check_drawing(client, DRAWING).json()
    assert whole["status"] == "unique" and whole["drawing"]["outcome"] == "unique-solution"

    paths = redrawn()
    answer = check_drawing(client, paths).json()
    drawing = answer["drawing"]
    assert answer["status"] == "multiple" and drawing["outcome"] == "one-of-several"
    board = Board.from_rows(puzzle(paths))
    other = drawing["other"]
    assert not solution_errors(board, other, "fill")  # another solution, by the referee
    mine, theirs = Solution.from_coords(board, paths), Solution.from_coords(board, other)
    assert theirs.edges() != mine.edges()
    assert {tuple(x) for x in drawing["diff_cells"]} == {
        board.coord(x) for x in diff_cells(board, mine, theirs)}

    partial = {k: p for k, p in DRAWING.items() if k != "D"}
    grid = puzzle(DRAWING)  # D's endpoints placed, its path not drawn
    half = check_drawing(client, partial, grid=grid).json()["drawing"]
    assert half["outcome"] == "partial" and half["placed"] == ["D"]
    assert len(half["empty"]) == len(DRAWING["D"]) - 2


def test_a_drawing_that_breaks_the_rules_or_is_no_path_is_said_so(client):
    beside = {"A": [[0, 0], [0, 1], [1, 1], [1, 0], [2, 0], [2, 1], [2, 2], [1, 2], [0, 2]]}
    out = check_drawing(client, beside, "flow", ["A.A", "...", "..."]).json()
    assert out["drawing"]["outcome"] == "breaks-rules" and out["drawing"]["errors"]
    gap = client.post("/api/check", json={"board": {"grid": ["A.A"]}, "rules": "nikoli",
                                          "paths": {"A": [[0, 0], [0, 2]]}})
    assert gap.status_code == 400 and gap.json()["error"]["col"] is not None
    assert client.post("/api/check", json={"board": {"grid": ["A.A"]},
                                           "paths": [1, 2]}).status_code == 400


def test_fixes_keep_the_drawing_and_make_it_the_only_solution(client):
    paths = redrawn()
    found = client.post("/api/fix", json={"board": {"grid": puzzle(paths)}, "rules": "fill",
                                          "paths": paths}).json()
    assert found["proposals"] and found["statement"]
    for proposal in found["proposals"]:
        assert proposal["proven"]
        again = check_drawing(client, proposal["solution"], grid=proposal["grid"]).json()
        assert again["status"] == "unique"
        assert again["drawing"]["outcome"] == "unique-solution"
        touched = {k for e in proposal["edits"] for k in e["labels"]}
        for label, path in paths.items():  # the paths no edit names are as drawn
            if label not in touched:
                assert proposal["solution"][label] in (path, path[::-1])
        for edit in proposal["edits"]:
            assert OUTCOME.match(edit["outcome"]), edit
    whole = client.post("/api/fix", json={"board": {"grid": puzzle(DRAWING)}, "rules": "fill",
                                          "paths": {"A": DRAWING["A"]}})
    assert whole.status_code == 400 and "not whole" in whole.json()["error"]["message"]


def test_fixes_on_a_small_board_are_unique_by_the_oracle(client):
    """A 4x4 drawing under fill whose puzzle has two solutions: every fix the studio offers
    has exactly one solution by brute force, the edited drawing."""
    from satlink.painted.read import read_painting
    from testbed.paintings import grown, painted_rows

    fixed = 0
    for seed in range(40):
        system = grown("square", 4, 4, seed, walk=seed % 2 == 1)
        if system is None:
            continue
        painting = read_painting(painted_rows(system), system.layout.geometry)
        board = painting.board
        if check(board, "fill").status != Status.MULTIPLE:
            continue
        paths = painting.solution().to_coords(board)
        found = client.post("/api/fix", json={"board": {"grid": list(board.rows)},
                                              "rules": "fill", "paths": paths}).json()
        for proposal in found["proposals"]:
            fixed_board = Board.from_rows(proposal["grid"])
            solutions = graph_solutions(fixed_board, True, False, limit=2)
            drawn = Solution.from_coords(fixed_board, proposal["solution"])
            assert len(solutions) == 1 and solutions[0][0] == drawn.edges()
            fixed += 1
        if fixed >= 4:
            break
    assert fixed


def test_a_repair_says_what_it_is_doing_while_it_searches(tmp_path, monkeypatch):
    """Progress is polled on the search's channel while it runs, and ends with it."""
    import satlink.repair.search

    real = satlink.repair.search.check

    def slow(*args, **kwargs):
        time.sleep(0.15)
        return real(*args, **kwargs)

    monkeypatch.setattr(satlink.repair.search, "check", slow)
    from tests.support.studio_requests import post

    with served(tmp_path) as url:
        answer: dict = {}
        body = {"board": {"grid": ["A....", "....C", "A.B..", "....B", "....C"]},
                "rules": "fill", "channel": "t1:repair", "seq": 1, "seconds": 1.5}
        def ask() -> None:
            answer["status"], answer["data"] = post(url, "repair", body, "t1")

        worker = threading.Thread(target=ask)
        worker.start()
        stages = []
        deadline = time.monotonic() + 30
        while worker.is_alive() and time.monotonic() < deadline:
            status, seen = post(url, "progress", {"channel": "t1:repair"}, "t1")
            assert status == 200
            if seen["running"]:
                stages.append(seen["stage"])
            time.sleep(0.05)
        worker.join()
        assert answer["status"] == 200 and answer["data"]["statement"]
        assert any(s.startswith("checking edit ") for s in stages), stages
        assert post(url, "progress", {"channel": "t1:repair"}, "t1")[1] == {"running": False}


def test_proposals_and_chains_speak_one_vocabulary(client):
    found = client.post("/api/repair", json={"board": {"grid": SHORT_CUT}, "rules": "fill"}).json()
    assert found["short"]  # unique, but with a path too short: said, not hidden
    for item in found["short"]:
        assert re.match(r"unique, but path \S+ has 2 cells \(at least 3 wanted\)", item["outcome"])
        again = client.post("/api/check", json={"board": {"grid": item["grid"]},
                                                "rules": "fill"}).json()
        assert again["status"] == "unique" and again["breaks"]  # the live verdict says it too
    for p in found["proposals"]:
        assert p["outcome"] == "unique"
    chain = client.post("/api/repair", json={"board": {"grid": DRAFT}, "rules": "fill",
                                             "chain": True, "seconds": 10}).json()["chain"]
    assert chain["repaired"] and len(chain["steps"]) >= 2
    for step in chain["steps"]:  # each step's words are the verdict of its board
        assert OUTCOME.match(step["outcome"]), step
        seen = client.post("/api/check", json={"board": {"grid": step["grid"]},
                                                "rules": "fill"}).json()["status"]
        assert seen == step["status"] and step["outcome"].startswith(
            {"multiple": str(step["count"]), "unique": "unique"}.get(seen, seen))


def test_a_search_cut_short_never_says_no_edit_exists(client, monkeypatch):
    import satlink.repair.search

    real = satlink.repair.search.check
    monkeypatch.setattr(satlink.repair.search, "check",
                        lambda *a, **k: (time.sleep(0.1), real(*a, **k))[1])
    found = client.post("/api/repair", json={"board": {"grid": SHORT_CUT}, "rules": "fill",
                                              "seconds": 0.3}).json()
    assert not found["complete"]
    assert "none found among" in found["statement"] or found["proposals"]
    assert "no single edit makes it unique" not in found["statement"]


def test_a_step_says_which_constraint_it_still_breaks():
    board = Board.from_rows(["AA.", "B.B"])
    verdict = check(board, "nikoli")
    assert verdict.status == Status.UNIQUE
    step = Step.of("pair", "new pair A at (0, 0) and (0, 1)", (0, 1), 2, board, verdict,
                   Constraints())
    assert step.breaks == ("path A has 2 cells (at least 3 wanted)",)
    assert step.outcome == "unique, but path A has 2 cells (at least 3 wanted)"
    assert step.as_dict()["outcome"] == step.outcome
    assert outcome_words(Status.MULTIPLE, 16, False) == "16+ solutions"
    assert Constraints(min_length=2).breaks(board, verdict) == ()


# Drafts on which Proposals once said "no single edit makes it unique" (every candidate
# checked) while Chain answered with one edit: a new pair far from the differences on an
# unsolvable draft, a move anywhere, a cut of the second solution (issue 32, item 2).
ONE_STEP = [(["B.A.", "....", ".AB.", "...."], "flow"),
            ([".BCA", ".A..", "...C", ".B.."], "nikoli"),
            (["A.A.", ".C..", "C...", ".BB."], "nikoli")]


@pytest.mark.parametrize("grid,rules", ONE_STEP)
def test_proposals_never_deny_the_single_edit_a_chain_starts_with(client, grid, rules):
    body = {"board": {"grid": grid}, "rules": rules, "seconds": 10}
    chain = client.post("/api/repair", json={**body, "chain": True}).json()["chain"]
    assert chain["repaired"] and len(chain["steps"]) == 1
    found = client.post("/api/repair", json=body).json()
    assert found["proposals"], found["statement"]
    assert "no single edit" not in found["statement"]
    for p in found["proposals"]:
        again = client.post("/api/check", json={"board": {"grid": p["grid"]},
                                                "rules": rules}).json()
        assert again["status"] == "unique" and not again["breaks"]
