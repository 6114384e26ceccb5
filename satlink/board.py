"""The puzzle and its solutions as plain, validated, immutable data.

A board is *cells plus an adjacency graph*.  The square grid is the common case and is built
by :meth:`Board.from_rows`; everything downstream (encodings, validator, renderers) reads the
graph through :attr:`Board.edges` / :meth:`Board.neighbors`, so later variants (walls remove
edges, warps add edges, holes are solid cells) change only the constructor, not the solver.

A solution is a set of *ordered paths*, one per label, endpoint to endpoint.  A colour grid is
not enough: a path may run beside itself, and two different solutions can share a colouring.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

EMPTY = "."
SOLID = "#"

Cell = int
"""A cell is its row-major index ``row * width + col``."""

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


def is_label(char: str) -> bool:
    """Any visible character other than the empty and solid markers is an endpoint label."""
    return char not in (EMPTY, SOLID) and len(char) == 1 and char.isprintable() and not char.isspace()


@dataclass(frozen=True)
class Board:
    """A rectangular NumberLink board on the square grid.

    ``rows`` holds one string per row using ``.`` for empty, ``#`` for solid and any other
    visible character as an endpoint label.  Construction validates the board (each label on
    exactly two cells) so that every later stage may assume a well-formed puzzle.
    """

    rows: tuple[str, ...]
    width: int = field(init=False)
    height: int = field(init=False)
    labels: tuple[str, ...] = field(init=False, repr=False)
    endpoints: Mapping[str, tuple[Cell, Cell]] = field(init=False, repr=False)
    edges: tuple[Edge, ...] = field(init=False, repr=False)
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
            for c, ch in enumerate(row):
                if ch in (EMPTY, SOLID):
                    continue
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
        self._build_grid_graph()

    def _build_grid_graph(self) -> None:
        """Square-grid adjacency between non-solid cells (the only geometry supported so far)."""
        w, h = self.width, self.height
        flat = "".join(self.rows)
        neighbors: list[list[Cell]] = [[] for _ in range(w * h)]
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
        for a, b in edges:
            neighbors[a].append(b)
            neighbors[b].append(a)
        object.__setattr__(self, "edges", tuple(edges))
        object.__setattr__(self, "_neighbors", tuple(tuple(sorted(n)) for n in neighbors))

    # -- construction -------------------------------------------------------------------
    @classmethod
    def from_rows(cls, rows: Iterable[str]) -> Board:
        if isinstance(rows, str):  # tuple("A.A") would be a 1x3 column, silently
            raise TypeError("Board.from_rows takes a sequence of row strings, not one string "
                            "(e.g. Board.from_rows(text.splitlines()))")
        return cls(tuple(rows))

    # -- geometry -----------------------------------------------------------------------
    @property
    def size(self) -> int:
        return self.width * self.height

    def coord(self, cell: Cell) -> tuple[int, int]:
        """(row, col) of a cell, row 0 at the top."""
        return divmod(cell, self.width)

    def cell_at(self, row: int, col: int) -> Cell | None:
        """The cell at (row, col), or None off the board."""
        if 0 <= row < self.height and 0 <= col < self.width:
            return row * self.width + col
        return None

    def char(self, cell: Cell) -> str:
        r, c = divmod(cell, self.width)
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
        """All non-solid cells."""
        return [i for i in range(self.size) if not self.is_solid(i)]

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
                if not nxt or len(path) > board.size:
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
        """JSON-ready ``{label: [[row, col], ...]}``."""
        return {k: [list(board.coord(c)) for c in p] for k, p in self.paths.items()}

    @classmethod
    def from_coords(cls, board: Board, coords: Mapping[str, Sequence[Sequence[int]]]) -> Solution:
        return cls({k: tuple(r * board.width + c for r, c in v) for k, v in coords.items()})


def diff_cells(board: Board, first: Solution, second: Solution) -> list[Cell]:
    """Cells whose path differs between two solutions: another label or other incident edges."""
    def incidence(sol: Solution) -> dict[Cell, tuple[str, frozenset[Edge]]]:
        inc: dict[Cell, set[Edge]] = {}
        for e in sol.edges():
            for cell in e:
                inc.setdefault(cell, set()).add(e)
        own = sol.owner()
        return {cell: (own.get(cell, ""), frozenset(inc.get(cell, ()))) for cell in own}

    one, two = incidence(first), incidence(second)
    return sorted(c for c in set(one) | set(two) if one.get(c) != two.get(c))
