"""Variant boards in the terminal, on a grid twice as fine as the cells, every line padded
to one width:

* **square variants** (walls, bridges, warps, holes): cells on every other line and column;
  the gap between two cells holds the path joining them (``─`` or ``│``, in its colour), a
  wall (``┃`` or ``━``, heavy, with heavy corners where walls meet) or nothing.  A bridge is
  ``┼``, in the colour of the horizontal crossing (the vertical one shows as ``│`` above and
  below it).  A warp board gets a frame: a walled seam is part of the heavy wall line, an open
  wrap edge a dim ``╌`` or ``╎`` at both ends, and a path using it a stub (``─`` or ``│`` in its
  colour) at both borders; the path is never drawn across the board.
* **hexagonal boards**: cells on every other line, each column four characters right of the
  last (five with wide labels), odd columns one line higher, i.e. half a cell, as in the
  pictures.  A column neighbour is joined by ``│`` on the line between; a neighbour in the next
  column, one line up or down, by a small staircase (``─╯`` ``╭─`` and so on) through the
  three characters between the columns.  Walls are ``━`` between column neighbours and ``╲``
  or ``╱`` (in the wall colour) on the side two diagonal neighbours share.  A bridge is ``┼``
  in the colour of its vertical crossing (else of any crossing used); the paths through it
  show in the gaps around it, each leaving by the side opposite the one it came in by.
"""

from __future__ import annotations

from satlink.board import Board
from satlink.geometry import HEX
from satlink.graph import Cell
from satlink.render.colours import hex_colour
from satlink.render.terminal.glyphs import PIECES, is_wide
from satlink.solution import Solution

UP, DOWN, LEFT, RIGHT = 1, 2, 4, 8
OPPOSITE = {UP: DOWN, DOWN: UP, LEFT: RIGHT, RIGHT: LEFT}
LINKS = {**PIECES, 10: "╭", 6: "╮", 9: "╰", 5: "╯", 11: "├", 7: "┤", 14: "┬", 13: "┴", 15: "┼"}
"""Light lines between hexagons, with rounded corners (by the same direction mask)."""
HEAVY = {1: "╹", 2: "╻", 4: "╸", 8: "╺", 3: "┃", 12: "━", 10: "┏", 6: "┓", 9: "┗", 5: "┛",
         11: "┣", 7: "┫", 14: "┳", 13: "┻", 15: "╋"}
"""Heavy lines for walls, joined where they meet."""
WALL_STYLE = "bold grey85"
DIM = "grey42"
BRIDGE = "┼"

Glyph = tuple[str, "str | None"]


class _Canvas:
    """A grid of characters with a rich style each; lines (light or heavy) are kept as
    direction masks until the end so that crossing pieces join into one glyph."""

    def __init__(self, width: int, height: int):
        self.width, self.height = width, height
        self.chars: dict[tuple[int, int], Glyph] = {}
        self.light: dict[tuple[int, int], tuple[int, str | None]] = {}
        self.heavy: dict[tuple[int, int], int] = {}

    def put(self, x: int, y: int, text: str, style: str | None) -> None:
        """Characters from (x, y) rightwards; a wide one takes two columns."""
        for ch in text:
            self.chars[x, y] = (ch, style)
            if is_wide(ch):
                x += 1
                self.chars[x, y] = ("", style)
            x += 1

    def link(self, x: int, y: int, mask: int, style: str | None) -> None:
        old, _ = self.light.get((x, y), (0, None))
        self.light[x, y] = (old | mask, style)

    def wall(self, x: int, y: int, mask: int) -> None:
        self.heavy[x, y] = self.heavy.get((x, y), 0) | mask

    def lines(self) -> list[list[Glyph]]:
        out = []
        for y in range(self.height):
            line: list[Glyph] = []
            for x in range(self.width):
                if (x, y) in self.chars:
                    glyph = self.chars[x, y]
                elif (x, y) in self.light:
                    mask, style = self.light[x, y]
                    glyph = (LINKS[mask], style)
                elif (x, y) in self.heavy:
                    glyph = (HEAVY[self.heavy[x, y]], WALL_STYLE)
                else:
                    glyph = (" ", None)
                if glyph[0]:
                    line.append(glyph)
            out.append(line)
        return out


def variant_lines(board: Board, solution: Solution | None) -> list[list[Glyph]]:
    """The drawing of a variant board, line by line, each character with its style."""
    colour = {label: hex_colour(i) for i, label in enumerate(board.labels)}
    wide = any(is_wide(label) for label in board.labels)
    if board.geometry.kind == HEX:
        return _hex_canvas(board, solution, colour, 2 if wide else 1).lines()
    return _square_canvas(board, solution, colour, 2 if wide else 1).lines()


