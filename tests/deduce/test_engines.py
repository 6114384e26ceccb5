"""The compiled deduction engine against the Python one, its reference: on random small boards
of every geometry and profile, on the corpus and on hand-built cases, both must reach the same
decided edges and colours, the same contradictions (kind, colour, cells), the same grades and
explanations, the same hints and the same solutions by case splits.

The compiled engine must be built (``pip install .`` builds it): these tests fail, rather than
skip, when it is missing, unless the run asked for the Python engine (``SATLINK_ENGINE=python``).
"""

from __future__ import annotations

import os
import random
import threading
import time
from types import SimpleNamespace

import pytest

from satlink.board import Board
from satlink.deduce import BudgetSpent, Contradiction, OutOfTime, Puzzle
from satlink.deduce.engines import ENVIRONMENT, PYTHON, compiled, engine, engine_named
from satlink.deduce.lookahead import LookaheadBudget
from satlink.deduce.split import CaseSplits
from satlink.explain.hint import hint
from satlink.explain.trace import trace
from satlink.formats import read_file
from satlink.grading.compare import ALL_PASSES, RESULTS, fixpoint_result
from satlink.rules import parse_rules
from satlink.runtime.cancel import CancelToken, cancelling
from testbed.boards import PROFILES, boards, mzucker_boards
from testbed.oracle import count_solutions
from testbed.variants import VARIANT_PROFILES, variants
from tests.support.paths import CORPUS
from tests.support.size import sized

PYTHON_ASKED = os.environ.get(ENVIRONMENT) == "python"
COMPILED = compiled()
pytestmark = pytest.mark.skipif(COMPILED is None and PYTHON_ASKED,
                                reason="SATLINK_ENGINE=python: the compiled engine was not asked for")


def test_the_compiled_engine_is_built_and_chosen():
    assert COMPILED is not None, ("satlink.deduce._core is missing: `pip install .` should have "
                                  "built it with the machine's C++ compiler")
    assert engine().name == "compiled"
    assert engine_named("python") is PYTHON


def agree(board: Board, rules: str) -> None:
    profile = parse_rules(rules)
    for result in RESULTS:
        assert result(COMPILED, board, profile) == result(PYTHON, board, profile), (
            result.__name__, rules, board.rows)


@pytest.mark.parametrize("rules", PROFILES)
def test_random_square_boards_agree(rules):
    for rows in boards(3031, 60):
        agree(Board.from_rows(rows), rules)


@pytest.mark.parametrize("rules", VARIANT_PROFILES)
def test_random_variant_boards_agree(rules):
    for variant in variants(3032, 6):
        agree(variant.board(), rules)


def test_case_splits_count_as_brute_force_does():
    """The search by case splits finds exactly the solutions there are (distinct edge sets),
    up to its limit, on small boards of every kind and profile."""
    for variant in variants(3033, 5):
        for rules in ("flow", "fill", "nikoli", "fill,no2x2"):
            profile = parse_rules(rules)
            board = variant.board()
            search = CaseSplits(10_000, 4, ("corner", "notouch", "region"))
            assert COMPILED.split(COMPILED.state(Puzzle(board, profile)), search)
            assert len(set(search.solutions)) == len(search.solutions)
            assert len(search.solutions) == min(4, variant.count(profile, 4)), (rules, variant)


@pytest.mark.parametrize("rules", ["flow", "nikoli"])
def test_corpus_boards_agree(rules):
    """The hand-made boards up to 10x10 (the rest, under every profile, and 10,000 random
    boards: ``benchmarks/engine_agreement.py``)."""
    files = sorted((CORPUS / "mzucker-flow_solver" / "puzzles").glob("*.txt"))
    files += [CORPUS / "thomasahle-numberlink" / "puzzles" / "inputs1"]
    if not files or not files[0].exists():
        pytest.skip("../shared/corpus is not here")
    for path in files:
        for entry in read_file(str(path)):
            if entry.board is not None and entry.board.n_nodes <= 100:
                agree(entry.board, rules)


