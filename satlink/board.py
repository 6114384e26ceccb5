"""The puzzle and its solutions as plain, validated, immutable data.

A board is *cells plus an adjacency graph*.  The plain square grid is the common case and is
built by :meth:`Board.from_rows`; a :class:`satlink.geometry.Geometry` describes the Flow Free
variants (hexagonal cells, warps, walls, bridges; holes are solid cells).  Everything
downstream (encodings, cycle cuts, renderers) reads the graph through :attr:`Board.edges` /
:meth:`Board.neighbors`, so a variant changes only the graph, not the solver.

The graph's *nodes* are the cells ``0 .. W*H-1`` plus, for each bridge, one extra node per
axis past the first (:attr:`Board.crossings`): on square cells ``W*H + i`` for the i-th
bridge's vertical crossing (the cell's own node is the horizontal one), on hexagons
``W*H + 2i`` and ``W*H + 2i + 1`` for its two diagonal crossings (the cell's own node is the
vertical one).  A path is a sequence of nodes; :meth:`Board.node_cell` maps a node back to
its cell for output.

Solutions, one ordered path per label, are :class:`satlink.solution.Solution`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from satlink.geometry import HEX, PLAIN, Geometry, GeometryError, geometry_from_json
from satlink.graph import EMPTY, SOLID, BoardGraph, Cell, Edge

if TYPE_CHECKING:
    import numpy as np


class BoardError(ValueError):
    """A board that is not well formed; ``row``/``col`` locate the offending cell if known."""

    def __init__(self, message: str, row: int | None = None, col: int | None = None):
        super().__init__(message)
        self.message = message
        self.row = row
        self.col = col


LABEL_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"


def label_for(index: int, alphabet: str = LABEL_ALPHABET) -> str:
    """A printable one-character label for the ``index``-th path (CJK past the alphabet)."""
    return alphabet[index] if index < len(alphabet) else chr(0x4E00 + index - len(alphabet))


NOT_EMPTY_OR_SOLID = re.compile(r"[^.#]")
SOLIDS = re.compile("#")
def is_label(char: str) -> bool:
    """Any visible character other than the empty and solid markers is an endpoint label."""
    return char not in (EMPTY, SOLID) and len(char) == 1 and char.isprintable() and not char.isspace()


@dataclass(frozen=True)
class Board:
    """A rectangular NumberLink board, square-celled unless its geometry says otherwise.

    ``rows`` holds one string per row using ``.`` for empty, ``#`` for solid (or a hole) and
    any other visible character as an endpoint label.  Construction validates the board (each
    label on exactly two cells, walls and bridges where they can be) so that every later stage
    may assume a well-formed puzzle.
    """

    rows: tuple[str, ...]
    geometry: Geometry = PLAIN
    width: int = field(init=False)
    height: int = field(init=False)
    labels: tuple[str, ...] = field(init=False, repr=False)
    endpoints: Mapping[str, tuple[Cell, Cell]] = field(init=False, repr=False)
    graph: BoardGraph = field(init=False, repr=False, compare=False)
    """The board's adjacency graph (:mod:`satlink.graph`): one per board, its parts built on
    first use."""
    crossings: Mapping[Cell, tuple[Cell, ...]] = field(init=False, repr=False, compare=False)
    """Each bridge cell's nodes, one per axis of its geometry (axis 0: the cell itself)."""
    _label_at: Mapping[Cell, str] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if isinstance(self.rows, str):
            raise TypeError("a board is a sequence of row strings, not one string "
                            "(e.g. Board.from_rows(text.splitlines()))")
        rows = tuple(self.rows)
        for row in rows:
            if not isinstance(row, str):
                raise TypeError(f"board rows must be strings, not {type(row).__name__}")
        if not rows or not rows[0]:
            raise BoardError("empty board")
        width = len(rows[0])
        for r, row in enumerate(rows):
            if len(row) != width:
                raise BoardError(
                    f"ragged row: row {r + 1} has {len(row)} cells, the first row has {width}",
                    r,
                    min(len(row), width),
                )
        seen: dict[str, list[Cell]] = {}
        for r, row in enumerate(rows):
            if row.count(EMPTY) + row.count(SOLID) == width:
                continue  # no label here: skipped at C speed (a 1002x1002 board has 4 rows of labels)
            for match in NOT_EMPTY_OR_SOLID.finditer(row):
                ch, c = match.group(), match.start()
                if not is_label(ch):
                    raise BoardError(f"unknown character {ch!r}", r, c)
                seen.setdefault(ch, []).append(r * width + c)
        for label, cells in seen.items():
            if len(cells) != 2:
                r, c = divmod(cells[-1], width)
                raise BoardError(
                    f"label {label!r} appears {len(cells)} time{'s' if len(cells) > 1 else ''}"
                    " (each label must be on exactly two cells)",
                    r,
                    c,
                )
        object.__setattr__(self, "rows", rows)
        object.__setattr__(self, "width", width)
        object.__setattr__(self, "height", len(rows))
        object.__setattr__(self, "labels", tuple(seen))
        object.__setattr__(self, "endpoints", {k: (v[0], v[1]) for k, v in seen.items()})
        object.__setattr__(
            self, "_label_at", {cell: k for k, v in seen.items() for cell in v}
        )
        if not isinstance(self.geometry, Geometry):
            raise TypeError(f"geometry must be a Geometry, not {type(self.geometry).__name__}")
        flat = "".join(rows)
        try:
            self.geometry.check_fits(width, len(rows), (m.start() for m in SOLIDS.finditer(flat)),
                                     self._label_at)
        except GeometryError as exc:
            r, c = divmod(exc.cell, width) if exc.cell is not None else (None, None)
            raise BoardError(exc.message, r, c) from None
        extra = len(self.geometry.axes) - 1
        size = width * len(rows)
        object.__setattr__(self, "crossings", {
            b: (b, *range(size + i * extra, size + (i + 1) * extra))
            for i, b in enumerate(self.geometry.bridges)})
        kinds = flat + EMPTY * (extra * len(self.geometry.bridges))  # a crossing is an empty node
        object.__setattr__(self, "graph",
                           BoardGraph(width, len(rows), self.geometry, kinds, self.crossings))

    # -- construction -------------------------------------------------------------------
    @classmethod
    def from_rows(cls, rows: Iterable[str], geometry: Geometry = PLAIN) -> Board:
        if isinstance(rows, str):  # tuple("A.A") would be a 1x3 column, silently
            raise TypeError("Board.from_rows takes a sequence of row strings, not one string "
                            "(e.g. Board.from_rows(text.splitlines()))")
        return cls(tuple(rows), geometry)

    @classmethod
    def from_json(cls, grid: Sequence[str], geometry: object = None) -> Board:
        """The board of a record, a catalogue row, a batch task or a DIMACS header: its grid
        and, for a variant, its JSON geometry (:func:`satlink.geometry.geometry_from_json`;
        ``None`` for a plain board).  Raises :class:`BoardError` or
        :class:`~satlink.geometry.GeometryError` (both ``ValueError``)."""
        rows = tuple(grid)
        if not rows:
            raise BoardError("empty board")
        return cls(rows, geometry_from_json(geometry, len(rows[0]), len(rows)))

    def with_rows(self, rows: Iterable[str]) -> Board:
        """Another board of the same geometry (the generator and repair edit rows)."""
        return Board(tuple(rows), self.geometry)

    # -- geometry -----------------------------------------------------------------------
    @property
    def size(self) -> int:
        """Number of cells (``W * H``); graph nodes are :attr:`n_nodes`."""
        return self.width * self.height

    @property
    def n_nodes(self) -> int:
        """Cells plus, per bridge, one extra node per axis past the first."""
        return self.graph.n_nodes

    def node_cell(self, node: Cell) -> Cell:
        """The cell a graph node lies in (a bridge's extra crossings lie in the bridge)."""
        if node < self.size:
            return node
        return self.geometry.bridges[(node - self.size) // (len(self.geometry.axes) - 1)]

    def node_axis(self, node: Cell) -> int | None:
        """The axis a bridge crossing's node carries (None for a node that is no bridge's):
        what a renderer draws it along."""
        if node < self.size:
            return 0 if node in self.crossings else None
        return 1 + (node - self.size) % (len(self.geometry.axes) - 1)

    def coord(self, cell: Cell) -> tuple[int, int]:
        """(row, col) of a cell (or of the cell a node lies in), row 0 at the top."""
        return divmod(self.node_cell(cell), self.width)

    def step(self, a: Cell, b: Cell) -> tuple[int, int]:
        """The direction of the step between neighbouring nodes ``a`` and ``b``: (rows,
        columns) on square cells, across a warp as a single step; on hexagons the axial
        direction (column, row - (column + 1) // 2), in which the six neighbours are six
        distinct steps.  (What "straight" and "turn" mean for a path: bends, looks, the
        generator's long walks.)"""
        (r1, c1), (r2, c2) = self.coord(a), self.coord(b)
        if self.geometry.kind == HEX:
            return c2 - c1, (r2 - (c2 + 1) // 2) - (r1 - (c1 + 1) // 2)
        dr, dc = r2 - r1, c2 - c1
        if self.geometry.wrap:
            dr = (dr + 1) % self.height - 1 if self.height > 2 else dr
            dc = (dc + 1) % self.width - 1 if self.width > 2 else dc
        return dr, dc

    def coords(self, nodes: Sequence[Cell]) -> list[list[int]]:
        """``[[row, col], ...]`` of many nodes (JSON-ready); long lists as one array step."""
        if len(nodes) < 256:
            if not self.crossings:  # every node a cell: its row and column, no call per cell
                w = self.width
                return [[x // w, x % w] for x in nodes]
            return [list(self.coord(c)) for c in nodes]
        import numpy as np  # only for long lists: a small run never loads numpy

        cells = np.fromiter(nodes, dtype=np.int64, count=len(nodes))
        if self.geometry.bridges:
            crossing = cells >= self.size
            extra = len(self.geometry.axes) - 1
            cells[crossing] = np.asarray(self.geometry.bridges)[
                (cells[crossing] - self.size) // extra]
        return np.stack(np.divmod(cells, self.width), axis=1).tolist()

    def path_nodes(self, cells: Sequence[Cell]) -> tuple[Cell, ...]:
        """Graph nodes of a path given as cells: a bridge visit becomes the crossing on the
        axis of the step into it (or out of it, at the start).  A bent crossing is left for
        the validator to report."""
        if not self.crossings:
            return tuple(cells)
        out = []
        for i, cell in enumerate(cells):
            if cell in self.crossings:
                other = cells[i - 1] if i else (cells[1] if len(cells) > 1 else cell)
                axis = self.geometry.axis_of(self.width, self.height, cell, other)
                cell = self.graph.crossing(cell, axis)
            out.append(cell)
        return tuple(out)

    def cell_at(self, row: int, col: int) -> Cell | None:
        """The cell at (row, col), or None off the board."""
        if 0 <= row < self.height and 0 <= col < self.width:
            return row * self.width + col
        return None

    def char(self, cell: Cell) -> str:
        r, c = self.coord(cell)
        return self.rows[r][c]

    def is_solid(self, cell: Cell) -> bool:
        if 0 <= cell < self.width * self.height:  # a cell: its row string, no coordinates made
            return self.rows[cell // self.width][cell % self.width] == SOLID
        return self.char(cell) == SOLID

    def label_at(self, cell: Cell) -> str | None:
        """The endpoint label on ``cell``, or None if it is not an endpoint."""
        return self._label_at.get(cell)

    @property
    def edges(self) -> tuple[Edge, ...]:
        """The graph's edges (:attr:`satlink.graph.BoardGraph.edges`): edge ``e`` is SAT
        variable ``e + 1``."""
        return self.graph.edges

    @property
    def n_edges(self) -> int:
        """``len(edges)``, without making the tuples of a huge board."""
        return self.graph.n_edges

    def edge_array(self) -> np.ndarray:
        """:attr:`edges` as a read-only (E, 2) array (:meth:`BoardGraph.edge_array`)."""
        return self.graph.edge_array()

    def neighbors(self, cell: Cell) -> tuple[Cell, ...]:
        """Non-solid cells joined to ``cell`` by an edge of the board graph."""
        return self.graph.neighbours[cell]

    def open_cells(self) -> list[Cell]:
        """All non-solid cells (not the extra bridge nodes: see :meth:`open_nodes`)."""
        cells = self.graph.kinds[:self.size]  # one flat string: no coordinates per cell
        if SOLID not in cells:
            return list(range(self.size))
        return [i for i, ch in enumerate(cells) if ch != SOLID]

    def open_nodes(self) -> list[Cell]:
        """All graph nodes a path may use: open cells and the bridges' extra crossings."""
        return self.open_cells() + list(range(self.size, self.n_nodes))

    def solid_count(self) -> int:
        return sum(row.count(SOLID) for row in self.rows)

    def text(self) -> str:
        return "\n".join(self.rows)
