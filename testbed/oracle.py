"""Brute-force NumberLink oracle for small boards, independent of the CNF and graph code.

It routes the labels one after another, enumerating every simple path between a label's
endpoints through free cells, and checks the profile's rules on each complete assignment.
Exponential, so only for boards up to about 5x5; that is what it is for.

Variants are described here from scratch, by coordinates (nothing from
:mod:`satlink.geometry` or the board graph): ``kind`` ``"square"`` or ``"hex"`` (columns; an
even column's cell (r, c) has the extra neighbours (r+1, c-1) and (r+1, c+1), an odd column's
(r-1, c-1) and (r-1, c+1)), ``wrap`` (both axes, square only), ``walls`` (pairs of
neighbouring (row, col) cells that are not joined), ``bridges`` ((row, col) cells).  Holes
are ``#`` cells.

A path occupies *slots*: a cell, or one of a bridge's axis slots.  The axis of a step is the
line between the two cells' centres as drawn: on square cells ``h`` or ``v``; on hexagons
(columns 1.5 apart, an even column's centres half a row below an odd one's) ``|``, backslash or
slash.  A path steps into a bridge's slot for the axis of its step and must leave it along
the same line in the same direction (straight through, to the opposite side), so a square
bridge carries at most one crossing per axis (two), a hexagonal one three.  ``fill`` wants
every slot of every open cell used (every slot of a bridge); ``notouch`` forbids two
non-consecutive slots of one path joined by a step (a step into a bridge joins the slot of
its axis); ``no2x2`` forbids one path on all cells of a block (2x2 squares not across the
warp seam, triangles of mutually adjacent hexagons) with no solid or bridge cell.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

Grid = list[str]
Coord = tuple[int, int]
Step = tuple[int, int]
Slot = tuple[int, int, str]  # (row, col, "") for a cell; axis "h" / "v" / "|" / "\\" / "/"

SQUARE_STEPS: tuple[Step, ...] = ((1, 0), (-1, 0), (0, 1), (0, -1))
HEX_EVEN_STEPS = SQUARE_STEPS + ((1, -1), (1, 1))
HEX_ODD_STEPS = SQUARE_STEPS + ((-1, -1), (-1, 1))


class TooLarge(Exception):
    """The enumeration went past its ``budget`` of path steps."""


class Layout:
    """Cells, slots and steps of one board variant, as the oracle sees them."""

    def __init__(self, rows: Grid, kind: str = "square", wrap: bool = False,
                 walls: Iterable[tuple[Coord, Coord]] = (), bridges: Iterable[Coord] = ()):
        self.h, self.w = len(rows), len(rows[0])
        self.kind, self.wrap = kind, wrap
        self.bridges = set(bridges)
        if kind not in ("square", "hex"):
            raise ValueError(f"unknown kind {kind!r}")
        if kind == "hex" and wrap:
            raise ValueError("the oracle knows no warps on hexagonal cells")
        if wrap and (self.w < 3 or self.h < 3):
            raise ValueError("warps on a board narrower than 3 make parallel steps")
        self.walls = {frozenset(pair) for pair in walls}
        self.open = {(r, c) for r in range(self.h) for c in range(self.w) if rows[r][c] != "#"}
        axes = ("h", "v") if kind == "square" else ("|", "\\", "/")
        self.slots = [(r, c, axis) for r, c in sorted(self.open)
                      for axis in (axes if (r, c) in self.bridges else ("",))]

    def steps(self, cell: Coord) -> tuple[Step, ...]:
        if self.kind == "square":
            return SQUARE_STEPS
        return HEX_ODD_STEPS if cell[1] % 2 else HEX_EVEN_STEPS

    def target(self, cell: Coord, d: Step) -> Coord | None:
        """Where step ``d`` from ``cell`` lands (warps applied), or None off the board."""
        r, c = cell[0] + d[0], cell[1] + d[1]
        if self.wrap:
            return r % self.h, c % self.w
        return (r, c) if 0 <= r < self.h and 0 <= c < self.w else None

    def near(self, cell: Coord) -> set[Coord]:
        """Cells sharing a side with ``cell``, walls and holes included."""
        return {n for d in self.steps(cell) if (n := self.target(cell, d)) is not None} - {cell}

    def heading(self, cell: Coord, d: Step) -> tuple[int, int]:
        """The direction of step ``d`` from ``cell`` as drawn, (x, y) in units of half a row
        (y down): on hexagons an even column's centre sits half a row below an odd one's."""
        if self.kind == "square":
            return d[1], d[0]
        c = cell[1]
        return d[1], 2 * d[0] + (c + d[1] + 1) % 2 - (c + 1) % 2

    def axis(self, cell: Coord, d: Step) -> str:
        """The line a step runs along (a step and its reverse share it)."""
        x, y = self.heading(cell, d)
        if self.kind == "square":
            return "v" if x == 0 else "h"
        return "|" if x == 0 else ("\\" if x * y > 0 else "/")

    def slot(self, cell: Coord, axis: str) -> Slot:
        """The slot a step along ``axis`` into (or out of) ``cell`` uses."""
        if cell in self.bridges:
            return (*cell, axis)
        return (*cell, "")

    def straight(self, cell: Coord, d_in: Step, d_out: Step) -> bool:
        """Whether leaving ``cell`` by ``d_out`` goes on in the direction it was entered by
        ``d_in`` (taken from the cell it was entered from)."""
        before = (cell[0] - d_in[0], cell[1] - d_in[1])
        return self.heading(before, d_in) == self.heading(cell, d_out)

    def moves(self, at: Slot) -> Iterator[tuple[Slot, Step]]:
        """Steps out of a slot into open cells (from a bridge's slot only along its axis),
        never through a wall."""
        cell = at[:2]
        for d in self.steps(cell):
            if at[2] and self.axis(cell, d) != at[2]:
                continue
            n = self.target(cell, d)
            if n is None or n not in self.open or frozenset((cell, n)) in self.walls:
                continue
            yield self.slot(n, self.axis(cell, d)), d

    def blocks(self) -> list[list[Coord]]:
        """no2x2 blocks without a hole or a bridge."""
        out = []
        if self.kind == "square":
            for r in range(self.h - 1):
                for c in range(self.w - 1):
                    out.append([(r, c), (r + 1, c), (r, c + 1), (r + 1, c + 1)])
        else:
            cells = [(r, c) for r in range(self.h) for c in range(self.w)]
            near = {cell: self.near(cell) for cell in cells}
            out = [[a, b, c] for a in cells for b in near[a] for c in near[a] & near[b]
                   if a < b < c]
        return [blk for blk in out if all(x in self.open and x not in self.bridges for x in blk)]


def count_solutions(rows: Grid, fill: bool, notouch: bool, no2x2: bool, limit: int = 10**6,
                    *, kind: str = "square", wrap: bool = False,
                    walls: Iterable[tuple[Coord, Coord]] = (),
                    bridges: Iterable[Coord] = (), budget: int | None = None) -> int:
    """Number of distinct solutions (distinct path systems), capped at ``limit``; raises
    :class:`TooLarge` after ``budget`` path steps (None: no budget)."""
    grid = Layout(rows, kind, wrap, walls, bridges)
    labels: dict[str, list[Slot]] = {}
    for r in range(grid.h):
        for c in range(grid.w):
            if rows[r][c] not in ".#":
                labels.setdefault(rows[r][c], []).append((r, c, ""))
    order = list(labels)
    owner: dict[Slot, str] = {s: k for k, ends in labels.items() for s in ends}
    blocks = grid.blocks() if no2x2 else []
    found = 0
    steps_left = budget

    def touches(new: Slot, prev: Slot, on_path: set[Slot]) -> bool:
        return any(m in on_path and m != prev for m, _ in grid.moves(new))

    def complete_ok() -> bool:
        if fill and len(owner) != len(grid.slots):
            return False
        for block in blocks:
            names = {owner.get((*x, "")) for x in block}
            if len(names) == 1 and None not in names:
                return False
        return True

    def route(i: int) -> None:
        nonlocal found
        if found >= limit:
            return
        if i == len(order):
            if complete_ok():
                found += 1
            return
        label = order[i]
        start, goal = labels[label]
        on_path = {start}

        def extend(cur: Slot, d_in: Step | None) -> None:
            nonlocal steps_left
            if steps_left is not None:
                steps_left -= 1
                if steps_left < 0:
                    raise TooLarge
            for n, d in grid.moves(cur):
                if cur[2] and not grid.straight(cur[:2], d_in, d):  # crossed straight through
                    continue
                if n == goal:
                    if not (notouch and touches(n, cur, on_path)):
                        route(i + 1)
                    continue
                if n in owner or n in on_path:
                    continue
                if notouch and touches(n, cur, on_path):
                    continue
                owner[n] = label
                on_path.add(n)
                extend(n, d)
                on_path.discard(n)
                del owner[n]

        extend(start, None)

    route(0)
    return found


def count_graph_solutions(board, fill: bool, notouch: bool, limit: int = 10**6) -> int:
    """The same search on any board graph (hexagons, warps, walls, bridges: the nodes and
    edges of :class:`satlink.board.Board`), for the variants; ``no2x2`` is not asked for."""
    labels = list(board.labels)
    nodes = set(board.open_nodes())
    owner: dict[int, str] = {cell: k for k, ends in board.endpoints.items() for cell in ends}
    found = 0

    def route(i: int) -> None:
        nonlocal found
        if found >= limit:
            return
        if i == len(labels):
            if not fill or len(owner) == len(nodes):
                found += 1
            return
        label = labels[i]
        start, goal = board.endpoints[label]
        path = [start]
        on_path = {start}

        def touches(n: int, cur: int) -> bool:
            return notouch and any(m in on_path and m != cur for m in board.neighbors(n))

        def extend() -> None:
            cur = path[-1]
            for n in board.neighbors(cur):
                if n == goal:
                    if not touches(n, cur):
                        route(i + 1)
                    continue
                if n in owner or n in on_path or touches(n, cur):
                    continue
                owner[n] = label
                on_path.add(n)
                path.append(n)
                extend()
                path.pop()
                on_path.discard(n)
                del owner[n]

        extend()

    route(0)
    return found


def graph_solutions(board, fill: bool, notouch: bool, no2x2: bool = False,
                    limit: int = 10**4) -> list[tuple[frozenset, dict]]:
    """Every solution (up to ``limit``) as (edge set, node -> label), by the search of
    :func:`count_graph_solutions`; ``no2x2`` only on plain square boards, its 2x2 blocks
    taken from the coordinates here (no solid cell in the block)."""
    if no2x2 and not board.geometry.is_plain:
        raise ValueError("the oracle checks no2x2 on plain square boards only")
    labels = list(board.labels)
    nodes = set(board.open_nodes())
    owner: dict[int, str] = {cell: k for k, ends in board.endpoints.items() for cell in ends}
    w, h = board.width, board.height
    blocks = [(r * w + c, r * w + c + 1, (r + 1) * w + c, (r + 1) * w + c + 1)
              for r in range(h - 1) for c in range(w - 1)] if no2x2 else []
    blocks = [b for b in blocks if all(board.rows[x // w][x % w] != "#" for x in b)]
    found: list[tuple[frozenset, dict]] = []
    edges: list[tuple[int, int]] = []

    def route(i: int) -> None:
        if len(found) >= limit:
            return
        if i == len(labels):
            if fill and len(owner) != len(nodes):
                return
            if any(len({owner.get(x) for x in b}) == 1 and b[0] in owner for b in blocks):
                return
            found.append((frozenset(edges), dict(owner)))
            return
        label = labels[i]
        start, goal = board.endpoints[label]
        on_path = {start}

        def touches(n: int, cur: int) -> bool:
            return notouch and any(m in on_path and m != cur for m in board.neighbors(n))

        def extend(cur: int) -> None:
            for n in board.neighbors(cur):
                step = (min(cur, n), max(cur, n))
                if n == goal:
                    if not touches(n, cur):
                        edges.append(step)
                        route(i + 1)
                        edges.pop()
                    continue
                if n in owner or n in on_path or touches(n, cur):
                    continue
                owner[n] = label
                on_path.add(n)
                edges.append(step)
                extend(n)
                edges.pop()
                on_path.discard(n)
                del owner[n]

        extend(start)

    route(0)
    return found
