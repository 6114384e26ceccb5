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
