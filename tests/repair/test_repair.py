"""``satlink repair``: proposals are proven unique, minimal among the edits tried, and can be
written as board files."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from satlink import Board, check, parse_rules
from satlink.cli import main
from satlink.formats import read_file
from satlink.geometry import Geometry
from satlink.repair import KINDS, Proposal, RepairOptions, repair_proposals
from satlink.repair.plans import Constraints
from satlink.repair.symmetry import symmetries
from satlink.solver.verdict import Status
from tests.support.puzzles import FILL_MULTIPLE, FLOW_MULTIPLE, SHORT_CUT


def assert_sound(board: Board, rules: str, budget: int = 120) -> list[Proposal]:
    result = repair_proposals(board, parse_rules(rules), RepairOptions(budget=budget, limit=3))
    assert result.status == Status.MULTIPLE
    first = check(board, rules).solutions[0]
    assert result.proposals
    for proposal in result.proposals:  # proven unique, re-checked here independently
        verdict = check(proposal.board, rules)
        assert verdict.status == Status.UNIQUE
        assert verdict.solutions[0].edges() == proposal.solution.edges()
        assert proposal.candidate.kind in KINDS
    ranks = [p.rank() for p in result.proposals]
    assert ranks == sorted(ranks)
    shown = {(p.board.rows, p.board.geometry) for p in result.proposals}
    for proposal in result.proposals:  # generate's --min-length 3, the chain's default
        assert all(len(path) >= 3 for path in proposal.solution.paths.values())
    for candidate, status in result.tried:  # minimal among the candidates tried
        if status == Status.UNIQUE and candidate in result.short:
            short = check(candidate.board, rules).solutions[0]
            assert any(len(path) < 3 for path in short.paths.values())
        elif status == Status.UNIQUE and (candidate.board.rows, candidate.board.geometry) not in shown:
            other = check(candidate.board, rules).solutions[0]
            left_out = Proposal(candidate, other, len(other.edges() ^ first.edges()))
            assert left_out.rank() >= result.proposals[-1].rank()
    assert len(result.tried) <= budget
    return result.proposals


def test_fill_proposals_are_unique_and_ranked() -> None:
    proposals = assert_sound(Board.from_rows(FILL_MULTIPLE), "fill")
    best = proposals[0]
    assert best.candidate.changed == 2 and best.solution_change == 1  # a split keeps a solution


def test_flow_proposals_are_unique() -> None:
    assert_sound(Board.from_rows(FLOW_MULTIPLE), "flow")


def test_an_unsolvable_board_gets_a_solid_cell_when_solids_are_allowed() -> None:
    board = Board.from_rows(["A.A", "...", "B.B"])
    result = repair_proposals(board, parse_rules("fill"),
                              RepairOptions(constraints=Constraints(solids=True, symmetry=False)))
    assert result.status == Status.UNSOLVABLE
    assert result.proposals[0].candidate.kind == "solid"
    assert check(result.proposals[0].board, "fill").status == Status.UNIQUE
    assert all(c.kind != "solid" for c, _ in repair_proposals(board, parse_rules("fill")).tried)
    mirrored = repair_proposals(board, parse_rules("fill"),
                                RepairOptions(constraints=Constraints(solids=True)))
    for proposal in mirrored.proposals:  # symmetry kept: each edit with its images
        assert {"mirror-lr", "mirror-ud"} <= set(symmetries(proposal.board))


def test_single_edits_respect_the_chains_min_length(tmp_path) -> None:
    """The studio's Proposals and ``repair`` without ``--chain`` offered paths of two cells
    (a new pair, a split) though ``--min-length`` is 3 (the chain's default, generate's):
    such a board is unique, but no proposal; with ``min_length`` 2 it is one."""
    board = Board.from_rows(SHORT_CUT)
    loose = repair_proposals(board, parse_rules("fill"),
                             RepairOptions(constraints=Constraints(min_length=2), limit=3))
    assert min(len(p) for p in loose.proposals[0].solution.paths.values()) == 2
    strict = repair_proposals(board, parse_rules("fill"), RepairOptions(limit=3))
    assert strict.short and strict.proposals  # the same edits were found unique, and refused
    for proposal in strict.proposals:
        assert all(len(p) >= 3 for p in proposal.solution.paths.values())
        verdict = check(proposal.board, "fill")
        assert verdict.status == Status.UNIQUE
        assert verdict.solutions[0].edges() == proposal.solution.edges()
    source = tmp_path / "draft.txt"
    source.write_text("\n".join(SHORT_CUT) + "\n")
    for extra, shortest in (([], 3), (["--min-length", "2"], 2)):
        shown = CliRunner().invoke(main, ["repair", str(source), "--rules", "fill", "--json",
                                          *extra])
        record = json.loads(shown.output)
        lengths = [min(len(p) for p in q["solution"].values()) for q in record["proposals"]]
        assert lengths and (min(lengths) == 2) == (shortest == 2), (extra, lengths)
        assert min(lengths) >= shortest


def test_a_unique_board_needs_nothing() -> None:
    board = Board.from_rows(["A....", "B....", "CDD..", ".EEB.", "...CA"])
    result = repair_proposals(board, parse_rules("flow"))
    assert result.status == Status.UNIQUE and not result.proposals and not result.tried


def test_walls_only_where_the_board_has_variant_geometry() -> None:
    plain = Board.from_rows(FILL_MULTIPLE)
    assert all(c.kind != "wall" for c, _ in repair_proposals(plain, parse_rules("fill")).tried)
    walled = repair_proposals(plain, parse_rules("fill"), RepairOptions(kinds=("wall",), walls=True))
    assert walled.tried and all(c.kind == "wall" for c, _ in walled.tried)
    for proposal in walled.proposals:
        assert proposal.board.geometry.walls and check(proposal.board, "fill").status == "unique"
    hexes = Board.from_rows(FILL_MULTIPLE, Geometry.of("hex"))
    if check(hexes, "fill").status == Status.MULTIPLE:
        tried = repair_proposals(hexes, parse_rules("fill"), RepairOptions(budget=40)).tried
        assert any(c.kind == "wall" for c, _ in tried)


@pytest.mark.parametrize("name", ["fixed.txt", "fixed.jsonl", "fixed.grid"])
def test_apply_writes_a_readable_board(tmp_path, name: str) -> None:
    source = tmp_path / "mine.txt"
    source.write_text("\n".join(FILL_MULTIPLE) + "\n")
    out = tmp_path / name
    runner = CliRunner()
    shown = runner.invoke(main, ["repair", str(source), "--rules", "fill", "--json"])
    assert shown.exit_code == 0, shown.output
    record = json.loads(shown.output)
    assert record["status"] == "multiple" and record["proposals"][0]["rank"] == 1
    result = runner.invoke(main, ["repair", str(source), "--rules", "fill", "--apply", "1",
                                  "--out", str(out)])
    assert result.exit_code == 0, result.output
    (entry,) = read_file(str(out))
    assert list(entry.board.rows) == record["proposals"][0]["grid"]
    assert check(entry.board, "fill").status == Status.UNIQUE


def test_apply_refuses_what_it_cannot_do(tmp_path) -> None:
    source = tmp_path / "mine.txt"
    source.write_text("\n".join(FILL_MULTIPLE) + "\n")
    runner = CliRunner()
    missing = runner.invoke(main, ["repair", str(source), "--rules", "fill", "--apply", "1"])
    assert missing.exit_code == 2
    too_far = runner.invoke(main, ["repair", str(source), "--rules", "fill", "--apply", "99",
                                   "--out", str(tmp_path / "x.txt")])
    assert too_far.exit_code == 1 and "proposals" in too_far.output
    walls = runner.invoke(main, ["repair", str(source), "--rules", "fill", "--kinds", "wall",
                                 "--walls", "--apply", "1", "--out", str(tmp_path / "w.txt")])
    assert walls.exit_code == 2 and "walls" in walls.output  # .txt cannot hold walls
    assert runner.invoke(main, ["repair", str(source), "--kinds", "paint"]).exit_code == 2


@pytest.mark.parametrize("rules", ["nikoli", "notouch", "no2x2"])
def test_moves_skip_cells_only_one_solution_leaves_empty(rules: str) -> None:
    """Under rules that allow empty cells, a cell where the solutions differ can be empty in
    either of them: neither gap is a label to move (issue 25, row 4)."""
    result = CliRunner().invoke(main, ["repair", "-", "--rules", rules], input="A.B\n...\nA.B\n")
    assert result.exit_code == 0, result.output
    assert "proven unique" in result.output, result.output
    for proposal in repair_proposals(Board.from_rows(["A.B", "...", "A.B"]), parse_rules(rules)).proposals:
        assert check(proposal.board, rules).status == Status.UNIQUE
