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
from tests.support.slow_seconds import SECOND_OR_MORE

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
    # the longest of the rest (pytest --durations), each with what the default run keeps
    "tests/deduce/test_forced_moves.py::test_random_drafts_end_in_a_state_or_a_contradiction":
        "the forced moves against brute force on plain and variant boards "
        "(tests/solver/test_presolve.py) and against the scans on every geometry",
    "tests/test_docs_examples.py::test_the_example_runs[satlink generate --help]":
        "the generate examples of docs/tasks/generate.md and the generate tests",
    "tests/test_docs_examples.py::test_the_example_runs[docs/reference/generate.md:*]":
        "the generate examples of docs/tasks/generate.md and the generate tests",
    "tests/test_docs_examples.py::test_the_example_runs[satlink validate --help]":
        "the validate examples of docs/tasks/validate.md and tests/batch",
    "tests/test_docs_examples.py::test_the_example_runs[docs/reference/validate.md:*]":
        "the validate examples of docs/tasks/validate.md and tests/batch",
    "tests/geometry/test_variants.py::test_boards_reach_every_verdict":
        "verdict counts against brute force on every geometry (test_counts_match_brute_force)",
    "tests/bench/test_cluster.py::test_a_study_on_two_workers_with_one_killed_equals_the_local_run":
        "a study on the command line with --scheduler (test_bench_scheduler_on_the_command_"
        "line_writes_the_local_form) and generate's cluster tests",
    "tests/generate/test_cluster.py::test_a_killed_client_resumes_from_the_catalogue":
        "a cluster's pack equal to the local one (test_a_cluster_makes_the_local_pack_and_"
        "stores_duplicates_once), and generate's local resume tests",
    "tests/deduce/test_sparse_colours.py::test_boards_of_hundreds_of_labels_agree[*nikoli]":
        "the same under flow and fill, and random boards of every geometry with lists",
    "tests/bench/test_research.py::test_bench_json_states_its_sets_metadata_and_spread":
        "the bench's JSON contract on one board (tests/bench/test_harness.py)",
    "tests/bench/test_research.py::test_an_exported_corpus_solved_externally_gives_the_"
    "statuses_check_gives": "an external solver gives the in-process verdicts",
    "tests/repair/test_chains.py::test_past_the_budget_says_so":
        "the repair budgets of tests/repair/test_repair.py",
    "tests/bench/test_resources.py::test_a_pysat_run_burning_cpu_and_memory_is_measured_"
    "within_ten_percent": "a solver binary's CPU and memory measured the same way",
    "tests/solver/test_many_labels.py::test_the_deductions_on_125000_labels_grow_with_cells_"
    "plus_labels": "the check, explain and hint of 125,000 labels within their budgets",
    "tests/explain/test_explain.py::test_explain_unsolvable_boards_get_a_located_reason_and_the_"
    "rule_responsible": "the minimal cores against brute force (test_minimal_core_is_"
    "impossible_and_each_member_needed)",
    "tests/bench/test_harness.py::test_generated_boards_follow_colours_and_method":
        "generated boards in the generate tests; the bench's other options",
    "tests/generate/test_catalogue.py::test_two_generate_runs_on_one_catalogue_store_the_count_"
    "once": "one run's catalogue (the other catalogue tests)",
    "tests/batch/test_batch.py::test_dask_local_cluster_gives_the_same_results":
        "a cluster's results equal the local pool's in generate's cluster tests",
    "tests/solver/test_weaker.py::test_every_geometry_matches_brute_force[fill]":
        "every geometry under nikoli and fill,no2x2, and plain boards under fill",
    "tests/solver/test_weaker.py::test_every_geometry_matches_brute_force[no2x2]":
        "every geometry under nikoli and fill,no2x2, and plain boards under no2x2",
    "tests/geometry/test_variants.py::test_validator_rules_match_brute_force":
        "the referees against the oracle's solutions and planted mistakes on random boards of "
        "every geometry under every profile (tests/referee/test_compiled.py)",
    "tests/referee/test_compiled.py::test_corpus_hand_made_boards":
        "random boards of every geometry, their solutions and mistakes planted in them, under "
        "every profile (test_random_boards_of_every_geometry)",
    "tests/generate/test_cluster.py::test_a_worker_killed_mid_run_loses_and_repeats_nothing":
        "a cluster's pack equal to the local one (test_a_cluster_makes_the_local_pack_and_"
        "stores_duplicates_once), and generate's local resume tests",
    # the browser, the documentation's examples and the benchmark scripts: the three costliest
    # kinds of test, each starting processes (Chromium, satlink, python) for most of its time
    "tests/test_docs_examples.py::test_the_example_runs[docs/reference/*]":
        "the README's and the task guides' examples (docs/tasks), and each command's own tests "
        "(tests/cli and the command's folder)",
    "tests/test_docs_examples.py::test_the_example_runs[satlink * --help]":
        "the README's and the task guides' examples (docs/tasks), satlink --help's example, and "
        "each command's own --help tests (tests/cli)",
    "tests/test_benchmark_harness.py::test_every_benchmark_script_starts[*-file]":
        "three scripts started as files (BENCHMARKS_KEPT), and every script's header checked "
        "without starting it (tests/test_harness_boundaries.py)",
    **SECOND_OR_MORE,
}
"""Tests marked ``slow``, each with what the tests left in ``python -m pytest`` still prove
of the same property. Slow tests take seconds each on a quiet machine: sweeps over every
profile (the default run keeps two), the largest corpora, killed-process and fuzz runs."""


