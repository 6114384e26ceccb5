"""Boards the studio's design tests share (the browser's and the API's)."""

# Six paths that fill a 7x7 board, drawn in this order (so labelled A to F): unique under
# fill.  Found by a search over generated fill boards for a drawing whose one-cell slide
# (A takes F's end cell) leaves the puzzle ambiguous; the studio must find that itself.
DRAWING = {"A": [[1, 5], [2, 5], [3, 5], [4, 5], [5, 5], [5, 6]],
           "B": [[1, 1], [1, 2], [1, 3], [2, 3], [3, 3]],
           "C": [[1, 4], [2, 4], [3, 4], [4, 4], [4, 3], [4, 2], [3, 2], [2, 2]],
           "D": [[3, 1], [4, 1], [5, 1], [5, 2], [5, 3], [5, 4], [6, 4], [6, 5], [6, 6]],
           "E": [[2, 1], [2, 0], [3, 0], [4, 0], [5, 0], [6, 0], [6, 1], [6, 2], [6, 3]],
           "F": [[1, 0], [0, 0], [0, 1], [0, 2], [0, 3], [0, 4], [0, 5], [0, 6], [1, 6], [2, 6],
                 [3, 6], [4, 6]]}
REDRAW = [[5, 6], [4, 6]]  # A goes on from its end into F's last cell: F is cut there

# Unsolvable under fill; the chain goes through the nearest solvable board (a move, still 3
# solutions) and ends unique (a split): two steps (tests/studio/test_design.py checks it).
DRAFT = [".....", "AC..B", "B....", "..C..", "....A"]

# A 10x10 "ring" drawing: three rings, each cut into two paths, around four straight paths.
# Multiple under flow and fill; draw mode's fixes (an end cell handed to the neighbouring
# path) make it unique, and Repair must find them too (tests/repair/test_draw_agreement.py).
RING = ["EF........", ".......HG.", ".....IJ...", "...A..A...", "...B..B...",
        "...C..C...", "...D..D...", ".....IJ...", ".......HG.", "...EF....."]
