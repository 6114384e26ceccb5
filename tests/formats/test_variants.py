"""Flow Free variants end to end: the full level line (bridges, holes, walls, warps, hexagonal
cells, display flags) read and written byte for byte, the ``geometry`` of JSON boards, what
the other writers refuse, and located errors for every variant that cannot be."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from satlink import Board, Solution, check
from satlink.cli import main
from satlink.formats import Entry, WriteError, read_text, write_text
from satlink.geometry import Geometry, geometry_to_json
from satlink.solution import diff_cells
from testbed.variants import LINES


def read_one(text: str, fmt: str | None = None) -> Entry:
    (entry,) = list(read_text(text, "t.flow", fmt))
    assert entry.error is None, entry.error
    return entry


def check_json(text: str, *args: str) -> tuple[int, list[dict]]:
    result = CliRunner().invoke(main, ["check", "-", "--json", *args], input=text)
    assert "Traceback" not in result.output, result.output
    return result.exit_code, [json.loads(line) for line in result.stdout.splitlines()]


@pytest.mark.parametrize("name", LINES)
def test_level_line_round_trip_is_byte_identical(name: str) -> None:
    text = LINES[name] + "\n"
    assert write_text([read_one(text)], "flowfree") == text


def test_a_whole_file_round_trips_through_convert(tmp_path) -> None:
    text = "\n".join(LINES.values()) + "\n"
    source = tmp_path / "levels.flow"
    source.write_text(text)
    result = CliRunner().invoke(main, ["convert", str(source), "--to", "flowfree"])
    assert result.exit_code == 0, result.output
    assert result.stdout == text


def test_fields_become_the_geometry() -> None:
    bridge = read_one(LINES["bridges-rectangle"] + "\n").board
    assert (bridge.width, bridge.height, bridge.geometry.bridges) == (4, 5, (6, 13))
    holes = read_one(LINES["holes-wall"] + "\n").board
    assert holes.rows[3] == "##.B" and holes.geometry.walls == {(5, 6)}
    assert read_one(LINES["warps-rectangle"] + "\n").board.geometry == Geometry(wrap=True)
    assert read_one(LINES["hex"] + "\n").board.geometry == Geometry("hex")
    assert read_one(LINES["plain"] + "\n").board.geometry.is_plain


def test_paths_over_a_bridge_become_its_crossings() -> None:
    entry = read_one(LINES["bridge"] + "\n")
    board, paths = entry.board, entry.solution.paths
    vertical = board.crossings[12][1]
    assert paths["A"][:5] == (5, 6, 7, vertical, 17)  # down through the bridge
    assert paths["B"][2:5] == (11, 12, 13)  # across it
    assert entry.solution.to_cells(board)["A"][3] == 12


@pytest.mark.parametrize("name", LINES)
def test_every_fixture_is_unique_with_its_shipped_solution(name: str) -> None:
    entry = read_one(LINES[name] + "\n")
    status, (record,) = check_json(LINES[name] + "\n")
    assert (status, record["status"]) == (0, "unique")
    found = Solution.from_coords(entry.board, record["solutions"][0])
    assert found.edges() == entry.solution.edges()


def test_a_changed_board_gets_a_canonical_header() -> None:
    entry = read_one(LINES["holes-wall"] + "\n")
    as_json = write_text([entry], "json")
    again = read_one(as_json)  # the board is the same, but JSON kept no Flow Free header
    assert write_text([again], "flowfree") == "4,0,1,3,,12:13,5|6;3,7,11;4,0,1,2,6,10,14,15;5,9,8\n"
    warps = read_one(write_text([read_one(LINES["warps-rectangle"] + "\n")], "json"))
    assert write_text([warps], "flowfree").startswith("W_4:3,0,1,2;")
    hexagonal = read_one(write_text([read_one(LINES["hex"] + "\n")], "json"))
    assert write_text([hexagonal], "flowfree").startswith("X_4,0,1,3;")
    bridge = read_one(write_text([read_one(LINES["bridge"] + "\n")], "json"))
    assert write_text([bridge], "flowfree") == LINES["bridge"].replace("5+B", "5") + "\n"


def test_the_kept_header_is_dropped_when_the_board_changes() -> None:
    entry = read_one(LINES["holes-wall"] + "\n")
    entry.board = entry.board.with_rows(["...A", "BC..", "C..A", "#..B"])  # one hole less
    assert write_text([entry], "flowfree").startswith("4,0,1,3,,12,5|6;")


def test_solve_out_keeps_the_level_header(tmp_path) -> None:
    out = tmp_path / "solved.flow"
    text = LINES["holes-wall"] + "\n"
    result = CliRunner().invoke(main, ["solve", "-", "--out", str(out)], input=text)
    assert result.exit_code == 0, result.output
    assert out.read_text() == text  # unique: the solver's paths are the shipped ones


def test_solid_cells_are_written_as_holes() -> None:
    board = Board.from_rows(["A#", "A."])
    entry = Entry("t", 1, board, Solution.from_paths({"A": (0, 2)}))
    text = write_text([entry], "flowfree")
    assert text == "2,0,1,1,,1;0,2\n"
    assert read_one(text).board.rows == ("A#", "A.")


def test_paths_are_written_in_the_solution_order() -> None:
    board = Board.from_rows(["A.A", "B.B"])
    entry = Entry("t", 1, board, Solution.from_paths({"B": (3, 4, 5), "A": (0, 1, 2)}))
    assert write_text([entry], "flowfree") == "3:2,0,1,2;3,4,5;0,1,2\n"


@pytest.mark.parametrize("fmt", ["grid", "wh", "puzzlink"])
def test_writers_without_geometry_refuse_variant_boards(fmt: str) -> None:
    entry = read_one(LINES["holes-wall"] + "\n")
    with pytest.raises(WriteError, match="walls"):
        write_text([entry], fmt)
    bridge = read_one(LINES["bridge"] + "\n")
    with pytest.raises(WriteError, match="bridges"):
        write_text([bridge], fmt)
    hex_bridge = read_one(LINES["hex-bridge"] + "\n")
    with pytest.raises(WriteError, match="hexagonal cells, bridges"):
        write_text([hex_bridge], fmt)


def test_convert_names_the_features_a_format_cannot_express() -> None:
    result = CliRunner().invoke(main, ["convert", "-", "--to", "wh"], input=LINES["warps"] + "\n")
    assert result.exit_code == 2
    assert "cannot write wh: board 1: the wh format cannot express warps" in result.output


def test_grid_and_wh_write_holes_as_solid_cells() -> None:
    board = Board.from_rows(["A#", "A."])
    assert write_text([Entry("t", 1, board)], "grid") == "A#\nA.\n"
    assert write_text([Entry("t", 1, board)], "wh") == "2 2\nA#\nA.\n0 0\n"


# (line, message, column): each a located invalid entry, and exit status 2 from check
BAD_LINES = [
    ("X_W_4,0,1,1;0,1", "unsupported variant: warps on a hexagonal board", 1),
    ("W_X_4,0,1,1;0,1", "unsupported variant: warps on a hexagonal board", 1),
    ("4,0,1,1,5,5;0,1", "bridge on a hole (cell 5)", 9),
    ("4,0,1,1,3:5,7_0:5_0B;0,1", "bridge on a hole (cell 5)", 11),
    ("4,0,1,1,,,0|5;1,2", "wall 0|5 is between cells that are not neighbours", 11),
    ("4,0,1,1,,,1|2:0|3;1,2", "wall 0|3 is between cells that are not neighbours", 15),
    ("4,0,1,1,,,0|0;1,2", "wall 0|0 is between cells that are not neighbours", 11),
    ("4,0,1,1,,5;4,5,6", "path 1 runs through hole 5", 14),
    ("4,0,1,2,,9_0;0,1;8,9", "path 2 runs through hole 9", 20),
    ("4,0,1,1,5;5,6", "path 1 ends on bridge 5", 11),
    ("Q_4,0,1,1;0,1", "unknown size prefix 'Q_'", 1),
    ("X_X_4,0,1,1;0,1", "size prefix X_ is given twice", 1),
    ("4*B,0,1,1;0,1", "size '4*B' is not N or W:H", 1),
    ("4,0,1,1,16;0,1", "bridge 16 is outside the 4x4 board", 9),
    ("4,0,1,1,1::2;0,3", "bridge '' is not a cell number", 11),
    ("4,0,1,1,,3x;0,1", "hole '3x' is not a cell number", 10),
    ("4,0,1,1,,,1-2;0,1", "wall '1-2' is not a pair a|b of cells", 11),
    ("4,0,1,1,,,1|x;0,1", "wall cell 'x' is not a cell number", 13),
    ("4,0,1,1,,,1|99;0,1", "wall cell 99 is outside the 4x4 board", 13),
    ("4,0,1,1,,,,7;0,1", "header has 8 fields", 12),
    ("4,x,1,1;0,1", "number 'x' is not a number", 3),
]


@pytest.mark.parametrize("line,message,column", BAD_LINES)
def test_bad_variants_are_located_invalid_entries(line: str, message: str, column: int) -> None:
    good = LINES["wall"]
    entries = list(read_text(f"{good}\n{line}\n", "bad.flow", "flowfree"))
    assert entries[0].error is None
    err = entries[1].error
    assert err is not None and message in err.message
    assert (err.board, err.line, err.column) == (2, 2, column)
    status, records = check_json(f"{good}\n{line}\n", "--format", "flowfree")
    assert status == 2
    assert [r["status"] for r in records] == ["unique", "invalid"]
    assert records[1]["error"]["column"] == column


def test_a_wall_across_the_seam_of_a_warped_board_is_allowed() -> None:
    assert read_one("W_4,0,1,1,,,0|3;1,2\n").board.geometry.walls == {(0, 3)}


# JSON boards: the geometry object
VARIANTS = {  # the boards of LINES, as rows and geometry (each unique under flow)
    "bridge": (["B...A", "A....", "C....", ".....", "CBD.D"], Geometry.of(bridges=[12])),
    "holes-wall": (["...A", "BC..", "C..A", "##.B"], Geometry.of(walls=[(5, 6)])),
    "warps": ([".A..", ".B.C", "CA..", "B..."], Geometry(wrap=True)),
    "hex": (["...A", "BC..", "C...", "B.A."], Geometry("hex")),
    "hex-bridge": (["DACB.", "..DF.", "....B", ".EA..", "C..EF"], Geometry.of("hex", bridges=[6])),
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
    assert entry.solution.paths["A"][3] == board.crossings[12][1]  # down through the bridge
    assert entry.solution.paths["B"][3] == 12  # across it
    assert entry.solution.to_coords(board) == solution


@pytest.mark.parametrize("geometry,message", [
    (3, "'geometry': geometry must be an object"),
    ({"kind": "triangle"}, "unknown grid kind 'triangle'"),
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


def test_a_hexagonal_bridge_crossed_three_ways_reads_as_three_crossings() -> None:
    entry = read_one(LINES["hex-bridge"] + "\n")
    board, paths = entry.board, entry.solution.paths
    vertical, falling, rising = board.crossings[6]
    assert paths["A"][:3] == (1, vertical, 11) and vertical == 6
    assert paths["C"][:3] == (2, rising, 5)
    assert paths["D"] == (0, falling, 7)
    assert entry.solution.to_cells(board)["D"] == (0, 6, 7)
    text = write_text([entry], "json")
    assert json.loads(text)["geometry"]["bridges"] == [[1, 1]]
    assert read_one(text).solution == entry.solution


def test_diff_cells_are_cells_each_once() -> None:
    board = Board.from_rows([".A.", "B.B", ".A."], Geometry.of(bridges=[4]))
    vertical = board.crossings[4][1]
    first = Solution.from_paths({"A": (1, vertical, 7), "B": (3, 4, 5)})
    second = Solution.from_paths({"A": (1, 0, 6, 7), "B": (3, 5)})  # neither crossing used
    assert diff_cells(board, first, second) == [0, 1, 3, 4, 5, 6, 7]
