"""Board geometries: which cells neighbour which, before any rule is applied.

Everything the solver knows about a variant is a graph: :class:`satlink.board.Board` turns a
:class:`Geometry` into nodes and edges once, and the encodings, the cycle cuts and the
renderers read only that graph.  The variants of Flow Free are:

* **square** cells with four neighbours (the plain NumberLink board);
* **hex**: hexagonal cells in columns; a cell in an even column (0, 2, ...) neighbours
  (r-1,c), (r+1,c), (r,c-1), (r,c+1), (r+1,c-1), (r+1,c+1); one in an odd column
  (r-1,c), (r+1,c), (r,c-1), (r,c+1), (r-1,c-1), (r-1,c+1) (odd columns sit half a cell
  higher);
* **wrap** (warps): the last column neighbours the first and the last row the first;
* **walls**: pairs of neighbouring cells that are not joined;
* **bridges**: a cell crossed straight through once along each axis: a square cell has two
  axes (horizontal, vertical), a hexagon three (vertical, and the diagonals joining opposite
  sides, :data:`HEX_AXES`).  The board gives a bridge one node per axis, the cell itself for
  axis 0 and an extra node for each other axis (:meth:`satlink.graph.BoardGraph.crossing`),
  so "straight through" is simply that each node has only its two neighbours on that axis.
  All axes of one bridge may be crossed at once, each by at most one path.

Holes are solid cells (``#``): no path enters them and ``fill`` does not ask for them.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import lru_cache

SQUARE = "square"
HEX = "hex"
KINDS = (SQUARE, HEX)

_SQUARE_STEPS = ((-1, 0), (0, -1), (0, 1), (1, 0))
_HEX_STEPS_EVEN = ((-1, 0), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1))
_HEX_STEPS_ODD = ((-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, 0))

SQUARE_AXES = ("horizontal", "vertical")
"""The axes of a square cell, by number: axis 0 is the bridge cell's own node."""
HEX_AXES = ("vertical", "falling", "rising")
"""The axes of a hexagon, by number: axis 0 (its own node) joins (r-1, c) and (r+1, c);
axis 1 ("falling", like a backslash) the upper-left and lower-right neighbours, axis 2 ("rising", like
a slash) the lower-left and upper-right ones.  One word each: DIMACS comments and messages name
them."""

_HEX_AXIS_EVEN = {(-1, 0): 0, (1, 0): 0, (0, -1): 1, (1, 1): 1, (1, -1): 2, (0, 1): 2}
_HEX_AXIS_ODD = {(-1, 0): 0, (1, 0): 0, (-1, -1): 1, (0, 1): 1, (0, -1): 2, (-1, 1): 2}
"""Each step of :data:`_HEX_STEPS_EVEN` / :data:`_HEX_STEPS_ODD` and its axis: a step and the
step to the opposite side of the hexagon share one."""

Pair = tuple[int, int]


class GeometryError(ValueError):
    """A geometry that does not fit the board (a wall between non-neighbours, a bridge on a
    hole, ...); ``cell`` locates it when known."""

    def __init__(self, message: str, cell: int | None = None):
        super().__init__(message)
        self.message = message
        self.cell = cell


def _pair(a: int, b: int) -> Pair:
    return (a, b) if a < b else (b, a)


