"""Canonical form of a board under its geometry's symmetries and relabelling.

Two boards are the same puzzle when one is a symmetric image of the other with the labels
renamed.  The canonical form is the smallest of the transformed boards, each written with
labels renumbered by first appearance; its hash identifies the puzzle.

Which images count depends on the geometry (holes are solid cells and simply move with the
grid; walls and bridges move with their cells, and a bridge stays a bridge):

* plain and walled/bridged **square** boards: the 8 rotations and reflections;
* **warps**: those 8 combined with every cyclic shift of rows and columns (a torus has no
  first row); the form is the smallest image with an endpoint in its top-left cell, which
  keeps large tori cheap;
* **hexagonal** boards (odd columns half a cell higher): only the reflections of the
  rectangle that keep that column pattern, i.e. that map neighbours onto neighbours.  With an
  odd width the left-right mirror does (column parities are kept); with an even width the
  half turn does (parities swap and the vertical flip swaps which columns stand higher
  again).  They are found by testing each candidate on the board's adjacency, not assumed.

Plain boards keep the form they always had (``WxH:`` then the grid), so the hashes in existing
catalogues stay valid; every variant form starts with its geometry (``square+wrap:``,
``hex:``, ...) and ends with its walls and bridges, so two geometries never share a form.
A wall beside a solid cell changes nothing and is left out of the form.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import lru_cache

from satlink.board import EMPTY, SOLID, Board
from satlink.geometry import HEX, Geometry


def transforms(rows: tuple[str, ...]) -> list[tuple[str, ...]]:
    """The 8 images of a grid under the dihedral group of the square."""
    out = []
    grid = rows
    for _ in range(4):
        out.append(grid)
        out.append(tuple(row[::-1] for row in grid))  # mirror
        grid = tuple("".join(col) for col in zip(*grid[::-1], strict=True))  # rotate 90°
    return out


def _relabelled(rows: tuple[str, ...]) -> str:
    numbers: dict[str, int] = {}
    parts = []
    for row in rows:
        for ch in row:
            if ch == EMPTY:
                parts.append(".")
            elif ch == SOLID:
                parts.append("#")
            else:
                parts.append(str(numbers.setdefault(ch, len(numbers))))
        parts.append("/")
    return ",".join(parts)


@dataclass(frozen=True)
class Symmetry:
    """A map from the cells of an image onto the cells of a W x H board: the image cell
    (r, c) shows board cell ``source(r, c)``.  ``swap`` exchanges rows and columns (the image
    is H x W), the flips reverse the board's rows or columns, and (on a torus) the shift
    moves the image's origin to board cell (``shift_row``, ``shift_col``)."""

    swap: bool = False
    flip_rows: bool = False
    flip_cols: bool = False
    shift_row: int = 0
    shift_col: int = 0

    def dims(self, width: int, height: int) -> tuple[int, int]:
        """(width, height) of the image."""
        return (height, width) if self.swap else (width, height)

    def mapper(self, width: int, height: int) -> Callable[[int, int], int]:
        """Image (row, col) -> board cell."""
        swap, fr, fc, sr, sc = (self.swap, self.flip_rows, self.flip_cols, self.shift_row,
                                self.shift_col)

        def source(r: int, c: int) -> int:
            if swap:
                r, c = c, r
            if fr:
                r = height - 1 - r
            if fc:
                c = width - 1 - c
            return ((r + sr) % height) * width + (c + sc) % width
        return source

    def cell_map(self, width: int, height: int) -> dict[int, int]:
        """Board cell -> image cell, for every cell."""
        w2, h2 = self.dims(width, height)
        source = self.mapper(width, height)
        return {source(r, c): r * w2 + c for r in range(h2) for c in range(w2)}


_DIHEDRAL = tuple(Symmetry(s, fr, fc) for s in (False, True) for fr in (False, True)
                  for fc in (False, True))


def symmetries(width: int, height: int, geometry: Geometry) -> list[Symmetry]:
    """Every map of the board onto itself that the geometry allows (identity first)."""
    if geometry.kind == HEX:
        return list(_hex_symmetries(width, height))
    if geometry.wrap:
        return [Symmetry(d.swap, d.flip_rows, d.flip_cols, r, c) for d in _DIHEDRAL
                for r in range(height) for c in range(width)]
    return list(_DIHEDRAL)


@lru_cache(maxsize=64)
def _hex_symmetries(width: int, height: int) -> tuple[Symmetry, ...]:
    """The row/column reflections of a hexagonal W x H board that keep adjacency (tested on
    the bare board's neighbour sets)."""
    bare = Geometry(kind=HEX)
    near = [set(bare.adjacent(width, height, a)) for a in range(width * height)]
    out = []
    for candidate in _DIHEDRAL:
        if candidate.swap and width != height:
            continue
        image = candidate.cell_map(width, height)
        if all({image[b] for b in near[a]} == near[image[a]] for a in range(width * height)):
            out.append(candidate)
    return tuple(out)


