"""satlink validate: every status, crash safety, resume, Dask, duplicates, the HTML report."""

from __future__ import annotations

import json
import multiprocessing
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from satlink import parse_rules
from satlink.batch.local import run_local
from satlink.batch.run import RunOptions, validate_tasks
from satlink.batch.tasks import plan
from satlink.canonical import transforms
from satlink.cli import main
from tests.support.packs import PARITY, SAT_ALONE, write_mixed_pack
from tests.support.processes import children, kill_all, wait_gone


def statuses(records: list[dict]) -> list[tuple[str, int, str]]:
    return [(Path(r["source"]).name, r["index"], r["status"]) for r in records]


def test_mixed_pack_gives_every_status(tmp_path) -> None:
    files = write_mixed_pack(tmp_path)
    out = tmp_path / "results.jsonl"
    result = validate_tasks(plan(files, parse_rules("fill")),
                            RunOptions(jobs=2, timeout=0.5, out=str(out), method=SAT_ALONE))
    got = statuses(result.records)
    assert got == [("pack.txt", 1, "multiple"), ("pack.txt", 2, "unsolvable"),
                   ("pack.txt", 3, "unique"), ("pack.txt", 4, "duplicate-of"),
                   ("pack.txt", 5, "invalid"), ("pack.txt", 6, "timeout"),
                   ("shipped.jsonl", 1, "solution-mismatch"), ("shipped.jsonl", 2, "solution-mismatch")]
    by_index = {(Path(r["source"]).name, r["index"]): r for r in result.records}
    assert by_index[("pack.txt", 1)]["diff_cells"] and len(by_index[("pack.txt", 1)]["solutions"]) == 2
    assert by_index[("pack.txt", 4)]["duplicate_of"]["index"] == 1
    assert by_index[("pack.txt", 5)]["error"]["line"] == 16  # the ragged ".." row
    assert "jumps" in by_index[("shipped.jsonl", 1)]["mismatch"][0]
    assert "stay empty" in by_index[("shipped.jsonl", 2)]["mismatch"][0]
    lines = [json.loads(line) for line in out.read_text().splitlines()]
    assert sorted(statuses(lines)) == sorted(got)


def test_worker_killed_mid_board_is_an_error_and_the_batch_completes(tmp_path) -> None:
    pack = tmp_path / "p.txt"
    pack.write_text("20 20\n" + "\n".join(PARITY) + "\n3 1\nA.A\n2 1\nBB\n")
    tasks = plan([str(pack)], parse_rules("fill"))

    def kill_workers() -> None:
        for child in multiprocessing.active_children():
            os.kill(child.pid, signal.SIGKILL)

    timer = threading.Timer(1.0, kill_workers)
    timer.start()
    try:
        records = list(run_local(tasks, jobs=1, timeout=30, method=SAT_ALONE))
    finally:
        timer.cancel()
    by_index = {r["index"]: r for r in records}
    assert by_index[1]["status"] == "error" and "died" in by_index[1]["error"]["message"]
    assert by_index[2]["status"] == by_index[3]["status"] == "unique"


def test_resume_after_killing_the_process_gives_one_line_per_board(tmp_path) -> None:
    pack = tmp_path / "many.jsonl"
    result = CliRunner().invoke(main, ["generate", "--size", "14x14", "--count", "60", "--seed", "3",
                                       "-o", str(pack)])
    assert result.exit_code == 0
    out = tmp_path / "r.jsonl"
    cmd = [sys.executable, "-m", "satlink", "validate", str(pack), "--out", str(out), "--jobs", "1",
           "--resume"]
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    workers: list[int] = []
    try:
        deadline = time.time() + 60
        while time.time() < deadline and (not out.exists() or out.read_text().count("\n") < 5):
            time.sleep(0.02)
        workers = children(proc.pid)
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        assert wait_gone(workers, 5) == []  # its worker does not outlive it
    finally:
        proc.kill()
        proc.wait()
        kill_all(workers)
    first = out.read_text().count("\n")
    assert 0 < first < 60
    with out.open("a") as handle:  # a line cut short by the crash must not survive
        handle.write('{"source": "cut sho')
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    records = [json.loads(line) for line in out.read_text().splitlines()]
    keys = [(r["source"], r["index"]) for r in records]
    assert len(keys) == len(set(keys)) == 60
    assert all(r["status"] == "unique" for r in records)