@dataclass(frozen=True)
class Geometry:
    """How the cells of a W x H board neighbour each other (cells are ``row * W + col``)."""

    kind: str = SQUARE
    wrap: bool = False
    walls: frozenset[Pair] = field(default_factory=frozenset)
    bridges: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise GeometryError(f"unknown grid kind {self.kind!r} (known: {', '.join(KINDS)})")
        object.__setattr__(self, "walls", frozenset(_pair(a, b) for a, b in self.walls))
        object.__setattr__(self, "bridges", tuple(sorted(set(self.bridges))))
        if self.kind == HEX and self.wrap:
            raise GeometryError("unsupported variant: warps on a hexagonal board")

    @classmethod
    def of(cls, kind: str = SQUARE, wrap: bool = False, walls: Iterable[Pair] = (),
           bridges: Iterable[int] = ()) -> Geometry:
        return cls(kind, wrap, frozenset(_pair(a, b) for a, b in walls), tuple(bridges))

    @property
    def is_plain(self) -> bool:
        """The plain square NumberLink board (what every format can hold)."""
        return self.kind == SQUARE and not self.wrap and not self.walls and not self.bridges

    def features(self) -> list[str]:
        """The variant features in use, named as error messages and records name them."""
        out = []
        if self.kind == HEX:
            out.append("hexagonal cells")
        if self.wrap:
            out.append("warps")
        if self.walls:
            out.append("walls")
        if self.bridges:
            out.append("bridges")
        return out

    def steps(self, col: int) -> tuple[tuple[int, int], ...]:
        """(row, col) offsets of a cell's neighbours, in ascending cell order."""
        if self.kind == SQUARE:
            return _SQUARE_STEPS
        return _HEX_STEPS_ODD if col % 2 else _HEX_STEPS_EVEN

    def adjacent(self, width: int, height: int, cell: int) -> list[int]:
        """Cells sharing a side with ``cell`` (wrap applied; walls and solids not removed)."""
        return list(_adjacency(self.kind, self.wrap, width, height, cell))

    @property
    def axes(self) -> tuple[str, ...]:
        """The names of a cell's axes, by number (:data:`SQUARE_AXES`, :data:`HEX_AXES`): a
        bridge has one crossing per axis."""
        return HEX_AXES if self.kind == HEX else SQUARE_AXES

    def axis_of(self, width: int, height: int, a: int, b: int) -> int:
        """The axis (an index into :attr:`axes`) along which neighbours ``a`` and ``b`` are
        joined (wrap edges included): which crossing of a bridge the step between them uses.
        Cells that are no neighbours (a jump, which the referee reports) get some axis."""
        if self.kind == SQUARE:
            return 1 if a % width == b % width and a != b else 0
        (r1, c1), (r2, c2) = divmod(a, width), divmod(b, width)
        table = _HEX_AXIS_ODD if c1 % 2 else _HEX_AXIS_EVEN
        return table.get((r2 - r1, c2 - c1), 0)

    def blocks(self, width: int, height: int) -> list[tuple[int, ...]]:
        """The smallest compact groups of cells, in cycle order, for the ``no2x2`` rule: the
        2x2 squares of a square board (not across the wrap seam: a block is what the eye sees
        as one), the triangles of three mutually adjacent hexagons on a hexagonal one."""
        return list(_blocks(self.kind, self.wrap, width, height))

    def check_fits(self, width: int, height: int, solid: Iterable[int],
                   endpoints: Iterable[int]) -> None:
        """Raise :class:`GeometryError` unless walls and bridges make sense on this board."""
        n = width * height
        solid_set, endpoint_set = set(solid), set(endpoints)
        for a, b in sorted(self.walls):
            if not (0 <= a < n and 0 <= b < n):
                raise GeometryError(f"wall {a}|{b} is outside the {width}x{height} board")
            if b not in self.adjacent(width, height, a):
                raise GeometryError(f"wall {a}|{b} is between cells that are not neighbours", a)
        for b in self.bridges:
            if not 0 <= b < n:
                raise GeometryError(f"bridge {b} is outside the {width}x{height} board")
            if b in solid_set:
                raise GeometryError(f"bridge on a hole or solid cell ({b})", b)
            if b in endpoint_set:
                raise GeometryError(f"bridge on an endpoint ({b}): a bridge is never an endpoint", b)


PLAIN = Geometry()
"""The plain square board."""


def geometry_to_json(geometry: Geometry, width: int) -> dict:
    """The ``geometry`` object of JSON boards and records (written only for variants):
    ``{"kind": "square"|"hex", "wrap": bool, "walls": [[[r, c], [r, c]], ...],
    "bridges": [[r, c], ...]}``, coordinates as solutions write them."""
    def rc(cell: int) -> list[int]:
        return list(divmod(cell, width))
    return {"kind": geometry.kind, "wrap": geometry.wrap,
            "walls": [[rc(a), rc(b)] for a, b in sorted(geometry.walls)],
            "bridges": [rc(b) for b in geometry.bridges]}


