"""graphillion's question (:mod:`satlink.zdd.problem`) and its count (:mod:`satlink.zdd.count`,
:mod:`satlink.zdd.child`) against the brute-force oracle: exact counts on small boards of every
geometry under ``fill`` and ``nikoli``, with and without the edges the deductions decided, every
decoded solution passing the referee; and the child's bounds (time, memory) refusing the
count, not answering wrongly."""

from __future__ import annotations

import pytest

from satlink import Board, parse_rules, solution_errors
from satlink.solver.method import Method
from satlink.solver.routes.deductions import Deductions
from satlink.solver.routes.job import Clock, Job
from satlink.zdd import child
from satlink.zdd.count import count
from satlink.zdd.problem import problem
from testbed.boards import CAP, TRAP, boards
from testbed.oracle import count_solutions
from testbed.variants import variants

PROFILES = ["fill", "nikoli"]
EXACT = 10**6


def decided_states(board: Board, profile: str) -> bytes | None:
    """The edge states the deductions hand on (None when they decide the board whole)."""
    import satlink.solver.routes as routes

    job = Job(board, parse_rules(profile), Method(), 2, Clock(None), routes.ROUTES)
    handed = Deductions().run(job)
    return None if handed.finished else handed.next_job.forced.states or None


def agree(board: Board, profile: str, truth: int) -> None:
    rules = parse_rules(profile)
    assert count(board, rules, keep=0).count == truth, (board.rows, profile)
    decided = decided_states(board, profile)
    if decided is not None:
        assert count(board, rules, keep=0, decided=decided).count == truth
    found = count(board, rules, keep=CAP).edge_sets
    assert len(found) == min(truth, CAP) and len({tuple(sorted(f)) for f in found}) == len(found)
    for edges in found:
        from satlink.solution import Solution

        solution = Solution.from_edges(board, [board.edges[e] for e in edges])
        assert solution_errors(board, solution, rules) == []


@pytest.mark.parametrize("profile", PROFILES)
def test_square_boards_agree_with_brute_force(profile: str) -> None:
    rules = parse_rules(profile)
    for rows in boards(seed=4440 + len(profile), n=40):
        agree(Board.from_rows(rows), profile,
              count_solutions(rows, rules.fill, rules.notouch, rules.no2x2, limit=EXACT))


@pytest.mark.parametrize("profile", PROFILES)
def test_every_geometry_agrees_with_brute_force(profile: str) -> None:
    """Every family of testbed.variants: holes, walls, warps, hexagons, bridges, mixes."""
    rules = parse_rules(profile)
    for variant in variants(seed=4441, per_family=8):
        agree(variant.board(), profile, variant.count(rules, EXACT))


def test_a_detached_cycle_is_no_solution() -> None:
    for profile in PROFILES:
        rules = parse_rules(profile)
        agree(Board.from_rows(TRAP), profile,
              count_solutions(TRAP, rules.fill, rules.notouch, rules.no2x2, limit=EXACT))


def test_labels_apart_and_empty_boards() -> None:
    """Two labels' paths never join (vertex groups keep them apart), a board without labels
    has one solution under nikoli (all empty) and none under fill, and an endpoint with every
    edge decided off has none."""
    crossing = Board.from_rows(["A.B", "...", "B.A"])
    assert count(crossing, parse_rules("nikoli")).count == count_solutions(
        ["A.B", "...", "B.A"], False, False, False)
    empty = Board.from_rows(["...", "..."])
    assert count(empty, parse_rules("nikoli")).count == 1
    assert count(empty, parse_rules("fill")).count == 0
    walled = Board.from_rows(["A#.", "#..", "..A"])
    assert count(walled, parse_rules("nikoli")).count == 0
    assert problem(walled, parse_rules("nikoli")).settled == 0


def test_profiles_it_cannot_ask_are_refused() -> None:
    for profile in ("flow", "no2x2", "fill,no2x2"):
        with pytest.raises(ValueError):
            problem(Board.from_rows(["A.A"]), parse_rules(profile))


def test_the_child_counts_capped_and_decodes() -> None:
    board = Board.from_rows(["A...", "..B.", "....", "B..A"])
    rules = parse_rules("nikoli")
    truth = count_solutions(list(board.rows), False, False, False)
    assert truth > 2
    capped = child.count(board, rules, limit=2)
    assert capped.complete and capped.count == 2 and not capped.exact
    assert len(capped.solutions) == 2 and capped.engine == "graphillion"
    exact = child.count(board, rules, limit=truth + 1)
    assert exact.count == truth and exact.exact and len(exact.solutions) == child.MOST_DECODED
    for solution in exact.solutions:
        assert solution_errors(board, solution, rules) == []


def test_the_child_is_refused_not_wrong_past_its_bounds() -> None:
    """A deadline already passed stops the count (``timeout``); an address space too small for
    the diagram refuses it (``refused``); neither says anything of the board."""
    import time

    board = Board.from_rows(["A" + "." * 13] + ["." * 14] * 12 + ["." * 13 + "A"])
    rules = parse_rules("nikoli")
    late = child.count(board, rules, deadline=time.monotonic() - 1)
    assert late.ended == "timeout" and not late.complete and late.count == 0
    # the child may also use what its parent's heap holds free, so the diagram must outgrow
    # that too: two corners of an empty 14x14 board, tens of millions of nodes
    small = child.count(board, rules, deadline=time.monotonic() + 120, max_bytes=1 << 20)
    assert small.ended == "refused" and not small.complete and small.count == 0


def _count_in_worker(reply) -> None:
    outcome = child.count(Board.from_rows(["A...", "..B.", "....", "B..A"]),
                          parse_rules("nikoli"))
    reply.put((outcome.ended, outcome.count))


def test_a_daemonic_worker_may_count() -> None:
    """A batch's workers are daemonic processes, which multiprocessing refuses children: the
    count forks by itself, so the route runs there too."""
    import multiprocessing

    ctx = multiprocessing.get_context("fork")
    reply = ctx.Queue()
    worker = ctx.Process(target=_count_in_worker, args=(reply,), daemon=True)
    worker.start()
    assert reply.get(timeout=60) == ("complete", 2)
    worker.join()
