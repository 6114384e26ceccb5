"""Methods: the one validated value that says how a board is solved, and one correctness suite
for every way of solving (encodings, cardinality encodings, lemmas, backends, cycle handling),
which must all give the brute-force verdicts and counts.

A method that miscounted, let a detached cycle through or lost a solution fails here; speed
is compared in ``satlink bench``, never asserted.
"""

from __future__ import annotations

from collections import Counter
from importlib.util import find_spec
from pathlib import Path

import pytest

from satlink import Board, check, parse_rules, solution_errors
from satlink.bench.configs import configurations
from satlink.cnf import ENCODING_KINDS, LEMMA_RULES
from satlink.solver.method import Method, MethodError
from testbed.boards import CAP, FILL_AMBIGUOUS, PROFILES, TRAP, boards, mzucker_boards, parity_rows
from testbed.oracle import count_solutions
from tests.support.helpers import solutions_without_cuts
from tests.support.size import sized

# -- Method: the one validated value that says how a board is solved.

@pytest.mark.parametrize("kwargs,message", [
    ({"encoding": "nosuch"}, "unknown encoding"),
    ({"card": "nosuch"}, "unknown cardinality"),
    ({"solver": "nosuch"}, "unknown SAT backend"),
    ({"cycles": "nosuch"}, "unknown cycle handling"),
    ({"lemmas": "corner,nosuch"}, "unknown lemma 'nosuch'"),
    ({"cycles": "propagator"}, "needs --solver cadical195"),
    ({"card": "native"}, "native cardinality"),
])
def test_a_method_that_cannot_run_is_refused_when_made(kwargs: dict, message: str) -> None:
    with pytest.raises(MethodError, match=message):
        Method(**kwargs)


def test_lemma_choices_are_one_canonical_text() -> None:
    assert Method(lemmas=()).lemmas == Method(lemmas=[]).lemmas == Method(lemmas="none").lemmas == "none"
    assert Method(lemmas=("corner", "2x2-cycle")).lemmas == "corner,2x2-cycle"
    assert Method(lemmas=None).lemmas == "auto"
    assert Method(lemmas=("corner",)) == Method(lemmas="corner")


def test_lemmas_are_resolved_against_the_profile() -> None:
    flow, fill = parse_rules("flow"), parse_rules("fill")
    assert Method().lemmas_for(flow, "square") == ("corner",)
    assert Method().lemmas_for(fill, "square") == ()
    assert set(Method(lemmas="all").lemmas_for(flow, "square")) == {"corner", "no-u-turn",
                                                                     "2x2-cycle"}
    assert Method(lemmas="all").lemmas_for(fill, "hex") == ("2x2-cycle",)
    with pytest.raises(MethodError, match="only sound under rules fill,notouch"):
        Method(lemmas="corner").lemmas_for(fill, "square")
    with pytest.raises(MethodError, match="only sound under rules fill,notouch"):
        Method(lemmas="corner").check_lemmas(fill)


def test_auto_adds_the_sharp_turn_lemma_on_hexagons_only() -> None:
    """On hexagons no-u-turn forbids a path's sharp turn round a triangle (measured 0.3x the
    check time there); on squares it measured nothing, so auto leaves it out."""
    flow, nikoli, fill = parse_rules("flow"), parse_rules("nikoli"), parse_rules("fill")
    assert Method().lemmas_for(flow, "hex") == ("corner", "no-u-turn")
    assert Method().lemmas_for(parse_rules("fill,no2x2"), "hex") == ("no-u-turn",)
    assert Method().lemmas_for(nikoli, "hex") == Method().lemmas_for(fill, "hex") == ()


def test_the_verdict_says_which_method_and_lemmas_it_used() -> None:
    method = Method(solver="minisat22", lemmas="all")
    verdict = check(Board.from_rows(["A.B", "...", "A.B"]), "nikoli", method=method)
    assert verdict.method == method and verdict.lemmas == ("2x2-cycle",)


