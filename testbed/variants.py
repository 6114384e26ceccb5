"""Random small boards of every Flow Free variant, described independently of satlink's
geometry code (the oracle's :class:`testbed.oracle.Layout` reads the same description), and
the satlink :class:`~satlink.board.Board` each one stands for."""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from typing import overload

from satlink.board import Board, label_for
from satlink.geometry import Geometry
from satlink.graph import edge
from satlink.rules import Rules
from satlink.solution import Solution
from testbed.oracle import Coord, Layout, Slot, TooLarge, count_solutions

FAMILIES = ("holes", "walls", "warps", "hexes", "bridges", "square-mix", "hex-mix", "hex-bridges")
VARIANT_PROFILES = ["flow", "fill", "nikoli", "no2x2", "fill,no2x2", "notouch,no2x2"]


@dataclass(frozen=True)
class Variant:
    """A board and its geometry in coordinates: what the oracle and satlink are both given."""

    rows: tuple[str, ...]
    kind: str = "square"
    wrap: bool = False
    walls: tuple[tuple[Coord, Coord], ...] = ()
    bridges: tuple[Coord, ...] = ()

    def board(self) -> Board:
        w = len(self.rows[0])
        walls = [(a[0] * w + a[1], b[0] * w + b[1]) for a, b in self.walls]
        geometry = Geometry.of(self.kind, self.wrap, walls, [r * w + c for r, c in self.bridges])
        return Board.from_rows(self.rows, geometry)

    def layout(self) -> Layout:
        return Layout(list(self.rows), self.kind, self.wrap, self.walls, self.bridges)

    def count(self, rules: Rules, limit: int) -> int:
        return _count(self, rules.fill, rules.notouch, rules.no2x2, limit)


@cache
def _count(variant: Variant, fill: bool, notouch: bool, no2x2: bool, limit: int) -> int:
    return count_solutions(list(variant.rows), fill, notouch, no2x2, limit, kind=variant.kind,
                           wrap=variant.wrap, walls=variant.walls, bridges=variant.bridges)


