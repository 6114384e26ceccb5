"""Variant boards through records and batch validation: the geometry travels with the board
(tasks, workers, records), shipped solutions are accepted or caught, duplicates are exact."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from satlink import Board, check
from satlink.cli import main
from satlink.formats import read_text
from satlink.geometry import Geometry, geometry_to_json
from testbed.variants import LINES


def validate(tmp_path: Path, name: str, text: str) -> tuple[int, list[dict]]:
    pack = tmp_path / name
    pack.write_text(text)
    out = tmp_path / "out.jsonl"
    result = CliRunner().invoke(main, ["validate", str(pack), "--jobs", "1", "--out", str(out)])
    assert "Traceback" not in result.output, result.output
    records = [json.loads(line) for line in out.read_text().splitlines()]
    return result.exit_code, sorted(records, key=lambda r: (r["source"], r["index"]))


@pytest.mark.parametrize("name", list(LINES))
def test_validate_accepts_the_shipped_solution(tmp_path: Path, name: str) -> None:
    status, (record,) = validate(tmp_path, "levels.flow", LINES[name] + "\n")
    assert (status, record["status"]) == (0, "unique"), record.get("mismatch")
    board = next(iter(read_text(LINES[name] + "\n", "t"))).board
    expected = None if board.geometry.is_plain else geometry_to_json(board.geometry, board.width)
    assert record.get("geometry") == expected


def test_a_board_unique_only_because_of_a_wall(tmp_path: Path) -> None:
    walled = LINES["wall"]
    board = next(iter(read_text(walled + "\n", "t"))).board
    plain = json.dumps({"grid": list(board.rows), "rules": "flow"})
    status, records = validate(tmp_path, "pack.flow", walled + "\n")
    assert [r["status"] for r in records] == ["unique"]
    assert records[0]["geometry"]["walls"] == [[[0, 2], [1, 2]]]
    status, records = validate(tmp_path, "pack.jsonl", write_json(board) + plain + "\n")
    assert [r["status"] for r in records] == ["unique", "multiple"]  # no duplicate-of: not the same
    assert "geometry" in records[0] and "geometry" not in records[1]
    assert status == 1


def write_json(board: Board, solution: dict | None = None) -> str:
    obj = {"grid": list(board.rows), "geometry": geometry_to_json(board.geometry, board.width)}
    if solution is not None:
        obj["solution"] = solution
    return json.dumps(obj) + "\n"


def _turned(board: Board, walls_too: bool) -> Board:
    """``board`` turned a quarter clockwise: rows, and the walls too if ``walls_too``."""
    w, h = board.width, board.height

    def turn(cell: int) -> int:  # (r, c) -> (c, h - 1 - r) on the h-wide turned board
        r, c = divmod(cell, w)
        return c * h + (h - 1 - r)

    rows = ["".join(row[c] for row in reversed(board.rows)) for c in range(w)]
    walls = [(turn(a), turn(b)) for a, b in board.geometry.walls] if walls_too else board.geometry.walls
    return Board.from_rows(rows, Geometry.of(walls=walls))


def test_a_variant_board_is_a_duplicate_of_its_images_under_its_own_symmetries(
        tmp_path: Path) -> None:
    board = next(iter(read_text(LINES["wall"] + "\n", "t"))).board
    turned, rows_only = _turned(board, walls_too=True), _turned(board, walls_too=False)
    status, records = validate(tmp_path, "p.jsonl", write_json(board) * 2 + write_json(turned)
                               + write_json(rows_only))
    assert [r["status"] for r in records][:3] == ["unique", "duplicate-of", "duplicate-of"]
    assert records[1]["duplicate_of"]["index"] == 1 and records[1]["geometry"]
    assert records[2]["duplicate_of"]["index"] == 1  # the same puzzle, walls turned with it
    assert records[3]["status"] != "duplicate-of"  # rows turned under fixed walls: another one


def test_check_and_solve_records_carry_the_geometry() -> None:
    for command in ("check", "solve"):
        result = CliRunner().invoke(main, [command, "-", "--json"], input=LINES["hex"] + "\n")
        (record,) = [json.loads(line) for line in result.stdout.splitlines()]
        assert record["geometry"] == {"kind": "hex", "wrap": False, "walls": [], "bridges": []}
        back = next(iter(read_text(json.dumps(record) + "\n", "r")))  # a record reads as a board
        assert back.board.geometry == Geometry("hex")


def test_records_of_solutions_over_a_bridge_name_its_cell() -> None:
    result = CliRunner().invoke(main, ["check", "-", "--json"], input=LINES["bridge"] + "\n")
    (record,) = [json.loads(line) for line in result.stdout.splitlines()]
    cells = [cell for path in record["solutions"][0].values() for cell in path]
    assert cells.count([2, 2]) == 2 and all(0 <= r < 5 and 0 <= c < 5 for r, c in cells)


def test_a_shipped_path_that_bends_on_a_bridge_is_a_mismatch(tmp_path: Path) -> None:
    good = LINES["bridge"].split(";")
    bent = ";".join([good[0], "5,6,7,12,13,14,9,4", *good[2:]])  # down into the bridge, then right
    status, (record,) = validate(tmp_path, "bent.flow", bent + "\n")
    assert record["status"] == "solution-mismatch" and record["mismatch"]
    assert [2, 2] in record["diff_cells"]
    assert status == 1


def test_a_shipped_path_through_a_hole_is_a_mismatch(tmp_path: Path) -> None:
    board = next(iter(read_text(LINES["holes-wall"] + "\n", "t"))).board
    solution = {"A": [[0, 3], [1, 3], [2, 3]],
                "B": [[1, 0], [0, 0], [0, 1], [0, 2], [1, 2], [2, 2], [3, 2], [3, 3]],
                "C": [[1, 1], [2, 1], [3, 1], [3, 0], [2, 0]]}  # (3, 1) and (3, 0) are holes
    status, (record,) = validate(tmp_path, "hole.jsonl", write_json(board, solution))
    assert record["status"] == "solution-mismatch"
    assert any("(3, 1)" in reason for reason in record["mismatch"]), record["mismatch"]


def test_a_shipped_path_across_a_wall_is_a_mismatch(tmp_path: Path) -> None:
    board = next(iter(read_text(LINES["wall"] + "\n", "t"))).board
    (wall,) = board.geometry.walls
    across = [s for s in check(Board.from_rows(board.rows), "flow", count=2).solutions
              if wall in s.edges()]
    shipped = across[0].to_coords(board)
    status, (record,) = validate(tmp_path, "wall.jsonl", write_json(board, shipped))
    assert record["status"] == "solution-mismatch" and record["mismatch"]
