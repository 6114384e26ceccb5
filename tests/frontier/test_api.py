"""What the solver's routes rely on: decided edges change no count, the memory bound and the
deadline stop the route (not the board), bad arguments are refused, and the sweep order runs
along the long side."""

from __future__ import annotations

import subprocess
import sys
import textwrap
import time

import pytest

from satlink import Board, parse_rules
from satlink.deduce.engines import PYTHON
from satlink.deduce.puzzle import Contradiction, Puzzle
from satlink.frontier import COMPLETE, REFUSED, TIMEOUT, applies, count, estimate
from satlink.frontier.engines import compiled_available
from satlink.frontier.schedule import build
from testbed.boards import boards
from tests.support.puzzles import FLOW_AMBIGUOUS

ENGINES = ["python"] + (["compiled"] if compiled_available() else [])


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("profile", ["flow", "fill", "nikoli"])
def test_decided_edges_change_no_count(profile: str, engine: str) -> None:
    rules = parse_rules(profile)
    tried = 0
    for rows in boards(seed=900 + len(profile), n=120):
        board = Board.from_rows(rows)
        state = PYTHON.state(Puzzle(board, rules))
        try:
            PYTHON.fixpoint(state, ["forced", "notouch"] if rules.notouch else ["forced"])
        except Contradiction:
            continue
        states = bytes(state.es)
        if not any(states):
            continue
        tried += 1
        free = count(board, rules, limit=6, engine=engine)
        pruned = count(board, rules, limit=6, decided=states, engine=engine)
        assert (pruned.count, pruned.ended) == (free.count, free.ended), rows
        assert pruned.peak_states <= free.peak_states
    assert tried > 10


@pytest.mark.parametrize("rows", FLOW_AMBIGUOUS)
def test_an_ambiguous_board_gives_two_different_solutions(rows: list[str]) -> None:
    outcome = count(Board.from_rows(rows), "flow")
    assert outcome.count == 2 and not outcome.exact
    first, second = outcome.solutions
    assert first.edges() != second.edges()


def test_memory_bound_refuses_the_route() -> None:
    board = Board.from_rows(["A......", ".......", "......A"])
    refused = count(board, "nikoli", max_bytes=1)
    assert refused.ended == REFUSED and "MiB" in refused.reason and refused.count == 0
    assert count(board, "nikoli").ended == COMPLETE


@pytest.mark.parametrize("engine", ENGINES)
def test_a_level_outgrowing_the_bound_stops_the_sweep(engine: str, monkeypatch) -> None:
    import satlink.frontier.api as api

    board = Board.from_rows(["A.......", "........", "........", ".......A"])
    monkeypatch.setattr(api.cost, "estimate", lambda *a: api.cost.Estimate(5, 1.0, 1.0))
    monkeypatch.setattr(api.cost, "states_within", lambda *a: 3)  # Python's sweep counts states
    outcome = count(board, "nikoli", engine=engine, max_bytes=20_000)  # the compiled, bytes
    assert outcome.ended == REFUSED and outcome.peak_states > 3
    monkeypatch.undo()
    assert count(board, "nikoli", engine=engine).ended == COMPLETE


@pytest.mark.parametrize("engine", ENGINES)
def test_the_deadline_stops_the_sweep(engine: str) -> None:
    board = Board.from_rows(["A.......", "........", "........", ".......A"])
    outcome = count(board, "nikoli", deadline=time.monotonic() - 1, engine=engine)
    assert outcome.ended == TIMEOUT and outcome.count == 0 and outcome.solutions == ()


def test_bad_arguments() -> None:
    board = Board.from_rows(["A.A"])
    with pytest.raises(ValueError, match="limit"):
        count(board, "flow", limit=0)
    with pytest.raises(ValueError, match="edge states"):
        count(board, "flow", decided=b"\x00")
    with pytest.raises(ValueError, match="unknown rule"):
        count(board, "flwo")


def test_the_sweep_runs_along_the_long_side() -> None:
    wide = Board.from_rows(["." * 12 + "A", "A" + "." * 12, "." * 13])
    tall = Board.from_rows(["".join(r[c] for r in wide.rows) for c in range(wide.width)])
    rules = parse_rules("fill")
    assert (build(wide, rules).order, build(wide, rules).width) == ("columns", 4)
    assert (build(tall, rules).order, build(tall, rules).width) == ("rows", 4)
    assert applies(wide, rules)
    guess = estimate(wide, rules)
    assert guess.width == 4 and guess.states > 0 and guess.bytes > 0


def test_outcome_stats_are_json_ready() -> None:
    import json

    stats = count(Board.from_rows(["A.A"]), "flow").stats()
    assert json.loads(json.dumps(stats))["route"] == "frontier"


BAD_OPS = [
    ("unknown operation", "[9, 0]"),
    ("slot out of range", "[0, 0, -1, 2, 1, 0, 5, 0, 2, 2]"),
    ("cut short", "[0, 0, -1]"),
    ("label out of range", "[0, 0, 7, 2]"),
    ("a block of 2 .. 16 nodes", "[0, 0, -1, 2, 0, 1, -1, 2, 2, 1, 0]"),
]


@pytest.mark.skipif(not compiled_available(), reason="the compiled sweep is not built")
@pytest.mark.parametrize(("message", "ops"), BAD_OPS)
def test_the_extension_refuses_operations_that_are_no_schedule(message: str, ops: str) -> None:
    """Run in a child process: a crash fails this case, not the whole run."""
    code = textwrap.dedent(f"""
        from satlink.frontier.compiled import extension
        try:
            extension().run({ops}, [], 1, False, False, False, 2, 2, -1.0, 0)
        except ValueError as exc:
            print("refused:", exc)
    """)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0, done.stderr
    assert "refused:" in done.stdout and message in done.stdout