def test_bench_configurations_are_methods_and_skip_only_what_cannot_run_or_repeats() -> None:
    configs = configurations("binary-edge,acyclic", "glucose4,cadical195,minicard",
                             "pairwise,native", "lazy,propagator", "auto")
    # the bench measures one CNF per board unless asked otherwise: check's routes are off
    assert all(not c.pieces and not c.stricter_first and not c.frontier for c in configs)
    labels = {c.label.removesuffix("/no-pieces/whole/no-frontier") for c in configs}
    assert "binary-edge/cadical195/propagator" in labels
    assert "binary-edge/minicard/native" in labels
    assert not any("acyclic" in lab and "propagator" in lab for lab in labels)  # same as lazy
    assert not any("minicard" in lab and "native" not in lab for lab in labels)  # same as glucose
    assert not any("glucose4/native" in lab for lab in labels)  # cannot run
    for config in configs:
        assert Method(**config.as_dict()) == config


def test_every_kind_names_code_that_exists_and_the_card_names_are_pysats() -> None:
    """Methods are validated against the light kinds; each must name a builder or adder of
    :mod:`satlink.cnf.builders`, and the cardinality names must be PySAT's ``EncType``."""
    from pysat.card import EncType

    from satlink.cnf import builders
    from satlink.cnf.kinds import CARD_METHODS, ENCODING_KINDS, LEMMA_RULES

    for kind in ENCODING_KINDS.values():
        assert callable(getattr(builders, kind.builder))
        assert kind.clauses(100, 5, "pairwise") > 0
    for rule in LEMMA_RULES.values():
        assert callable(getattr(builders, rule.adder))
    assert set(CARD_METHODS) == {k for k in vars(EncType) if not k.startswith("_")}


def test_a_run_the_forced_moves_decide_never_loads_numpy_or_the_sat_backend() -> None:
    """What makes a one-level check start fast; the same board sent to SAT loads both (and
    JSON output never needs rich, nor a plain puzzle the painted boards' reader and judge)."""
    import subprocess
    import sys

    probe = ("import sys\nfrom click.testing import CliRunner\nfrom satlink.cli import main\n"
             "result = CliRunner().invoke(main, ['check', '-', '--json', *sys.argv[2:]], "
             "input=sys.argv[1])\n"
             "assert result.exit_code in (0, 1), result.output\n"
             "print(sorted(m for m in ('numpy', 'pysat.solvers', 'rich', 'satlink.painted.judge', "
             "'satlink.formats.painted', 'secrets') if m in sys.modules))\n")

    def loaded(board: str, *options: str) -> str:
        out = subprocess.run([sys.executable, "-c", probe, board, *options], capture_output=True,
                             text=True)
        assert out.returncode == 0, out.stderr
        return out.stdout.strip()

    assert loaded("A..A\nB..B\n") == "[]"
    assert loaded("A..A\nB..B\n", "--no-presolve") == "['numpy', 'pysat.solvers']"


def test_the_public_solve_function_survives_the_solver_loop_being_imported() -> None:
    """The solver loop is imported lazily; were it a module named ``solve``, importing it
    would replace ``satlink.solve`` the function with the module."""
    import satlink
    from satlink.solver.search import SolutionEnumerator

    assert callable(satlink.solve) and satlink.solve.__module__ == "satlink.solver.check"
    assert SolutionEnumerator.__module__ == "satlink.solver.search"


