"""Every format reads what it writes; every class of bad input gets a located error."""

from __future__ import annotations

import io
import json
import os
import threading

import pytest
from click.testing import CliRunner

from satlink import Board, check
from satlink.cli import main
from satlink.formats import FORMATS, MAX_READ_BYTES, Entry, detect, read_file, read_text, write_text
from satlink.rules import parse_rules

BOARDS = [
    Board.from_rows(["A.B", "...", "A.B"]),
    Board.from_rows(["a#..b", ".....", "a...b"]),  # solid cell, rectangular
    Board.from_rows(["1.2", "...", "1.2", "..."]),
]


def entries_with_solutions(boards: list[Board]) -> list[Entry]:
    out = []
    for i, board in enumerate(boards, start=1):
        verdict = check(board, "nikoli")
        out.append(Entry("test", i, board, verdict.solutions[0], "nikoli"))
    return out


@pytest.mark.parametrize("fmt", FORMATS)
def test_round_trip(fmt: str) -> None:
    boards = [b for b in BOARDS if not (fmt == "puzzlink" and b.solid_count())]
    original = entries_with_solutions(boards)
    text = write_text(original, fmt)
    assert detect(text.splitlines(keepends=True)) == fmt
    back = list(read_text(text, "roundtrip"))
    assert [e.error for e in back] == [None] * len(original)
    for before, after in zip(original, back, strict=True):
        # labels may be renamed (flowfree, puzzlink number them); the layout must survive
        rename = {before.board.char(c): after.board.char(c) for c in range(before.board.size)}
        assert [r.translate(str.maketrans(rename)) for r in before.board.rows] == list(after.board.rows)
        if fmt in ("json", "flowfree"):
            assert after.solution is not None
            assert after.solution.edges() == before.solution.edges()