def random_variant(rng: random.Random, family: str) -> Variant:
    """One board of ``family``: 3x3 to 5x5 (now and then 6x4), endpoints either random pairs
    or the ends of random walks (straight through bridges) that cover much of the board."""
    w, h = rng.randint(3, 5), rng.randint(3, 5)
    if rng.random() < 0.08:
        w, h = rng.choice(((6, 4), (4, 6)))
    kind = "hex" if family in ("hexes", "hex-mix", "hex-bridges") else "square"
    wrap = family == "warps" or (family == "square-mix" and rng.random() < 0.6)
    hole_rate = {"holes": 0.2, "square-mix": 0.1, "hex-mix": 0.12}.get(family, 0.0)
    cells = [(r, c) for r in range(h) for c in range(w)]
    grid = [["#" if rng.random() < hole_rate else "." for _ in range(w)] for _ in range(h)]
    layout = Layout(["".join(row) for row in grid], kind, wrap)
    walls: list[tuple[Coord, Coord]] = []
    if family in ("walls", "square-mix", "hex-mix") or (family == "hexes" and rng.random() < 0.3):
        sides = sorted({(a, b) for a in cells for b in layout.near(a) if a < b})
        walls = rng.sample(sides, rng.randint(1, min(5, len(sides))))
    open_cells = [x for x in cells if grid[x[0]][x[1]] == "."]
    bridges: list[Coord] = []
    if family in ("bridges", "hex-bridges") or (family == "square-mix" and rng.random() < 0.6):
        inner = [(r, c) for r, c in open_cells  # crossable both ways, most of the time
                 if wrap or (0 < r < h - 1 and 0 < c < w - 1) or rng.random() < 0.1]
        bridges = rng.sample(inner, min(len(inner), rng.randint(1, 2)))
    layout = Layout(["".join(row) for row in grid], kind, wrap, walls, bridges)
    free = [x for x in open_cells if x not in bridges]
    rng.shuffle(free)
    if rng.random() < 0.35:
        for k in range(rng.randint(1, min(3, len(free) // 2))):
            for r, c in free[2 * k:2 * k + 2]:
                grid[r][c] = label_for(k)
    else:
        _walk_endpoints(rng, layout, grid, free)
    return Variant(tuple("".join(row) for row in grid), kind, wrap, tuple(walls), tuple(bridges))


def _walk_endpoints(rng: random.Random, layout: Layout, grid: list[list[str]],
                    starts: list[Coord]) -> None:
    """Label the ends of random walks, the first ones started next to the bridges; walks of
    one cell become holes when the walks are to cover the board (then fill is often
    solvable), else at most four walks are made and the rest stays empty."""
    used: set[Slot] = set()
    cover = rng.random() < 0.75
    calm = rng.random() < 0.7  # steer walks away from touching themselves (flow-solvable)
    near_bridges = [x for x in starts if layout.near(x) & layout.bridges]
    labels = 0
    for start in near_bridges + [x for x in starts if x not in near_bridges]:
        if (*start, "") in used or (not cover and labels == 4):
            continue
        path: list[Slot] = [(*start, "")]
        used.add(path[-1])
        d_in = None
        while True:
            here = path[-1]
            options = [(n, d) for n, d in layout.moves(here)
                       if n not in used and (not here[2] or layout.straight(here[:2], d_in, d))]
            quiet = [(n, d) for n, d in options
                     if not any(m in path and m != here for m, _ in layout.moves(n))]
            if calm:
                options = quiet
            onto_bridge = [(n, d) for n, d in options if n[2]]
            if onto_bridge and rng.random() < 0.8:
                options = onto_bridge
            if not options or (not here[2] and len(path) > 2 and rng.random() < 0.2):
                break
            n, d_in = rng.choice(options)
            path.append(n)
            used.add(n)
        while path[-1][2]:  # never end on a bridge
            used.discard(path.pop())
        if len(path) == 1:
            if cover:
                grid[start[0]][start[1]] = "#"
            continue
        for r, c, _ in (path[0], path[-1]):
            grid[r][c] = label_for(labels)
        labels += 1


BUDGET = 4000
"""Path steps the oracle may take to enumerate every path system of a board (no rule, no
cap: the most any profile can cost); boards past it are left out, deterministically."""


def fits_oracle(variant: Variant) -> bool:
    """Whether satlink reads ``variant`` and the oracle enumerates it within :data:`BUDGET`
    (its loosest profile, so every profile's count fits too)."""
    try:
        variant.board()
        count_solutions(list(variant.rows), False, False, False, limit=10**9,
                        kind=variant.kind, wrap=variant.wrap, walls=variant.walls,
                        bridges=variant.bridges, budget=BUDGET)
    except (ValueError, TooLarge):
        return False
    return True


class Variants(Sequence[Variant]):
    """The boards of :func:`variants`, made on first use rather than when asked for: test
    modules ask for them at import, and pytest imports every module in every worker process
    (pytest-xdist) to collect the tests, most of which never touch these boards. A slice is
    another such sequence; the boards of one ``seed`` and ``per_family`` are made once a
    process."""

    def __init__(self, seed: int, per_family: int, picked: range | None = None) -> None:
        self.seed, self.per_family = seed, per_family
        self.picked = range(per_family * len(FAMILIES)) if picked is None else picked

    def __len__(self) -> int:
        return len(self.picked)

    @overload
    def __getitem__(self, index: int) -> Variant: ...

    @overload
    def __getitem__(self, index: slice) -> Variants: ...

    def __getitem__(self, index: int | slice) -> Variant | Variants:
        if isinstance(index, slice):
            return Variants(self.seed, self.per_family, self.picked[index])
        return _made(self.seed, self.per_family)[self.picked[index]]

    def __iter__(self) -> Iterator[Variant]:
        made = _made(self.seed, self.per_family)
        return (made[i] for i in self.picked)

    def __repr__(self) -> str:
        return f"variants(seed={self.seed}, per_family={self.per_family})[{self.picked}]"


def variants(seed: int, per_family: int) -> Variants:
    """``per_family`` boards of every family, family by family, deterministic in ``seed``;
    every other one is solvable under ``fill`` (random endpoints rarely are, bridges even
    more rarely). Made on first use (:class:`Variants`)."""
    return Variants(seed, per_family)


@cache
def _made(seed: int, per_family: int) -> tuple[Variant, ...]:
    rng = random.Random(seed)
    out = []
    for family in FAMILIES:
        made = 0
        while made < per_family:
            variant = random_variant(rng, family)
            if not fits_oracle(variant):
                continue
            if made % 2 and not _count(variant, True, False, False, 1):
                continue
            out.append(variant)
            made += 1
    return tuple(out)


# Each line is a board unique under flow with its solution (checked below), written as the
# game writes levels: display flags and hole suffixes included.
LINES = {
    "plain": "5:3,0,7,3;0,1,6;5,10,11,12,7,2,3,4,9,14;8,13",
    "bridge": "5+B,0,1,4,12;5,6,7,12,17,18,19,14,9,4;21,16,11,12,13,8,3,2,1,0;10,15,20;22,23,24",
    "bridges-rectangle": "4:5+I:B,0,12,3,6:13;1,0,4,8,12,13,14,18;2,6,10,11,15,19;"
                         "3,7,6,5,9,13,17,16",
    "holes-wall": "4,0,1,3,,12_0:13_0B,5|6;3,7,11;4,0,1,2,6,10,14,15;5,9,8",
    "wall": "4,0,1,3,,,2|6;3,2,1,0,4,8,12,13,14,10;5,9;6,7,11,15",
    "warps": "W_4,0,1,3;1,0,3,15,11,10,9;5,6,2,14,13,12;7,4,8",
    "warps-rectangle": "W_4:3:I,0,1,2;1,5,6,7,11,8;4,0,3,2,10,9",
    "hex": "X_4,0,1,3;3,7,11,15,14;4,0,1,2,6,10,13,12;5,9,8",  # 10-13: a hexagonal step
    # bridge 6 crossed along all three axes: 1-6-11, 2-6-5 (rising), 0-6-7 (falling)
    "hex-bridge": "X_5,0,1,6,6;1,6,11,12,17;3,4,9,14;2,6,5,10,15,20;0,6,7;16,21,22,23;"
                  "8,13,18,19,24",
}


# Solved variant boards for the drawing tests: rows, geometry, each label's path as cells.
HEX = (["#...BA", "......", "..A.D.", "..BC.D", "...C.#"],
       Geometry.of("hex", walls=[(8, 14), (15, 16)]),
       {"B": (4, 9, 3, 2, 1, 7, 6, 12, 19, 18, 24, 25, 26, 20), "A": (5, 11, 17, 10, 15, 8, 13, 14),
        "D": (16, 23), "C": (21, 22, 28, 27)})
BRIDGE = ([".CAD.", ".C.D.", "B...B", ".E.F.", ".EAF."],
          Geometry.of(bridges=[12], walls=[(6, 11), (16, 17)]),
          {"C": (1, 0, 5, 6), "A": (2, 7, 12, 17, 22), "D": (3, 4, 9, 8), "B": (10, 11, 12, 13, 14),
           "E": (16, 15, 20, 21), "F": (18, 19, 24, 23)})
WARP = (["A....", "..BC.", "....B", "CA..."],
        Geometry.of(wrap=True, walls=[(0, 4), (10, 14), (2, 17), (3, 18)]),
        {"A": (0, 5, 9, 4, 19, 18, 17, 16), "B": (7, 12, 13, 14), "C": (8, 3, 2, 1, 6, 11, 10, 15)})
WALLS = ([".....", "A..B.", "#A.BC", ".....", ".CDD#"],
         Geometry.of(walls=[(1, 2), (6, 7), (11, 16), (12, 17), (13, 18)]),
         {"A": (5, 0, 1, 6, 11), "B": (8, 9, 4, 3, 2, 7, 12, 13), "C": (14, 19, 18, 17, 16, 15, 20, 21),
          "D": (22, 23)})
HEX_BRIDGE = (["DACB.", "..DF.", "....B", ".EA..", "C..EF"], Geometry.of("hex", bridges=[6]),
              {"A": (1, 6, 11, 12, 17), "B": (3, 4, 9, 14), "C": (2, 6, 5, 10, 15, 20),
               "D": (0, 6, 7), "E": (16, 21, 22, 23), "F": (8, 13, 18, 19, 24)})
VARIANTS = {"hex": HEX, "bridge": BRIDGE, "warp": WARP, "walls": WALLS, "hex-bridge": HEX_BRIDGE}


def solved(name: str) -> tuple[Board, Solution]:
    """The variant board and its solution (each step checked to be an edge of the board)."""
    rows, geometry, cells = VARIANTS[name]
    board = Board.from_rows(rows, geometry)
    solution = Solution.from_cells(board, cells)
    edges = set(board.edges)
    for label, path in solution.paths.items():
        assert set(board.endpoints[label]) == {path[0], path[-1]}
        assert all(edge(a, b) in edges for a, b in zip(path, path[1:], strict=False))
    return board, solution


def profiled_boards(seed: int, square: int, covered: int, sizes: tuple[int, int],
                    per_family: int) -> list[tuple[Board, str]]:
    """Boards each with a profile, the profiles taken in turn: ``square`` random square boards
    and ``covered`` boards covered by random paths (``sizes``) under the square profiles, and
    ``per_family`` boards of every variant family under theirs (seeds ``seed`` to ``seed + 2``)."""
    from testbed.boards import PROFILES, boards, cover_board

    rng = random.Random(seed)
    out = [(Board.from_rows(rows), PROFILES[i % len(PROFILES)])
           for i, rows in enumerate(boards(seed + 1, square))]
    out += [(Board.from_rows(cover_board(rng, sizes)), PROFILES[i % len(PROFILES)])
            for i in range(covered)]
    out += [(variant.board(), VARIANT_PROFILES[i % len(VARIANT_PROFILES)])
            for i, variant in enumerate(variants(seed + 2, per_family))]
    return out

