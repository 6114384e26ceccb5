"""A board is its path under the corpus root (two files of one name stay two boards), a
wrong answer is wrong (not solved, not ranked, reported first), a configuration that never
reached a solver is not ranked, the route switches change what is measured, provenance is
recorded, and ``bench compare`` finds a known difference."""

from __future__ import annotations

import json
import math
import sys
from pathlib import Path

from click.testing import CliRunner

from satlink.bench.compare import Side, compare
from satlink.bench.configs import BenchConfig, RouteSwitches, bench_configs, configurations
from satlink.bench.external import parse_external
from satlink.bench.runner import BenchBoard, RunOptions, run_interleaved
from satlink.bench.stats import wilcoxon_signed_rank
from satlink.bench.summary import summarise
from satlink.board import Board
from satlink.cli import main
from satlink.solver.method import Method
from tests.support.paths import ROOT

SCRIPT = ROOT / "tests" / "support" / "competition_solver.py"
UNIQUE = "4 3\nAB..\n..A.\nB...\n"
OTHER = "3 3\nA..\n...\n..A\n"


def _bench(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, ["bench", *args])
    return result.exit_code, result.output


def test_two_files_of_one_name_in_two_folders_are_two_boards(tmp_path: Path) -> None:
    for folder, text in (("puzzles", UNIQUE), ("hints", OTHER)):
        (tmp_path / folder).mkdir()
        (tmp_path / folder / "jumbo_14x14_19.txt").write_text(text)
    out = tmp_path / "r.json"
    code, output = _bench(str(tmp_path / "puzzles"), str(tmp_path / "hints"), "--rules", "fill",
                          "--presolve", "off", "--timeout", "20", "--out", str(out))
    assert code == 0, output
    data = json.loads(out.read_text())
    assert {r["board"] for r in data["rows"]} == {"puzzles/jumbo_14x14_19.txt#1",
                                                  "hints/jumbo_14x14_19.txt#1"}
    assert data["summary"][0]["boards"] == data["corpus"]["boards"] == 2
    assert all(p["runs"] == 1 for p in data["per_board"])


def test_the_same_file_given_twice_is_refused(tmp_path: Path) -> None:
    (tmp_path / "a.txt").write_text(UNIQUE)
    code, output = _bench(str(tmp_path / "a.txt"), str(tmp_path), "--timeout", "5")
    assert code == 2 and "are the same file" in output


def test_a_solver_that_always_says_unsat_is_wrong_not_solved_and_not_ranked(
        tmp_path: Path) -> None:
    board = tmp_path / "b.txt"
    board.write_text(UNIQUE + OTHER)
    out = tmp_path / "r.json"
    liar = f"liar={sys.executable} {SCRIPT} --always-unsat {{cnf}}"
    code, output = _bench(str(board), "--rules", "fill", "--presolve", "off", "--encodings",
                          "acyclic", "--external", liar, "--timeout", "20", "--out", str(out))
    assert code == 1, output
    assert output.index("WRONG") < output.index("configuration")  # reported first
    data = json.loads(out.read_text())
    table = {t["config"]: t for t in data["summary"]}
    lying = table["acyclic/liar/no-presolve"]
    assert lying["solved"] == 0 and lying["wrong"] == 2 and not lying["ranked"]
    assert lying["par2_sum_seconds"] == 2 * 20 * 2  # both boards at the penalty
    assert data["summary"][-1]["config"] == "acyclic/liar/no-presolve"  # ranked after
    assert {(w["board"], w["answered"], w["expected"]) for w in data["wrong_answers"]} == {
        ("b.txt#1", "unsolvable", "unique"), ("b.txt#2", "unsolvable", "multiple")}
    honest = table["acyclic/glucose4/no-presolve"]
    assert honest["solved"] == 2 and honest["ranked"]


def test_a_configuration_that_never_made_a_sat_call_is_reported_not_ranked(
        tmp_path: Path) -> None:
    out = tmp_path / "r.json"
    tiny = f"tiny={sys.executable} {SCRIPT} {{cnf}}"
    code, output = _bench("example", "--external", tiny, "--timeout", "20", "--out", str(out))
    assert code == 0, output
    data = json.loads(out.read_text())
    assert set(data["never_reached_sat"]) == {t["config"] for t in data["summary"]}
    assert not any(t["ranked"] for t in data["summary"]) and "not ranked" in output


