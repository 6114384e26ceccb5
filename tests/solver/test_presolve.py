"""Deductions before SAT are sound: whatever they decide, every solution agrees with it.

A board the deductions solve must have exactly that one solution (the brute-force oracle
counts them); a contradiction must mean no solution; solutions found by case splits must be
solutions, distinct, and all of them when the search covered every case; a partly solved
board's decided edges (handed to SAT as unit clauses) must hold in every solution, which the
search without presolve enumerates.  Plain boards under every profile and every Flow Free
variant family.
"""

from __future__ import annotations

import time

import pytest

from satlink import Board, check, parse_rules, solution_errors
from satlink.deduce.engines import PYTHON, PythonEngine
from satlink.solver.method import Method
from satlink.solver.presolve import (
    CONTRADICTION,
    DECIDED,
    PARTIAL,
    PYTHON_MAX_NODES,
    SKIPPED,
    SOLVED,
    PresolveTimeout,
    presolve,
)
from testbed.boards import CAP, PROFILES, TRAP, boards, mzucker_boards, parity_rows
from testbed.oracle import count_solutions
from testbed.variants import VARIANT_PROFILES, variants
from tests.support.paths import CORPUS
from tests.support.size import sized

WITHOUT = Method(presolve=False)
VARIANT_BOARDS = variants(seed=2026, per_family=sized(12, 40))[::2]  # every family; 140 boards in CI


def sound(board: Board, profile: str, truth: int) -> str:
    """Presolve's outcome agrees with the true count and with every solution; returns it."""
    rules = parse_rules(profile)
    found = presolve(board, rules)
    if found.outcome == SOLVED:
        assert truth == 1
        (only,) = check(board, rules, method=WITHOUT).solutions
        assert found.solution.edges() == only.edges()
    elif found.outcome == CONTRADICTION:
        assert truth == 0
    elif found.outcome == DECIDED:
        edge_sets = {solution.edges() for solution in found.solutions}
        assert len(edge_sets) == len(found.solutions) >= 2
        assert all(not solution_errors(board, s, rules) for s in found.solutions)
        assert truth >= len(found.solutions) and (truth == len(found.solutions)
                                                  or not found.exhausted)
    else:
        assert found.outcome == PARTIAL
        index = {ab: e for e, ab in enumerate(board.edges)}
        for solution in check(board, rules, count=CAP, method=WITHOUT).solutions:
            used = {index[ab] for ab in solution.edges()}
            for literal in found.units:
                assert (abs(literal) - 1 in used) == (literal > 0), literal
    return found.outcome


@pytest.mark.parametrize("profile", PROFILES)
def test_forced_moves_agree_with_brute_force_on_plain_boards(profile: str) -> None:
    rules = parse_rules(profile)
    outcomes = set()
    for rows in boards(seed=900 + len(profile), n=120):
        truth = count_solutions(rows, rules.fill, rules.notouch, rules.no2x2, limit=CAP)
        outcomes.add(sound(Board.from_rows(rows), profile, truth))
    assert len(outcomes) >= 2, outcomes  # the property above was tested more than one way


@pytest.mark.parametrize("profile", VARIANT_PROFILES)
def test_forced_moves_agree_with_brute_force_on_variants(profile: str) -> None:
    rules = parse_rules(profile)
    outcomes = set()
    for variant in VARIANT_BOARDS:
        outcomes.add(sound(variant.board(), profile, variant.count(rules, CAP)))
    assert len(outcomes) >= 2, outcomes


def test_the_cycle_trap_is_decided_right() -> None:
    """Locally, a loop beside two straight paths fits; the forced moves never close a loop,
    so under fill they find the detour (the one solution) and under flow a contradiction."""
    board = Board.from_rows(TRAP)
    solved = presolve(board, parse_rules("fill"))
    assert solved.outcome == SOLVED
    (only,) = check(board, "fill", method=WITHOUT).solutions
    assert solved.solution.edges() == only.edges()
    assert presolve(board, parse_rules("flow")).outcome == CONTRADICTION
    assert check(board, "fill").status == "unique"
    assert check(board, "flow").status == "unsolvable"


def test_a_board_the_forced_moves_solve_needs_no_sat_call() -> None:
    board = Board.from_rows(["A..A", "B..B"])
    verdict = check(board, "flow")
    assert verdict.status == "unique"
    assert verdict.stats.sat_calls == 0 and verdict.stats.variables == 0
    assert verdict.stats.presolved_edges == verdict.stats.edges == len(board.edges)
    assert check(board, "flow", method=WITHOUT).stats.sat_calls == 2


def test_a_count_of_a_presolved_board_is_exact() -> None:
    board = Board.from_rows(["A..A", "B..B"])
    verdict = check(board, "flow", count=5)
    assert (verdict.count, verdict.count_complete) == (1, True)


def test_a_forced_solution_the_validator_refuses_goes_to_sat(monkeypatch) -> None:
    """Should the engine ever hand back a wrong complete state, the verdict comes from SAT:
    an engine bug may cost time, never a verdict."""
    import satlink.solver.presolve as module

    monkeypatch.setattr(module, "solution_errors", lambda *args: ["refused"])
    board = Board.from_rows(["A..A", "B..B"])
    verdict = check(board, "flow")
    assert verdict.status == "unique" and verdict.stats.sat_calls == 2