def _base_glyph(board: Board, cell: Cell, colour: dict[str, str]) -> Glyph:
    """What a cell shows before any path: its label, a bridge, a hole or an empty dot."""
    label = board.label_at(cell)
    if label is not None:
        return label, f"bold {colour[label]}"
    if cell in board.crossings:
        return BRIDGE, DIM
    return ("█" if board.is_solid(cell) else "·"), DIM


def _cell_text(ch: str, mask: int, width: int) -> str:
    """A cell's glyph, widened to ``width`` columns as
    :func:`satlink.render.terminal.glyphs.widened` widens a plain board's."""
    if width == 1 or is_wide(ch):
        return ch
    return ch + ("─" if mask & RIGHT else "█" if ch == "█" else " ")


def _square_step(board: Board, a: Cell, b: Cell) -> tuple[int, bool]:
    """The direction from cell ``a`` to its neighbour ``b`` on a square board, and whether
    the step crosses the border (a wrap edge)."""
    (ra, ca), (rb, cb) = board.coord(a), board.coord(b)
    if ra == rb:
        if cb == ca + 1 or cb == ca - 1:
            return (RIGHT if cb > ca else LEFT), False
        return (LEFT if cb > ca else RIGHT), True
    if rb == ra + 1 or rb == ra - 1:
        return (DOWN if rb > ra else UP), False
    return (UP if rb > ra else DOWN), True


def _path_steps(board: Board, solution: Solution | None):
    """(label, cell, previous cell or None, next cell or None) for every node of every path."""
    if solution is None:
        return
    for label, path in solution.paths.items():
        cells = [board.node_cell(n) for n in path]
        for i, cell in enumerate(cells):
            yield (label, cell, cells[i - 1] if i else None,
                   cells[i + 1] if i + 1 < len(cells) else None)


def cell_spans(board: Board) -> dict[Cell, tuple[int, int, int]]:
    """Where each cell of a variant board is drawn by :func:`variant_lines`: (column, line,
    width in columns), so a caller can pick cells out in place (explanations, hints)."""
    wide = 2 if any(is_wide(label) for label in board.labels) else 1
    at = _hex_at(board, wide) if board.geometry.kind == HEX else _square_at(board, wide)
    return {cell: (*at(cell), wide) for cell in range(board.size)}


def _square_at(board: Board, cw: int):
    """A cell's (column, line) on a square variant's canvas."""
    frame = 1 if board.geometry.wrap else 0

    def at(cell: Cell) -> tuple[int, int]:
        r, c = board.coord(cell)
        return frame + c * (cw + 1), frame + 2 * r

    return at


def _hex_at(board: Board, gw: int):
    """A cell's (column, line) on a hexagonal canvas: columns ``gw + 3`` apart, even columns
    half a cell (one line) lower."""
    pitch, raised = gw + 3, 1 if board.width > 1 else 0

    def at(cell: Cell) -> tuple[int, int]:
        r, c = board.coord(cell)
        return pitch * c, 2 * r + (raised if c % 2 == 0 else 0)

    return at


