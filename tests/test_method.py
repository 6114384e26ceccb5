"""Method: the one validated value that says how a board is solved."""

from __future__ import annotations

import pytest

from satlink import Board, check
from satlink.bench.configs import configurations
from satlink.rules import parse_rules
from satlink.solver.method import Method, MethodError


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
    labels = {c.label for c in configs}
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
    JSON output never needs rich)."""
    import subprocess
    import sys

    probe = ("import sys\nfrom click.testing import CliRunner\nfrom satlink.cli import main\n"
             "result = CliRunner().invoke(main, ['check', '-', '--json', *sys.argv[2:]], "
             "input=sys.argv[1])\n"
             "assert result.exit_code in (0, 1), result.output\n"
             "print(sorted(m for m in ('numpy', 'pysat.solvers', 'rich') if m in sys.modules))\n")

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
    from satlink.solver.search import SolutionSearch

    assert callable(satlink.solve) and satlink.solve.__module__ == "satlink.solver.check"
    assert SolutionSearch.__module__ == "satlink.solver.search"


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

    import satlink.solver.check as solver_check
    from satlink import Board, Method, check

    def slow_import() -> float:
        time.sleep(0.4)
        return 0.4

    monkeypatch.setattr(solver_check, "_import_sat_modules", slow_import)
    board = Board.from_rows(["A.B", "...", "A.B"])
    verdict = check(board, "nikoli", timeout=0.3, method=Method(presolve=False))
    assert verdict.status == "multiple" and verdict.seconds < 0.4