def test_a_backend_that_cannot_stop_at_a_deadline_is_refused_with_a_timeout() -> None:
    """Lingeling has no limited solve in PySAT: with a timeout it used to fail every board
    with an internal error; now the method says why, and without a timeout it runs."""
    from click.testing import CliRunner

    from satlink.cli import main

    board = Board.from_rows(["A..A", "B..B"])
    lingeling = Method(solver="lingeling", presolve=False)
    with pytest.raises(MethodError, match="cannot be stopped at a deadline"):
        check(board, "flow", timeout=5, method=lingeling)
    assert check(board, "flow", method=lingeling).status == "unique"
    assert check(board, "flow", timeout=float("inf"), method=lingeling).status == "unique"
    for args in (["check", "-", "--solver", "lingeling", "--timeout", "5"],
                 ["validate", "-", "--solver", "lingeling", "--timeout", "5"],
                 ["bench", "-", "--solvers", "lingeling", "--in-process"]):
        result = CliRunner().invoke(main, args, input="A..A\nB..B\n")
        assert result.exit_code == 2 and "cannot be stopped at a deadline" in result.output, args
    # the harness runs it in a child process killed at the cutoff instead
    result = CliRunner().invoke(main, ["bench", "-", "--solvers", "lingeling", "--presolve",
                                       "off"], input="A..A\nB..B\n")
    assert result.exit_code == 0 and "1/1" in result.output, result.output


def test_the_command_line_keeps_openblas_to_one_thread_unless_told_otherwise() -> None:
    """satlink makes no BLAS call, so OpenBLAS's per-core thread pool only costs start-up CPU;
    the command line must set the limit before anything can import numpy, and keep a value
    the user gave."""
    import os
    import subprocess
    import sys

    probe = ("import os, sys\nimport satlink.cli\nassert 'numpy' not in sys.modules\n"
             "print(os.environ['OPENBLAS_NUM_THREADS'])\n")
    env = {k: v for k, v in os.environ.items() if k != "OPENBLAS_NUM_THREADS"}
    for given, expected in ((None, "1"), ("4", "4")):
        run_env = env if given is None else {**env, "OPENBLAS_NUM_THREADS": given}
        out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                             env=run_env)
        assert out.returncode == 0, out.stderr
        assert out.stdout.strip() == expected


def test_the_one_time_import_does_not_count_against_a_boards_deadline(monkeypatch) -> None:
    """Under load a worker's first board spent a 0.5 s --timeout importing numpy and PySAT
    and timed out; the import is the process's start-up, so it is added back to the
    deadline (as it is left out of the board's seconds)."""
    import time

    import satlink.solver.routes.loop as loop
    from satlink import Board, Method, check

    def slow_import() -> float:
        time.sleep(0.4)
        return 0.4

    monkeypatch.setattr(loop, "import_sat_modules", slow_import)
    board = Board.from_rows(["A.B", "...", "A.B"])
    verdict = check(board, "nikoli", timeout=0.3, method=Method(presolve=False))
    assert verdict.status == "multiple" and verdict.seconds < 0.4


# -- One correctness suite for every way of solving: encodings, cardinality encodings, lemmas, backends
# and cycle handling must all give the brute-force verdicts and counts.

ALL_LEMMAS = tuple(LEMMA_RULES)
METHODS = {
    "default (forced moves first)": Method(),
    **{name: Method(encoding=name, presolve=False) for name in ENCODING_KINDS},
    "onehot-edge/seqcounter": Method(encoding="onehot-edge", card="seqcounter", presolve=False),
    "onehot-edge/totalizer": Method(encoding="onehot-edge", card="totalizer", presolve=False),
    "shape/ladder": Method(encoding="shape", card="ladder", presolve=False),
    "shape/native-minicard": Method(encoding="shape", card="native", solver="minicard", presolve=False),
    "acyclic/bitwise": Method(encoding="acyclic", card="bitwise", presolve=False),
    "binary-edge/propagator": Method(solver="cadical195", cycles="propagator", presolve=False),
    "shape/propagator": Method(encoding="shape", solver="cadical195", cycles="propagator", presolve=False),
    "binary-edge/minisat22": Method(solver="minisat22", presolve=False),
    "binary-edge/kissat404": Method(solver="kissat404", presolve=False),  # one-shot: rebuilt for each call
    "acyclic/kissat404": Method(encoding="acyclic", solver="kissat404", presolve=False),
    "binary-edge/no-lemmas": Method(lemmas=()),
}
if find_spec("pycryptosat") is not None:  # optional: pip install 'satlink[cms]'
    METHODS["binary-edge/cms"] = Method(solver="cms", presolve=False)  # clauses loaded as flat buffers