def transformed(board: Board, symmetry: Symmetry) -> Board:
    """The board's image under ``symmetry`` (grid, walls and bridges moved together)."""
    w, h = board.width, board.height
    w2, h2 = symmetry.dims(w, h)
    source = symmetry.mapper(w, h)
    flat = "".join(board.rows)
    rows = tuple("".join(flat[source(r, c)] for c in range(w2)) for r in range(h2))
    image = symmetry.cell_map(w, h)
    g = board.geometry
    geometry = Geometry.of(g.kind, g.wrap, ((image[a], image[b]) for a, b in g.walls),
                           (image[b] for b in g.bridges))
    return Board(rows, geometry)


def images(board: Board) -> Iterator[Board]:
    """Every symmetric image of the board (the board itself first)."""
    for symmetry in symmetries(board.width, board.height, board.geometry):
        yield transformed(board, symmetry)


def _significant(board: Board) -> Geometry:
    """The geometry without walls beside a solid cell (they join nothing anyway)."""
    g = board.geometry
    flat = "".join(board.rows)
    walls = [(a, b) for a, b in g.walls if flat[a] != SOLID and flat[b] != SOLID]
    if len(walls) == len(g.walls):
        return g
    return Geometry.of(g.kind, g.wrap, walls, g.bridges)


def canonical_form(board: Board) -> str:
    geometry = _significant(board)
    if geometry.is_plain:
        return min(f"{len(t[0])}x{len(t)}:{_relabelled(t)}" for t in transforms(board.rows))
    return _variant_form(board, geometry, anchored(board))


def anchored(board: Board) -> list[Symmetry]:
    """The symmetries the canonical form chooses among: all of them, except on a torus,
    where only those that bring an endpoint to the image's top-left cell count (16 per
    label instead of 8 x W x H; still the same choice for every image of the board, since
    they all have the same endpoints)."""
    w, h, geometry = board.width, board.height, board.geometry
    if not geometry.wrap:
        return symmetries(w, h, geometry)
    out = {}
    for d in _DIHEDRAL:
        r0, c0 = divmod(d.mapper(w, h)(0, 0), w)
        for a, b in board.endpoints.values():
            for end in (a, b):
                r, c = divmod(end, w)
                s = Symmetry(d.swap, d.flip_rows, d.flip_cols, (r - r0) % h, (c - c0) % w)
                out[s] = None
    return list(out)


def own_form(board: Board) -> str:
    """The form of the board as it stands (no symmetry applied); the canonical form is the
    smallest own form of its images."""
    geometry = _significant(board)
    if geometry.is_plain:
        return f"{board.width}x{board.height}:{_relabelled(board.rows)}"
    return _variant_form(board, geometry, [Symmetry()])


def _variant_form(board: Board, geometry: Geometry, candidates: list[Symmetry]) -> str:
    """The smallest image's form, found without writing every image out: the candidates'
    grids are compared token by token and only those tied so far are carried on."""
    w, h = board.width, board.height
    head = f"{geometry.kind}{'+wrap' if geometry.wrap else ''}:"
    w2, h2 = min((s.dims(w, h) for s in candidates), key=lambda d: f"{d[0]}x{d[1]}")
    flat = "".join(board.rows)
    alive = [(s, s.mapper(w, h), {}) for s in candidates if s.dims(w, h) == (w2, h2)]
    tokens: list[str] = []
    for r in range(h2):
        for c in range(w2):
            scored = []
            for entry in alive:
                ch = flat[entry[1](r, c)]
                numbers = entry[2]
                token = ch if ch in (EMPTY, SOLID) else str(numbers.setdefault(ch, len(numbers)))
                scored.append((token, entry))
            best = min(token for token, _ in scored)
            alive = [entry for token, entry in scored if token == best]
            tokens.append(best)
        tokens.append("/")
    grid = ",".join(tokens)
    return min(f"{head}{w2}x{h2}:{grid}{_features(geometry, s.cell_map(w, h))}"
               for s, _, _ in alive)


def _features(geometry: Geometry, image: dict[int, int]) -> str:
    walls = sorted(tuple(sorted((image[a], image[b]))) for a, b in geometry.walls)
    bridges = sorted(image[b] for b in geometry.bridges)
    return (":walls=" + ";".join(f"{a}-{b}" for a, b in walls)
            + ":bridges=" + ",".join(map(str, bridges)))


def canonical_hash(board: Board) -> str:
    return hashlib.sha256(canonical_form(board).encode()).hexdigest()[:32]
