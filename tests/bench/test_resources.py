"""What a run costs the machine: CPU time and peak memory for PySAT backends and solver
binaries alike, within 10 % of what the run itself measured; the CPU-time cutoff kills."""

from __future__ import annotations

import resource
import sys
import time
from pathlib import Path

import pytest

from satlink.bench.configs import BenchConfig
from satlink.bench.external import parse_external
from satlink.bench.runner import ROW_FIELDS, BenchBoard, RunOptions, run_one
from satlink.board import Board
from satlink.solver.method import Method
from tests.support.paths import ROOT

SCRIPT = ROOT / "tests" / "support" / "competition_solver.py"
BOARD = BenchBoard("corner", Board.from_rows(["A..", "...", "..A"]), "fill")
UNIQUE = BenchBoard("pairs", Board.from_rows(["AB..", "..A.", "B..."]), "fill")
WHOLE = Method(encoding="acyclic", presolve=False, pieces=False, stricter_first=False)


def _reported(path: Path) -> list[tuple[float, float]]:
    return [tuple(map(float, line.split())) for line in path.read_text().splitlines()]


def test_a_solver_binary_burning_cpu_and_memory_is_measured_within_ten_percent(
        tmp_path: Path) -> None:
    report = tmp_path / "used.txt"
    burner = parse_external(f"burner={sys.executable} {SCRIPT} --burn 1.5 --touch 300 "
                            f"--report {report} {{cnf}}")
    row = run_one(UNIQUE, BenchConfig(WHOLE, burner), RunOptions(timeout=60))
    assert row["status"] == "unique", row
    used = _reported(report)
    assert len(used) == row["sat_calls"] == 2
    cpu = sum(c for c, _ in used)
    peak_mib = max(k for _, k in used) / 1024
    # what the stand-in measured before it solved; PySAT's import and solve come after it
    assert cpu <= row["solver_cpu_seconds"] <= 1.10 * cpu, (row["solver_cpu_seconds"], cpu)
    assert peak_mib <= row["solver_peak_rss_mb"] <= 1.10 * peak_mib, (row, peak_mib)
    assert row["cpu_seconds"] >= row["solver_cpu_seconds"]  # the run's own share on top


def test_a_pysat_run_burning_cpu_and_memory_is_measured_within_ten_percent(
        tmp_path: Path, monkeypatch) -> None:
    from satlink.solver.backend import Backend

    report = tmp_path / "used.txt"
    solve = Backend.solve

    def burning(self, deadline, assumptions=None):
        held = bytearray(300 * 1024 * 1024)
        for page in range(0, len(held), 4096):
            held[page] = 1
        begun = time.process_time()
        while time.process_time() - begun < 1.0:
            sum(range(10_000))
        own = resource.getrusage(resource.RUSAGE_SELF)
        with report.open("a") as handle:
            handle.write(f"{own.ru_utime + own.ru_stime} {own.ru_maxrss}\n")
        return solve(self, deadline, assumptions)

    monkeypatch.setattr(Backend, "solve", burning)
    row = run_one(BOARD, BenchConfig(WHOLE), RunOptions(timeout=60))
    assert row["status"] == "multiple", row
    cpu, peak_kib = _reported(report)[-1]  # the last call: everything before it included
    assert cpu <= row["cpu_seconds"] <= 1.10 * cpu, (row["cpu_seconds"], cpu)
    # the row gives MiB to one decimal: the run's own peak may be reported 0.05 MiB under
    assert peak_kib / 1024 - 0.05 <= row["peak_rss_mb"] <= 1.10 * peak_kib / 1024, row
    assert row["solver_cpu_seconds"] is None  # the solver is inside the run's process


def test_the_cpu_cutoff_kills_a_run_that_burns_past_it() -> None:
    forever = parse_external(f"forever={sys.executable} {SCRIPT} --burn -1 {{cnf}}")
    begun = time.monotonic()
    row = run_one(UNIQUE, BenchConfig(WHOLE, forever), RunOptions(timeout=60, cpu_timeout=1.0))
    assert time.monotonic() - begun < 30
    assert row["status"] == "timeout" and row["killed"] and row["killed_by"] == "cpu", row
    assert 1.0 <= row["cpu_seconds"] <= 1.5, row
    assert set(ROW_FIELDS) <= set(row)  # killed: every field, null where unknown
    assert row["find_seconds"] is None and row["presolve_seconds"] is None


def test_a_killed_run_writes_every_field() -> None:
    sleepy = parse_external(f"sleepy={sys.executable} {SCRIPT} --sleep 30 {{cnf}}")
    row = run_one(UNIQUE, BenchConfig(WHOLE, sleepy), RunOptions(timeout=1.0))
    assert row["status"] == "timeout"
    assert list(row)[:len(ROW_FIELDS)] == ROW_FIELDS
    assert row["load_1m"] is not None and row["cpu_seconds"] is not None


@pytest.mark.parametrize("isolate", [True, False])
def test_every_row_has_every_field(isolate: bool) -> None:
    row = run_one(BOARD, BenchConfig(WHOLE), RunOptions(timeout=30, isolate=isolate))
    assert list(row)[:len(ROW_FIELDS)] == ROW_FIELDS and row["cpu_seconds"] >= 0