BROWSER_FIXTURES = ("page", "browser")
"""A test asking for one of these drives headless Chromium (testbed/browser.py)."""

BROWSER_KEPT = {
    "tests/studio/test_browser.py::test_a_bridge_board_is_drawn_and_played":
        "the studio in Chromium: a board drawn, checked and played",
}
"""The browser tests the default run keeps (the studio's smoke test; the report's page is drawn
in Chromium by CI's slow set); every other browser
test is marked ``slow``: Chromium costs seconds of CPU a test, and each browser module's tests
share one worker, so they were the longest chain of the run. What they prove of the pages'
logic (layouts, grades, saves, requests) is also tested without a browser (tests/studio,
tests/render)."""

BENCHMARKS_KEPT = {
    "tests/test_benchmark_harness.py::test_every_benchmark_script_starts[fill_vs_tdzdd.py-file]",
    "tests/test_benchmark_harness.py::test_every_benchmark_script_starts[perf.py-file]",
    "tests/test_benchmark_harness.py::test_every_benchmark_script_starts[behaviour.py-file]",
}
"""Benchmark scripts the default run starts as files: the first is the one once found failing
so, the others the two the issues' proofs run."""


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
                matched.add(text)
                if item.nodeid not in BENCHMARKS_KEPT:
                    item.add_marker(pytest.mark.slow)
        uses_browser = set(BROWSER_FIXTURES) & set(getattr(item, "fixturenames", ()))
        if uses_browser and item.nodeid not in BROWSER_KEPT:
            item.add_marker(pytest.mark.slow)
    ids, files = {item.nodeid for item in items}, {item.nodeid.split("::")[0] for item in items}
    for kept in {k for k in BROWSER_KEPT.keys() | BENCHMARKS_KEPT if k.split("::")[0] in files} - ids:
        warnings.warn(f"conftest: the kept test {kept!r} was not collected", stacklevel=1)
    collected = {item.nodeid.split("[")[0] for item in items}
    for text in slow.keys() - matched:
        if text.split("[")[0] in collected:
            warnings.warn(f"conftest.SLOW: {text!r} matches no test of its function", stacklevel=1)


@pytest.fixture(scope="session")
def corpus() -> Path:
    if not CORPUS.is_dir():
        pytest.skip("../shared/corpus is not present")
    return CORPUS
