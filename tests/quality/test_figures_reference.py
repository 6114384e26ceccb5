"""The quality and look figures as every record computes them (counted from the steps'
changes of direction, once per solution) against the computation they replaced (a list of
straight runs per path, ``bends`` a second walk over the paths, ``statistics.mean``): the
same values, of the same types, on the corpus's solutions, on every oracle solution of
random boards of every geometry family and on random walks."""

from __future__ import annotations

import random

import pytest

from satlink.board import Board
from satlink.formats import read_file
from satlink.quality import figures, looks
from satlink.solution import Solution
from satlink.solver.check import check
from testbed.quality_reference import reference_bends, reference_quality, reference_runs
from testbed.referees import family_boards, oracle_solutions
from testbed.variants import FAMILIES
from tests.support.paths import CORPUS


def same(ours: dict, theirs: dict) -> None:
    """Equal values of equal types, in the same order (the record's text depends on all)."""
    assert list(ours) == list(theirs)
    for key in theirs:
        assert (ours[key], type(ours[key])) == (theirs[key], type(theirs[key])), key


def corpus_boards() -> list[Board]:
    files = sorted((CORPUS / "mzucker-flow_solver" / "puzzles").glob("*.txt"))
    files += [CORPUS / "thomasahle-numberlink" / "puzzles" / name for name in ("inputs1", "inputs2")]
    return [entry.board for path in files if path.exists() for entry in read_file(str(path))
            if entry.error is None]


def test_corpus_solutions_have_the_reference_figures():
    boards = corpus_boards()
    if not boards:
        pytest.skip("the peer corpus is not there")
    for board in boards:
        verdict = check(board, "flow")
        for solution in verdict.solutions:
            same(figures.quality(board, solution, verdict), reference_quality(board, solution,
                                                                               verdict))


@pytest.mark.parametrize("family", FAMILIES)
def test_oracle_solutions_of_every_family_have_the_reference_figures(family):
    verdict = check(Board.from_rows(["AB", "AB"]), "flow")  # only its counters are read
    for board in family_boards(43, family, 40):
        for solution in oracle_solutions(board, limit=20):
            same(figures.quality(board, solution, verdict), reference_quality(board, solution,
                                                                               verdict))
            assert figures.bends(board, solution) == reference_bends(board, solution)
            for path in solution.paths.values():
                assert looks.runs(board, path) == reference_runs(board, path)


def test_random_walks_and_whole_means_have_the_reference_figures(monkeypatch):
    """Walks with one-cell jogs, single-cell and two-cell paths, whole and fractional mean
    lengths; and the same walks read as arrays (``LONG_PATH`` lowered)."""
    rng = random.Random(43)
    w, h = 9, 8
    board = Board.from_rows(["A" + "." * (w - 1)] + ["." * w] * (h - 2) + ["." * (w - 1) + "A"])
    verdict = check(Board.from_rows(["AB", "AB"]), "flow")
    for _ in range(200):
        paths = {}
        for label in "ABC"[:rng.randint(1, 3)]:
            path, seen = [rng.randrange(w * h)], set()
            seen.add(path[0])
            while len(path) < rng.randint(1, 40):
                r, c = divmod(path[-1], w)
                options = [(r + dr) * w + c + dc for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))
                           if 0 <= r + dr < h and 0 <= c + dc < w
                           and (r + dr) * w + c + dc not in seen]
                if not options:
                    break
                path.append(rng.choice(options))
                seen.add(path[-1])
            paths[label] = path
        solution = Solution.from_paths(paths)
        same(figures.quality(board, solution, verdict), reference_quality(board, solution, verdict))
        monkeypatch.setattr(looks, "LONG_PATH", 2)
        same(figures.quality(board, solution, verdict), reference_quality(board, solution, verdict))
        monkeypatch.undo()