@pytest.mark.parametrize("rules", [parse_rules("flow"), parse_rules("nikoli")])
def test_explanations_and_hints_agree(rules):
    """The recording state logs the same changes with the same causes: the step-by-step
    explanation and a hint from a drawing read the same from either engine."""
    for rows in boards(3034, sized(10, 30)):
        board = Board.from_rows(rows)
        mine, theirs = trace(board, rules, using=COMPILED), trace(board, rules, using=PYTHON)
        assert mine.as_dict(board) == theirs.as_dict(board), rows
        if mine.complete and board.labels:
            label = board.labels[0]
            path = mine.grade.solution.paths[label]
            drawn = {label: [board.coords(path[: max(2, len(path) // 2)])]}
            import json

            from satlink.explain.hint import read_progress

            pieces = read_progress(json.dumps({"paths": drawn}), board)
            a, b = hint(board, rules, pieces, using=COMPILED), hint(board, rules, pieces, using=PYTHON)
            assert a.as_dict() == b.as_dict(), rows


def test_lookahead_counts_its_hypotheses_and_stops_at_its_budget():
    board = Board.from_rows(["A.....", "......", "..B...", "......", "...B..", ".....A"])
    for eng in (COMPILED, PYTHON):
        st = eng.state(Puzzle(board, parse_rules("fill")))
        eng.fixpoint(st, ("corner", "notouch"))
        search = LookaheadBudget(3)
        with pytest.raises(BudgetSpent):
            while eng.lookahead(st, 1, search):
                pass
        assert search.tried == 3


def test_region_carrier_counts_stay_exact():
    """The compiled region pass skips its scan when every node that may carry a colour was
    reached; the counts that decision rests on match a fresh count after every pass."""
    for rows in boards(3035, sized(12, 40)):
        board = Board.from_rows(rows)
        for rules in ("flow", "nikoli"):
            st = COMPILED.state(Puzzle(board, parse_rules(rules)))
            try:
                for technique in ("region", "forced", "corner", "notouch", "region", "bottleneck",
                                  "forced", "region"):
                    COMPILED.run(st, technique)
                    assert st._carriers_consistent(), (rules, rows)
            except Contradiction:
                pass


def test_a_cancelled_token_stops_the_compiled_fixpoint():
    """The studio cancels a stale check from another thread; the compiled engine reads the
    token's flag between passes, without the GIL."""
    board = Board.from_rows(["A" + "." * 58 + "B"] + ["." * 60] * 58 + ["B" + "." * 58 + "A"])
    token = CancelToken()
    token.cancel()
    st = COMPILED.state(Puzzle(board, parse_rules("nikoli")))
    with cancelling(token), pytest.raises(OutOfTime):
        COMPILED.fixpoint(st, ALL_PASSES)
    st = COMPILED.state(Puzzle(board, parse_rules("nikoli")))
    with pytest.raises(OutOfTime):
        COMPILED.fixpoint(st, ALL_PASSES, deadline=time.monotonic() - 1)


def test_the_engine_lets_other_threads_run():
    """A long deduction releases the GIL: a Python thread keeps counting meanwhile."""
    side = 300
    board = Board.from_rows(["A" + "." * (side - 2) + "B"] + ["." * side] * (side - 2)
                            + ["B" + "." * (side - 2) + "A"])
    ticks = []
    stop = threading.Event()

    def count():
        while not stop.is_set():
            ticks.append(1)
            time.sleep(0.001)

    counter = threading.Thread(target=count)
    st = COMPILED.state(Puzzle(board, parse_rules("fill")))
    counter.start()
    try:
        before = len(ticks)
        COMPILED.lookahead(st, 1, LookaheadBudget(30))
    except BudgetSpent:
        pass
    finally:
        stop.set()
        counter.join()
    assert len(ticks) > before


def test_hundreds_of_colours_fit_in_many_words():
    """Colour sets of more than 64 colours span several machine words (here 5)."""
    rng = random.Random(3036)
    width = 40
    cells = rng.sample(range(width * width), 2 * 300)
    grid = ["."] * (width * width)
    from satlink.board import label_for

    for i in range(300):
        grid[cells[2 * i]] = grid[cells[2 * i + 1]] = label_for(i)
    board = Board.from_rows(["".join(grid[r * width:(r + 1) * width]) for r in range(width)])
    assert len(board.labels) == 300
    for profile in (parse_rules("nikoli"), parse_rules("fill")):
        assert fixpoint_result(COMPILED, board, profile) == fixpoint_result(PYTHON, board, profile)


def test_unsolvable_small_boards_end_in_a_contradiction_or_no_solution():
    """A contradiction is a proof: never raised on a board brute force solves."""
    for rows in boards(3037, 120):
        for rules in ("flow", "fill"):
            profile = parse_rules(rules)
            result = fixpoint_result(COMPILED, Board.from_rows(rows), profile)
            if result[0] == "contradiction":
                assert count_solutions(rows, profile.fill, profile.notouch, profile.no2x2, 1) == 0


class _LoadedWhenCalled:
    """Stands for :func:`satlink.deduce.engines.compiled` with its cache empty: loaded (its
    ``cache_info().currsize`` 1) once called."""

    def __init__(self, real):
        self.real, self.loaded = real, False

    def cache_info(self):
        return SimpleNamespace(currsize=int(self.loaded))

    def __call__(self):
        self.loaded = True
        return self.real()


def test_a_processs_first_tiny_boards_use_the_python_engine_unless_one_is_asked_for(
        monkeypatch) -> None:
    """Up to TINY_NODES nodes the Python engine deduces a process's first few boards (a 2x2
    check starts without loading the core), then the engine in use; once the compiled engine
    is loaded, every board gets it; SATLINK_ENGINE overrides both."""
    from satlink.deduce import engines
    from satlink.deduce.engines import TINY_BOARDS_IN_PYTHON, TINY_NODES, engine_for

    monkeypatch.delenv(ENVIRONMENT, raising=False)
    stand_in = _LoadedWhenCalled(engines.compiled)
    monkeypatch.setattr(engines, "compiled", stand_in)
    monkeypatch.setattr(engines, "_tiny_boards_seen", 0)
    for _ in range(TINY_BOARDS_IN_PYTHON):
        assert engine_for(TINY_NODES) is PYTHON
    assert not stand_in.loaded
    assert engine_for(TINY_NODES) is (stand_in.real() or PYTHON)  # the batch's next board
    monkeypatch.setattr(engines, "_tiny_boards_seen", 0)
    assert engine_for(TINY_NODES + 1) is (stand_in.real() or PYTHON)
    assert engine_for(4) is (stand_in.real() or PYTHON)  # loaded: tiny boards get it too
    monkeypatch.setenv(ENVIRONMENT, "python")
    assert engine_for(10_000) is PYTHON
    if stand_in.real() is not None:
        monkeypatch.setenv(ENVIRONMENT, "compiled")
        assert engine_for(4) is stand_in.real()


def settled_result(eng, board: Board, rules, budget: int, resume: bool = False) -> tuple:
    """What presolve's look-ahead loop (``settle``) leaves: the state, the hypotheses tried and
    the moves refuted, in order; or the contradiction."""
    p = Puzzle(board, rules)
    st = eng.state(p)
    refuted = []
    search = LookaheadBudget(budget, refuted=lambda move, why: refuted.append((move, why.kind)),
                             resume=resume)
    try:
        eng.fixpoint(st, ALL_PASSES)
        finished = eng.settle(st, ALL_PASSES, search)
    except Contradiction as why:
        return ("contradiction", why.kind, why.label, tuple(why.nodes), tuple(why.edges))
    return (finished, search.tried, refuted, bytes(st.es), tuple(st.colour(x) for x in p.nodes))


@pytest.mark.parametrize("resume", [False, True])
@pytest.mark.parametrize("rules", PROFILES)
def test_the_look_ahead_loop_in_the_core_matches_the_python_loop(rules, resume):
    """One call into the core (``settle``) makes the same refutations, in the same order, with
    the same hypotheses counted, as the Python loop around one look-ahead step at a time; so it
    does when each look-ahead resumes where the last refuted move was (presolve's order)."""
    profile = parse_rules(rules)
    for i, rows in enumerate(boards(3037, 40)):
        board = Board.from_rows(rows)
        budget = (5, 40, 400)[i % 3]
        assert settled_result(COMPILED, board, profile, budget, resume) == settled_result(
            PYTHON, board, profile, budget, resume), (rules, rows, budget)


@pytest.mark.parametrize("resume", [False, True])
@pytest.mark.parametrize("rules", VARIANT_PROFILES)
def test_the_look_ahead_loop_agrees_on_variant_boards(rules, resume):
    profile = parse_rules(rules)
    for variant in variants(3038, 3):
        board = variant.board()
        assert settled_result(COMPILED, board, profile, 200, resume) == settled_result(
            PYTHON, board, profile, 200, resume), (rules, board.rows)


def test_resuming_look_ahead_changes_the_order_not_the_finish(corpus):
    """Resumed, the look-ahead loop refutes moves in another order (on random boards it seldom
    does, so the hand-made boards here): the Python loop's, resumed the same way, and it
    finishes the boards the plain loop finishes, with the same solution."""
    profile = parse_rules("flow")
    reordered = 0
    for name, board in mzucker_boards(corpus):
        plain = settled_result(COMPILED, board, profile, 400)
        resumed = settled_result(COMPILED, board, profile, 400, resume=True)
        if plain[0] == "contradiction":
            assert resumed[0] == "contradiction", name
            continue
        assert resumed[0] == plain[0], name
        if plain[0]:  # finished: the solution, whatever the order
            assert resumed[3:] == plain[3:], name
        if resumed[2] != plain[2]:  # another order: the Python loop's, resumed as well
            reordered += 1
            assert settled_result(PYTHON, board, profile, 400, resume=True) == resumed, name
    assert reordered > 0


def test_a_single_small_check_never_loads_the_core_and_a_batch_does() -> None:
    """A process that checks one tiny board starts without the compiled core; one that checks
    more than TINY_BOARDS_IN_PYTHON of them loads it (a batch pays its loading once)."""
    import subprocess
    import sys

    if compiled() is None:
        pytest.skip("the compiled engine is not built")
    script = ("import sys\n"
              "from satlink import check\n"
              "from satlink.board import Board\n"
              "from satlink.deduce.engines import TINY_BOARDS_IN_PYTHON\n"
              "boards = int(sys.argv[1]) or TINY_BOARDS_IN_PYTHON + 1\n"
              "for _ in range(boards):\n"
              "    check(Board.from_rows(['A.B', '...', 'A.B']))\n"
              "print('satlink.deduce._core' in sys.modules)\n")
    env = {k: v for k, v in os.environ.items() if k != ENVIRONMENT}
    loaded = [subprocess.run([sys.executable, "-c", script, n], capture_output=True, text=True,
                             env=env, check=True).stdout.strip() for n in ("1", "0")]
    assert loaded == ["False", "True"]