def test_duplicates_under_all_eight_symmetries(tmp_path) -> None:
    base = ("AB..", "..C.", "A.BC")
    names = str.maketrans("ABC", "xyz")
    boards = [[row.translate(names) if i % 2 else row for row in t]
              for i, t in enumerate(transforms(base))]
    pack = tmp_path / "sym.grid"
    pack.write_text("\n\n".join("\n".join(b) for b in boards) + "\n")
    records = validate_tasks(plan([str(pack)], parse_rules("nikoli")), RunOptions(jobs=1)).records
    assert [r["status"] == "duplicate-of" for r in records] == [False] + [True] * 7
    assert all(r["duplicate_of"] == {"source": str(pack), "index": 1} for r in records[1:])


def test_dask_local_cluster_gives_the_same_results(tmp_path) -> None:
    distributed = pytest.importorskip("distributed")
    files = write_mixed_pack(tmp_path)
    tasks = plan(files, parse_rules("fill"))
    local = validate_tasks(tasks, RunOptions(jobs=2, timeout=0.5)).records
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None, host="127.0.0.1") as cluster:
        remote = validate_tasks(tasks, RunOptions(timeout=0.5, scheduler=cluster.scheduler_address,
                                                  out=str(tmp_path / "dask.jsonl"))).records
    assert statuses(remote) == statuses(local)
    assert [r.get("solutions") for r in remote] == [r.get("solutions") for r in local]


def test_validate_cli_exit_codes_and_summary(tmp_path) -> None:
    runner = CliRunner()
    good = runner.invoke(main, ["validate", "example", "--jobs", "1"])
    assert good.exit_code == 0
    bad = tmp_path / "bad.txt"
    bad.write_text("3 3\nA..\n...\n..A\n")
    assert runner.invoke(main, ["validate", str(bad), "--rules", "fill"]).exit_code == 1
    assert runner.invoke(main, ["validate", str(bad), "--resume"]).exit_code == 2


def test_render_writes_svg_and_png(tmp_path) -> None:
    runner = CliRunner()
    svg, png = tmp_path / "b.svg", tmp_path / "b.png"
    result = runner.invoke(main, ["render", "example", "--index", "2", "--svg", str(svg), "--png", str(png)])
    assert result.exit_code == 0
    assert svg.read_text().startswith("<svg") and "<polyline" in svg.read_text()
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_render_solves_with_the_method_options(tmp_path) -> None:
    svg = tmp_path / "b.svg"
    args = ["render", "-", "--svg", str(svg), "--rules", "fill", "--encoding", "acyclic",
            "--solver", "cadical195", "--lemmas", "none"]
    result = CliRunner().invoke(main, args, input="AB\n..\nAB\n")
    assert result.exit_code == 0, result.output
    assert "<polyline" in svg.read_text()
    unsound = CliRunner().invoke(main, args[:-1] + ["corner"], input="AB\n..\nAB\n")
    assert unsound.exit_code == 2 and "only sound under rules" in unsound.output


def test_a_duplicate_with_a_wrong_shipped_solution_carries_both_facts(tmp_path) -> None:
    pack = tmp_path / "dups.jsonl"
    pack.write_text("".join(json.dumps(board) + "\n" for board in [
        {"grid": ["C..C"]},
        {"grid": ["C..C"], "solution": {"C": [[0, 0], [0, 3]]}},  # jumps
        {"grid": ["C..C"], "solution": {"C": [[0, 0], [0, 1], [0, 2], [0, 3]]}},  # right
    ]))
    first, wrong, right = validate_tasks(plan([str(pack)]), RunOptions(jobs=1)).records
    assert first["status"] == "unique"
    assert wrong["status"] == "solution-mismatch" and "jumps" in wrong["mismatch"][0]
    assert wrong["duplicate_of"] == {"source": str(pack), "index": 1}
    assert wrong["solutions"] == first["solutions"] and wrong["stats"]["edges"] == 3
    assert right["status"] == "duplicate-of" and "mismatch" not in right and "stats" not in right
