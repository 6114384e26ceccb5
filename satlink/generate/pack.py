"""Turn catalogue rows into board entries that any format writer can write."""

from __future__ import annotations

from satlink.board import Board, Solution
from satlink.formats import Entry
from satlink.geometry import geometry_from_json
from satlink.rules import parse_rules


def row_board(grid: list[str], geometry: dict | None) -> Board:
    """The board of a catalogue row or an attempt: its grid and (for a variant) geometry."""
    return Board(tuple(grid), geometry_from_json(geometry, len(grid[0]), len(grid)))


def pack_entries(rows: list[dict], source: str = "generated") -> list[Entry]:
    entries = []
    for i, row in enumerate(rows, start=1):
        board = row_board(row["grid"], row.get("geometry"))
        entries.append(Entry(source, i, board, Solution.from_coords(board, row["solution"]),
                             parse_rules(row["rules"]), quality=row["quality"]))
    return entries

