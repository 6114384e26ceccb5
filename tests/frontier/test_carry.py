"""The compiled sweep carrying a state through a step that leaves it one way on (``carry``):
exact counts and decoded solutions as without it, against brute force on square boards and on
every variant family, under every profile; and it does store fewer states (so the agreement is
not that of a carry that never carries)."""

from __future__ import annotations

import pytest

from satlink import Board, parse_rules, solution_errors
from satlink.frontier import schedule as scheduling
from satlink.frontier.engines import compiled_available
from satlink.frontier.state import Model
from satlink.solution import Solution
from testbed.boards import boards
from testbed.oracle import count_solutions
from testbed.variants import variants

pytestmark = pytest.mark.skipif(not compiled_available(), reason="the compiled sweep is not built")

EXACT = 10**6
PROFILES = ("fill", "nikoli", "flow", "no2x2", "fill,no2x2")


def sweep(board: Board, profile: str, carry: bool, limit: int = EXACT):
    from satlink.frontier.compiled import CompiledSweep

    rules = parse_rules(profile)
    plan = scheduling.build(board, rules)
    model = Model(plan.n_labels, rules.fill, rules.notouch, rules.no2x2)
    return CompiledSweep(carry=carry).run(plan, model, limit, 2, None, None, None)


@pytest.mark.parametrize("profile", PROFILES)
def test_exact_counts_agree_with_and_without_carrying_and_with_brute_force(profile) -> None:
    rules = parse_rules(profile)
    fewer = 0
    for rows in boards(seed=5303 + len(profile), n=30):
        board = Board.from_rows(rows)
        carried, stored = sweep(board, profile, True), sweep(board, profile, False)
        truth = count_solutions(rows, rules.fill, rules.notouch, rules.no2x2, limit=EXACT)
        assert carried.count == stored.count == truth, rows
        fewer += sum(carried.sizes) < sum(stored.sizes)
    assert fewer > 0


@pytest.mark.parametrize("profile", ("fill", "nikoli"))
def test_variant_boards_count_alike_and_decode_valid_solutions(profile) -> None:
    rules = parse_rules(profile)
    for variant in variants(seed=77, per_family=2):
        board = variant.board()
        carried, stored = sweep(board, profile, True, 2), sweep(board, profile, False, 2)
        assert (carried.ended, carried.count) == (stored.ended, stored.count), variant
        for edges in carried.edge_sets:
            solution = Solution.from_edges(board, [board.edges[e] for e in edges])
            assert solution_errors(board, solution, rules) == []
