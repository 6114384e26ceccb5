"""Shared fixtures: the peer corpus in ../shared (tests skip cleanly when it is absent), and
headless Chromium (``browser``, ``page``: see testbed/browser.py).

The suite runs in parallel (pytest-xdist; ``-n auto --dist loadgroup`` in pyproject.toml):
tests go to the workers one by one, except those using a fixture that starts processes once
a module (:data:`STARTED_ONCE_A_MODULE`), which stay together on one worker. The tests in
:data:`SLOW` are marked ``slow``: ``python -m pytest`` leaves them out, CI runs them
(``python -m pytest -m slow``), ``python -m pytest -m ""`` runs everything."""

from __future__ import annotations

import re
import warnings
from pathlib import Path

import pytest

from testbed.browser import browser, page  # noqa: F401  (fixtures for every test file)
from tests.support.paths import CORPUS

STARTED_ONCE_A_MODULE = {
    "browser": "Chromium (testbed/browser.py)",
    "cluster": "a Dask LocalCluster of two worker processes (tests/generate/test_cluster.py)",
}
"""Module-scoped fixtures that start processes: their module's tests share one worker."""

PROFILES_LEFT_TO_CI = ("fill", "nikoli", "no2x2", "fill,no2x2")
"""In a sweep over profiles, these run in CI only: flow (the loosest), notouch and
notouch,no2x2 (the strictest) stay in the default run, with every geometry and board of the
sweep."""

SWEEPS = {
    "tests/solver/test_pieces.py::test_split_route_matches_brute_force[{}]",
    "tests/solver/test_pieces.py::test_split_route_matches_brute_force_on_every_geometry[{}]",
    "tests/solver/test_pieces.py::test_split_route_matches_brute_force_beside_walled_and_holed_"
    "bridges[{}]",
    "tests/deduce/test_engines.py::test_random_variant_boards_agree[{}]",
    "tests/deduce/test_forced_moves.py::test_the_bookkeeping_agrees_with_the_scans_on_every_"
    "geometry[{}]",
    "tests/geometry/test_variants.py::test_counts_match_brute_force[{}]",
    "tests/geometry/test_variants.py::test_every_method[*-{}]",
    "tests/geometry/test_variants.py::test_every_sound_lemma_set[{}]",
    "tests/solver/test_presolve.py::test_forced_moves_agree_with_brute_force_on_variants[{}]",
    "tests/solver/test_presolve.py::test_forced_moves_agree_with_brute_force_on_plain_boards[{}]",
}
"""Brute-force agreement sweeps, one test a profile."""

SLOW: dict[str, str] = {
    # a test's node id (* matches anything) -> what the default run still proves
    **{sweep.format(profile): "the same sweep under flow, notouch and notouch,no2x2 (those the "
       "test has)" for sweep in SWEEPS for profile in PROFILES_LEFT_TO_CI},
    "tests/deduce/test_engines.py::test_corpus_boards_agree[*nikoli*]":
        "both engines on the corpus under flow, and on random boards of every geometry",
    "tests/deduce/test_forced_moves.py::test_a_third_path_edge_at_a_node_is_a_contradiction_not_"
    "a_crash": "the random drafts test meets the same third path edge (the oracle's count on "
               "this 7x7 board takes seconds)",
    "tests/explain/test_explain.py::test_minimal_core_is_impossible_and_each_member_needed"
    "[nikoli]": "the same under notouch and notouch,no2x2",
    "tests/explain/test_explain.py::test_fewest_empty_cells_match_brute_force[fill]":
        "the same under flow",
    "tests/test_corpus.py::test_thomasahle_boards_solve_and_validate[inputs9*]":
        "inputs1, inputs2 and inputs5 solve and validate",
    "tests/test_corpus.py::test_mzucker_under_fill": "mzucker's boards under flow",
    "tests/test_corpus.py::test_misaghsoltani_unsolvable_level_by_brute_force":
        "unsolvable verdicts against brute force on small boards (tests/solver)",
    "tests/formats/test_fuzz.py::test_every_reader_survives_mutated_boards":
        "mutated boards of every format through check (test_check_cli_survives_mutated_boards)",
    "tests/formats/test_fuzz.py::test_every_command_survives_mutated_boards_under_every_profile":
        "mutated boards through check, and every command's hostile-input tests (tests/cli)",
    "tests/formats/test_fuzz.py::test_resume_survives_hostile_results_files":
        "the results file's tests (tests/batch/test_results_file.py)",
    "tests/formats/test_fuzz.py::test_special_files_for_every_file_option[*-zero]":
        "a FIFO and a folder given to every file option",
    "tests/batch/test_batch.py::test_resume_after_killing_the_process_gives_one_line_per_board":
        "a worker killed mid-board; an interrupted generate run resuming",
    "tests/generate/test_generate.py::test_killed_process_resumes":
        "test_interrupted_run_resumes_without_loss_or_duplicates",
    "tests/studio/test_design_browser.py::test_a_puzzle_designed_by_drawing":
        "the other design sessions in the browser",
    "tests/studio/test_fuzz.py::test_no_body_is_an_internal_error":
        "the named hostile requests of tests/studio/test_hostile.py",
    "tests/render/test_report.py::test_10000_boards_open_in_under_two_seconds_and_every_filter_"
    "works": "the report's filters on small packs",
    "tests/bench/test_harness.py::test_bench_command_writes_json_csv_and_plots":
        "the bench command's other tests (tests/bench)",
    "tests/test_benchmark_harness.py::test_every_benchmark_script_starts[*-module]":
        "every script started as a file, python benchmarks/NAME.py",
}
"""Tests marked ``slow``, each with what the tests left in ``python -m pytest`` still prove
of the same property. Slow tests take seconds each on a quiet machine: sweeps over every
profile (the default run keeps two), the largest corpora, killed-process and fuzz runs."""


def _pattern(text: str) -> re.Pattern:
    """A node id with ``*`` matching anything; everything else literal."""
    return re.compile(".*".join(re.escape(part) for part in text.split("*")))


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    slow = {text: _pattern(text) for text in SLOW}
    matched = set()
    for item in items:
        if STARTED_ONCE_A_MODULE.keys() & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.xdist_group(item.nodeid.split("::")[0]))
        for text, pattern in slow.items():
            if pattern.fullmatch(item.nodeid):
                item.add_marker(pytest.mark.slow)
                matched.add(text)
    collected = {item.nodeid.split("[")[0] for item in items}
    for text in slow.keys() - matched:
        if text.split("[")[0] in collected:
            warnings.warn(f"conftest.SLOW: {text!r} matches no test of its function", stacklevel=1)


@pytest.fixture(scope="session")
def corpus() -> Path:
    if not CORPUS.is_dir():
        pytest.skip("../shared/corpus is not present")
    return CORPUS
