"""Fuzzing the readers: mutated boards of every format never crash, never hang, and every bad
board comes back as a located :class:`InputError`.

Small valid samples of each format are mutated (characters inserted, deleted and replaced --
digits, numbers of thousands of digits, any unicode, byte-order marks, control characters,
format tokens -- lines duplicated, dropped and swapped, the text truncated) and fed to every
reader (each format forced, and detected) and through ``satlink check - --json``.

Then every command (repair, decode, export, bench included) under every profile on mutated
boards; results files made hostile (wrong types, markup, NaN, deep nesting, 5,000-digit
numbers, a cut or unended last line) for ``validate --resume --report``; option extremes
(``--jobs``, ``--count``, ``--size``, ``--cell``, ``--where``); and a FIFO, ``/dev/zero`` and a
folder for every file option (``--shape``, ``--db``, ``--out``, ``--report``, boards, models).

The run is derandomized so CI is reproducible.  ``SATLINK_FUZZ_EXAMPLES=N`` sets the number
of reader examples (the CLI gets a fifth as many), e.g. ``SATLINK_FUZZ_EXAMPLES=20000
python -m pytest tests/formats/test_fuzz.py`` for a long local run.
"""

from __future__ import annotations

import json
import os

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from satlink import Board
from satlink.cli import main
from satlink.formats import FORMATS, Entry, InputError, WriteError, read_text, write_text
from tests.support.paths import ROOT
from tests.support.size import sized

EXAMPLES = int(os.environ.get("SATLINK_FUZZ_EXAMPLES", sized(600, 3000)))
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


# -- every command under every profile, hostile results files, option extremes, special files
# (issue 25: what an attack of ~15,000 hostile inputs found, kept in the suite at a size that
# runs in seconds; SATLINK_FUZZ_EXAMPLES scales these too)

PROFILE_NAMES = ["flow", "fill", "nikoli", "none", "notouch", "no2x2", "fill,no2x2"]
COMMANDS = {  # {pack}: the mutated board file; {dir}: a scratch folder
    "check": ["check", "{pack}", "--json", "--timeout", "2"],
    "solve": ["solve", "{pack}", "--timeout", "2"],
    "convert": ["convert", "{pack}", "--to", "json"],
    "validate": ["validate", "{pack}", "--jobs", "1", "--timeout", "2", "--out", "{dir}/r.jsonl",
                 "--report", "{dir}/r.html"],
    "repair": ["repair", "{pack}", "--budget", "20", "--timeout", "2"],
    "render": ["render", "{pack}", "--svg", "{dir}/b.svg", "--timeout", "2"],
    "cnf": ["cnf", "{pack}", "--out", "{dir}/b.cnf"],
    "decode": ["decode", "{pack}", "{dir}/model.txt"],
    "bench": ["bench", "{pack}", "--timeout", "2", "--out", "{dir}/bench.jsonl"],
}
SMALL_EXAMPLES = max(EXAMPLES // 30, 10)


def assert_handled(result, allowed=(0, 1, 2)) -> None:
    """A message and an exit status, never a traceback or an internal error (exit 3)."""
    assert "Traceback" not in result.output and "internal error" not in result.output, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    assert result.exit_code in allowed, result.output


@settings(max_examples=SMALL_EXAMPLES * 3, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                 HealthCheck.function_scoped_fixture])
@given(mutated(SAMPLES + VARIANT_SAMPLES), st.sampled_from(sorted(COMMANDS)),
       st.sampled_from(PROFILE_NAMES))
def test_every_command_survives_mutated_boards_under_every_profile(
        tmp_path_factory, text: str, command: str, profile: str) -> None:
    folder = tmp_path_factory.mktemp("cmd")
    pack = folder / "pack.txt"
    pack.write_text(text, encoding="utf-8", errors="surrogatepass")
    (folder / "model.txt").write_text("v 1 -2 3 0\n")
    args = [a.format(pack=pack, dir=folder) for a in COMMANDS[command]]
    args += ["--max-cells", str(MAX_CELLS)] if command in ("check", "solve", "validate") else []
    if command != "convert":
        args += ["--rules", profile]
    assert_handled(CliRunner().invoke(main, args))


