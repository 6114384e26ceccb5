"""The terminal drawing made row by row is the cell-by-cell one."""

from __future__ import annotations

from tests.support.helpers import random_rows


def test_the_quick_drawing_is_the_cell_by_cell_one() -> None:
    """Issue 25, row 14: drawing a million cells cell by cell took seconds after --timeout."""
    import random

    from satlink import Board, check
    from satlink.render.terminal import draw_plain
    from satlink.render.terminal.glyphs import cell_glyphs
    from satlink.render.terminal.glyphs import widened as _widened

    rng = random.Random(14)
    boards = [Board.from_rows(rows) for rows in (["A.B", "...", "A.B"], ["A#A", "B.B"],
                                                  ["ACAD.", ".....", ".CB..", ".B...", "....D"])]
    boards += [Board.from_rows(random_rows(rng, 5, 4)) for _ in range(10)]
    for board in boards:
        for rules in ("nikoli", "flow"):
            for solution in (None, *check(board, rules).solutions[:2]):
                slow = "\n".join("".join(ch for ch, _ in row)
                                 for row in _widened(cell_glyphs(board, solution)))
                assert draw_plain(board, solution) == slow
