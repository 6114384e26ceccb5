"""The values of the nearest-board search (:mod:`satlink.repair.nearest`): what a draft's
encoding may change (:class:`NearLimits`) and each edit read off a model (:class:`NearEdit`),
as the search and the chain repair that follows it use them."""

from __future__ import annotations

from dataclasses import dataclass

from satlink.board import EMPTY, SOLID, Board
from satlink.graph import Cell

DEFAULT_REACH = 3
"""How far (graph steps) an endpoint may move in the first pass for each number of edits:
near enough to read as the same draft (the repair then tries anywhere)."""


@dataclass(frozen=True)
class NearEdit:
    """One edit the model chose: ``move`` (cells: from, to), ``remove`` (the pair's two
    cells) or ``pair`` (a new pair's two cells); ``label`` is the pair's."""

    kind: str
    label: str
    cells: tuple[Cell, ...]

    def describe(self, board: Board) -> str:
        if self.kind == "solid":
            return f"solid cell at {board.coord(self.cells[0])}"
        a, b = (board.coord(x) for x in self.cells)
        if self.kind == "move":
            return f"move {self.label} from {a} to {b}"
        if self.kind == "remove":
            return f"remove pair {self.label}"
        return f"new pair {self.label} at {a} and {b}"

    def apply(self, board: Board) -> Board:
        """``board`` with this edit made (raises :class:`BoardError` if it cannot be)."""
        rows = [list(row) for row in board.rows]
        if self.kind == "move":
            chars = {self.cells[0]: EMPTY, self.cells[1]: self.label}
        elif self.kind == "solid":
            chars = {self.cells[0]: SOLID}
        elif self.kind == "remove":
            chars = dict.fromkeys(self.cells, EMPTY)
        else:
            chars = dict.fromkeys(self.cells, self.label)
        for x, ch in chars.items():
            r, c = divmod(x, board.width)
            rows[r][c] = ch
        return Board(tuple("".join(row) for row in rows), board.geometry)


@dataclass(frozen=True)
class NearLimits:
    """The edits a draft's nearest-board encoding allows
    (:class:`~satlink.repair.nearest.NearestSearch`), with the chain repair's defaults."""

    reach: int | None = DEFAULT_REACH
    """How far (graph steps) an endpoint may move; None: anywhere.  A short reach keeps the
    boards recognisably the draft and the encoding small."""
    colours: int = 1
    """Most pairs removed, less the new one (0: none removed nor added): the designer's
    bound on how far the colour count may drift."""
    new_pair: bool = True
    """Whether one new pair may be placed on two empty cells (the edit that gives an
    over-constrained draft room)."""
    min_length: int = 3
    """The shortest path a solution may have, as ``generate`` and the chain require, so no
    board found is one the chain would refuse."""
    max_edits: int = 3
    """The most edits counted: the bound the cardinality constraint is raised to."""
    near: int | None = None
    """For each number of edits, first only boards whose endpoints stay within this many
    steps (found quickly, read as the same draft), then the rest; None: no such pass."""
    solids: bool = False
    """Whether open cells may be made solid (encoded only under ``fill``, the one rule a
    solid cell can help)."""
