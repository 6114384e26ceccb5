"""The values of the nearest-board search (:mod:`satlink.repair.nearest`): what a draft's
encoding may change (:class:`NearLimits`) and each edit read off a model (:class:`NearEdit`),
as the search and the chain repair that follows it use them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from satlink.board import EMPTY, SOLID, Board
from satlink.graph import Cell


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


class NearLimits(NamedTuple):
    """The edits a draft's encoding allows (:class:`~satlink.repair.nearest.NearestSearch`
    says what each means): how far an endpoint may move, the pairs removed or added, the
    shortest path, the most edits, the first pass's nearness, and solid cells."""

    reach: int
    colours: int
    new_pair: bool
    min_length: int
    max_edits: int
    near: int | None = None
    solids: bool = False