def _results_line(record: dict) -> str:
    return json.dumps(record, ensure_ascii=False) + "\n"


HOSTILE_VALUES = st.one_of(
    st.sampled_from(["<img src=x onerror=alert(1)>", "3", "", None, True, [], {}, [[0, "x"]],
                     float("nan"), float("inf"), -1, 2**64, 10**30]),
    st.integers(min_value=1, max_value=500).map(lambda n: json.loads("[" * n + "]" * n)),
    st.text(max_size=6),
)
RECORD_KEYS = ["source", "index", "hash", "status", "width", "height", "grid", "rules", "count",
               "seconds", "solutions", "quality", "error", "duplicate_of", "repairs", "mismatch",
               "diff_cells", "geometry", "shipped_solution", "labels", "timed_out"]


@settings(max_examples=SMALL_EXAMPLES, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(st.sampled_from(RECORD_KEYS), HOSTILE_VALUES, st.sampled_from(["line", "quality", "error"]),
       st.sampled_from(["keep", "unended", "cut", "deep", "huge"]))
def test_resume_survives_hostile_results_files(tmp_path_factory, key: str, value, where: str,
                                                ending: str) -> None:
    """A results file edited by hand, cut short, nested deep or holding huge numbers: --resume
    uses it, or refuses it naming the file (and leaves it as it was); the report is written
    either way with nothing from the file drawn as markup."""
    folder = tmp_path_factory.mktemp("resume")
    pack = folder / "pack.txt"
    pack.write_text("3 1\nA.A\n3 3\nA.B\n...\nA.B\n")
    out, report = folder / "r.jsonl", folder / "r.html"
    first = CliRunner().invoke(main, ["validate", str(pack), "--jobs", "1", "--out", str(out)])
    assert_handled(first)
    records = [json.loads(line) for line in out.read_text().splitlines()]
    target = records[1]
    if where == "quality":
        target.setdefault("quality", {})["colours"] = value
    elif where == "error":
        target["error"] = {"message": "m", "line": value}
    else:
        target[key] = value
    text = "".join(_results_line(r) for r in records)
    if ending == "unended":
        text = text.rstrip("\n")
    elif ending == "cut":
        text = text[:-7]
    elif ending == "deep":
        text += "[" * 3000 + "\n"
    elif ending == "huge":
        text += '{"source": "p", "index": ' + "9" * 5000 + "}\n"
    out.write_text(text)
    result = CliRunner().invoke(main, ["validate", str(pack), "--jobs", "1", "--out", str(out),
                                       "--resume", "--report", str(report)])
    assert_handled(result)
    if result.exit_code == 2 and "not a 'satlink validate' record" in result.output:
        assert out.read_text() == text  # refused, and kept
    if report.exists():
        assert "<img src=x" not in report.read_text()


OPTION_EXTREMES = [
    ["generate", "--size", "4x4", "--count", "1", "--jobs", "99999"],
    ["generate", "--size", "4x4", "--count", "0"],
    ["generate", "--size", "0x0", "--count", "1"],
    ["generate", "--size", "1x1", "--count", "1"],
    ["generate", "--size", "9" * 5000 + "x3"],
    ["generate", "--size", "4x4", "--count", "9" * 5000],
    ["generate", "--size", "4x4", "--colors", "0", "--count", "1"],
    ["generate", "--size", "4x4", "--colors", "99999", "--count", "1"],
    ["generate", "--size", "4x4", "--count", "1", "--jobs", "0"],
    ["generate", "--size", "4x4", "--count", "1", "--holes", "99999"],
    ["generate", "--size", "4x4", "--count", "1", "--walls", "9" * 30],
    ["generate", "--size", "4x4", "--count", "1", "--seed", "9" * 5000],
    ["check", "example", "--count", "9" * 30],
    ["check", "example", "--count", "0"],
    ["check", "example", "--timeout", "1e999"],
    ["check", "example", "--max-cells", "0"],
    ["check", "example", "--max-cells", "9" * 30],
    ["check", "example", "--index", "9" * 30],
    ["render", "example", "--cell", "0", "--svg", "{dir}/b.svg"],
    ["render", "example", "--cell", "-5", "--svg", "{dir}/b.svg"],
    ["render", "example", "--cell", "9" * 30, "--png", "{dir}/b.png"],
    ["render", "example", "--index", "9" * 30, "--svg", "{dir}/b.svg"],
    ["validate", "example", "--jobs", "99999", "--timeout", "5"],
    ["validate", "example", "--jobs", "1", "--repairs", "9" * 30, "--timeout", "5"],
    ["repair", "example", "--index", "3", "--budget", "9" * 30, "--limit", "9" * 30, "--timeout", "5"],
    ["export", "--db", "{dir}/cat.sqlite", "--where", "width=" + "9" * 5000],
    ["export", "--db", "{dir}/cat.sqlite", "--where", "difficulty>" + "9" * 5000],
    ["export", "--db", "{dir}/cat.sqlite", "--where", "size=" + "9" * 30 + "x1"],
]


@pytest.mark.parametrize("args", OPTION_EXTREMES, ids=lambda a: " ".join(a)[:60])
def test_option_extremes_are_usage_errors_or_work(tmp_path, args: list[str]) -> None:
    if args[0] == "export":
        assert_handled(CliRunner().invoke(main, ["generate", "--size", "4x4", "--count", "1",
                                                 "--db", str(tmp_path / "cat.sqlite")]))
    result = CliRunner().invoke(main, [a.format(dir=tmp_path) for a in args])
    assert_handled(result)


FILE_OPTIONS = [  # {f}: the special file; each must be refused (exit 2) or used, never block
    ["check", "{f}", "--json"],
    ["validate", "{f}", "--jobs", "1"],
    ["repair", "{f}"],
    ["decode", "example", "{f}"],
    ["generate", "--shape", "{f}", "--count", "1"],
    ["generate", "--size", "3x3", "--count", "1", "--db", "{f}"],
    ["export", "--db", "{f}"],
    ["validate", "example", "--jobs", "1", "--index", "1", "--out", "{f}", "--resume"],
    ["validate", "example", "--jobs", "1", "--report", "{f}"],
    ["solve", "example", "--out", "{f}"],
    ["cnf", "example", "--out", "{f}"],
]


@pytest.mark.skipif(not hasattr(os, "mkfifo") or not os.path.exists("/dev/zero"),
                    reason="needs FIFOs and /dev/zero")
@pytest.mark.parametrize("kind", ["fifo", "zero", "folder"])
@pytest.mark.parametrize("args", FILE_OPTIONS, ids=lambda a: " ".join(a)[:40])
def test_special_files_for_every_file_option(tmp_path, kind: str, args: list[str]) -> None:
    """A FIFO, /dev/zero or a folder given for a file: refused with a message, or used, in a
    subprocess with a timeout and 4 GB of address space (an unbounded read fails fast).
    Outputs to a FIFO are left out: writing one waits for its reader, as a pipe should."""
    import resource
    import subprocess
    import sys
    from pathlib import Path

    output = any(a in args for a in ("--out", "--report"))
    if kind == "fifo" and output and "--resume" not in args:
        pytest.skip("an output FIFO waits for its reader, by design")
    special = {"fifo": tmp_path / "fifo", "zero": Path("/dev/zero"), "folder": tmp_path / "dir"}[kind]
    if kind == "fifo":
        os.mkfifo(special)
    elif kind == "folder":
        special.mkdir()

    def little_memory() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (4 * 2**30, 4 * 2**30))

    command = [sys.executable, "-m", "satlink", *[a.format(f=special) for a in args]]
    try:
        done = subprocess.run(command, cwd=ROOT, capture_output=True,
                              text=True, timeout=60, preexec_fn=little_memory)
    except subprocess.TimeoutExpired:
        pytest.fail(f"{args} with {kind} blocked")
    assert "Traceback" not in done.stderr and "internal error" not in done.stderr, done.stderr
    assert done.returncode in (0, 1, 2), done.stderr
    if not output or kind == "folder":
        assert done.returncode == 2 or kind == "zero" and output, done.stderr