def _square_canvas(board: Board, solution: Solution | None, colour: dict[str, str],
                   cw: int) -> _Canvas:
    w, h = board.width, board.height
    frame = 1 if board.geometry.wrap else 0
    canvas = _Canvas(w * cw + (w - 1) + 2 * frame, 2 * h - 1 + 2 * frame)
    at = _square_at(board, cw)

    def gap(cell: Cell, direction: int) -> tuple[int, int]:
        """The gap character next to a cell in a direction (a border position if at an edge)."""
        x, y = at(cell)
        return {UP: (x, y - 1), DOWN: (x, y + 1), LEFT: (x - 1, y), RIGHT: (x + cw, y)}[direction]

    masks: dict[Cell, int] = {}
    owner: dict[Cell, str] = {}  # a bridge shows the colour of its horizontal crossing
    for label, cell, *near in _path_steps(board, solution):
        mask = 0
        for other in near:
            if other is not None:
                mask |= _square_step(board, cell, other)[0]
        for direction in (UP, DOWN, LEFT, RIGHT):
            if mask & direction:
                canvas.put(*gap(cell, direction), "─" if direction in (LEFT, RIGHT) else "│",
                           colour[label])
        masks[cell] = masks.get(cell, 0) | mask
        if cell not in owner or mask & (LEFT | RIGHT):
            owner[cell] = label
    for cell in range(board.size):
        ch, style = _base_glyph(board, cell, colour)
        if cell in owner and board.label_at(cell) is None:
            ch = BRIDGE if cell in board.crossings else PIECES.get(masks[cell], "?")
            style = colour[owner[cell]]
        canvas.put(*at(cell), _cell_text(ch, masks.get(cell, 0), cw), style)

    def wall_line(x: int, y: int, vertical: bool, length: int) -> None:
        """A heavy segment; its ends give the corner characters beside it their arms."""
        if vertical:
            canvas.wall(x, y, UP | DOWN)
            canvas.wall(x, y - 1, DOWN)
            canvas.wall(x, y + 1, UP)
        else:
            for i in range(length):
                canvas.wall(x + i, y, LEFT | RIGHT)
            canvas.wall(x - 1, y, RIGHT)
            canvas.wall(x + length, y, LEFT)

    for a, b in board.geometry.walls:
        direction, across = _square_step(board, a, b)
        # between neighbours the gap is shared; a walled seam is drawn on both borders
        for cell, d in ((a, direction), (b, OPPOSITE[direction]))[:2 if across else 1]:
            x, y = gap(cell, d)
            if d in (LEFT, RIGHT):
                wall_line(x, y, True, 1)
            else:
                wall_line(at(cell)[0], y, False, cw)
    if frame:
        for a, b in board.edges:
            a, b = board.node_cell(a), board.node_cell(b)
            direction, across = _square_step(board, a, b)
            if not across:
                continue
            for cell, d in ((a, direction), (b, OPPOSITE[direction])):
                x, y = gap(cell, d)
                if (x, y) not in canvas.chars:  # a path's stub is already there
                    canvas.put(x, y, "╌" if d in (LEFT, RIGHT) else "╎", DIM)
    return canvas


def _hex_canvas(board: Board, solution: Solution | None, colour: dict[str, str],
                gw: int) -> _Canvas:
    w, h = board.width, board.height
    pitch = gw + 3
    raised = 1 if w > 1 else 0
    canvas = _Canvas(pitch * (w - 1) + gw, 2 * h - 1 + raised)
    at = _hex_at(board, gw)

    def step(a: Cell, b: Cell) -> int:
        """The glyph direction from ``a`` to neighbour ``b``: up, down, or the side (left or
        right) of a diagonal neighbour."""
        (xa, ya), (xb, yb) = at(a), at(b)
        if xa == xb:
            return UP if yb < ya else DOWN
        return LEFT if xb < xa else RIGHT

    masks: dict[Cell, int] = {}
    owner: dict[Cell, str] = {}
    for label, cell, *near in _path_steps(board, solution):
        owner[cell] = label
        for other in near:
            if other is None:
                continue
            masks[cell] = masks.get(cell, 0) | step(cell, other)
            (xa, ya), (xb, yb) = at(cell), at(other)
            if xa == xb:
                canvas.link(xa, (ya + yb) // 2, UP | DOWN, colour[label])
            elif xa < xb:  # drawn once, from the left cell: a staircase through the gap
                mid = xa + gw + 1
                canvas.link(xa + gw, ya, LEFT | RIGHT, colour[label])
                canvas.link(mid, ya, LEFT | (UP if yb < ya else DOWN), colour[label])
                canvas.link(mid, yb, RIGHT | (DOWN if yb < ya else UP), colour[label])
                canvas.link(mid + 1, yb, LEFT | RIGHT, colour[label])
    vertical = {node: label for label, path in (solution.paths.items() if solution else ())
                for node in path if node in board.crossings}  # a bridge's own node
    for cell in range(board.size):
        ch, style = _base_glyph(board, cell, colour)
        if cell in owner and board.label_at(cell) is None:
            ch = BRIDGE if cell in board.crossings else PIECES.get(masks[cell], "?")
            style = colour[vertical.get(cell, owner[cell])]
        canvas.put(*at(cell), _cell_text(ch, masks.get(cell, 0), gw), style)
    for a, b in board.geometry.walls:
        (xa, ya), (xb, yb) = sorted((at(a), at(b)))
        if xa == xb:
            for i in range(gw):
                canvas.put(xa + i, ya + 1, "━", WALL_STYLE)
        elif yb > ya:  # the side two cells share slopes like ╱ below a left cell
            canvas.put(xa + gw + 2, ya, "╱", WALL_STYLE)
        else:
            canvas.put(xa + gw, ya - 1, "╲", WALL_STYLE)
    return canvas
