"""The empty board a variant puzzle grows on: its geometry, holes, bridges and walls.

Chosen at the start of each attempt from its random generator, in this order:

* **holes** (``--holes N``): random cells made solid, each only if the open cells around it
  stay connected without it; or the solid cells of a ``--shape`` mask, as given;
* **bridges** (``--bridges N``): random open cells whose neighbours on every axis (four on
  square cells, six on hexagons) are open cells that are not bridges, so each crossing can be
  passed straight through;
* **walls** (``--walls N``): random removed edges between open cells, where both cells keep
  at least two neighbours, neither is a bridge, and the two stay joined around the wall.

Connectivity is checked locally (the cells within two steps), which is enough to keep the
open cells in one piece and cheap on large boards; a candidate that fails it is skipped.
"""

from __future__ import annotations

import random
from collections.abc import Iterable

from satlink.board import EMPTY, SOLID, Board
from satlink.geometry import Geometry


class LayoutError(ValueError):
    """The requested holes, bridges or walls do not fit this attempt's board."""


def make_layout(width: int, height: int, geometry: Geometry, holes: int, shape: tuple[str, ...],
                walls: int, bridges: int, rng: random.Random) -> Board:
    bare = Geometry(geometry.kind, geometry.wrap)
    solid = {i for i, ch in enumerate("".join(shape)) if ch == SOLID}
    near = [set(bare.adjacent(width, height, a)) for a in range(width * height)]
    if holes:
        solid = _holes(near, holes, rng)
    bridge_cells = _bridges(width, height, bare, near, solid, bridges, rng) if bridges else []
    wall_pairs = _walls(near, solid, set(bridge_cells), walls, rng) if walls else []
    rows = tuple("".join(SOLID if r * width + c in solid else EMPTY for c in range(width))
                 for r in range(height))
    return Board(rows, Geometry.of(geometry.kind, geometry.wrap, wall_pairs, bridge_cells))


def _joined(near: list[set[int]], start: int, goals: Iterable[int], blocked: set[int],
            within: set[int]) -> bool:
    """Whether every goal is reachable from ``start`` inside ``within`` avoiding ``blocked``."""
    seen, todo = {start}, [start]
    while todo:
        for n in near[todo.pop()]:
            if n in within and n not in blocked and n not in seen:
                seen.add(n)
                todo.append(n)
    return set(goals) <= seen


def _ball(near: list[set[int]], cell: int) -> set[int]:
    return {m for n in near[cell] for m in near[n]} | near[cell]


def _holes(near: list[set[int]], count: int, rng: random.Random) -> set[int]:
    cells = list(range(len(near)))
    rng.shuffle(cells)
    solid: set[int] = set()
    for x in cells:
        if len(solid) == count:
            break
        around = [n for n in near[x] if n not in solid]
        if not around or _joined(near, around[0], around, solid | {x}, _ball(near, x)):
            solid.add(x)
            for n in near[x]:
                near[n].discard(x)
            near[x] = set()
    if len(solid) < count:
        raise LayoutError(f"only {len(solid)} of {count} holes keep the board in one piece")
    return solid


def _bridges(width: int, height: int, bare: Geometry, near: list[set[int]], solid: set[int],
             count: int, rng: random.Random) -> list[int]:
    cells = [x for x in range(width * height) if x not in solid]
    rng.shuffle(cells)
    chosen: list[int] = []
    taken: set[int] = set()
    for x in cells:
        if len(chosen) == count:
            break
        around = bare.adjacent(width, height, x)
        axes = sorted(bare.axis_of(width, height, x, n) for n in around)
        if (axes == sorted(2 * list(range(len(bare.axes)))) and x not in taken
                and not any(n in solid or n in taken for n in around)):
            chosen.append(x)
            taken |= {x, *around}
    if len(chosen) < count:
        raise LayoutError(f"only {len(chosen)} of {count} bridges fit")
    return chosen


def _walls(near: list[set[int]], solid: set[int], bridges: set[int], count: int,
           rng: random.Random) -> list[tuple[int, int]]:
    near = [{n for n in ns if n not in solid} for ns in near]
    pairs = [(a, b) for a in range(len(near)) if a not in solid and a not in bridges
             for b in near[a] if a < b and b not in bridges]
    rng.shuffle(pairs)
    chosen: list[tuple[int, int]] = []
    for a, b in pairs:
        if len(chosen) == count:
            break
        if len(near[a]) < 3 or len(near[b]) < 3:
            continue
        near[a].discard(b)
        near[b].discard(a)
        if _joined(near, a, [b], set(), _ball(near, a) | _ball(near, b)):
            chosen.append((a, b))
        else:
            near[a].add(b)
            near[b].add(a)
    if len(chosen) < count:
        raise LayoutError(f"only {len(chosen)} of {count} walls fit")
    return chosen
