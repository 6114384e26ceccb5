"""The referee's geometry: which cells neighbour which, along which axis a step runs, and
a bridge's crossings, all from the cells' coordinates and the board's geometry
description, never from the board graph (see :mod:`satlink.referee`, why).

Axes come from the cells' centres on the page (:func:`step_axis`), not from the
geometry's step tables: a hexagon's opposite sides are those whose neighbours' centres lie
on one line through its own.
"""

from __future__ import annotations

from functools import lru_cache

from satlink.board import Board

_SQUARE = ((-1, 0), (1, 0), (0, -1), (0, 1))
_HEX_EVEN = ((-1, 0), (1, 0), (0, -1), (0, 1), (1, -1), (1, 1))  # even column (0, 2, ...)
_HEX_ODD = ((-1, 0), (1, 0), (0, -1), (0, 1), (-1, -1), (-1, 1))  # odd columns sit higher
HORIZONTAL, VERTICAL, FALLING, RISING = "horizontally", "vertically", "falling (\\)", "rising (/)"
_SQUARE_AXES = (HORIZONTAL, VERTICAL)  # by crossing number: the cell's own, then the extra node
_HEX_AXES = (VERTICAL, FALLING, RISING)

Visit = int | tuple[int, str]
"""What a path occupies: a cell, or (bridge cell, axis) for one crossing of a bridge."""


def bridge_axes(board: Board) -> tuple[str, ...]:
    """A bridge's axes in the order its crossings are numbered."""
    return _HEX_AXES if board.geometry.kind == "hex" else _SQUARE_AXES


def node_cell(board: Board, node: int) -> int | None:
    """The cell a graph node lies in, or None for a node that is not on the board."""
    if 0 <= node < board.size:
        return node
    bridges, extra = board.geometry.bridges, len(bridge_axes(board)) - 1
    if board.size <= node < board.size + extra * len(bridges):
        return bridges[(node - board.size) // extra]
    return None


def node_axis(board: Board, node: int) -> str:
    """The axis of the crossing a bridge node names (the cell's own: the first axis)."""
    if node < board.size:
        return bridge_axes(board)[0]
    return bridge_axes(board)[1 + (node - board.size) % (len(bridge_axes(board)) - 1)]


def crossing_node(board: Board, cell: int, axis: str) -> int:
    """The node of bridge ``cell``'s crossing along ``axis``."""
    k, extra = bridge_axes(board).index(axis), len(bridge_axes(board)) - 1
    if k == 0:
        return cell
    return board.size + board.geometry.bridges.index(cell) * extra + k - 1


def adjacent(board: Board, cell: int) -> frozenset[int]:
    """Cells sharing a side with ``cell``, from coordinates: square or hexagonal steps, warps
    applied; walls and solid cells are not removed."""
    return adjacent_cells(board.width, board.height, board.geometry.kind, board.geometry.wrap,
                           cell)


@lru_cache(maxsize=1 << 16)
def adjacent_cells(w: int, h: int, kind: str, wrap: bool, cell: int) -> frozenset[int]:
    """:func:`adjacent` by the board's shape alone, remembered: the notouch check asks for
    every cell of every path, and a process checks many boards of few shapes."""
    r, c = divmod(cell, w)
    if kind == "hex":
        steps = _HEX_ODD if c % 2 else _HEX_EVEN
    else:
        steps = _SQUARE
    out = set()
    for dr, dc in steps:
        r2, c2 = r + dr, c + dc
        if wrap:
            r2, c2 = r2 % h, c2 % w
        elif not (0 <= r2 < h and 0 <= c2 < w):
            continue
        if (r2, c2) != (r, c):
            out.add(r2 * w + c2)
    return frozenset(out)


def walled(board: Board, a: int, b: int) -> bool:
    return ((a, b) if a < b else (b, a)) in board.geometry.walls


def step_axis(board: Board, a: int, b: int) -> str:
    """The axis of a step between neighbours: on square cells (a warp step included) by
    column; on hexagons by the direction between the two centres, with columns 1.5 units
    apart and an even column's centres half a row lower than an odd one's (y grows down)."""
    if board.geometry.kind != "hex":
        return VERTICAL if a % board.width == b % board.width else HORIZONTAL
    (r1, c1), (r2, c2) = divmod(a, board.width), divmod(b, board.width)
    dx = c2 - c1
    dy = (2 * r2 + (c2 % 2 == 0)) - (2 * r1 + (c1 % 2 == 0))  # in half rows
    if dx == 0:
        return VERTICAL
    return FALLING if dx * dy > 0 else RISING


def visit_of(board: Board, cell: int, towards: int) -> Visit:
    """What a path at ``cell`` occupies when its neighbour on the path is ``towards``."""
    if cell in board.geometry.bridges:
        return (cell, step_axis(board, cell, towards))
    return cell
