"""Fuzzing the readers: mutated boards of every format never crash, never hang, and every bad
board comes back as a located :class:`InputError`.

Small valid samples of each format are mutated (characters inserted, deleted and replaced --
digits, numbers of thousands of digits, any unicode, byte-order marks, control characters,
format tokens -- lines duplicated, dropped and swapped, the text truncated) and fed to every
reader (each format forced, and detected) and through ``satlink check - --json``.

The run is derandomized so CI is reproducible.  ``SATLINK_FUZZ_EXAMPLES=N`` sets the number
of reader examples (the CLI gets a fifth as many), e.g. ``SATLINK_FUZZ_EXAMPLES=20000
python -m pytest tests/test_fuzz.py`` for a long local run.
"""

from __future__ import annotations

import json
import os

from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from satlink import Board
from satlink.cli import main
from satlink.formats import FORMATS, Entry, InputError, WriteError, read_text, write_text

EXAMPLES = int(os.environ.get("SATLINK_FUZZ_EXAMPLES", "3000"))
CLI_EXAMPLES = max(EXAMPLES // 5, 10)
MAX_CELLS = 400  # mutations can grow a size; bigger boards are refused, so solving stays instant

SAMPLES = [  # small valid files: grid, wh, flowfree, json (lines, array, one object), puzzlink
    "A.B\n...\nA.B\n\nC#C\n",
    "# a pack\n3 3\nA.B\n...\nA.B\n\n3 1\n#CC\n0 0\n",
    "3,0,1,2;0,1,2,5;3,6,7,8,4\n2:1,0,2,1;0,1\n",
    ('{"width": 3, "height": 1, "grid": ["A.A"], "rules": "fill",'
     ' "solution": {"A": [[0, 0], [0, 1], [0, 2]]}}\n'
     '{"grid": ["B.B", "..."]}\n'),
    '[{"grid": ["A.A"]},\n {"grid": ["B#B"], "rules": "nikoli"}]\n',
    '{\n  "grid": ["AB", "AB"],\n  "solution": {"A": [[0, 0], [1, 0]], "B": [[0, 1], [1, 1]]}\n}\n',
    "https://puzz.link/p?numlin/3/1/1g1\nhttps://puzz.link/p?numlin/5/5/1g2g3h4g5l2g3h145g\n",
]
# Flow Free variants: bridges and flags, holes with suffixes and a wall, warps, hexagons.
VARIANT_SAMPLES = [
    ("4:5+I:B,0,12,3,6:13;1,0,4,8,12,13,14,18;2,6,10,11,15,19;3,7,6,5,9,13,17,16\n"
     "4,0,1,3,,12_0:13_0B,5|6;3,7,11;4,0,1,2,6,10,14,15;5,9,8\n"
     "W_4:3:I,0,1,2;1,5,6,7,11,8;4,0,3,2,10,9\nX_4,0,1,3;3,7,11,15,14;4,0,1,2,6,10,13,12;5,9,8\n"),
    ('{"grid": [".A.", "B.B", ".A."], "geometry": {"kind": "square", "wrap": false, '
     '"walls": [[[0, 0], [0, 1]]], "bridges": [[1, 1]]}, '
     '"solution": {"A": [[0, 1], [1, 1], [2, 1]], "B": [[1, 0], [1, 1], [1, 2]]}}\n'),
]

TOKENS = ["\ufeff", "\r", "\n", "\r\n", "\t", "\x00", "\x0b", "\x0c", "\x1c", "\x85", "\u2028",
          "\x7f", "\ud800", "#", ".", " ", "0", "-1", "00", "0 0", "[", "]", "{", "}", '"', ",",
          ":", ";", "\\", "true", "null", "1.5", "1e999", "NaN", '"grid"', '"solution"', '"rules"',
          '"width": ', "/", "numlin/", "-", "+", "g", "z", "..", "_", "+B", "X_", "\u0663",
          "\uff11", "\U0001f600", "\u4e00", "A", "a", "W_", "|", "_0B", ":I", '"geometry"',
          '"bridges"', '"walls"', '"kind"', '"hex"', '"wrap"']
PIECES = st.one_of(
    st.sampled_from(TOKENS),
    st.text(max_size=4),
    st.text(alphabet=st.characters(max_codepoint=0x9f), max_size=4),  # ASCII and C0/C1 controls
    st.integers(min_value=-10, max_value=10**12).map(str),
    st.integers(min_value=19, max_value=6000).map(lambda n: "9" * n),  # past int()'s limit
    st.integers(min_value=1, max_value=3000).map(lambda n: "[" * n),
)
OPERATIONS = ("insert", "delete", "replace", "truncate", "duplicate", "drop", "swap")


@st.composite
def mutated(draw: st.DrawFn, samples: list[str] = SAMPLES) -> str:
    text = draw(st.sampled_from(samples))
    for _ in range(draw(st.integers(min_value=1, max_value=4))):
        op = draw(st.sampled_from(OPERATIONS))
        pos = draw(st.integers(min_value=0, max_value=len(text)))
        if op == "insert":
            text = text[:pos] + draw(PIECES) + text[pos:]
        elif op == "delete":
            text = text[:pos] + text[pos + draw(st.integers(min_value=1, max_value=8)):]
        elif op == "replace":
            text = text[:pos] + draw(PIECES) + text[pos + 1:]
        elif op == "truncate":
            text = text[:pos]
        else:
            lines = text.splitlines(keepends=True) or [""]
            i = draw(st.integers(min_value=0, max_value=len(lines) - 1))
            j = draw(st.integers(min_value=0, max_value=len(lines) - 1))
            if op == "duplicate":
                lines.insert(j, lines[i] * draw(st.integers(min_value=1, max_value=3)))
            elif op == "drop":
                del lines[i]
            else:
                lines[i], lines[j] = lines[j], lines[i]
            text = "".join(lines)
    return text


def is_place(value: object) -> bool:
    return value is None or (type(value) is int and value >= 1)


def assert_sound(entries: list[Entry], source: str) -> None:
    assert entries, "a reader yields at least one entry"
    for entry in entries:
        assert type(entry.index) is int and entry.index >= 1
        assert (entry.board is None) != (entry.error is None)
        if entry.error is not None:
            err = entry.error
            assert isinstance(err, InputError)
            assert str(err).startswith(source) and err.message
            assert err.message.isprintable(), err.message  # file text is quoted, never raw
            assert is_place(err.board) and is_place(err.line) and is_place(err.column), err.as_dict()
            continue
        board = entry.board
        assert isinstance(board, Board) and board.labels
        assert board.size <= MAX_CELLS
        if entry.solution is not None:
            for label, path in entry.solution.paths.items():
                assert label in board.endpoints and len(path) >= 2
                assert all(type(c) is int and 0 <= c < board.n_nodes for c in path)
                assert {path[0], path[-1]} == set(board.endpoints[label])


def assert_written_boards_read_back(entry: Entry) -> None:
    """A board that was read can be written in every format that can hold it and read back."""
    for fmt in FORMATS:
        try:
            text = write_text([entry], fmt)
        except WriteError:
            continue
        (back,) = list(read_text(text, "back", fmt, MAX_CELLS))
        assert back.error is None, (fmt, text, back.error)
        assert (back.board.width, back.board.height) == (entry.board.width, entry.board.height)


@settings(max_examples=EXAMPLES, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(mutated(SAMPLES + VARIANT_SAMPLES))
def test_every_reader_survives_mutated_boards(text: str) -> None:
    for fmt in (None, *FORMATS):
        entries = list(read_text(text, "fuzz.txt", fmt, MAX_CELLS))
        assert_sound(entries, "fuzz.txt")
        for entry in entries:
            if entry.board is not None:
                assert_written_boards_read_back(entry)


def to_bytes(text: str, cut: int, junk: bytes) -> bytes:
    """``text`` as UTF-8 (lone surrogates as they come), with stray bytes put in at ``cut``."""
    data = text.encode("utf-8", "surrogatepass")
    cut %= len(data) + 1
    return data[:cut] + junk + data[cut:]


@settings(max_examples=CLI_EXAMPLES, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(mutated(SAMPLES + VARIANT_SAMPLES), st.integers(min_value=0),
       st.sampled_from([b"", b"", b"", b"\xff", b"\xc3", b"\xef\xbb\xbf", b"\xed\xa0\x80", b"\x00"]),
       st.sampled_from([True, True, True, False]))
def test_check_cli_survives_mutated_boards(text: str, cut: int, junk: bytes, as_json: bool) -> None:
    data = to_bytes(text, cut, junk)
    result = CliRunner().invoke(main, ["check", "-", "--timeout", "2", "--max-cells", str(MAX_CELLS),
                                       *(["--json"] if as_json else [])], input=data)
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    assert result.exit_code in (0, 1, 2), result.output
    if not as_json:
        return
    lines = result.stdout.splitlines()
    assert lines
    for line in lines:
        record = json.loads(line)
        assert record["status"] in ("unique", "multiple", "unsolvable", "timeout", "invalid")
        assert record["source"] == "<stdin>"
    if result.exit_code != 2:
        assert all(json.loads(line)["status"] != "invalid" for line in lines)