def geometry_from_json(obj: object, width: int, height: int) -> Geometry:
    """Read :func:`geometry_to_json`'s object back; :class:`GeometryError` names what is
    wrong (unknown keys, coordinates off the board, wrong types)."""
    if obj is None:
        return PLAIN
    if not isinstance(obj, dict):
        raise GeometryError(f"geometry must be an object, not {type(obj).__name__}")
    unknown = set(obj) - {"kind", "wrap", "walls", "bridges"}
    if unknown:
        raise GeometryError(f"unknown geometry keys {sorted(unknown)} "
                            "(known: kind, wrap, walls, bridges)")
    kind = obj.get("kind", SQUARE)
    wrap = obj.get("wrap", False)
    if not isinstance(wrap, bool):
        raise GeometryError("geometry wrap must be true or false")

    def cell(value: object, what: str) -> int:
        if (not isinstance(value, list) or len(value) != 2
                or not all(isinstance(x, int) and not isinstance(x, bool) for x in value)):
            raise GeometryError(f"{what}: {value!r} is not [row, col]")
        r, c = value
        if not (0 <= r < height and 0 <= c < width):
            raise GeometryError(f"{what}: [{r}, {c}] is off the {width}x{height} board")
        return r * width + c

    walls = obj.get("walls", [])
    bridges = obj.get("bridges", [])
    if not isinstance(walls, list) or not isinstance(bridges, list):
        raise GeometryError("geometry walls and bridges must be lists")
    pairs = []
    for wall in walls:
        if not isinstance(wall, list) or len(wall) != 2:
            raise GeometryError(f"wall {wall!r} is not [[row, col], [row, col]]")
        pairs.append((cell(wall[0], "wall"), cell(wall[1], "wall")))
    if not isinstance(kind, str):
        raise GeometryError("geometry kind must be a string")
    return Geometry.of(kind, wrap, pairs, (cell(b, "bridge") for b in bridges))


# -- memoised per board shape ------------------------------------------------------------------
# Every check builds its graph and lemmas from these; the studio's live verdict checks the same
# shape again on every edit, so they are computed once per (kind, wrap, width, height) -- up to
# MEMO_CELLS cells: a cached table of a 1002x1002 board would hold some 100 MB for the rest of
# a batch, so a larger board's cell is walked on its own and its blocks are built uncached.

MEMO_CELLS = 40_000
"""The largest board (in cells) whose neighbour table and blocks are kept between checks."""


def _adjacency(kind: str, wrap: bool, width: int, height: int, cell: int) -> tuple[int, ...]:
    """The neighbours of ``cell`` (see :meth:`Geometry.adjacent`)."""
    if width * height <= MEMO_CELLS:
        return _adjacency_table(kind, wrap, width, height)[cell]
    return _cell_neighbours(kind, wrap, width, height, cell)


def _cell_neighbours(kind: str, wrap: bool, width: int, height: int, cell: int) -> tuple[int, ...]:
    r, c = divmod(cell, width)
    near: list[int] = []
    steps = _SQUARE_STEPS if kind == SQUARE else (_HEX_STEPS_ODD if c % 2 else _HEX_STEPS_EVEN)
    for dr, dc in steps:
        r2, c2 = r + dr, c + dc
        if wrap:
            r2, c2 = r2 % height, c2 % width
        elif not (0 <= r2 < height and 0 <= c2 < width):
            continue
        n = r2 * width + c2
        if n != cell and n not in near:
            near.append(n)
    return tuple(near)


@lru_cache(maxsize=64)
def _adjacency_table(kind: str, wrap: bool, width: int, height: int) -> tuple[tuple[int, ...], ...]:
    return tuple(_cell_neighbours(kind, wrap, width, height, cell) for cell in range(width * height))


def _blocks(kind: str, wrap: bool, width: int, height: int) -> tuple[tuple[int, ...], ...]:
    """The ``no2x2`` blocks (see :meth:`Geometry.blocks`)."""
    if width * height <= MEMO_CELLS:
        return _blocks_table(kind, wrap, width, height)
    return _build_blocks(kind, wrap, width, height)


@lru_cache(maxsize=64)
def _blocks_table(kind: str, wrap: bool, width: int, height: int) -> tuple[tuple[int, ...], ...]:
    return _build_blocks(kind, wrap, width, height)


def _build_blocks(kind: str, wrap: bool, width: int, height: int) -> tuple[tuple[int, ...], ...]:
    out: list[tuple[int, ...]] = []
    if kind == SQUARE:
        for r in range(height - 1):
            for c in range(width - 1):
                a = r * width + c
                out.append((a, a + 1, a + width + 1, a + width))
        return tuple(out)
    for a in range(width * height):
        near = [n for n in _adjacency(kind, wrap, width, height, a) if n > a]
        for i, b in enumerate(near):
            for c in near[i + 1:]:
                if c in _adjacency(kind, wrap, width, height, b):
                    out.append((a, b, c))
    return tuple(out)
