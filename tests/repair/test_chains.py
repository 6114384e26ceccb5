"""Chains of edits (:func:`satlink.repair.chains.repair_chain`): the final board is unique
under its rules (re-checked here by the brute-force oracle) and respects every constraint."""

from __future__ import annotations

import random

from satlink import Board, check
from satlink.repair.chains import repair_chain
from satlink.repair.plans import ChainOptions, Constraints
from satlink.repair.search import RepairOptions, repair_proposals
from satlink.repair.symmetry import symmetries
from satlink.rules import parse_rules
from satlink.solver.verdict import Status
from testbed.boards import random_draft
from tests.support.helpers import assert_repaired
from tests.support.puzzles import FILL_MULTIPLE, FLOW_MULTIPLE


def test_multiple_boards_finish() -> None:
    for rows, rules in ((FILL_MULTIPLE, "fill"), (FLOW_MULTIPLE, "flow")):
        board = Board.from_rows(rows)
        chain = repair_chain(board, parse_rules(rules))
        assert chain.status == Status.MULTIPLE
        assert_repaired(board, rules, chain, Constraints())


def test_chains_repair_unsolvable_drafts_a_single_edit_cannot() -> None:
    rng = random.Random(5)
    done = 0
    for _ in range(40):
        board = random_draft(rng, 5)
        single = repair_proposals(board, parse_rules("flow"), RepairOptions(budget=400))
        if single.status != Status.UNSOLVABLE or single.proposals:
            continue
        chain = repair_chain(board, parse_rules("flow"), ChainOptions(seconds=6))
        if chain.repaired:
            assert len(chain.steps) >= 2
            assert_repaired(board, "flow", chain, Constraints())
            done += 1
        if done >= 2:
            break
    assert done >= 2


def test_symmetry_is_kept_and_colours_stay() -> None:
    board = Board.from_rows(["A...B", ".....", "C...C", ".....", "B...A"])
    assert "rot180" in symmetries(board)
    cons = Constraints(colours=0)
    chain = repair_chain(board, parse_rules("flow"), ChainOptions(constraints=cons, seconds=8))
    for step in chain.steps:
        assert "rot180" in symmetries(step.board)
        assert len(step.board.labels) == 3
    if chain.repaired:
        assert_repaired(board, "flow", chain, cons)


def test_past_the_budget_says_so() -> None:
    board = random_draft(random.Random(3), 8)
    # the search's budget
    chain = repair_chain(board, parse_rules("flow"), ChainOptions(checks=5, nearest=False))
    assert chain.partial and not chain.repaired and chain.reason == "budget"
    assert chain.as_dict()["partial"] is True
    # no solvable board within 3 edits: a proof of a few seconds, given a wall-clock budget
    # far above it so a loaded machine (CI's two cores) cannot turn the proof into "budget"
    proven = repair_chain(board, parse_rules("flow"), ChainOptions(checks=5, seconds=120))
    assert proven.partial and not proven.repaired and proven.reason.startswith("no board")


def test_apply_keeps_the_format_and_the_rules(tmp_path) -> None:
    import json

    from click.testing import CliRunner

    from satlink.cli import main
    from satlink.formats import read_file

    grid = tmp_path / "draft.txt"
    grid.write_text("\n".join(FILL_MULTIPLE) + "\n")
    out = tmp_path / "fixed.txt"
    res = CliRunner().invoke(main, ["repair", str(grid), "--rules", "fill", "--chain",
                                    "--apply", "1", "--out", str(out)])
    assert res.exit_code == 0, res.output
    assert "." in out.read_text().splitlines()[0] and " " not in out.read_text()
    assert "--rules fill" in res.output  # the note naming the rules (stderr is mixed in)
    line = tmp_path / "draft.jsonl"
    line.write_text(json.dumps({"grid": FILL_MULTIPLE, "rules": "fill"}) + "\n")
    out2 = tmp_path / "fixed.jsonl"
    res = CliRunner().invoke(main, ["repair", str(line), "--chain", "--apply", "1",
                                    "--out", str(out2)])
    assert res.exit_code == 0, res.output
    (entry,) = read_file(str(out2))
    assert str(entry.rules) == "fill"
    assert check(entry.board, "fill").status == Status.UNIQUE