def test_a_wrong_forced_state_never_decides_the_verdict(monkeypatch) -> None:
    """An engine bug that 'decides' the trap as two straight paths beside a detached 4-cycle:
    the validator refuses it, and SAT then decides the board with none of its deductions (as
    units they would pin the search to that very edge set and make the board unsolvable)."""
    import satlink.solver.presolve as module
    from satlink.deduce import OFF, ON

    board = Board.from_rows(TRAP)
    wrong = {(0, 4), (1, 5), (2, 3), (3, 7), (6, 7), (2, 6)}

    class Buggy(PythonEngine):
        def fixpoint(self, state, passes, deadline=None) -> None:
            for e, ab in enumerate(state.p.edges):
                state.es[e] = ON if ab in wrong else OFF
            state.unk[:] = [0] * len(state.unk)
            state.undecided = 0

    monkeypatch.setattr(module, "engine_for", lambda nodes: Buggy())
    assert presolve(board, parse_rules("fill")).units == []
    verdict = check(board, "fill")
    assert verdict.status == "unique" and verdict.stats.sat_calls >= 2


def test_the_deadline_covers_the_forced_moves() -> None:
    with pytest.raises(PresolveTimeout):
        presolve(Board.from_rows(parity_rows(12)), parse_rules("fill"), time.monotonic() - 1)
    verdict = check(Board.from_rows(parity_rows(20)), "fill", timeout=0.0)
    assert verdict.status == "timeout" and verdict.stats.variables == 0  # stopped before SAT


def test_the_python_engine_leaves_large_boards_to_sat() -> None:
    """Where the compiled engine is missing, the Python one keeps to the boards it pays on."""
    board = Board.from_rows(parity_rows(21))  # 441 nodes
    assert board.n_nodes > PYTHON_MAX_NODES
    assert presolve(board, parse_rules("fill"), using=PYTHON).outcome == SKIPPED
    small = Board.from_rows(parity_rows(20))  # 400 nodes
    assert presolve(small, parse_rules("fill"), using=PYTHON).outcome in (PARTIAL, CONTRADICTION)


def test_the_compiled_engine_deduces_at_every_size() -> None:
    board = Board.from_rows(parity_rows(40))
    assert presolve(board, parse_rules("fill")).outcome != SKIPPED


def test_presolve_is_part_of_the_method() -> None:
    assert Method().presolve and "no-presolve" in WITHOUT.label
    assert WITHOUT.as_dict()["presolve"] is False
    with pytest.raises(ValueError):
        Method(presolve="yes")


@pytest.mark.skipif(not CORPUS.is_dir(), reason="../shared/corpus is not here")
def test_corpus_verdicts_are_the_same_with_and_without_forced_moves() -> None:
    """The 29 mzucker levels under flow, most of them decided without SAT."""
    for name, board in mzucker_boards(CORPUS):
        for profile in ("flow",):
            with_moves = check(board, profile, timeout=30)
            without = check(board, profile, timeout=30, method=WITHOUT)
            assert with_moves.status == without.status, (name, profile)
            if with_moves.status == "unique":
                assert with_moves.solutions[0].edges() == without.solutions[0].edges(), name


def test_solve_takes_a_forced_solution_and_a_forced_contradiction() -> None:
    from satlink import solve

    solved = solve(Board.from_rows(["A..A", "B..B"]), "flow")
    assert solved.status == "solved" and solved.stats.sat_calls == 0
    assert solution_errors(Board.from_rows(["A..A", "B..B"]), solved.solutions[0], "flow") == []
    stuck = solve(Board.from_rows(TRAP), "flow")
    assert stuck.status == "unsolvable" and stuck.stats.sat_calls == 0


def test_the_drawing_says_when_a_board_was_decided_without_sat() -> None:
    from click.testing import CliRunner

    from satlink.cli import main

    def title(*options: str) -> str:
        result = CliRunner().invoke(main, ["check", "-", "--no-color", *options],
                                    input="A..A\nB..B\n")
        return result.output.splitlines()[0]

    assert title().endswith("decided by deduction, without SAT")
    assert "without SAT" not in title("--no-presolve")


def test_loading_the_sat_modules_is_not_the_boards_time(monkeypatch) -> None:
    """The first board that needs SAT imports numpy and PySAT (tens of ms): process start-up,
    not that board's ``seconds`` (nor bench's figure for it)."""
    import importlib

    module = importlib.import_module("satlink.solver.routes.loop")
    real = module.import_sat_modules

    def slow_import() -> float:
        begun = time.perf_counter()
        time.sleep(0.5)
        real()
        return time.perf_counter() - begun

    monkeypatch.setattr(module, "import_sat_modules", slow_import)
    verdict = check(Board.from_rows(["A..A", "B..B"]), "flow", method=WITHOUT)
    assert verdict.status == "unique" and verdict.seconds < 0.5


def test_a_split_that_does_not_decide_is_still_the_stage_named():
    """``stats.presolve_stage`` is the last stage that ran: the case splits, here, though they
    leave the board open (under fill they run where the search does not)."""
    rows = ["AB......", *["........"] * 6, "......BA"]
    found = presolve(Board.from_rows(rows), parse_rules("fill"))
    assert found.outcome == PARTIAL and found.stage == "split"
