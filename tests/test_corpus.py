"""Verdicts on the peer corpus in ../shared/corpus, read in place (skipped when absent)."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from satlink import Solution, check, parse_rules, solution_errors, solve
from satlink.formats import read_file
from testbed.boards import FILL_AMBIGUOUS, mzucker_boards
from testbed.oracle import count_solutions


def test_mzucker_under_flow(corpus: Path) -> None:
    statuses = Counter()
    for name, board in mzucker_boards(corpus):
        verdict = check(board, "flow")
        expected = "unsolvable" if name == "unsolvable_cross" else "unique"
        assert verdict.status == expected, name
        statuses[verdict.status] += 1
        for solution in verdict.solutions:
            assert solution_errors(board, solution, verdict.rules) == [], name
    assert statuses == {"unique": 28, "unsolvable": 1}


def test_mzucker_under_fill(corpus: Path) -> None:
    for name, board in mzucker_boards(corpus):
        verdict = check(board, "fill")
        if name == "unsolvable_cross":
            assert verdict.status == "unsolvable"
            continue
        assert verdict.status == ("multiple" if name in FILL_AMBIGUOUS else "unique"), name
        for solution in verdict.solutions:
            assert solution_errors(board, solution, verdict.rules) == [], name
        if verdict.status == "multiple":
            assert verdict.solutions[0].edges() != verdict.solutions[1].edges()
            assert verdict.diff_cells


def test_mzucker_solution_matches_the_independent_hint_grid(corpus: Path) -> None:
    """hints/jumbo_14x14_19.txt is that puzzle's complete solution, coloured by label."""
    boards = dict(mzucker_boards(corpus))
    board = boards["jumbo_14x14_19"]
    hint = (corpus / "mzucker-flow_solver" / "hints" / "jumbo_14x14_19.txt").read_text().split()
    verdict = check(board, "flow")
    owner = verdict.solutions[0].owner()
    assert verdict.status == "unique"
    assert all(hint[r][c] == owner[board.cell_at(r, c)] for r in range(14) for c in range(14))


def test_every_thomasahle_file_parses(corpus: Path) -> None:
    folder = corpus / "thomasahle-numberlink" / "puzzles"
    total = 0
    for path in sorted(folder.iterdir()):
        if path.name == "inputs6":
            continue  # three 1002x1002 boards: parsed in the benchmark, not here
        entries = list(read_file(str(path)))
        assert all(e.error is None for e in entries), [str(e.error) for e in entries if e.error]
        total += len(entries)
    assert total == 182 - 4


@pytest.mark.parametrize("name,unsolvable", [("inputs1", 0), ("inputs2", 1), ("inputs5", 8),
                                              ("inputs7", 1), ("inputs9", 0)])
def test_thomasahle_boards_solve_and_validate(corpus: Path, name: str, unsolvable: int) -> None:
    """The 8x8 (inputs1) and 40x20 (inputs9) sets and the small edge cases, under flow;
    impossible counts are the reference solver's (README of the corpus)."""
    rules = parse_rules("flow")
    found = 0
    for entry in read_file(str(corpus / "thomasahle-numberlink" / "puzzles" / name)):
        verdict = solve(entry.board, rules)
        if verdict.status == "unsolvable":
            found += 1
            continue
        assert verdict.status == "solved"
        assert solution_errors(entry.board, verdict.solutions[0], rules) == []
    assert found == unsolvable


def misaghsoltani_levels(corpus: Path):
    folder = corpus / "misaghsoltani-NumberLink" / "levels"
    levels = sorted(folder.glob("*.txt"))
    assert len(levels) == 20
    for path in levels:
        (entry,) = list(read_file(str(path)))
        paths = json.loads(path.with_suffix(".sol.json").read_text())
        labels = sorted(entry.board.labels)
        shipped = Solution.from_coords(entry.board, dict(zip(labels, paths, strict=True)))
        yield path.stem, entry.board, shipped


def test_misaghsoltani_hamiltonian_levels(corpus: Path) -> None:
    """'ha' levels ship a board-filling solution: valid under fill, and satlink finds it."""
    rules = parse_rules("fill")
    for name, board, shipped in misaghsoltani_levels(corpus):
        if "_ha_" not in name:
            continue
        assert solution_errors(board, shipped, rules) == [], name
        verdict = check(board, rules, count=50)
        assert all(solution_errors(board, s, rules) == [] for s in verdict.solutions)
        assert shipped.edges() in {s.edges() for s in verdict.solutions}, name


def passes_through_other_endpoint(board, solution: Solution) -> bool:
    return any(board.label_at(c) not in (None, label)
               for label, path in solution.paths.items() for c in path[1:-1])


def test_misaghsoltani_random_walk_levels(corpus: Path) -> None:
    """Finding: 7 of the 10 'ra' levels ship a 'solution' whose path runs through another
    label's endpoint, and two of those boards have no valid solution at all."""
    rules = parse_rules("nikoli")
    broken, unsolvable = set(), set()
    for name, board, shipped in misaghsoltani_levels(corpus):
        if "_ra_" not in name:
            continue
        errors = solution_errors(board, shipped, rules)
        assert bool(errors) == passes_through_other_endpoint(board, shipped), name
        if errors:
            broken.add(name)
        verdict = check(board, rules)
        assert all(solution_errors(board, s, rules) == [] for s in verdict.solutions)
        if verdict.status == "unsolvable":
            unsolvable.add(name)
    assert len(broken) == 7
    assert unsolvable == {"7x7_ra_6c_023", "9x9_ra_7c_025"} and unsolvable <= broken


def test_misaghsoltani_unsolvable_level_by_brute_force(corpus: Path) -> None:
    rows = (corpus / "misaghsoltani-NumberLink" / "levels" / "7x7_ra_6c_023.txt").read_text().split()
    assert count_solutions(rows, fill=False, notouch=False, no2x2=False, limit=1) == 0


def test_a_1002x1002_board_is_read_without_its_graph_and_timed_out_inside_its_deadline(
        corpus: Path) -> None:
    """Issue 25, row 14: reading the board is cheap (no edge tuples made), and with the
    deadline already past nothing is built: the graph falls inside the deadline."""
    from satlink import check
    from satlink.formats import read_text

    path = corpus / "thomasahle-numberlink" / "puzzles" / "inputs6"
    if not path.is_file():
        pytest.skip(f"{path} is not present")
    lines = path.read_text().splitlines(keepends=True)[:1005]  # the first 1002x1002 board
    (entry,) = list(read_text("".join(lines), "inputs6", max_cells=2_000_000))
    board = entry.board
    assert (board.width, board.height) == (1002, 1002)
    assert "edges" not in board.__dict__ and "_neighbors" not in board.__dict__
    verdict = check(board, "flow", timeout=0)
    assert verdict.status == "timeout" and verdict.stats.sat_calls == 0
