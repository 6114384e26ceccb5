"""Input errors that say where: file, board, line and column."""

from __future__ import annotations


class InputError(ValueError):
    """A problem with the input text, located as precisely as the format allows.

    ``board`` counts from 1 (as people count boards in a file); ``line`` and ``column`` count
    from 1 and are None when the problem has no single place (e.g. an empty file).
    ``grid_row`` and ``grid_column`` (from 1) place it in a board's grid when the rows are
    not lines of the file (the strings of a JSON board's ``grid``); ``line`` is then the
    line of the JSON object, when known.
    """

    def __init__(
        self,
        message: str,
        source: str = "<input>",
        board: int | None = None,
        line: int | None = None,
        column: int | None = None,
        grid_row: int | None = None,
        grid_column: int | None = None,
    ):
        super().__init__(message)
        self.message = message
        self.source = source
        self.board = board
        self.line = line
        self.column = column
        self.grid_row = grid_row
        self.grid_column = grid_column

    def __str__(self) -> str:
        where = [self.source]
        if self.board is not None:
            where.append(f"board {self.board}")
        if self.line is not None:
            where.append(f"line {self.line}")
        if self.column is not None:
            where.append(f"column {self.column}")
        grid = (f"grid row {self.grid_row}, column {self.grid_column}: "
                if self.grid_row is not None else "")
        return f"{', '.join(where)}: {grid}{self.message}"

    def as_dict(self) -> dict:
        return {
            "message": self.message,
            "source": self.source,
            "board": self.board,
            "line": self.line,
            "column": self.column,
            "grid_row": self.grid_row,
            "grid_column": self.grid_column,
        }


class WriteError(ValueError):
    """A board that the chosen output format cannot express (walls, bridges, warps or
    hexagonal cells in a grid, W H stream or puzz.link URL, solid cells in a puzz.link URL, a
    missing solution in a Flow Free level line, too many labels for a puzz.link URL)."""
