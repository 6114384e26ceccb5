"""``generate --scheduler``: attempts on a Dask cluster (a LocalCluster here), recorded by one
process, with the local pool's guarantees: the same puzzles, each proven unique, none
repeated, duplicates stored once, and nothing lost or repeated when a worker or the client
is killed mid-run."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import time
from contextlib import closing

import pytest

from satlink import Board, check
from satlink.generate.catalogue import Catalogue
from satlink.generate.params import make_params
from satlink.generate.request import ParamsRequest
from satlink.generate.runner import Workers, run_generation

distributed = pytest.importorskip("distributed")


@pytest.fixture(scope="module")
def cluster():
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None, host="127.0.0.1") as made:
        yield made


SIX = make_params(ParamsRequest("6x6", seed=9))
COUNT = 20


@pytest.fixture(scope="module")
def reference() -> list[str]:
    """The 6x6 pack one local process makes: what every kill test must end with."""
    return _local(SIX, COUNT)[0]


def _hashes(catalogue: Catalogue, params) -> list[str]:
    return [row["hash"] for row in catalogue.puzzles(run=params.key(), order="attempt")]


def _local(params, count: int) -> tuple[list[str], object]:
    catalogue = Catalogue(":memory:")
    assert run_generation(params, count, catalogue) == count
    return _hashes(catalogue, params), catalogue.state(params)


def _all_proven(catalogue: Catalogue, params) -> None:
    for row in catalogue.puzzles(run=params.key()):
        assert check(Board.from_json(row["grid"]), row["rules"]).status == "unique"


def test_a_cluster_makes_the_local_pack_and_stores_duplicates_once(cluster) -> None:
    """4x4 boards repeat often: the duplicates the workers make are counted, not stored,
    and the run holds the very puzzles one local process makes."""
    params = make_params(ParamsRequest("4x4", seed=5))
    expected, state = _local(params, 12)
    assert state.duplicates > 0  # the test means something only if duplicates are made
    catalogue = Catalogue(":memory:")
    seen = []
    assert run_generation(params, 12, catalogue, Workers(scheduler=cluster.scheduler_address),
                          progress=lambda outcome, result, have: seen.append(outcome)) == 12
    assert _hashes(catalogue, params) == expected
    assert catalogue.state(params) == state
    assert seen.count("duplicate") == state.duplicates and seen.count("accepted") == 12
    _all_proven(catalogue, params)


def test_a_worker_killed_mid_run_loses_and_repeats_nothing(cluster, reference) -> None:
    params, expected = SIX, reference
    catalogue = Catalogue(":memory:")
    killed = []
    with distributed.Client(cluster) as client:
        pids = client.run(os.getpid)

        def kill_one(outcome, result, have) -> None:
            if have == 3 and not killed:  # mid-run: 17 puzzles still to come
                victim = sorted(pids.values())[0]
                os.kill(victim, signal.SIGKILL)
                killed.append(victim)

        assert run_generation(params, COUNT, catalogue, Workers(client=client),
                              progress=kill_one) == COUNT
        assert killed and killed[0] not in client.run(os.getpid).values()  # a new one runs
    assert _hashes(catalogue, params) == expected  # exactly --count, none lost or repeated
    assert len(set(expected)) == COUNT
    _all_proven(catalogue, params)


def test_a_killed_client_resumes_from_the_catalogue(cluster, reference, tmp_path) -> None:
    params, count, expected = SIX, COUNT, reference
    db = tmp_path / "levels.sqlite"
    command = [sys.executable, "-m", "satlink", "generate", "--size", "6x6", "--count",
               str(count), "--seed", "9", "--db", str(db), "--scheduler",
               cluster.scheduler_address, "--out", str(tmp_path / "pack.jsonl")]
    client = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    stored = 0
    deadline = time.monotonic() + 60
    while stored < 3 and time.monotonic() < deadline and client.poll() is None:
        time.sleep(0.05)
        if db.exists():
            try:
                with closing(sqlite3.connect(db)) as peek:
                    stored = peek.execute("SELECT COUNT(*) FROM puzzles").fetchone()[0]
            except sqlite3.Error:  # the schema is being written
                stored = 0
    client.send_signal(signal.SIGKILL)
    client.wait()
    catalogue = Catalogue(str(db))
    assert 3 <= catalogue.state(params).accepted < count  # killed mid-run
    # resumed through the API: the same run, and a second process would only add imports
    assert run_generation(params, count, catalogue,
                          Workers(scheduler=cluster.scheduler_address)) == count
    assert _hashes(catalogue, params) == expected  # nothing lost, nothing stored twice
    assert catalogue.state(params).accepted == count
    _all_proven(catalogue, params)
    catalogue.close()
