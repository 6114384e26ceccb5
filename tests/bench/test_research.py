"""The research harness's promises: a cutoff that holds, external solvers by the competition
protocol, the two SAT phases apart, corpus export with exact statuses, metadata (issue 35)."""

from __future__ import annotations

import csv
import json
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from satlink.bench.configs import BenchConfig, bench_configs, configurations
from satlink.bench.external import ExternalSolver, ExternalSpecError, parse_external
from satlink.bench.isolate import KILL_GRACE
from satlink.bench.runner import BenchBoard, RunOptions, apply_cutoff, run_interleaved, run_one
from satlink.bench.summary import PAR_FACTOR, disagreements, summarise
from satlink.board import Board
from satlink.cli import main
from satlink.solver.check import check
from satlink.solver.method import Method
from testbed.boards import TRAP
from tests.support.paths import ROOT

SCRIPT = ROOT / "tests" / "support" / "competition_solver.py"
TINY = f"{sys.executable} {SCRIPT} {{cnf}}"
SMALL = [("trap", TRAP), ("corner", ["A..", "...", "..A"]), ("none", ["AB", "BA"]),
         ("pairs", ["AB..", "..A.", "B..."]), ("square", ["A..B", "....", "....", "A..B"])]
"""Under ``fill``: unique (the lazy loop must cut a detached cycle first), multiple,
unsolvable, unique, multiple."""


def small_boards() -> list[BenchBoard]:
    return [BenchBoard(name, Board.from_rows(rows), "fill") for name, rows in SMALL]


def tiny(name: str = "tiny", flags: str = "") -> ExternalSolver:
    return parse_external(f"{name}={sys.executable} {SCRIPT} {flags} {{cnf}}")


def mz_boards(corpus: Path, names: tuple[str, ...]) -> list[BenchBoard]:
    from satlink.formats import read_file

    out = []
    for name in names:
        (entry,) = read_file(str(corpus / "mzucker-flow_solver" / "puzzles" / f"{name}.txt"))
        out.append(BenchBoard(name, entry.board, str(entry.rules_under(None))))
    return out


# -- the cutoff -------------------------------------------------------------------------------

def test_a_backend_that_sleeps_past_the_cutoff_is_killed_there_and_counted_a_timeout(
        monkeypatch) -> None:
    """A PySAT backend that ignores its deadline (as CaDiCaL 1.9.5's budget slices and Kissat
    can) runs in a child process killed at the cutoff; the next board goes on normally."""
    from satlink.solver.backend import Backend

    solve = Backend.solve

    def stuck(self, deadline, assumptions=None):
        if self.name == "minisat22":
            time.sleep(60)  # no deadline is looked at: only a kill ends this
        return solve(self, deadline, assumptions)

    monkeypatch.setattr(Backend, "solve", stuck)
    configs = bench_configs(configurations("binary-edge", "glucose4,minisat22", presolve="off"),
                            [])
    cutoff = 1.0
    boards = small_boards()[:2]
    rows = run_interleaved(boards, configs, RunOptions(timeout=cutoff))
    slept = [r for r in rows if "minisat22" in r["config"]]
    assert [r["status"] for r in slept] == ["timeout", "timeout"]
    assert all(r["killed"] and abs(r["seconds"] - cutoff) < 0.5 for r in slept)
    assert all(r["variables"] for r in slept)  # sent before the search: known though killed
    fine = [r for r in rows if "glucose4" in r["config"]]
    assert [r["status"] for r in fine] == ["unique", "multiple"] and not any(
        r["killed"] for r in fine)
    table = {t["config"]: t for t in summarise(rows, cutoff)}
    stuck_row = table["binary-edge/minisat22/no-presolve"]
    assert stuck_row["solved"] == 0 and stuck_row["timeouts"] == 2
    assert stuck_row["par2_sum_seconds"] == PAR_FACTOR * cutoff * 2
    assert stuck_row["par2_mean_seconds"] == PAR_FACTOR * cutoff
    solved = table["binary-edge/glucose4/no-presolve"]
    assert solved["par2_sum_seconds"] == pytest.approx(sum(r["seconds"] for r in fine), abs=1e-3)


