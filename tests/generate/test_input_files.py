"""The files ``generate`` reads (``--shape``, ``--db``): what is not a regular file or not
UTF-8 is located in its file, never read forever."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support.cli import run
from tests.support.paths import ROOT


@pytest.mark.skipif(not hasattr(__import__("os"), "mkfifo"), reason="needs FIFOs and /dev/zero")
@pytest.mark.parametrize("option", ["--shape", "--db", "export --db"])
@pytest.mark.parametrize("kind,message", [("fifo", "a FIFO (named pipe), not a regular file"),
                                          ("device", "a character device, not a regular file")])
def test_shape_and_db_refuse_what_is_not_a_regular_file(
        tmp_path: Path, option: str, kind: str, message: str) -> None:
    """Issue 25, row 6: ``--shape /dev/zero`` grew without bound, a FIFO blocked forever.
    Run in a subprocess with little memory and a timeout, so the old behaviour fails fast."""
    import os
    import resource
    import subprocess
    import sys

    path = tmp_path / "special"
    if kind == "fifo":
        os.mkfifo(path)
    else:
        path = Path("/dev/zero")
    args = (["export", "--db", str(path)] if option == "export --db"
            else ["generate", option, str(path), "--count", "1", "--size", "3x3"])

    def little_memory() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (4 * 2**30, 4 * 2**30))

    try:
        done = subprocess.run([sys.executable, "-m", "satlink", *args], cwd=ROOT,
                              capture_output=True, text=True, timeout=30, preexec_fn=little_memory)
    except subprocess.TimeoutExpired:
        pytest.fail(f"{args} blocked")
    assert done.returncode == 2, done.stderr
    assert str(path) in done.stderr and message in done.stderr, done.stderr
    assert "Traceback" not in done.stderr


def test_a_shape_that_is_not_utf8_is_located_in_its_file(tmp_path: Path) -> None:
    shape = tmp_path / "mask.txt"
    shape.write_bytes(b"...\n.\xff.\n")
    result = run("generate", "--shape", str(shape), "--count", "1")
    assert result.exit_code == 2
    assert f"--shape {shape}: line 2, column 2: not UTF-8 text: byte 0xff" in result.output
