"""Worker processes: a scheduler that cannot be used is a usage error, workers end with their
parent, and ``--jobs`` is capped at the cores available."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support.cli import BOARD, run
from tests.support.paths import ROOT


@pytest.mark.parametrize("address,message", [
    ("tcp://127.0.0.1:1", "cannot reach the Dask scheduler at tcp://127.0.0.1:1 within 1 s"),
    ("not-a-url", "'not-a-url' is not a Dask scheduler address"),
    ("", "--scheduler is empty"),
])
def test_a_scheduler_that_cannot_be_used_is_a_usage_error_and_out_is_kept(
        tmp_path: Path, address: str, message: str) -> None:
    import time

    if address.startswith("tcp"):
        pytest.importorskip("distributed")
    pack = tmp_path / "pack.txt"
    pack.write_text(BOARD)
    out = tmp_path / "r.jsonl"
    earlier = '{"source": "p", "index": 1, "hash": "h", "status": "unique"}\n'
    out.write_text(earlier)  # an earlier run's results: --out would be replaced
    start = time.monotonic()
    result = run("validate", str(pack), "--out", str(out), "--scheduler", address,
                 "--scheduler-timeout", "1")
    assert time.monotonic() - start < 10
    assert result.exit_code == 2, result.output
    assert message in result.output and "Traceback" not in result.output
    assert out.read_text() == earlier


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc")
@pytest.mark.parametrize("command", ["validate", "generate"])
def test_workers_end_when_their_parent_is_killed(tmp_path: Path, command: str) -> None:
    import signal
    import subprocess
    import sys

    from testbed.boards import parity_rows
    from tests.support.processes import kill_all, wait_for_children, wait_gone

    if command == "validate":  # slow boards (unfillable by parity, SAT alone) keep both workers busy
        pack = tmp_path / "slow.txt"
        pack.write_text("".join(f"{n} {n}\n" + "\n".join(parity_rows(n)) + "\n" for n in (20, 22)))
        args = ["validate", str(pack), "--rules", "fill", "--no-presolve", "--timeout", "60",
                "--jobs", "2",
                "--out", str(tmp_path / "r.jsonl")]
    else:
        args = ["generate", "--size", "40x40", "--count", "100", "--jobs", "2",
                "--out", str(tmp_path / "p.jsonl")]
    proc = subprocess.Popen([sys.executable, "-m", "satlink", *args], cwd=ROOT,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    workers: list[int] = []
    try:
        workers = wait_for_children(proc.pid, 2, 30)
        assert len(workers) == 2
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        assert wait_gone(workers, 5) == []
    finally:
        proc.kill()
        proc.wait()
        kill_all(workers)


@pytest.mark.parametrize("command", ["generate", "validate"])
def test_jobs_is_capped_at_the_cores_available(tmp_path: Path, monkeypatch, command: str) -> None:
    """Issue 25, row 8: --jobs 99999 started thousands of processes."""
    import satlink.batch.run
    import satlink.cli.options
    import satlink.generate.runner
    from satlink.generate.runner import Workers

    monkeypatch.setattr(satlink.cli.options, "cores", lambda: 2)
    asked: list[int] = []
    if command == "generate":
        real = satlink.generate.runner.run_generation
        monkeypatch.setattr(satlink.generate.runner, "run_generation",
                            lambda p, n, c, workers, *a, **k: asked.append(workers.jobs)
                            or real(p, n, c, Workers(1), *a, **k))
        result = run("generate", "--size", "4x4", "--count", "1", "--jobs", "99999")
    else:
        real_run = satlink.batch.run.validate_tasks
        monkeypatch.setattr(satlink.batch.run, "validate_tasks",
                            lambda tasks, options, *a, **k: asked.append(options.jobs)
                            or real_run(tasks, options, *a, **k))
        pack = tmp_path / "pack.txt"
        pack.write_text(BOARD)
        result = run("validate", str(pack), "--jobs", "99999")
    assert result.exit_code in (0, 1), result.output
    assert "note: --jobs 99999 is more than the 2 cores available; using 2" in result.output
    assert asked == [2]