def test_an_external_solver_that_sleeps_is_killed_at_the_cutoff() -> None:
    config = BenchConfig(Method(encoding="acyclic", presolve=False), tiny("sleepy", "--sleep 30"))
    begun = time.monotonic()
    row = run_one(small_boards()[0], config, RunOptions(timeout=1.0))
    assert row["status"] == "timeout" and abs(row["seconds"] - 1.0) < 0.5
    assert time.monotonic() - begun < 1.0 + KILL_GRACE + 1.0
    # stopped at its deadline by the harness's own kill of the solver, or (on a loaded
    # machine) killed whole a grace later: then the phases were never reported, null
    assert row["prove_calls"] is None
    assert row["find_calls"] == 1 or (row["killed"] and row["find_calls"] is None)


def test_the_memory_limit_holds_in_process_and_for_external_solvers() -> None:
    from satlink.bench.isolate import run_isolated

    def greedy(report) -> dict:
        return {"status": "unique", "held": len(bytearray(800 * 1024 * 1024))}

    starved = run_isolated(greedy, 30, memory_mb=100)  # far beyond what the parent freed
    assert starved.row is not None and starved.row["status"] == "memout", starved
    assert run_isolated(greedy, 30).row["held"] == 800 * 1024 * 1024
    board, method = small_boards()[0], Method(presolve=False)
    assert run_one(board, BenchConfig(method), RunOptions(timeout=30, memory_mb=200))[
        "status"] == "unique"
    hog = BenchConfig(method, tiny("hog", "--hog 1000"))
    refused = run_one(board, hog, RunOptions(timeout=30, memory_mb=500))
    assert refused["status"] == "error" and "MemoryError" in refused["error"], refused
    assert run_one(board, hog, RunOptions(timeout=30))["status"] == "unique"


def test_an_answer_after_the_cutoff_is_a_timeout_everywhere() -> None:
    rows = [apply_cutoff({"board": "b", "config": "late", "status": "unique", "seconds": 1.3},
                         1.0),
            apply_cutoff({"board": "b", "config": "fast", "status": "multiple",
                          "seconds": 0.2}, 1.0)]
    assert rows[0]["status"] == "timeout" and rows[0]["late_status"] == "unique"
    assert disagreements(rows) == []  # a late answer is no verdict
    late = next(t for t in summarise(rows, 1.0) if t["config"] == "late")
    assert late["solved"] == 0 and late["par2_sum_seconds"] == 2.0


# -- external solvers -------------------------------------------------------------------------

def _verdicts(rows: list[dict], solver: str) -> dict[str, str]:
    return {r["board"]: r["status"] for r in rows if f"/{solver}/" in r["config"] + "/"}


def test_an_external_solver_gives_the_in_process_verdicts(corpus) -> None:
    """The tiny competition-protocol script (and Debian's cadical when installed): cycle cuts
    (binary-edge's trap needs them), a second solution and the uniqueness proof all run through
    the files; models are checked against every clause."""
    boards = small_boards() + mz_boards(corpus, ("regular_5x5_01", "unsolvable_cross"))
    externals = [tiny()]
    if shutil.which("cadical"):
        externals.append(parse_external("cadical=cadical -q {cnf}"))
    configs = bench_configs(configurations("binary-edge,acyclic", "glucose4", presolve="off"),
                            externals)
    rows = run_interleaved(boards, configs, RunOptions(timeout=60))
    assert not [r for r in rows if r["status"] in ("error", "timeout")], rows
    assert disagreements(rows) == []
    reference = {b.name: str(check(b.board, b.rules, method=Method(presolve=False)).status)
                 for b in boards}
    assert set(reference.values()) == {"unique", "multiple", "unsolvable"}
    for external in externals:
        assert _verdicts(rows, external.name) == reference
    trap = next(r for r in rows if r["board"] == "trap" and r["config"] == "binary-edge/tiny/"
                "no-presolve")
    assert trap["cycle_cuts"] >= 1 and trap["find_cuts"] == trap["cycle_cuts"]
    assert trap["find_conflicts"] is not None  # the tiny solver prints 'c conflicts:'


