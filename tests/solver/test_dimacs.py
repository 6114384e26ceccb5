"""DIMACS export and model decoding, round-tripped through a PySAT backend as the "external"
solver: the exported acyclic CNF alone must give exactly the brute-force solution count."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from pysat.formula import CNF
from pysat.solvers import Solver

from satlink import Board, Solution, check, parse_rules
from satlink.cli import main
from satlink.formats import read_text
from satlink.geometry import Geometry
from satlink.solver.dimacs import ModelError, decode_model, dimacs_lines, read_header, read_model
from satlink.solver.encode import encode
from satlink.solver.method import Method
from testbed.boards import CAP, TRAP, boards
from testbed.oracle import count_solutions
from testbed.variants import LINES


def external_models(text: str, solver: str = "glucose4", limit: int = CAP) -> list[list[int]]:
    """Solve a DIMACS text as a stranger would: read it, enumerate models over the 'c ind'
    projection (blocking each edge set), know nothing else about satlink."""
    formula = CNF(from_string=text)
    projection = [int(t) for line in text.splitlines() if line.startswith("c ind ")
                  for t in line.split()[2:] if t != "0"]
    models = []
    with Solver(name=solver, bootstrap_with=formula.clauses) as s:
        while len(models) < limit and s.solve():
            model = s.get_model()
            models.append(model)
            s.add_clause([-model[v - 1] for v in projection])
    return models


def model_text(model: list[int]) -> str:
    return "s SATISFIABLE\nv " + " ".join(map(str, model)) + " 0\n"


@pytest.mark.parametrize("profile", ["flow", "fill", "nikoli"])
def test_acyclic_dimacs_is_exact(profile: str) -> None:
    rules = parse_rules(profile)
    for rows in boards(seed=77, n=40):
        board = Board.from_rows(rows)
        text = "\n".join(dimacs_lines(encode(board, rules, Method(encoding="acyclic")))) + "\n"
        models = external_models(text)
        truth = count_solutions(rows, rules.fill, rules.notouch, rules.no2x2, limit=CAP)
        assert len(models) == truth, rows
        for model in models:
            decoded = decode_model(board, rules, read_model(model_text(model).splitlines()))
            assert decoded.solution is not None and decoded.errors == [], rows


def test_round_trip_through_the_cli(tmp_path: Path) -> None:
    board_file = tmp_path / "b.txt"
    rows = ["AB..", "..A.", "B..."]
    board_file.write_text("\n".join(rows) + "\n")
    runner = CliRunner()
    exported = runner.invoke(main, ["cnf", str(board_file), "--encoding", "acyclic", "--names"])
    assert exported.exit_code == 0, exported.output
    assert "c complete" in exported.output and "c var " in exported.output
    (model,) = external_models(exported.output, solver="cadical195", limit=1)
    (tmp_path / "m.txt").write_text(model_text(model))
    decoded = runner.invoke(main, ["decode", str(board_file), str(tmp_path / "m.txt"), "--json"])
    assert decoded.exit_code == 0, decoded.output
    assert '"result": "valid"' in decoded.output
    ours = check(Board.from_rows(rows), "flow")
    assert ours.status == "unique"
    assert json.loads(decoded.output)["solution"] == ours.solutions[0].to_coords(Board.from_rows(rows))


def test_incomplete_export_says_so_and_decode_catches_the_cycle(tmp_path: Path) -> None:
    """binary-edge's CNF admits 'straight paths + a loop' on the trap; decode must refuse it."""
    board = Board.from_rows(TRAP)
    rules = parse_rules("fill")
    text = "\n".join(dimacs_lines(encode(board, rules, Method(lemmas="none"))))
    assert "c incomplete" in text
    verdicts = [decode_model(board, rules, m) for m in external_models(text + "\n")]
    assert any(v.solution is None and "detached cycle" in v.errors[0] for v in verdicts)
    assert sum(v.solution is not None for v in verdicts) == 1


def test_model_reader_errors_and_unsat() -> None:
    assert read_model(["c comment", "s UNSATISFIABLE"]) is None
    assert read_model(["s SATISFIABLE", "v 1 -2", "v 3 0"]) == [1, -2, 3]
    with pytest.raises(ModelError, match=r"m.txt: line 2, column 5: not a literal: 'x'"):
        read_model(["s SATISFIABLE", "v 1 x 0"], "m.txt")
    with pytest.raises(ModelError, match="no 'v' lines"):
        read_model(["s SATISFIABLE"], "m.txt")