@pytest.mark.parametrize("profile", PROFILES)
@pytest.mark.parametrize("name", METHODS)
def test_counts_match_brute_force(name: str, profile: str) -> None:
    rules = parse_rules(profile)
    method = METHODS[name]
    for rows in boards(seed=300 + len(profile), n=sized(10, 25)):
        board = Board.from_rows(rows)
        truth = count_solutions(rows, rules.fill, rules.notouch, rules.no2x2, limit=CAP)
        verdict = check(board, rules, count=CAP, method=method)
        assert verdict.count == truth, (name, rows, profile)
        assert len({s.edges() for s in verdict.solutions}) == len(verdict.solutions)
        for solution in verdict.solutions:
            assert solution_errors(board, solution, rules) == [], (name, rows, profile)


@pytest.mark.parametrize("profile", PROFILES)
@pytest.mark.parametrize("encoding", ENCODING_KINDS)
def test_every_sound_lemma_keeps_every_solution(encoding: str, profile: str) -> None:
    method = Method(encoding=encoding, lemmas="all", presolve=False)
    rules = parse_rules(profile)
    for rows in boards(seed=400 + len(profile), n=25):
        truth = count_solutions(rows, rules.fill, rules.notouch, rules.no2x2, limit=CAP)
        assert check(Board.from_rows(rows), rules, count=CAP, method=method).count == truth, rows


@pytest.mark.parametrize("name", METHODS)
def test_cycle_trap(name: str) -> None:
    board = Board.from_rows(TRAP)
    method = METHODS[name]
    assert check(board, "fill", method=method).status == "unique"
    assert check(board, "flow", method=method).status == "unsolvable"
    assert check(Board.from_rows(parity_rows(4)), "fill", method=method).status == "unsolvable"


def test_acyclic_needs_no_cuts_at_all() -> None:
    """The eager encoding alone, with the cycle check switched off, is exact."""
    board = Board.from_rows(TRAP)
    method = Method(encoding="acyclic", lemmas=())
    assert len(solutions_without_cuts(board, "fill", method)) == 1
    assert solutions_without_cuts(board, "flow", method) == []
    for rows in boards(seed=9, n=40):
        truth = count_solutions(rows, True, False, False, limit=CAP)
        found = solutions_without_cuts(Board.from_rows(rows), "fill", method, limit=CAP)
        assert len(found) == truth, rows


def test_propagator_cuts_inside_one_search() -> None:
    """The same cuts, but without extra solve() calls: one call per solution (and one more)."""
    board = Board.from_rows(["A...", "....", "...A"])
    truth = count_solutions(["A...", "....", "...A"], True, False, False, limit=50)
    lazy = check(board, "fill", count=50,
                 method=Method(solver="cadical195", lemmas=(), presolve=False))
    inside = check(board, "fill", count=50, method=Method(solver="cadical195", cycles="propagator",
                                                          lemmas=(), presolve=False))
    assert lazy.count == inside.count == truth
    assert inside.stats.cycle_cuts > 0
    assert inside.stats.sat_calls == truth + 1
    assert lazy.stats.cycle_cuts > 0 and lazy.stats.sat_calls > truth + 1


@pytest.mark.parametrize("encoding", ENCODING_KINDS)
def test_corpus_verdicts(corpus: Path, encoding: str) -> None:
    """mzucker's 29 puzzles: flow verdicts for every encoding, fill verdicts on the small ones."""
    statuses: Counter[str] = Counter()
    for name, board in mzucker_boards(corpus):
        verdict = check(board, "flow", method=Method(encoding=encoding, presolve=False))
        statuses[verdict.status] += 1
        if board.width <= 9:
            fill = check(board, "fill", method=Method(encoding=encoding, presolve=False), timeout=60)
            expected = "multiple" if name in FILL_AMBIGUOUS else "unique"
            if name == "unsolvable_cross":
                expected = "unsolvable"
            assert fill.status == expected, name
    assert statuses == {"unique": 28, "unsolvable": 1}
