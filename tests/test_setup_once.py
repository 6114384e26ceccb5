"""Per-board set-up done once per process (issue 24): the memory reading is reused between
boards, but read afresh when a board could come near the limit or the reading is old."""

from __future__ import annotations

import pytest

import satlink.solver.memory as memory
from satlink import Board, check
from satlink.looks import border_cells


def test_the_memory_reading_is_reused_for_small_needs_and_refreshed_for_large(monkeypatch) -> None:
    reads: list[int] = []

    def reader() -> int:
        reads.append(1)
        return 8 * 2**30

    monkeypatch.setattr(memory, "available_bytes", reader)
    monkeypatch.setattr(memory, "_reading", None)
    assert memory.recent_available_bytes(2**20) == 8 * 2**30
    assert memory.recent_available_bytes(2**20) == 8 * 2**30
    assert len(reads) == 1  # a small board: the reading of a moment ago holds
    memory.recent_available_bytes(3 * 2**30)
    assert len(reads) == 2  # a board that could come near the limit: read afresh
    monkeypatch.setattr(memory, "REFRESH_SECONDS", -1.0)
    memory.recent_available_bytes(2**20)
    assert len(reads) == 3  # an old reading: read afresh


def test_a_smaller_reading_is_seen_by_the_next_board_that_needs_it(monkeypatch) -> None:
    """A cached large figure must not let a board through that the machine cannot hold."""
    monkeypatch.setattr(memory, "_reading", None)
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
