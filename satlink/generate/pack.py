"""Turn catalogue rows into board entries that any format writer can write."""

from __future__ import annotations

from satlink.board import Board, Solution
from satlink.formats import Entry
from satlink.rules import parse_rules


def pack_entries(rows: list[dict], source: str = "generated") -> list[Entry]:
    entries = []
    for i, row in enumerate(rows, start=1):
        board = Board(tuple(row["grid"]))
        entries.append(Entry(source, i, board, Solution.from_coords(board, row["solution"]),
                             parse_rules(row["rules"]), quality=row["quality"]))
    return entries