def test_many_labels_round_trip_through_puzzlink_and_flowfree() -> None:
    """Hundreds of labels: numbers past 15 and 255 in puzz.link, label names past the alphabet."""
    rows = ["".join(chr(0x4E00 + r * 10 + c // 2) for c in range(20)) for r in range(30)]
    board = Board.from_rows(rows)
    assert len(board.labels) == 300
    solution = {label: board.endpoints[label] for label in board.labels}
    from satlink import Solution

    entry = Entry("t", 1, board, Solution.from_paths(solution), "flow")
    for fmt in ("puzzlink", "flowfree", "json", "wh"):
        (back,) = list(read_text(write_text([entry], fmt), "t"))
        assert back.error is None and len(back.board.labels) == 300


def test_puzzlink_known_url() -> None:
    board = Board.from_rows(["R.G.Y", "..B.O", ".....", ".G.Y.", ".RBO."])
    url = write_text([Entry("t", 1, board)], "puzzlink").strip()  # flow, the default: fill
    assert url == "https://puzz.link/p?arukone/5/5/1g2g3h4g5l2g3h145g"
    url = write_text([Entry("t", 1, board, rules=parse_rules("nikoli"))], "puzzlink").strip()
    assert url == "https://puzz.link/p?numlin/5/5/1g2g3h4g5l2g3h145g"


def test_wh_stream_stops_at_0_0_and_skips_comments() -> None:
    text = "# a comment\n2 1\nAA\n\n# another\n3 1\nB.B\n0 0\n2 1\nCC\n"
    entries = list(read_text(text, "s"))
    assert [e.board.rows for e in entries] == [("AA",), ("B.B",)]


def test_wh_rows_may_start_with_a_solid_cell() -> None:
    (entry,) = list(read_text("3 2\n#AA\n...\n", "s"))
    assert entry.board.rows == ("#AA", "...")


def test_flowfree_line_gives_board_and_reference_solution() -> None:
    (entry,) = list(read_text("3,0,1,2;0,1,2,5;3,6,7,8,4\n", "f"))
    assert entry.board.rows == ("A..", "BBA", "...")
    assert entry.solution.paths["A"] == (0, 1, 2, 5)
    assert entry.solution.paths["B"] == (3, 6, 7, 8, 4)


def error_of(text: str, fmt: str | None = None):
    entries = list(read_text(text, "bad.txt", fmt, max_cells=10_000))
    errors = [e.error for e in entries if e.error is not None]
    assert errors, "expected an error"
    return errors[0]


@pytest.mark.parametrize(
    "text,fmt,message,line,column",
    [
        ("A.A\n..\n", None, "ragged row", 2, 3),
        ("A..\n...\n", None, "label 'A' appears 1 time", 1, 1),
        ("A.A\n.A.\n", None, "label 'A' is on 3 cells, so the board is read as painted", 1, 3),
        ("A.A\n.\t.\n", None, "unknown character", 2, 2),
        ("   \n\n", None, "empty file", None, None),
        ("200 200\n", None, "more than the limit", 1, None),
        ("3 2\nA.A\n", None, "file ends after 1 of 2 rows", 3, None),
        ("x y\n", "wh", "expected a 'W H' header", 1, 1),
        ("5,0,1,1;0,1,x\n", None, "cell 'x' is not a number", 1, 13),
        ("5,0,1,1;0,99\n", None, "outside the 5x5 board", 1, 11),
        ("\x1b[2JQ_5,0,1,1;0,1\n", "flowfree", "unknown size prefix '\\x1b[2JQ_'", 1, 1),
        ('{"grid": ["A.A"]}\n{"grid": 3}\n', None, "'grid' must be", 2, None),
        ('{"grid": ["A.A"]}\n{"grid": ["A.A", "AA"]}\n', None, "grid row 2, column 3: ragged", 2, None),
        ('{"grid": ["A.A"]}\n{"grid": [\n', None, "invalid JSON", 2, 11),
        ("https://puzz.link/p?numlin/2/1/1!\n", None, "unexpected character", 1, 33),
        ("https://puzz.link/p?numlin/2/1/-\n", None, "'-' must be followed by 2 hex digits", 1, 32),
        ("https://puzz.link/p?numlin/2/1/-zz\n", None, "'-' must be followed by 2 hex", 1, 32),
        ("https://puzz.link/p?numlin/2/1/1+1\n", None, "'+' must be followed by 3 hex", 1, 33),
        ("https://puzz.link/p?numlin/3/3/zz\n", None, "describes more than 9 cells", 1, 32),
        ("https://puzz.link/p?numlin/3/1/1g1g\n", None, "unexpected text 'g' after the URL body", 1, 35),
        ("https://puzz.link/p?numlin/3/1/1g1 junk\n", None, "unexpected text after the URL", 1, 36),
        ("1" * 5000 + " 2\nA.A\n", None, "at least 10^18 cells, more than the limit", 1, None),
        ("https://puzz.link/p?numlin/" + "9" * 5000 + "/1/g\n", None, "more than the limit", 1, 28),
        ("3:" + "1" * 5000 + ",0,1,1;0,1\n", None, "more than the limit", 1, 1),
        ("3,0,1,1;0," + "1" * 5000 + "\n", None, "(5000 digits) is outside the 3x3 board", 1, 11),
        ("3,0,1," + "1" * 5000 + ";0,1\n", None, "header says 1111", 1, 1),
        ('{"width": ' + "1" * 5000 + ', "grid": ["A.A"]}\n', None, "'width' is a number of 5000 digits",
         1, None),
        ("[" * 100_000 + "\n", None, "invalid JSON: nested too deeply", 1, 101),
        ("\u0663 \u0661\nA.A\n", "wh", "expected a 'W H' header", 1, 1),  # Arabic-Indic digits
    ],
)
def test_errors_are_located(text, fmt, message, line, column) -> None:
    err = error_of(text, fmt)
    assert message in str(err)
    assert (err.line, err.column) == (line, column)
    assert str(err).startswith("bad.txt")
    expected_board = None if "empty" in message else (2 if text.count("grid") == 2 else 1)
    assert err.board == expected_board


def json_board(solution) -> str:
    return json.dumps({"grid": ["A.A", "B.B"], "solution": solution}) + "\n"


@pytest.mark.parametrize("solution,message", [
    ({"A": [[0, 0], [-1, 3], [0, 2]], "B": [[1, 0], [1, 1], [1, 2]]},
     "path 'A', point 2: [-1, 3] is off the 3x2 board"),
    ({"A": [[0, 0], [0, 1], [0, 3]]}, "path 'A', point 3: [0, 3] is off the 3x2 board"),
    ({"A": [[0, 0], [0, 1], [0, -1]]}, "path 'A', point 3: [0, -1] is off"),
    ({"A": ["ab"]}, "path 'A', point 1: 'ab' is not [row, col]"),
    ({"A": [[0.0, 0], [0, 1], [0, 2]]}, "point 1: [0.0, 0] is not [row, col]"),
    ({"A": [[0, 0], [0, True], [0, 2]]}, "point 2: [0, True] is not [row, col]"),
    ({"A": [[0, 0, 0]]}, "point 1: [0, 0, 0] is not [row, col]"),
    ({"A": [[0, 0], [0, 10**30]]}, "point 2: [0, a number of 31 digits] is not [row, col]"),
    ({"C": [[0, 0], [0, 1], [0, 2]]}, "has a path for 'C', which is not a label on the board"),
    ({"A": [[0, 0], [0, 1]]}, "path 'A' runs from [0, 0] to [0, 1], not between its endpoints"
                              " [0, 0] and [0, 2]"),
    ({"A": [[0, 2]]}, "path 'A' runs from [0, 2] to [0, 2], not between"),
    ({"A": []}, "path 'A' must be a non-empty list"),
    ({"A": 5}, "path 'A' must be a non-empty list"),
    (["A"], "'solution' must map each label"),
])
def test_shipped_json_solution_is_checked_when_read(solution, message) -> None:
    bad, good = list(read_text(json_board(solution) + json_board({"A": [[0, 2], [0, 1], [0, 0]]}),
                               "s.jsonl"))
    assert message in bad.error.message
    assert (bad.error.board, bad.error.line) == (1, 1)
    assert good.error is None and good.solution.paths == {"A": (2, 1, 0)}


@pytest.mark.parametrize("line,message,column", [
    ("3,0,1,2;0,1,2;2,5,4\n", "cell 2 is an end of path 1 and of path 2", 15),
    ("3,0,1,1;0,1,0\n", "path 1 starts and ends on cell 0", 9),
])
def test_flowfree_paths_must_have_distinct_ends(line, message, column) -> None:
    err = error_of(line)
    assert message in err.message and (err.line, err.column) == (1, column)


def test_bad_shipped_solution_is_an_invalid_record_not_a_crash() -> None:
    text = json_board({"A": ["ab"]}) + json_board({"A": [[-1, 3]]}) + GOOD["json"]
    status, records = check_json(text)
    assert status == 2
    assert [r["status"] for r in records] == ["invalid", "invalid", "unique"]


def test_json_array_board_errors_name_the_grid_row_not_a_file_line() -> None:
    text = '[{"grid": ["A.A"]},\n {"grid": ["A.A",\n           "B.."]}]\n'
    good, bad = list(read_text(text, "a.json"))
    assert good.board is not None
    assert bad.error.message.startswith("label 'B' appears 1 time")
    assert (bad.error.board, bad.error.line, bad.error.column) == (2, None, None)
    assert (bad.error.grid_row, bad.error.grid_column) == (2, 1)
    assert "board 2: grid row 2, column 1: label 'B'" in str(bad.error)
    assert bad.error.as_dict()["grid_row"] == 2 and bad.error.as_dict()["grid_column"] == 1


@pytest.mark.parametrize("fmt", ["grid", "wh", "flowfree", "json", "puzzlink"])
def test_a_byte_order_mark_is_not_part_of_the_text(fmt: str, tmp_path) -> None:
    board = Board.from_rows(["A.A", "B.B"])
    solution = check(board, "fill").solutions[0]
    text = write_text([Entry("t", 1, board, solution)], fmt)
    (entry,) = list(read_text("\ufeff" + text, "bom"))  # detected
    assert entry.error is None and entry.board.size == 6
    (entry,) = list(read_text("\ufeff" + text, "bom", fmt))
    assert entry.error is None and entry.board.size == 6
    path = tmp_path / "bom.txt"
    path.write_bytes(b"\xef\xbb\xbf" + text.encode())
    status, records = check_json(path.read_text(encoding="utf-8"))
    result = CliRunner().invoke(main, ["check", str(path), "--json"])
    assert result.exit_code == 0 and json.loads(result.stdout)["status"] == "unique"
    assert status == 0 and records[0]["status"] == "unique"


@pytest.mark.parametrize("fmt,bad,line", [
    ("grid", "...\n#..\n\n", 1),
    ("wh", "3 2\n...\n#..\n", 2),
    ("flowfree", "3,0,1,0;\n", 1),
    ("json", '{"grid": ["...", "#.."]}\n', 1),
    ("puzzlink", "https://puzz.link/p?numlin/3/2/l\n", 1),
])
def test_a_board_without_labels_is_invalid_in_every_format(fmt, bad, line) -> None:
    good = {"grid": "A.A\n"}.get(fmt, GOOD.get(fmt))
    first, second = list(read_text(bad + good, "nolabels", fmt))
    assert first.error.message == "no endpoints: the board has nothing to connect"
    assert (first.error.board, first.error.line, first.error.column) == (1, line, None)
    assert second.error is None
    status, records = check_json(bad + good)
    assert status == 2 and [r["status"] for r in records] == ["invalid", "unique"]


@pytest.mark.parametrize("separator", ["\x0b", "\x0c", "\x1c", "\x1d", "\x1e", "\x85", "\u2028", "\u2029"])
def test_only_newlines_end_lines(separator: str) -> None:
    """Lines are counted as editors count them: other line separators are characters."""
    first, second = list(read_text(f"3 1\nA{separator}A\n3 1\nB.\n", "s", "wh"))
    assert first.error.message == f"unknown character {separator!r}"
    assert (first.error.line, first.error.column) == (2, 2)
    assert (second.error.board, second.error.line) == (2, 4)
    (entry,) = list(read_text(f"A.A\n{separator}B.B\n", "s", "grid"))  # one board, not two
    assert (entry.error.line, entry.error.column) == (2, 4)


def test_one_bad_board_does_not_hide_the_others() -> None:
    text = "2 1\nAA\n2 1\nAB\n3 1\nC.C\n"
    entries = list(read_text(text, "mixed"))
    assert [e.error is None for e in entries] == [True, False, True]
    assert entries[1].error.board == 2 and entries[1].error.line == 4


def test_writers_refuse_what_a_format_cannot_hold() -> None:
    with_solid = Entry("t", 1, Board.from_rows(["A#A"]))
    with pytest.raises(ValueError, match="solid"):
        write_text([with_solid], "puzzlink")
    with pytest.raises(ValueError, match="carries the solution"):
        write_text([Entry("t", 1, Board.from_rows(["A.A"]))], "flowfree")


def check_json(text: str) -> tuple[int, list[dict]]:
    """``satlink check - --json`` on ``text``: the exit status and the records."""
    result = CliRunner().invoke(main, ["check", "-", "--json", "--timeout", "10"], input=text)
    assert "Traceback" not in result.output, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, [json.loads(line) for line in result.stdout.splitlines()]


GOOD = {  # one small unique board per format, to put after a bad one
    "puzzlink": "https://puzz.link/p?numlin/3/1/1g1\n",
    "wh": "3 1\nA.A\n",
    "flowfree": "3:1,0,2,1;0,1,2\n",
    "json": '{"grid": ["A.A"]}\n',
}
BAD = [  # (format, a bad board, where the error is: line, column)
    ("puzzlink", "https://puzz.link/p?numlin/2/1/-\n", 1, 32),
    ("puzzlink", "https://puzz.link/p?numlin/2/1/-zz\n", 1, 32),
    ("puzzlink", "https://puzz.link/p?numlin/3/3/zz\n", 1, 32),
    ("puzzlink", "https://puzz.link/p?numlin/3/1/1g1 junk\n", 1, 36),
    ("puzzlink", "https://puzz.link/p?numlin/" + "9" * 5000 + "/1/g\n", 1, 28),
    ("wh", "1" * 5000 + " 1\n", 1, None),
    ("flowfree", "3:" + "1" * 5000 + ",0,1,1;0,1\n", 1, 1),
    ("json", '{"width": ' + "1" * 5000 + ', "grid": ["A.A"]}\n', 1, None),
    ("json", "[" * 100_000 + "\n", 1, 101),
]


@pytest.mark.parametrize("fmt,bad,line,column", BAD)
def test_bad_board_is_an_invalid_record_and_the_next_board_is_still_read(fmt, bad, line, column) -> None:
    status, records = check_json(bad + GOOD[fmt])
    assert status == 2
    assert [r["status"] for r in records] == ["invalid", "unique"]
    assert (records[0]["error"]["line"], records[0]["error"]["column"]) == (line, column)
    assert records[0]["error"]["board"] == 1 and records[0]["error"]["source"] == "<stdin>"


@pytest.mark.parametrize("text", [
    "1000000000 1000000000\nA.A\n",
    "1000000000:1000000000,0,1,1;0,1\n",
    "https://puzz.link/p?numlin/1000000000/1000000000/g\n",
    "99999999999999999999999999 1\n",
])
def test_huge_sizes_are_refused_before_anything_is_built(text: str) -> None:
    import tracemalloc

    tracemalloc.start()
    try:
        (entry,) = list(read_text(text, "huge"))
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert "more than the limit" in entry.error.message
    assert peak < 1_000_000


def read_with_deadline(path: str, seconds: float = 10.0) -> list[Entry]:
    """read_file(path) in a thread; fails (instead of hanging) if it blocks."""
    got: list[Entry] = []
    worker = threading.Thread(target=lambda: got.extend(read_file(path)), daemon=True)
    worker.start()
    worker.join(seconds)
    if worker.is_alive():  # blocked opening a FIFO: open the other end to let it go
        with open(path, "w"):
            pass
        worker.join(seconds)
        pytest.fail(f"read_file({path!r}) blocked")
    return got


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_is_refused_without_blocking(tmp_path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    (entry,) = read_with_deadline(str(fifo))
    assert "it is a FIFO (named pipe), not a regular file" in entry.error.message
    assert str(entry.error).startswith(str(fifo))
    good = tmp_path / "good.txt"
    good.write_text(GOOD["wh"])
    result = CliRunner().invoke(main, ["check", str(fifo), str(good), "--json"])
    assert result.exit_code == 2
    assert [json.loads(line)["status"] for line in result.stdout.splitlines()] == ["invalid", "unique"]


@pytest.mark.parametrize("path,kind", [("/dev/zero", "a character device"), ("/", "a folder")])
def test_files_that_are_not_regular_are_refused(path: str, kind: str) -> None:
    if not os.path.exists(path):
        pytest.skip(f"no {path} here")
    (entry,) = read_with_deadline(path)
    assert f"it is {kind}, not a regular file" in entry.error.message


def test_reading_stops_at_the_cap(tmp_path, monkeypatch) -> None:
    assert MAX_READ_BYTES == 256 * 2**20
    big = tmp_path / "big.txt"
    big.write_text(GOOD["wh"] * 1000)
    (entry,) = list(read_file(str(big), max_bytes=1000))
    assert entry.error.message.startswith("file is longer than the read limit of 1,000 bytes")
    assert str(entry.error).startswith(str(big))
    if not os.path.exists("/dev/zero"):
        return
    with open("/dev/zero", "rb") as zero:  # standard input that never ends
        monkeypatch.setattr("sys.stdin", io.TextIOWrapper(zero))
        (entry,) = list(read_file("-", max_bytes=3 * 2**20 + 5))
    assert str(entry.error).startswith("<stdin>: file is longer than the read limit of 3,145,733")


def test_a_file_that_is_not_utf8_names_the_byte_offset_and_line(tmp_path) -> None:
    path = tmp_path / "latin1.txt"
    path.write_bytes(b"3 1\nA.A\n3 1\nB\xe9B\n")
    (entry,) = list(read_file(str(path)))
    assert entry.error.message == "not UTF-8 text: byte 0xe9 at byte offset 13"
    assert (entry.error.line, entry.error.column) == (4, 2)
    assert str(entry.error).startswith(f"{path}, line 4, column 2: not UTF-8")


@pytest.mark.parametrize("text,fmt", [
    ("3,0,1,;0,1,2;3,4,5;6,7,8\n3,0,1,3;0,1,2;3,4,5;6,7,8\n3,0,1,3;0,3,6;1,4,7;2,5,8\n", "flowfree"),
    ("https://puzz.link/p?numln/3/1/1g1\nhttps://puzz.link/p?numlin/3/1/1g1\n", "puzzlink"),
])
def test_a_damaged_first_line_does_not_turn_a_file_into_one_grid(text: str, fmt: str) -> None:
    """Issue 25, row 15: detection looked at the first line only, so the valid lines after a
    damaged one vanished into one 'ragged row' record."""
    from satlink.formats.entry import split_lines

    assert detect(split_lines(text)) == fmt
    entries = list(read_text(text, "p.txt"))
    assert entries[0].error is not None and entries[0].error.line == 1
    assert all(entry.board is not None for entry in entries[1:]) and len(entries) >= 2
