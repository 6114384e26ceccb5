"""Pictures and terminal drawings stay readable with many labels."""

from __future__ import annotations

from rich.console import Console

from satlink import Board, solve
from satlink.board import label_for
from satlink.render.colours import display_label, path_colour
from satlink.render.svg import board_svg
from satlink.render.terminal import draw_plain, draw_rich

WIDTH = 40


def many_label_board() -> Board:
    """Eighty vertical pairs: labels past the 62-character alphabet are CJK ideographs."""
    top = "".join(label_for(i) for i in range(WIDTH))
    bottom = "".join(label_for(i) for i in range(WIDTH, 2 * WIDTH))
    return Board.from_rows([top, "." * WIDTH, top, bottom, "." * WIDTH, bottom])


def test_colours_stay_distinct_for_hundreds_of_labels() -> None:
    colours = [path_colour(i) for i in range(300)]
    assert len(set(colours)) == 300
    for a, b in zip(colours, colours[1:], strict=False):  # neighbours differ clearly
        assert sum(abs(x - y) for x, y in zip(a, b, strict=True)) > 60


def test_labels_past_the_alphabet_are_drawn_as_numbers_in_pictures() -> None:
    board = many_label_board()
    cjk = label_for(70)
    assert not cjk.isascii() and display_label(board, cjk) == str(board.labels.index(cjk) + 1)
    svg = board_svg(board)
    assert cjk not in svg and ">71<" in svg and ">A<" in svg


def test_terminal_grid_stays_aligned_with_double_width_labels() -> None:
    board = many_label_board()
    solution = solve(board, "nikoli").solutions[0]
    console = Console(width=400)
    widths = {console.measure(line).maximum for line in draw_plain(board, solution).splitlines()}
    assert widths == {2 * WIDTH}
    rich_lines = draw_rich(board, solution).split("\n")
    assert {line.cell_len for line in rich_lines} == {2 * WIDTH}


def test_ascii_boards_keep_one_column_per_cell() -> None:
    board = Board.from_rows(["A.B", "...", "A.B"])
    assert [len(line) for line in draw_plain(board).splitlines()] == [3, 3, 3]


def test_solution_errors_takes_plain_mappings() -> None:
    from satlink import solution_errors

    board = Board.from_rows(["A.B", "...", "A.B"])
    assert solution_errors(board, {"A": [0, 3, 6], "B": [2, 5, 8]}, "nikoli") == []
    coords = {"A": [[0, 0], [1, 0], [2, 0]], "B": [[0, 2], [1, 2], [2, 2]]}
    assert solution_errors(board, coords, "fill") == ["fill: 3 cells stay empty, first (0, 1)"]
