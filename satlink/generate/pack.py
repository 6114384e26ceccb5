"""Turn catalogue rows into board entries that any format writer can write."""

from __future__ import annotations

from satlink.board import Board
from satlink.formats import Entry, WriteError, read_text, write_text
from satlink.rules import parse_rules
from satlink.solution import Solution


def pack_entries(rows: list[dict], source: str = "generated") -> list[Entry]:
    """Entries of catalogue rows; a row damaged in the file (edited by hand, a foreign tool)
    is a :class:`~satlink.generate.catalogue.CatalogueError` naming it, where the writers
    would otherwise fail on a solution cell off the board."""
    from satlink.generate.catalogue import CatalogueError

    entries = []
    for i, row in enumerate(rows, start=1):
        try:
            board = Board.from_json(row["grid"], row.get("geometry"))
            _check_cells(board, row["solution"])
            entries.append(Entry(source, i, board, Solution.from_coords(board, row["solution"]),
                                 parse_rules(row["rules"]), quality=row["quality"]))
        except (ValueError, TypeError, KeyError) as exc:
            raise CatalogueError(f"puzzle {i} (in this order) is damaged: {exc}") from None
    return entries


def _check_cells(board: Board, solution: object) -> None:
    if not isinstance(solution, dict):
        raise ValueError("its solution is not {label: [[row, col], ...]}")
    for label, path in solution.items():
        for cell in path:
            row, col = cell
            if not (0 <= row < board.height and 0 <= col < board.width):
                raise ValueError(f"its solution path {label} has [{row}, {col}], off the board")


def variant_loss(entries: list[Entry], fmt: str) -> str | None:
    """Why ``fmt`` cannot hold these boards, or None: the first variant board whose geometry
    does not come back when written and read again (formats learn variants one by one, and a
    hexagonal or walled board written as a plain grid would be another puzzle)."""
    for entry in entries:
        geometry = entry.board.geometry
        if geometry.is_plain:
            continue
        try:
            back = next(read_text(write_text([entry], fmt), fmt=fmt))
        except WriteError:
            return None  # the writer refuses it itself, with its own message
        if back.board is None or back.board.geometry != geometry:
            *most, last = geometry.features()
            named = f"{', '.join(most)} and {last}" if most else last
            return f"the {fmt} format does not hold {named} (board {entry.index})"
    return None