def test_the_route_switches_change_what_is_measured() -> None:
    """Under fill (no notouch) stricter-first takes its first solution from a stricter
    profile: more SAT calls than the one CNF the bench measures by default; each is named."""
    switches = RouteSwitches(stricter_first="on,off")
    configs = bench_configs(configurations("binary-edge", "glucose4", presolve="off",
                                           routes=switches), [])
    assert [c.label for c in configs] == ["binary-edge/glucose4/no-presolve/stricter-first",
                                          "binary-edge/glucose4/no-presolve"]
    assert [c.as_dict()["stricter_first"] for c in configs] == [True, False]
    boards = [BenchBoard(name, Board.from_rows(rows), "fill") for name, rows in (
        ("open", ["A...B", ".....", ".....", ".....", "B...A"]),
        ("pairs", ["AB..", "..A.", "B..."]))]
    rows = run_interleaved(boards, configs, RunOptions(timeout=30))
    by = {(r["config"], r["board"]): r for r in rows}
    for board in ("open", "pairs"):
        routed = by[("binary-edge/glucose4/no-presolve/stricter-first", board)]
        whole = by[("binary-edge/glucose4/no-presolve", board)]
        assert routed["status"] == whole["status"]
        assert routed["find_calls"] is None and whole["find_calls"] is not None
    assert sum(by[(c.label, b)]["sat_calls"] for c in configs[:1] for b in ("open", "pairs")) \
        > sum(by[(configs[1].label, b)]["sat_calls"] for b in ("open", "pairs"))
    pieces = configurations("binary-edge", "glucose4", presolve="on,off",
                            routes=RouteSwitches(pieces="on"))
    assert all(m.presolve for m in pieces)  # pieces are what the forced moves leave


def test_provenance_is_recorded(tmp_path: Path) -> None:
    out = tmp_path / "r.json"
    tiny = f"tiny={sys.executable} {SCRIPT} {{cnf}}"
    code, output = _bench("example", "--limit", "1", "--presolve", "off", "--external", tiny,
                          "--timeout", "20", "--cpu-cutoff", "20", "--out", str(out))
    assert code == 0, output
    data = json.loads(out.read_text())
    machine = data["machine"]
    assert machine["satlink"] and machine["cpu_model"] and machine["cpus"]
    assert machine["memory_mb"] and machine["os"]
    assert machine["git"] is None or machine["git"]["from"] in ("build", "checkout")
    tiny_pin = data["provenance"]["tiny"]
    assert tiny_pin["path"] == str(Path(sys.executable).resolve())
    assert len(tiny_pin["sha256"]) == 64 and "competition_solver 1.0" in tiny_pin["version_output"]
    assert "default" in str(tiny_pin["seed"])
    assert data["provenance"]["glucose4"]["python_sat"]
    assert data["settings"]["cpu_cutoff"] == 20 and data["settings"]["load_1m"]["max"] >= 0
    assert {"pieces", "stricter_first", "presolve"} <= set(data["configs"][0])


def test_a_commit_is_never_read_from_an_enclosing_repository(tmp_path: Path) -> None:
    """An installed satlink inside some other git repository: no commit, not that one's."""
    import shutil
    import subprocess

    from satlink import version

    other = tmp_path / "elsewhere"
    package = other / "venv" / "site-packages" / "satlink"
    package.mkdir(parents=True)
    subprocess.run(["git", "init", "-q", str(other)], check=True)
    shutil.copy(version.__file__, package / "version.py")
    spec = __import__("importlib.util").util.spec_from_file_location("copied", package /
                                                                      "version.py")
    copied = __import__("importlib.util").util.module_from_spec(spec)
    spec.loader.exec_module(copied)
    assert copied.build_commit() is None
    (package / "_build.json").write_text('{"commit": "abc123", "dirty": false}')
    assert copied.build_commit() == {"commit": "abc123", "dirty": False, "from": "build"}


