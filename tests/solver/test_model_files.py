"""Model files given to ``decode``: what is not UTF-8, not a regular file, too long or too
deeply nested is located invalid input, and a huge literal is quoted short."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support.cli import run
from tests.support.paths import ROOT


def test_a_model_file_that_is_not_utf8_is_invalid_input(tmp_path: Path) -> None:
    model = tmp_path / "m.txt"
    model.write_bytes(b"v 1 \xff\xfe 0\n")
    result = run("decode", "example", str(model))
    assert result.exit_code == 2 and "not UTF-8" in result.output


@pytest.mark.skipif(not hasattr(__import__("os"), "mkfifo"), reason="needs FIFOs and /dev/zero")
@pytest.mark.parametrize("kind,message", [("fifo", "a FIFO (named pipe), not a regular file"),
                                          ("device", "a character device, not a regular file")])
def test_decode_refuses_a_model_that_is_not_a_regular_file(
        tmp_path: Path, kind: str, message: str) -> None:
    import os
    import resource
    import subprocess
    import sys

    model = tmp_path / "model.fifo"
    if kind == "fifo":
        os.mkfifo(model)
    else:
        model = Path("/dev/zero")

    def little_memory() -> None:  # reading /dev/zero to its end must fail fast, not swap
        resource.setrlimit(resource.RLIMIT_AS, (4 * 2**30, 4 * 2**30))

    done = subprocess.run([sys.executable, "-m", "satlink", "decode", "example", str(model)],
                          cwd=ROOT, capture_output=True, text=True,
                          timeout=30, preexec_fn=little_memory)
    assert done.returncode == 2, done.stderr
    assert f"{model}: cannot read file: it is {message}" in done.stderr


def test_decode_reads_a_model_up_to_the_read_cap(tmp_path: Path, monkeypatch) -> None:
    import satlink.formats

    monkeypatch.setattr(satlink.formats, "MAX_READ_BYTES", 100)
    model = tmp_path / "m.txt"
    model.write_text("v " + " ".join(str(i) for i in range(1, 200)) + " 0\n")
    for args, stdin in (([str(model)], None), (["-"], model.read_text())):
        result = run("decode", "example", *args, stdin=stdin)
        assert result.exit_code == 2 and "longer than the read limit of 100 bytes" in result.output


def test_decode_locates_a_geometry_line_nested_too_deeply(tmp_path: Path) -> None:
    """Issue 25, row 2."""
    cnf = tmp_path / "b.cnf"
    assert run("cnf", "example", "--out", str(cnf)).exit_code == 0
    lines = cnf.read_text().splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("c grid "))
    lines.insert(at, "c geometry " + "[" * 3000)
    cnf.write_text("\n".join(lines) + "\n")
    model = tmp_path / "m.txt"
    model.write_text("v -1 0\n")
    result = run("decode", str(cnf), str(model))
    assert result.exit_code == 2, result.output
    assert f"{cnf}: line {at + 1}: the 'c geometry' line is not geometry JSON (nested too deeply)" \
        in result.output


def test_a_model_literal_of_thousands_of_digits_is_quoted_short(tmp_path: Path) -> None:
    model = tmp_path / "m.txt"
    model.write_text("v 1 -" + "9" * 5000 + " 0\n")
    result = run("decode", "example", str(model))
    assert result.exit_code == 2 and "(5,001 characters)" in result.output
    assert len(result.output) < 300