def test_an_external_solver_that_breaks_the_protocol_is_an_error() -> None:
    board = small_boards()[1]
    method = Method(encoding="acyclic", presolve=False)
    plain = run_one(small_boards()[2], BenchConfig(method, tiny()), RunOptions(timeout=30))
    # no conflicts line (none were needed), but a statistics section: 0, known
    assert plain["status"] == "unsolvable" and plain["conflicts"] == 0
    for flags, message in (("--exit-zero", "exit status 0"), ("--wrong-model", "falsifies"),
                           ("--quiet", None)):
        row = run_one(board, BenchConfig(method, tiny("t", flags)), RunOptions(timeout=30))
        if message is None:  # no statistics line: conflicts unknown, not zero
            assert row["status"] == "multiple" and row["conflicts"] is None
            assert row["find_conflicts"] is None and row["find_seconds"] > 0
        else:
            assert row["status"] == "error" and message in row["error"], row


def test_external_specifications_are_checked() -> None:
    for text, message in (("cadical", "NAME=COMMAND"), ("x=cat", "no {cnf}"),
                          ("x=no-such-solver-here {cnf}", "not found"),
                          ("glucose4=cat {cnf}", "already names"),
                          ("x=cat {cnf} {cutoff}", "unknown placeholder")):
        with pytest.raises(ExternalSpecError, match=message):
            parse_external(text, {"glucose4"})
    solver = parse_external("x=kissat --time={timeout} -q {cnf}".replace("kissat", "cat"))
    assert solver.argv("f.cnf", 2.2, None) == ["cat", "--time=3", "-q", "f.cnf"]
    assert tiny().version() == "competition_solver 1.0 (satlink tests)"


# -- what a record holds ----------------------------------------------------------------------

def test_find_and_prove_are_measured_apart_and_counters_missing_when_unknown() -> None:
    boards = small_boards()
    configs = bench_configs(configurations("binary-edge", "glucose4,kissat404", presolve="off"),
                            [], "incremental,one-shot")
    assert [c.label for c in configs] == [
        "binary-edge/glucose4/no-presolve", "binary-edge/glucose4/no-presolve/one-shot",
        "binary-edge/kissat404/no-presolve"]
    rows = run_interleaved(boards, configs, RunOptions(timeout=30))
    for row in rows:
        assert row["find_calls"] + (row["prove_calls"] or 0) == row["sat_calls"]
        assert row["find_seconds"] + (row["prove_seconds"] or 0) == pytest.approx(
            row["sat_seconds"], abs=1e-6)
        if row["status"] == "unsolvable":
            assert row["prove_calls"] is None  # nothing to block, no uniqueness call
        else:
            assert row["prove_calls"] >= 1
        if "kissat404" in row["config"]:
            assert row["conflicts"] is None and row["find_conflicts"] is None
        else:
            assert row["conflicts"] == row["find_conflicts"] + (row["prove_conflicts"] or 0)
    assert disagreements(rows) == []


def test_shuffled_formulas_give_the_same_verdicts() -> None:
    from satlink.bench.shuffle import Shuffle
    from satlink.cnf.clauses import Clauses

    clauses = Clauses()
    clauses.extend("x", [[1, -2], [2, 3], [-1, -3, 4]])
    shuffle = Shuffle(4, seed=7)
    renamed = shuffle.clauses(clauses).clauses
    assert sorted(map(sorted, renamed)) != sorted(map(sorted, clauses.clauses))
    assert sorted(sorted(abs(shuffle.backward[abs(x)]) * (1 if x > 0 else -1) for x in c)
                  for c in renamed) == sorted(map(sorted, clauses.clauses))
    boards = small_boards()
    configs = bench_configs(configurations("binary-edge,shape", "glucose4", presolve="off"), [])
    plain = run_interleaved(boards, configs, RunOptions(timeout=30))
    mixed = run_interleaved(boards, configs, RunOptions(timeout=30, shuffle=3), repeat=2)
    assert ({(r["board"], r["status"]) for r in plain}
            == {(r["board"], r["status"]) for r in mixed})


