"""Records made lazily (long paths kept as their nodes, written from a table of cell texts by
:func:`satlink.records.dumps`) are the very text ``json.dumps`` writes for the record made
with every path listed: on the corpus's boards, on random boards of every geometry family
(bridges and warps among them), with two solutions, extra keys after the solutions, labels
JSON escapes."""

from __future__ import annotations

import json

import pytest

from satlink import Board, check
from satlink.formats import read_file
from satlink.records import dumps, verdict_record
from testbed.referees import family_boards
from testbed.variants import FAMILIES
from tests.support.paths import CORPUS


def written_alike(board: Board, rules: str = "flow", **keys: object) -> None:
    verdict = check(board, rules)
    eager = verdict_record("s\u00e9 \"q\"", 3, board, verdict)
    lazy = verdict_record("s\u00e9 \"q\"", 3, board, verdict, lazy=True)
    eager.update(keys)
    lazy.update(keys)
    assert dumps(lazy) == json.dumps(eager, ensure_ascii=False)


def test_corpus_records_are_written_as_json_writes_them():
    files = sorted((CORPUS / "mzucker-flow_solver" / "puzzles").glob("*.txt"))[:10]
    files += [CORPUS / "thomasahle-numberlink" / "puzzles" / "inputs1"]
    boards = [entry.board for path in files if path.exists() for entry in read_file(str(path))
              if entry.error is None]
    if not boards:
        pytest.skip("the peer corpus is not there")
    for board in boards:
        written_alike(board, painted={"drawn": True})


@pytest.mark.parametrize("family", FAMILIES)
def test_random_boards_of_every_family_are_written_as_json_writes_them(family):
    for board in family_boards(7, family, 25):
        written_alike(board, "fill")  # two solutions or one or none, as the board has
        written_alike(board, "nikoli")


def test_escaped_labels_and_two_solutions():
    two = Board.from_rows(['"..\\', "....", '"..\\'])  # labels JSON must escape
    assert check(two, "fill").status == "multiple"
    written_alike(two, "fill")
    written_alike(Board.from_rows(["\u00e9..\u00e9", "\u00df..\u00df"]), "fill")


def test_long_paths_of_every_family_are_written_as_json_writes_them(monkeypatch):
    from satlink import records

    monkeypatch.setattr(records, "LONG_PATH", 2)
    for family in FAMILIES:
        for board in family_boards(11, family, 5):
            written_alike(board, "fill", painted={"drawn": True})