def test_native_cardinality_has_no_dimacs() -> None:
    board = Board.from_rows(["A..", "...", "..A"])
    with pytest.raises(ValueError, match="no DIMACS form"):
        list(dimacs_lines(encode(board, parse_rules("flow"),
                                       Method(encoding="shape", card="native", solver="minicard"))))


@pytest.mark.parametrize("name", LINES)
def test_the_header_holds_the_board_and_its_geometry(name: str) -> None:
    (entry,) = list(read_text(LINES[name] + "\n", "t.flow"))
    text = list(dimacs_lines(encode(entry.board, parse_rules("flow"), Method(encoding="acyclic"))))
    board, rules = read_header(text)
    assert board == entry.board and str(rules) == "fill,notouch"
    assert any(line.startswith("c geometry {") for line in text) == (not board.geometry.is_plain)
    edges = [line.split() for line in text if line.startswith("c edge ")]
    crossings = [e for e in edges if len(e) > 7]
    assert all(e[7] == "crossing" and e[8] in board.geometry.axes and len(e) == 9
               for e in crossings)
    into_bridges = sum(1 for a, b in board.edges for x in (a, b) if board.node_cell(x) in
                       board.geometry.bridges)
    assert len(crossings) == into_bridges  # here no two bridges are neighbours


def test_a_bridge_edge_says_which_crossing() -> None:
    board = Board.from_rows([".A.", "B.B", ".A."], Geometry.of(bridges=[4]))
    text = list(dimacs_lines(encode(board, parse_rules("nikoli"), Method(encoding="acyclic"))))
    edges = sorted(line.split(" ", 3)[3] for line in text if line.startswith("c edge "))
    assert "0 1 1 1 crossing vertical" in edges and "2 1 1 1 crossing vertical" in edges
    assert "1 0 1 1 crossing horizontal" in edges and "1 1 1 2 crossing horizontal" in edges
    assert "0 0 0 1" in edges


def test_a_hexagonal_bridge_edge_names_one_of_three_crossings() -> None:
    """Cell (1, 1) is in an odd column: (0, 1)/(2, 1) are its vertical neighbours, (0, 0)
    and (1, 2) its falling ones, (1, 0) and (0, 2) its rising ones."""
    board = Board.from_rows([".A.", "B.B", ".A."], Geometry.of("hex", bridges=[4]))
    text = list(dimacs_lines(encode(board, parse_rules("nikoli"), Method(encoding="acyclic"))))
    edges = sorted(line.split(" ", 3)[3] for line in text if line.startswith("c edge "))
    into = [e for e in edges if "crossing" in e]
    assert into == ["0 0 1 1 crossing falling", "0 1 1 1 crossing vertical",
                    "0 2 1 1 crossing rising", "1 0 1 1 crossing rising",
                    "1 1 2 1 crossing vertical", "1 2 1 1 crossing falling"]


@pytest.mark.parametrize("name", ["holes-wall", "bridge", "hex-bridge"])
def test_decode_reads_the_board_from_the_cnf(tmp_path: Path, name: str) -> None:
    (entry,) = list(read_text(LINES[name] + "\n", "t.flow"))
    level = tmp_path / "level.flow"
    level.write_text(LINES[name] + "\n")
    runner = CliRunner()
    exported = runner.invoke(main, ["cnf", str(level)])
    assert exported.exit_code == 0, exported.output
    cnf = tmp_path / "level.cnf"
    cnf.write_text(exported.output)
    (model,) = external_models(exported.output, limit=1)
    (tmp_path / "m.txt").write_text(model_text(model))
    decoded = runner.invoke(main, ["decode", str(cnf), str(tmp_path / "m.txt"), "--json"])
    assert decoded.exit_code == 0, decoded.output
    record = json.loads(decoded.output)
    assert record["result"] == "valid" and record["rules"] == "fill,notouch"
    assert Solution.from_coords(entry.board, record["solution"]).edges() == entry.solution.edges()


def test_a_damaged_header_is_an_input_error(tmp_path: Path) -> None:
    with pytest.raises(ModelError, match="not a satlink DIMACS export"):
        read_header(["p cnf 1 1", "1 0"])
    cnf = tmp_path / "b.cnf"
    cnf.write_text("c satlink 1 DIMACS export\nc encoding acyclic card pairwise rules flow lemmas none\n"
                   "c grid A.B\nc geometry {\"kind\": \"round\"}\np cnf 1 1\n1 0\n")
    (tmp_path / "m.txt").write_text("v 1 0\n")
    result = CliRunner().invoke(main, ["decode", str(cnf), str(tmp_path / "m.txt")])
    assert result.exit_code == 2
    assert "the header's board cannot be read" in result.output
