"""Flow Free variants end to end: the ``geometry`` of JSON boards, and located errors for every
variant that cannot be."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from satlink import Board, check
from satlink.cli import main
from satlink.formats import Entry, read_text, write_text
from satlink.geometry import Geometry, geometry_to_json


def read_one(text: str, fmt: str | None = None) -> Entry:
    (entry,) = list(read_text(text, "t.flow", fmt))
    assert entry.error is None, entry.error
    return entry


def check_json(text: str, *args: str) -> tuple[int, list[dict]]:
    result = CliRunner().invoke(main, ["check", "-", "--json", *args], input=text)
    assert "Traceback" not in result.output, result.output
    return result.exit_code, [json.loads(line) for line in result.stdout.splitlines()]


# JSON boards: the geometry object
VARIANTS = {  # the boards of LINES, as rows and geometry (each unique under flow)
    "bridge": (["B...A", "A....", "C....", ".....", "CBD.D"], Geometry.of(bridges=[12])),
    "holes-wall": (["...A", "BC..", "C..A", "##.B"], Geometry.of(walls=[(5, 6)])),
    "warps": ([".A..", ".B.C", "CA..", "B..."], Geometry(wrap=True)),
    "hex": (["...A", ".B..", "C.C.", "B.A."], Geometry("hex")),
}


@pytest.mark.parametrize("name", VARIANTS)
def test_json_geometry_round_trip(name: str) -> None:
    rows, geometry = VARIANTS[name]
    board = Board.from_rows(rows, geometry)
    (solution,) = check(board, "flow").solutions
    text = write_text([Entry("t", 1, board, solution)], "json")
    assert json.loads(text)["geometry"] == geometry_to_json(geometry, board.width)
    back = read_one(text)
    assert back.board == board and back.solution == solution


def test_plain_json_boards_have_no_geometry_key() -> None:
    board = Board.from_rows(["A.A"])
    assert "geometry" not in json.loads(write_text([Entry("t", 1, board)], "json"))


def test_json_solution_over_a_bridge_reads_as_crossings() -> None:
    rows, geometry = VARIANTS["bridge"]
    board = Board.from_rows(rows, geometry)
    solution = {"A": [[1, 0], [1, 1], [1, 2], [2, 2], [3, 2], [3, 3], [3, 4], [2, 4], [1, 4], [0, 4]],
                "B": [[4, 1], [3, 1], [2, 1], [2, 2], [2, 3], [1, 3], [0, 3], [0, 2], [0, 1], [0, 0]],
                "C": [[2, 0], [3, 0], [4, 0]], "D": [[4, 2], [4, 3], [4, 4]]}
    text = json.dumps({"grid": rows, "geometry": geometry_to_json(geometry, 5),
                       "solution": solution})
    entry = read_one(text + "\n")
    assert entry.board == board
    assert entry.solution.paths["A"][3] == board.bridge_node[12]  # down through the bridge
    assert entry.solution.paths["B"][3] == 12  # across it
    assert entry.solution.to_coords(board) == solution


@pytest.mark.parametrize("geometry,message", [
    (3, "'geometry': geometry must be an object"),
    ({"kind": "triangle"}, "unknown grid kind 'triangle'"),
    ({"kind": "hex", "bridges": [[1, 1]]}, "bridges on a hexagonal board"),
    ({"kind": "hex", "wrap": True}, "warps on a hexagonal board"),
    ({"wrap": "yes"}, "wrap must be true or false"),
    ({"bridges": [[9, 9]]}, "off the 3x3 board"),
    ({"bridges": [[1, 1]], "holes": []}, "unknown geometry keys ['holes']"),
    ({"walls": [[[0, 0], [1, 1]]]}, "wall 0|4 is between cells that are not neighbours"),
    ({"bridges": [[0, 1]]}, "bridge on a hole or solid cell (1)"),
    ({"bridges": [[0, 0]]}, "bridge on an endpoint (0)"),
])
def test_bad_json_geometry_is_a_located_invalid_entry(geometry: object, message: str) -> None:
    good = json.dumps({"grid": ["A.A"]})
    bad = json.dumps({"grid": ["A#A", "...", "..."], "geometry": geometry})
    entries = list(read_text(f"{good}\n{bad}\n", "bad.jsonl"))
    err = entries[1].error
    assert err is not None and message in err.message, err
    assert (err.board, err.line) == (2, 2)
    status, records = check_json(f"{good}\n{bad}\n")
    assert status == 2 and [r["status"] for r in records] == ["unique", "invalid"]