def test_bench_json_states_its_sets_metadata_and_spread(tmp_path: Path, corpus) -> None:
    out, table = tmp_path / "r.json", tmp_path / "r.csv"
    puzzles = corpus / "mzucker-flow_solver" / "puzzles"
    result = CliRunner().invoke(main, [
        "bench", str(puzzles / "regular_5x5_01.txt"), str(puzzles / "extreme_8x8_01.txt"),
        "-", "--encodings", "binary-edge,acyclic", "--timeout", "20", "--repeat", "2",
        "--presolve", "on,off",
        "--external", f"tiny={TINY}", "--out", str(out), "--csv", str(table)],
        input="AB..\n..A.\nB...\n")
    assert result.exit_code == 0, result.output
    assert "forced moves (presolve) decided" in result.output  # presolve on: warned
    assert "PAR-2: sum over all 3 boards, unsolved = 2 x 20 s" in result.output
    data = json.loads(out.read_text())
    assert data["version"] == 3
    assert data["machine"]["python_sat"] and data["machine"]["cpu_model"]
    assert data["machine"]["date"] and "git" in data["machine"]
    assert data["solvers"]["tiny"] == "competition_solver 1.0 (satlink tests)"
    assert data["solvers"]["glucose4"].startswith("Glucose 4.1 (python-sat ")
    assert len(data["corpus"]["sha256"]) == 64 and data["corpus"]["boards"] == 3
    assert data["settings"]["par2"] == {"factor": 2, "penalty_seconds": 40.0,
                                        "unsolved": "timeout, memout, error or wrong"}
    assert data["settings"]["cutoff"]["enforced"].startswith("a child process per run")
    assert {"common", "par2", "all", "per_board"} <= set(data["settings"]["sets"])
    per = data["per_board"]
    assert len(per) == 3 * 8 and all(p["runs"] == 2 for p in per)
    assert all(p["seconds_min"] <= p["seconds"] <= p["seconds_max"] for p in per)
    for t in data["summary"]:
        assert t["common_seconds_min"] <= t["common_seconds"] <= t["common_seconds_max"]
        encoded = [r["variables"] for r in data["rows"] if r["config"] == t["config"]
                   and r.get("variables")]
        # sizes are means over the boards that had a CNF: none when presolve decided them all
        assert t["mean_variables_all"] == (round(sum(encoded) / len(encoded), 1) if encoded
                                           else None)
        if "no-presolve" in t["config"]:
            assert t["mean_variables_common"] and t["sat_bound"] == 3
    rows = list(csv.DictReader(table.open()))
    assert {"find_seconds", "prove_seconds", "find_conflicts", "late_status"} <= set(rows[0])
    decided = [r for r in rows if r["sat_bound"] == "False"]
    assert decided and all(r["find_calls"] == "" for r in decided)  # missing, not 0

    from satlink.formats import read_file
    from satlink.rules import parse_rules
    from satlink.solver.presolve import presolve

    files = [puzzles / "regular_5x5_01.txt", puzzles / "extreme_9x9_30.txt",
             corpus / "thomasahle-numberlink" / "puzzles" / "inputs9"]
    entries = [(f, next(iter(read_file(str(f))))) for f in files]  # --limit 1: each file's first
    kept = [f"{f.relative_to(corpus)}#1" for f, e in entries  # named under the common folder
            if presolve(e.board, parse_rules(e.rules_under(None))).outcome in ("partial",
                                                                                 "skipped")]
    again = CliRunner().invoke(main, ["bench", *map(str, files), "--limit", "1", "--sat-bound",
                                      "--presolve", "off", "--timeout", "20", "--out", str(out)])
    assert (f"--sat-bound: {3 - len(kept)} board(s) the forced moves decide left out, "
            f"{len(kept)} kept") in again.output
    if not kept:  # what the deduction engine decides changes with it; then nothing is left
        assert again.exit_code == 2 and "no boards to measure" in again.output
        return
    assert again.exit_code == 0, again.output
    data = json.loads(out.read_text())
    assert {r["board"] for r in data["rows"]} == set(kept)
    assert data["settings"]["left_out_decided_by_presolve"] == 3 - len(kept)


# -- corpus export ----------------------------------------------------------------------------

def _solve_file(command: list[str], path: Path) -> tuple[str | None, str]:
    done = subprocess.run(command + [str(path)], capture_output=True, text=True, timeout=120)
    return {10: "SAT", 20: "UNSAT"}.get(done.returncode), done.stdout