def test_compare_reports_a_known_difference() -> None:
    boards = [f"b{i}" for i in range(12)]

    def side(label: str, factor: float) -> Side:
        rows = [{"board": b, "config": label, "repeat": 0, "status": "unique",
                 "seconds": (i + 1) * 0.1 * factor, "cpu_seconds": (i + 1) * 0.1 * factor}
                for i, b in enumerate(boards)]
        return Side(f"{label}.json", label, rows, "same")

    slow, fast = side("slow", 1.5), side("fast", 1.0)
    result = compare(slow, fast)
    assert result["solved_by_both"] == 12 and result["ratio"] == 1.5
    assert result["wilcoxon"]["p_value"] < 0.001 and result["faster"] == "fast"
    assert result["ratio_ci95"][0] <= 1.5 <= result["ratio_ci95"][1]
    same = compare(side("a", 1.0), side("b", 1.0))
    assert same["faster"] is None and same["wilcoxon"]["n"] == 0


def test_the_wilcoxon_test_matches_its_tables() -> None:
    """Exact two-sided p-values for small n (Wilcoxon's tables; SciPy gives the same)."""
    assert wilcoxon_signed_rank([1, 2, 3, 4, 5], [0, 0, 0, 0, 0])["p_value"] == 0.0625
    mixed = wilcoxon_signed_rank([1.0, -2.0, 3.0, 4.0, 5.0, 6.0], [0.0] * 6)
    assert mixed["w_minus"] == 2 and math.isclose(mixed["p_value"], 6 / 64)  # {}, {1}, {2}
    large = wilcoxon_signed_rank(list(range(1, 41)), [0] * 40)
    assert large["method"] == "normal" and large["p_value"] < 1e-6


def test_bench_compare_on_the_command_line(tmp_path: Path) -> None:
    for name, encoding in (("a", "binary-edge"), ("b", "acyclic")):
        code, output = _bench("example", "--presolve", "off", "--encodings", encoding,
                              "--timeout", "20", "--out", str(tmp_path / f"{name}.json"))
        assert code == 0, output
    result = CliRunner().invoke(main, ["bench", "compare", str(tmp_path / "a.json"),
                                       str(tmp_path / "b.json")])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output[result.output.index("{"):])
    assert data["solved_by_both"] == 7 and data["same_corpus"] is True
    assert data["a"]["config"] == "binary-edge/glucose4/no-presolve"
    wrong = CliRunner().invoke(main, ["bench", "compare", str(tmp_path / "a.json")])
    assert wrong.exit_code == 2


def test_summaries_of_unsolved_boards_have_no_cpu_figure() -> None:
    rows = [{"board": "b", "config": "c", "repeat": 0, "status": "timeout", "seconds": 2.0,
             "cpu_seconds": 2.0}]
    (t,) = summarise(rows, 1.0)
    assert t["par2_sum_seconds"] == 2.0 and t["par2_cpu_sum_seconds"] == 2.0
    assert BenchConfig(Method()).routed and not BenchConfig(
        Method(), parse_external(f"x={sys.executable} {SCRIPT} {{cnf}}")).routed


def test_a_configuration_cut_off_before_any_sat_call_is_unsolved_and_ranked() -> None:
    """Killed before its first SAT call on every board: it answered nothing, so it is the
    last of the ranked, not 'decided by the forced moves'."""
    from satlink.bench.summary import never_reached_sat

    rows = [{"board": "b", "config": "slow", "repeat": 0, "status": "timeout", "seconds": 1.1,
             "sat_calls": None},
            {"board": "b", "config": "fast", "repeat": 0, "status": "unique", "seconds": 0.1,
             "sat_calls": 2},
            {"board": "b", "config": "decided", "repeat": 0, "status": "unique",
             "seconds": 0.01, "sat_calls": 0}]
    table = {t["config"]: t for t in summarise(rows, 1.0)}
    assert table["slow"]["ranked"] and table["fast"]["ranked"] and not table["decided"]["ranked"]
    assert never_reached_sat(rows) == ["decided"]
