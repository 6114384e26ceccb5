"""Per-board set-up kept off small boards (issue 24): the memory reading is skipped for boards
far below any limit and taken afresh for every larger one."""

from __future__ import annotations

import pytest

import satlink.solver.memory as memory
from satlink import Board, check
from satlink.looks import border_cells


def test_a_small_board_reads_no_memory_figures_and_a_large_one_does(monkeypatch) -> None:
    reads: list[int] = []

    def reader() -> int:
        reads.append(1)
        return 8 * 2**30

    monkeypatch.setattr(memory, "available_bytes", reader)
    check(Board.from_rows(["A.A"]), "flow")
    assert not reads  # below ALWAYS_FITS: /proc and the cgroup files are not read
    check(Board.from_rows(["A" + "." * 199] + ["." * 200] * 198 + ["." * 199 + "A"]), "flow")
    assert reads


def test_a_smaller_reading_is_seen_by_the_next_board_that_needs_it(monkeypatch) -> None:
    """A cached large figure must not let a board through that the machine cannot hold."""
    monkeypatch.setattr(memory, "available_bytes", lambda: 64 * 2**30)
    check(Board.from_rows(["A.A"]), "flow")
    monkeypatch.setattr(memory, "available_bytes", lambda: 200 * 2**20)
    board = Board.from_rows(["A" + "." * 299] + ["." * 300] * 298 + ["." * 299 + "A"])
    with pytest.raises(memory.BoardTooLarge):
        check(board, "flow")


@pytest.mark.parametrize("rows", [["A.#", "#.A"], ["AA"], ["A", ".", "A"], ["A.", ".#", "#A"],
                                  ["A..#", "....", "#..A", "...."]])
def test_the_frame_is_the_open_cells_on_the_first_and_last_row_and_column(rows) -> None:
    board = Board.from_rows(rows)
    w, h = board.width, board.height
    expected = [c for c in range(board.size) if not board.is_solid(c)
                and (c < w or c >= w * (h - 1) or c % w in (0, w - 1))]
    assert border_cells(board) == expected
    assert board.open_cells() == [c for c in range(board.size) if not board.is_solid(c)]
