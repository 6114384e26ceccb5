"""The puzzle and its solutions as plain, validated, immutable data.

A board is *cells plus an adjacency graph*.  The plain square grid is the common case and is
built by :meth:`Board.from_rows`; a :class:`satlink.geometry.Geometry` describes the Flow Free
variants (hexagonal cells, warps, walls, bridges; holes are solid cells).  Everything
downstream (encodings, cycle cuts, renderers) reads the graph through :attr:`Board.edges` /
:meth:`Board.neighbors`, so a variant changes only the graph, not the solver.

The graph's *nodes* are the cells ``0 .. W*H-1`` plus, for each bridge, a second node
``W*H + i`` for its vertical crossing (the cell's own node is the horizontal one).  A path is
a sequence of nodes; :meth:`Board.node_cell` maps a node back to its cell for output.

A solution is a set of *ordered paths*, one per label, endpoint to endpoint.  A colour grid is
not enough: a path may run beside itself, and two different solutions can share a colouring.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from satlink.geometry import HEX, PLAIN, Geometry, GeometryError

if TYPE_CHECKING:
    import numpy as np

EMPTY = "."
SOLID = "#"

Cell = int
"""A cell is its row-major index ``row * width + col``; as a graph node, a bridge's vertical
crossing is ``width * height + i`` (see the module docstring)."""

Edge = tuple[int, int]
"""An undirected edge, always stored with the smaller cell first."""


class BoardError(ValueError):
    """A board that is not well formed; ``row``/``col`` locate the offending cell if known."""

    def __init__(self, message: str, row: int | None = None, col: int | None = None):
        super().__init__(message)
        self.message = message
        self.row = row
        self.col = col


def edge(a: Cell, b: Cell) -> Edge:
    """The canonical (sorted) form of the undirected edge between ``a`` and ``b``."""
    return (a, b) if a < b else (b, a)


LABEL_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"


def label_for(index: int, alphabet: str = LABEL_ALPHABET) -> str:
    """A printable one-character label for the ``index``-th path (CJK past the alphabet)."""
    return alphabet[index] if index < len(alphabet) else chr(0x4E00 + index - len(alphabet))


NOT_EMPTY_OR_SOLID = re.compile(r"[^.#]")
SOLIDS = re.compile("#")
NUMPY_CELLS = 10_000
"""Boards at least this large get their square edges from numpy (the same edges, in the same
order: a 1002x1002 board was read in 1.4 s, most of it here)."""


def _square_edge_array(flat: str, w: int, h: int) -> np.ndarray:
    """The plain square edges as an (E, 2) array, in the order of :meth:`Board._square_edges`."""
    import numpy as np

    codes = np.frombuffer(flat.encode("utf-32-le"), dtype=np.uint32).reshape(h, w)
    open_ = codes != ord(SOLID)
    steps = np.zeros((h, w, 2), dtype=bool)  # [..., 0]: right, [..., 1]: down
    steps[:, :-1, 0] = open_[:, :-1] & open_[:, 1:]
    steps[:-1, :, 1] = open_[:-1, :] & open_[1:, :]
    cells = np.arange(w * h, dtype=np.int64)
    ends = np.stack([cells + 1, cells + w], axis=-1).reshape(h, w, 2)
    mask = steps.ravel()
    return np.stack([np.repeat(cells, 2)[mask], ends.ravel()[mask]], axis=1)


def _square_edges_numpy(flat: str, w: int, h: int) -> list[Edge]:
    array = _square_edge_array(flat, w, h)
    return list(zip(array[:, 0].tolist(), array[:, 1].tolist(), strict=True))


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
    edges: tuple[Edge, ...] = field(init=False, repr=False, compare=False)  # made on first use
    bridge_node: Mapping[Cell, Cell] = field(init=False, repr=False, compare=False)
    _neighbors: tuple[tuple[Cell, ...], ...] = field(init=False, repr=False, compare=False)
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
        object.__setattr__(self, "bridge_node",
                           {b: width * len(rows) + i for i, b in enumerate(self.geometry.bridges)})
        # edges and _neighbors are made on first use (__getattr__): they follow from the rows
        # and the geometry (so equality need not compare them), reading a huge board stays
        # cheap, and building them falls inside the deadline of the search that needs them

    def __getattr__(self, name: str):
        if name not in ("edges", "_neighbors") or "labels" not in self.__dict__:
            raise AttributeError(name)  # anything else, or a board not yet (or never) built
        if name == "edges":
            flat = "".join(self.rows)
            edges = self._square_edges(flat) if self.geometry.is_plain else self._variant_edges(flat)
            table = tuple(edges)
        else:
            neighbors: list[list[Cell]] = [[] for _ in range(self.n_nodes)]
            for a, b in self.edges:
                neighbors[a].append(b)
                neighbors[b].append(a)
            table = tuple(tuple(sorted(n)) for n in neighbors)
        object.__setattr__(self, name, table)
        return table

    @property
    def n_edges(self) -> int:
        """``len(self.edges)``, without making the tuples of a huge board."""
        if "edges" in self.__dict__ or not self.geometry.is_plain or self.size < NUMPY_CELLS:
            return len(self.edges)  # a small board is done without numpy
        return len(self.edge_array())

    def edge_array(self) -> np.ndarray:
        """:attr:`edges` as a read-only (E, 2) int64 array (the encoder's form), made without
        the million tuples of a huge plain board's ``edges`` when they were not asked for."""
        cached = self.__dict__.get("_edge_array")
        if cached is None:
            import numpy as np

            if "edges" not in self.__dict__ and self.geometry.is_plain and self.size >= NUMPY_CELLS:
                cached = _square_edge_array("".join(self.rows), self.width, self.height)
            else:
                cached = np.asarray(self.edges, dtype=np.int64).reshape(-1, 2)
            cached.setflags(write=False)
            object.__setattr__(self, "_edge_array", cached)
        return cached

    def _square_edges(self, flat: str) -> list[Edge]:
        """Plain square adjacency between non-solid cells (the fast common case), in cell
        order, each cell's step right before its step down; numpy for large boards."""
        w, h = self.width, self.height
        if w * h >= NUMPY_CELLS:
            return _square_edges_numpy(flat, w, h)
        edges: list[Edge] = []
        for r in range(h):
            for c in range(w):
                a = r * w + c
                if flat[a] == SOLID:
                    continue
                if c + 1 < w and flat[a + 1] != SOLID:
                    edges.append((a, a + 1))
                if r + 1 < h and flat[a + w] != SOLID:
                    edges.append((a, a + w))
        return edges

    def _variant_edges(self, flat: str) -> list[Edge]:
        """Adjacency from the geometry: wrap applied, walls and solids removed, and each step
        into or out of a bridge assigned to the crossing on its axis."""
        w, h, geometry = self.width, self.height, self.geometry
        found: set[Edge] = set()
        for a in range(w * h):
            if flat[a] == SOLID:
                continue
            for b in geometry.adjacent(w, h, a):
                if b < a or flat[b] == SOLID or (a, b) in geometry.walls:
                    continue
                vertical = geometry.is_vertical(w, h, a, b)
                found.add(edge(self._crossing(a, vertical), self._crossing(b, vertical)))
        return sorted(found)

    def _crossing(self, cell: Cell, vertical: bool) -> Cell:
        """The node a step along an axis enters: the bridge's vertical node, or the cell."""
        return self.bridge_node.get(cell, cell) if vertical else cell

    # -- construction -------------------------------------------------------------------
    @classmethod
    def from_rows(cls, rows: Iterable[str], geometry: Geometry = PLAIN) -> Board:
        if isinstance(rows, str):  # tuple("A.A") would be a 1x3 column, silently
            raise TypeError("Board.from_rows takes a sequence of row strings, not one string "
                            "(e.g. Board.from_rows(text.splitlines()))")
        return cls(tuple(rows), geometry)

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
        """Cells plus one extra node per bridge."""
        return self.width * self.height + len(self.geometry.bridges)

    def node_cell(self, node: Cell) -> Cell:
        """The cell a graph node lies in (a bridge's vertical node lies in the bridge)."""
        if node < self.size:
            return node
        return self.geometry.bridges[node - self.size]

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
            return [list(self.coord(c)) for c in nodes]
        import numpy as np  # only for long lists: a small run never loads numpy

        cells = np.fromiter(nodes, dtype=np.int64, count=len(nodes))
        if self.geometry.bridges:
            crossing = cells >= self.size
            cells[crossing] = np.asarray(self.geometry.bridges)[cells[crossing] - self.size]
        return np.stack(np.divmod(cells, self.width), axis=1).tolist()

    def path_nodes(self, cells: Sequence[Cell]) -> tuple[Cell, ...]:
        """Graph nodes of a path given as cells: a bridge visit becomes the crossing on the
        axis of the step into it (or out of it, at the start).  A bent crossing is left for
        the validator to report."""
        if not self.bridge_node:
            return tuple(cells)
        out = []
        for i, cell in enumerate(cells):
            if cell in self.bridge_node:
                other = cells[i - 1] if i else (cells[1] if len(cells) > 1 else cell)
                vertical = self.geometry.is_vertical(self.width, self.height, cell, other)
                cell = self._crossing(cell, vertical)
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
        return self.char(cell) == SOLID

    def label_at(self, cell: Cell) -> str | None:
        """The endpoint label on ``cell``, or None if it is not an endpoint."""
        return self._label_at.get(cell)

    def neighbors(self, cell: Cell) -> tuple[Cell, ...]:
        """Non-solid cells joined to ``cell`` by an edge of the board graph."""
        return self._neighbors[cell]

    def open_cells(self) -> list[Cell]:
        """All non-solid cells (not the extra bridge nodes: see :meth:`open_nodes`)."""
        return [i for i in range(self.size) if not self.is_solid(i)]

    def open_nodes(self) -> list[Cell]:
        """All graph nodes a path may use: open cells and the bridges' vertical crossings."""
        return self.open_cells() + list(range(self.size, self.n_nodes))

    def solid_count(self) -> int:
        return sum(row.count(SOLID) for row in self.rows)

    def text(self) -> str:
        return "\n".join(self.rows)


@dataclass(frozen=True)
class Solution:
    """One ordered path per label, each running from one endpoint to the other."""

    paths: Mapping[str, tuple[Cell, ...]]

    @classmethod
    def from_paths(cls, paths: Mapping[str, Sequence[Cell]]) -> Solution:
        return cls({k: tuple(v) for k, v in paths.items()})

    @classmethod
    def from_edges(cls, board: Board, edges: Iterable[Edge]) -> Solution:
        """Walk each label's path through an edge set (which must hold one path per label)."""
        adj: dict[Cell, list[Cell]] = {}
        for a, b in edges:
            adj.setdefault(a, []).append(b)
            adj.setdefault(b, []).append(a)
        paths: dict[str, tuple[Cell, ...]] = {}
        for label in board.labels:
            start, goal = board.endpoints[label]
            path = [start]
            prev, cur = None, start
            while cur != goal:
                nxt = [n for n in adj.get(cur, []) if n != prev]
                if not nxt or len(path) > board.n_nodes:
                    raise ValueError(f"edge set has no path for label {label!r}")
                prev, cur = cur, nxt[0]
                path.append(cur)
            paths[label] = tuple(path)
        return cls(paths)

    def edges(self) -> frozenset[Edge]:
        """The edge set: two solutions differ exactly when their edge sets differ."""
        return frozenset(edge(p[i], p[i + 1]) for p in self.paths.values() for i in range(len(p) - 1))

    def owner(self) -> dict[Cell, str]:
        """Which label's path covers each used cell."""
        return {cell: label for label, p in self.paths.items() for cell in p}

    def to_coords(self, board: Board) -> dict[str, list[list[int]]]:
        """JSON-ready ``{label: [[row, col], ...]}`` (a bridge crossing is its cell)."""
        return {k: board.coords(p) for k, p in self.paths.items()}

    def to_cells(self, board: Board) -> dict[str, tuple[Cell, ...]]:
        """``{label: (cell, ...)}`` with bridge crossings mapped back to their cells."""
        return {k: tuple(board.node_cell(c) for c in p) for k, p in self.paths.items()}

    @classmethod
    def from_coords(cls, board: Board, coords: Mapping[str, Sequence[Sequence[int]]]) -> Solution:
        return cls.from_cells(board, {k: [r * board.width + c for r, c in v]
                                      for k, v in coords.items()})

    @classmethod
    def from_cells(cls, board: Board, cells: Mapping[str, Sequence[Cell]]) -> Solution:
        """Paths given as cells (as files write them); bridge visits become crossings."""
        return cls({k: board.path_nodes(list(v)) for k, v in cells.items()})


def diff_cells(board: Board, first: Solution, second: Solution) -> list[Cell]:
    """Cells whose path differs between two solutions: another label or other incident edges
    (compared node by node; a bridge's crossings are reported once, as the bridge's cell)."""
    import numpy as np  # two solutions come from SAT, which has loaded numpy already

    one, two = _incidence(board, first), _incidence(board, second)
    differ = np.flatnonzero((one[0] != two[0]) | (one[1] != two[1]).any(axis=1))
    if board.geometry.bridges:
        return sorted({board.node_cell(int(node)) for node in differ})
    return differ.tolist()


def _incidence(board: Board, solution: Solution) -> tuple[np.ndarray, np.ndarray]:
    """Per graph node: which path covers it (0 for none, else 1 + the label's index) and its
    two path neighbours, sorted, -1 where a path ends.  A path visits a node at most once, so
    the neighbours name the node's incident edges exactly."""
    import numpy as np

    owner = np.zeros(board.n_nodes, dtype=np.int64)
    around = np.full((board.n_nodes, 2), -1, dtype=np.int64)
    index = {label: i for i, label in enumerate(board.labels)}
    for label, path in solution.paths.items():
        nodes = np.fromiter(path, dtype=np.int64, count=len(path))
        owner[nodes] = index.get(label, len(index)) + 1
        before = np.concatenate(([-1], nodes[:-1]))
        after = np.concatenate((nodes[1:], [-1]))
        around[nodes, 0] = np.minimum(before, after)
        around[nodes, 1] = np.maximum(before, after)
    return owner, around
