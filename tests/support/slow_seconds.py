"""Tests of a second or more (measured with ``--durations=0`` at low load) that the default
run leaves to CI (``python -m pytest -m slow``), each with what the default run still proves
of the same property.  ``tests/conftest.py`` marks them (``*`` in a node id matches anything)."""

from __future__ import annotations

SECOND_OR_MORE: dict[str, str] = {
    "tests/batch/test_batch.py::test_worker_killed_mid_board_is_an_error_and_the_batch_completes":
        "the batch's other crash and error tests (a bad board, a timeout) in this file",
    "tests/batch/test_workers.py::test_a_scheduler_that_cannot_be_used_is_a_usage_error_and_"
    "out_is_kept[tcp://127.0.0.1:1-*]":
        "the other unusable-scheduler cases in this file",
    "tests/bench/test_cluster.py::test_bench_scheduler_on_the_command_line_writes_the_local_form":
        "bench's in-process runs (tests/bench/test_research.py, test_identity_and_answers.py)",
    "tests/bench/test_cluster.py::test_an_unreachable_scheduler_is_a_usage_error":
        "bench's in-process runs (tests/bench/test_research.py, test_identity_and_answers.py)",
    "tests/bench/test_research.py::test_a_backend_that_sleeps_past_the_cutoff_is_killed_there_and_counted_a_timeout":
        "the in-process backends' verdicts, cut-offs and shuffled formulas in this file",
    "tests/bench/test_research.py::test_the_memory_limit_holds_in_process_and_for_external_solvers":
        "the in-process backends' verdicts, cut-offs and shuffled formulas in this file",
    "tests/bench/test_research.py::test_an_external_solver_that_sleeps_is_killed_at_the_cutoff":
        "the in-process backends' verdicts, cut-offs and shuffled formulas in this file",
    "tests/bench/test_research.py::test_an_external_solver_gives_the_in_process_verdicts":
        "the in-process backends' verdicts, cut-offs and shuffled formulas in this file",
    "tests/bench/test_resources.py::test_a_solver_binary_burning_cpu_and_memory_is_measured_within_ten_percent":
        "the resource fields of an ordinary run in this file",
    "tests/bench/test_resources.py::test_a_killed_run_writes_every_field":
        "the resource fields of an ordinary run in this file",
    "tests/bench/test_resources.py::test_the_cpu_cutoff_kills_a_run_that_burns_past_it":
        "the resource fields of an ordinary run in this file",
    "tests/deduce/test_engines.py::test_random_variant_boards_agree[flow]":
        "the engines' agreement on the corpus and on random boards under the other profiles",
    "tests/deduce/test_sparse_colours.py::test_random_variant_boards_agree_with_colours_as_lists[notouch,no2x2]":
        "colour sets as lists against words on the other profiles' random boards",
    "tests/deduce/test_sparse_colours.py::test_boards_of_over_a_thousand_labels_agree[fill]":
        "colour sets as lists against words on the other profiles' random boards",
    "tests/explain/test_explain.py::test_minimal_core_is_impossible_and_each_member_needed[notouch]":
        "minimal cores and fewest empty cells against brute force on the plain boards of this file",
    "tests/explain/test_explain.py::test_fewest_empty_cells_match_brute_force[flow]":
        "minimal cores and fewest empty cells against brute force on the plain boards of this file",
    "tests/explain/test_explain.py::test_minimal_core_is_impossible_and_each_member_needed[notouch,no2x2]":
        "minimal cores and fewest empty cells against brute force on the plain boards of this file",
    "tests/formats/test_fuzz.py::test_check_cli_survives_mutated_boards":
        "the readers' fuzz tests in process (this file's other 50)",
    "tests/frontier/test_against_bruteforce.py::test_every_geometry_agrees_with_brute_force[flow-compiled]":
        "the sweep against brute force on every geometry under nikoli and the other profiles",
    "tests/frontier/test_cuts.py::test_the_reach_cut_agrees_on_every_geometry[fill]":
        "the reach and crossing cuts under flow and nikoli on every geometry",
    "tests/generate/test_colour_openings.py::test_a_move_that_leaves_the_count_is_paired_with_one_that_comes_back":
        "the colour-count steering at other sizes and counts in this file",
    "tests/generate/test_cluster.py::test_a_cluster_makes_the_local_pack_and_stores_duplicates_once":
        "the generator's local jobs (tests/generate/test_generate.py)",
    "tests/generate/test_colour_openings.py::test_packs_at_one_colour_count_keep_it_and_are_unique[7x7-5-8]":
        "the colour-count steering at other sizes and counts in this file",
    "tests/generate/test_generate.py::test_same_seed_same_pack_whatever_the_jobs":
        "seeds that make the same pack again (test_plain_runs_take_fresh_seeds_that_make_the_pack_again)",
    "tests/generate/test_look.py::test_the_walk_keeps_every_path_valid":
        "the walk's other moves kept valid in this file",
    "tests/generate/test_opening.py::test_the_generators_solver_colours_what_the_benchmarks_does[9x9]":
        "the same agreement at the smaller sizes",
    "tests/generate/test_play.py::test_default_7x7_pack_is_mostly_easy_and_unique":
        "the play steering's other tests in this file",
    "tests/generate/test_play.py::test_default_7x7_pack_has_published_staircases_and_border_endpoints":
        "the play steering's other tests in this file",
    "tests/generate/test_variant_bands.py::test_hex_and_wrap_10x10_reach_the_easier_bands[variant0-medium]":
        "the variant bands' other cases",
    "tests/geometry/test_variants.py::test_counts_match_brute_force[notouch,no2x2]":
        "the same counts under flow on every geometry",
    "tests/painted/test_painted.py::test_a_painting_reads_back_to_the_painted_paths[hex-bridges]":
        "the same properties on the seven other geometry families",
    "tests/painted/test_painted.py::test_the_drawing_is_unique_exactly_when_the_oracle_counts_one[hex-bridges]":
        "the same properties on the seven other geometry families",
    "tests/painted/test_painted.py::test_every_fix_is_unique_by_the_oracle_with_the_edited_drawing_as_its_solution[hex-bridges]":
        "the same properties on the seven other geometry families",
    "tests/quality/test_figures_reference.py::test_oracle_solutions_of_every_family_have_the_reference_figures[hex-bridges]":
        "the same figures on the seven other families",
    "tests/referee/test_compiled.py::test_random_boards_of_every_geometry[warps]":
        "the compiled referee on the six other families and planted mistakes",
    "tests/referee/test_compiled.py::test_random_boards_of_every_geometry[hexes]":
        "the compiled referee on the six other families and planted mistakes",
    "tests/referee/test_grid.py::test_the_array_check_agrees_with_the_walk[nikoli]":
        "the array check against the walk under the other profiles",
    "tests/render/test_report.py::test_10000_boards_take_less_than_a_kilobyte_each_and_no_picture_is_inline":
        "the report's layout and data without a browser (this file's other tests)",
    "tests/render/test_report.py::test_problems_first_each_drawn_and_the_rest_on_a_click":
        "the report's layout and data without a browser (this file's other tests)",
    "tests/repair/test_draw_agreement.py::test_on_small_boards_repair_fixes_wherever_draw_mode_does_and_brute_force_agrees[fill-4-60]":
        "repair against draw mode on the ring boards and the other cases",
    "tests/repair/test_draw_agreement.py::test_the_repair_command_fixes_the_ring_board[fill]":
        "repair against draw mode on the ring boards and the other cases",
    "tests/repair/test_draw_agreement.py::test_on_small_boards_repair_fixes_wherever_draw_mode_does_and_brute_force_agrees[flow-5-150]":
        "repair against draw mode on the ring boards and the other cases",
    "tests/solver/test_many_labels.py::test_a_check_of_125000_labels_holds_its_budget":
        "boards of thousands of labels in tests/deduce/test_sparse_colours.py",
    "tests/solver/test_many_labels.py::test_a_hint_on_125000_labels_holds_its_budget":
        "boards of thousands of labels in tests/deduce/test_sparse_colours.py",
    "tests/solver/test_many_labels.py::test_the_encoding_of_45000_labels_holds_the_budget":
        "boards of thousands of labels in tests/deduce/test_sparse_colours.py",
    "tests/solver/test_many_labels.py::test_an_explanation_of_an_unsolvable_board_of_many_labels_holds_its_budget":
        "boards of thousands of labels in tests/deduce/test_sparse_colours.py",
    "tests/solver/test_pieces.py::test_split_route_matches_brute_force_on_every_geometry[flow]":
        "the split route against brute force under notouch and on plain boards",
    "tests/solver/test_session.py::test_hole_and_endpoint_edits_match_brute_force_on_every_geometry[flow]":
        "the edit session's other edits against brute force in this file",
    "tests/solver/test_session.py::test_hole_and_endpoint_edits_match_brute_force_on_every_geometry[flow,no2x2]":
        "the edit session's other edits against brute force in this file",
    "tests/solver/test_session.py::test_renamed_added_and_removed_colours_and_switched_rules_match_brute_force":
        "the edit session's other edits against brute force in this file",
    "tests/solver/test_weaker.py::test_every_geometry_matches_brute_force[nikoli]":
        "the weaker route under flow and the square boards of this file",
    "tests/solver/test_weaker.py::test_every_geometry_matches_brute_force[fill,no2x2]":
        "the weaker route under flow and the square boards of this file",
    "tests/studio/test_command.py::test_it_serves_the_pack_and_the_board_asked_for":
        "the studio command's other tests",
    "tests/studio/test_design.py::test_a_repair_says_what_it_is_doing_while_it_searches":
        "the design actions' other tests in this file",
    "tests/studio/test_floor.py::test_the_referee_is_held_to_the_requests_deadline":
        "the request floor's other 29 tests (sizes, types, origins)",
    "tests/studio/test_floor.py::test_a_path_longer_than_the_board_allows_is_refused_before_it_is_read":
        "the request floor's other 29 tests (sizes, types, origins)",
    "tests/studio/test_jobs.py::test_jobs_whose_clients_hang_up_are_stopped":
        "jobs answered and cancelled in the other tests of this file",
    "tests/studio/test_jobs.py::test_a_job_that_outlives_its_deadline_is_answered_and_its_token_cancelled":
        "jobs answered and cancelled in the other tests of this file",
    "tests/studio/test_load.py::test_a_trivial_check_is_answered_within_the_deadline_throughout[31]":
        "the live verdict's admission (tests/studio/test_guard.py)",
    "tests/test_canonical.py::test_every_image_has_the_same_hash_and_solution_count[wrap+wall]":
        "every image's hash and count on the other geometries",
    "tests/studio/test_load.py::test_live_checks_are_answered_while_five_tabs_explain":
        "the live verdict's admission (tests/studio/test_guard.py)",
    "tests/test_docs_examples.py::test_the_example_runs[README.md:127]":
        "the README's quick start and satlink --help's examples",
    "tests/test_docs_examples.py::test_the_example_runs[README.md:33]":
        "the README's quick start and satlink --help's examples",
    "tests/test_docs_examples.py::test_the_example_runs[docs/tasks/check.md:7]":
        "the README's quick start and satlink --help's examples",
    "tests/test_docs_examples.py::test_the_example_runs[docs/tasks/check.md:39]":
        "the README's quick start and satlink --help's examples",
    "tests/test_docs_examples.py::test_the_example_runs[docs/tasks/check.md:48]":
        "the README's quick start and satlink --help's examples",
    "tests/test_docs_examples.py::test_the_example_runs[docs/tasks/check.md:66]":
        "the README's quick start and satlink --help's examples",
    "tests/test_docs_examples.py::test_the_example_runs[docs/tasks/generate.md:21]":
        "the README's quick start and satlink --help's examples",
    "tests/test_docs_examples.py::test_the_example_runs[docs/tasks/generate.md:49]":
        "the README's quick start and satlink --help's examples",
    "tests/test_docs_examples.py::test_the_example_runs[docs/tasks/generate.md:37]":
        "the README's quick start and satlink --help's examples",
    "tests/test_docs_examples.py::test_the_example_runs[docs/tasks/validate.md:44]":
        "the README's quick start and satlink --help's examples",
    "tests/test_docs_results.py::test_publish_names_a_missing_table_and_a_file_that_is_not_results":
        "publish's other refusals in this file",
    "tests/test_exports.py::test_generated_puzzles_are_not_checked_again_under_their_own_rules":
        "the exports' other tests in this file",
    "tests/bench/test_research.py::test_shuffled_formulas_give_the_same_verdicts":
        "the in-process backends' verdicts and cut-offs in this file",
    "tests/solver/test_frontier_route.py::test_square_boards_agree_with_brute_force[fill]":
        "the route against brute force on every geometry in this file",
    "tests/solver/test_pieces.py::test_split_route_matches_brute_force_beside_walled_and_holed_bridg"
    "es[notouch,no2x2]":
        "the same boards under flow and notouch",
    "tests/test_exports.py::test_puzzlink_accepts_every_solution_and_more_exactly_where_its_rules_ar"
    "e_said_to_differ[fill,notouch]":
        "the same under the other profiles",
    "tests/test_exports.py::test_puzzlink_accepts_every_solution_and_more_exactly_where_its_rules_ar"
    "e_said_to_differ[fill,no2x2]":
        "the same under the other profiles",
    "tests/generate/test_play.py::test_variants_are_steered_to_a_band[variant0-hard]":
        "the other variants and bands in this file",
    "tests/solver/test_method.py::test_corpus_verdicts[onehot-edge]":
        "the corpus verdicts under the other encodings",
    "tests/bench/test_identity_and_answers.py::test_bench_compare_on_the_command_line":
        "bench compare in process in this file",
    "tests/generate/test_generate.py::test_symmetric_layouts[mirror-9x6]":
        "the other symmetric layouts",
    "tests/generate/test_generate.py::test_symmetric_layouts[rotational-10x10]":
        "the other symmetric layouts",
    "tests/generate/test_opening.py::test_the_generators_solver_colours_what_the_benchmarks_does[6x10]":
        "the same agreement at the other sizes",
    "tests/solver/test_pieces.py::test_split_route_matches_brute_force_on_every_geometry[notouch,no2x2]":
        "the same sweep under notouch",
    "tests/generate/test_colour_openings.py::test_a_6_colour_7x7_pack_opens_like_published_6_colour_levels":
        "the colour-count steering at other sizes and counts in this file",
    "tests/solver/test_method.py::test_the_one_time_import_does_not_count_against_a_boards_deadline":
        "deadlines held in the other tests of this file",
    "tests/generate/test_variant_bands.py::test_hex_and_wrap_10x10_reach_the_easier_bands[variant1-easy]":
        "the variant bands' other cases",
}
