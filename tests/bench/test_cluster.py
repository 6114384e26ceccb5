"""``satlink bench --scheduler``: the same study on a Dask cluster (two local workers here,
one of them killed mid-study) gives the same rows as the local run."""

from __future__ import annotations

import os
import signal

import pytest

from satlink.bench.cluster import run_on_cluster
from satlink.bench.configs import bench_configs, configurations
from satlink.bench.runner import BenchBoard, RunOptions, run_interleaved
from satlink.board import Board

distributed = pytest.importorskip("distributed")

SAME = ("board", "config", "repeat", "status", "expected", "variables", "clauses", "sat_calls",
        "presolve", "sat_bound", "killed")
"""What two runs of one study share (times and resources differ from run to run)."""


def _boards() -> list[BenchBoard]:
    rows = [["A...B", ".....", ".....", ".....", "B...A"], ["AB..", "..A.", "B..."],
            ["A..", "...", "..A"], ["A..B", "....", "....", "A..B"],
            ["A....", ".....", "..B..", ".....", "B...A"], ["AB.", "...", "A.B"]]
    return [BenchBoard(f"b{i}", Board.from_rows(r), "fill") for i, r in enumerate(rows)]


def test_a_study_on_two_workers_with_one_killed_equals_the_local_run() -> None:
    boards = _boards()
    configs = bench_configs(configurations("binary-edge,acyclic", "glucose4", presolve="off"),
                            [])
    options = RunOptions(timeout=30)
    local = run_interleaved(boards, configs, options, repeat=2)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None, host="127.0.0.1") as cluster, \
            distributed.Client(cluster) as client:
        pids = client.run(os.getpid)
        victim = sorted(pids.values())[0]
        seen: list[dict] = []

        def kill_one(row: dict) -> None:
            seen.append(row)
            if len(seen) == 2:  # mid-study: most runs are still queued or running
                os.kill(victim, signal.SIGKILL)

        remote = run_on_cluster(boards, configs, options, 2, client, kill_one)
        assert victim not in client.run(os.getpid).values()  # it died (its nanny made another)
    assert len(remote) == len(local) == len(boards) * len(configs) * 2
    assert [tuple(r[k] for k in SAME) for r in remote] == [tuple(r[k] for k in SAME)
                                                          for r in local]
    assert not any(r["status"] == "error" for r in remote)
    assert set(remote[0]) == set(local[0])  # the same fields, in form identical


def test_bench_scheduler_on_the_command_line_writes_the_local_form(tmp_path) -> None:
    import json

    from click.testing import CliRunner

    from satlink.cli import main

    args = ["bench", "example", "--limit", "3", "--presolve", "off", "--timeout", "20"]
    local, remote = tmp_path / "local.json", tmp_path / "remote.json"
    assert CliRunner().invoke(main, [*args, "--out", str(local)]).exit_code == 0
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None, host="127.0.0.1") as cluster:
        result = CliRunner().invoke(main, [*args, "--scheduler", cluster.scheduler_address,
                                           "--out", str(remote)])
    assert result.exit_code == 0, result.output
    here, there = json.loads(local.read_text()), json.loads(remote.read_text())
    assert [tuple(r[k] for k in SAME) for r in there["rows"]] == [
        tuple(r[k] for k in SAME) for r in here["rows"]]
    assert there["settings"]["scheduler"] == cluster.scheduler_address
    assert set(there) == set(here) and set(there["rows"][0]) == set(here["rows"][0])


def test_an_unreachable_scheduler_is_a_usage_error(tmp_path) -> None:
    from click.testing import CliRunner

    from satlink.cli import main

    result = CliRunner().invoke(main, ["bench", "example", "--scheduler", "tcp://127.0.0.1:1",
                                       "--scheduler-timeout", "1"])
    assert result.exit_code == 2 and "cannot reach the Dask scheduler" in result.output
