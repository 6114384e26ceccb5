"""Draw a board and its solution in the terminal, one colour per path.

Each path cell shows a box-drawing piece that points at its two path neighbours, so a path
that runs beside itself is still readable, which a bare colour grid is not.  Labels past the
ASCII alphabet are CJK ideographs, two columns wide in a terminal: a board that has one is
drawn with every cell two columns wide (a horizontal piece continues into its second
column), so the grid stays aligned.  Colours are the same as in SVG/PNG pictures.

Plain boards are one character per cell with nothing in between (:mod:`.glyphs`).  The
variants need room between the cells, so they are drawn on a grid twice as fine
(:mod:`.canvas`, which says how).  Holes and solid cells are ``█`` and empty cells ``·``
everywhere.
"""

from satlink.render.terminal.draw import draw_plain, draw_rich
from satlink.render.terminal.glyphs import is_wide

__all__ = ["draw_plain", "draw_rich", "is_wide"]