def test_an_exported_corpus_solved_externally_gives_the_statuses_check_gives(
        tmp_path: Path, corpus) -> None:
    pack = tmp_path / "pack"
    pack.mkdir()
    (pack / "small.txt").write_text("\n\n".join("\n".join(rows) for _, rows in SMALL) + "\n")
    puzzles = corpus / "mzucker-flow_solver" / "puzzles"
    for name in ("regular_5x5_01", "unsolvable_cross", "extreme_9x9_30"):
        shutil.copy(puzzles / f"{name}.txt", pack)
    solvers = [[sys.executable, str(SCRIPT)]] + ([["cadical", "-q"]] if shutil.which("cadical")
                                                 else [])
    for encoding, presolve in (("binary-edge", []), ("acyclic", ["--presolve"])):
        out = tmp_path / encoding
        result = CliRunner().invoke(main, ["cnf", str(pack), "--out-dir", str(out), "--rules",
                                           "fill", "--encoding", encoding, *presolve])
        assert result.exit_code == 0, result.output
        manifest = json.loads((out / "manifest.json").read_text())
        assert manifest["manifest_version"] == 1 and manifest["encoding"] == encoding
        kinds = {}
        for item in manifest["instances"]:
            entry_board = Board.from_rows(item["board"])
            verdict = str(check(entry_board, item["rules"]).status)
            assert item["verdict"] == verdict, item["name"]
            kinds.setdefault((item["family"], item["file"], item["index"]), set()).add(
                (item["kind"], verdict))
            if item["kind"] == "decided":
                assert presolve and item["path"] is None
                continue
            assert item["name"].startswith("pack/")
            expected = {"first": "UNSAT" if verdict == "unsolvable" else "SAT",
                        "second": "SAT" if verdict == "multiple" else "UNSAT"}[item["kind"]]
            assert item["expected"] == expected, item
            for command in solvers:
                status, model = _solve_file(command, out / item["path"])
                assert status == expected, (command, item["name"])
                if encoding == "acyclic" and status == "SAT":
                    (tmp_path / "model").write_text(model)
                    decoded = CliRunner().invoke(main, ["decode", str(out / item["path"]),
                                                        str(tmp_path / "model")])
                    assert decoded.exit_code == 0, decoded.output
        for written in kinds.values():  # a second instance beside every first with a solution
            (verdict,) = {v for _, v in written}
            assert {k for k, _ in written} == (
                {"decided"} if ("decided", verdict) in written
                else {"first"} if verdict == "unsolvable" else {"first", "second"})
        kinds_written = {k for written in kinds.values() for k, _ in written}
        if presolve:  # the forced moves decide the small boards, not extreme_9x9_30
            assert kinds_written == {"decided", "first", "second"}
            assert (out / "pack" / "extreme_9x9_30" / "1.second.cnf").is_file()
        else:
            assert (out / "pack" / "small" / "1.first.cnf").is_file()
            assert (out / "pack" / "small" / "1.second.cnf").is_file()
            assert not (out / "pack" / "small" / "3.second.cnf").exists()  # nothing to block
            assert "pack/small/3.first" in (out / "manifest.csv").read_text()


def test_one_board_second_instance_and_presolve() -> None:
    runner = CliRunner()
    second = runner.invoke(main, ["cnf", "-", "--second", "--encoding", "binary-edge",
                                  "--rules", "fill"], input="A..\n...\n..A\n")
    assert second.exit_code == 0 and "c expected SATISFIABLE" in second.output
    assert "blocks the first solution" in second.output
    decided = runner.invoke(main, ["cnf", "example", "--presolve"])
    assert decided.exit_code == 1 and "the forced moves decide this board" in decided.output
    many = runner.invoke(main, ["cnf", "example", "example"])
    assert many.exit_code == 2 and "--out-dir" in many.output


def test_external_solvers_alone_and_usage_errors() -> None:
    runner = CliRunner()
    alone = runner.invoke(main, ["bench", "-", "--solvers", "none", "--rules", "fill",
                                 "--presolve", "off", "--external", f"tiny={TINY}"],
                          input="AB..\nAB..\n")
    assert alone.exit_code == 0, alone.output
    assert "binary-edge/tiny/no-presolve" in alone.output and "glucose4" not in alone.output
    for args, message in ((["--solvers", "none"], "needs at least one --external"),
                          (["--external", "x"], "expected NAME=COMMAND"),
                          (["--shuffle", "1", "--solvers", "cadical195", "--cycles",
                            "propagator"], "--shuffle renames the variables"),
                          (["--calls", "twice"], "unknown call setting")):
        refused = runner.invoke(main, ["bench", "example", *args])
        assert refused.exit_code == 2 and message in refused.output, (args, refused.output)
