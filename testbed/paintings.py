"""Random paintings on every geometry, for the painted-board tests and benchmark.

A painting is what the seeds' algorithm builds before the puzzle: paths grown by the
union-find generator (:func:`satlink.generate.unionfind.grow_paths`) on a variant's empty
board, each path's cells written with its label (bridge cells ``.``, leftover cells ``#``).
"""

from __future__ import annotations

import random

from satlink.board import label_for
from satlink.generate.layout import make_layout
from satlink.generate.longpaths import lengthen
from satlink.generate.paths import PathSystem
from satlink.generate.unionfind import grow_paths
from satlink.geometry import HEX, Geometry

VARIANTS: dict[str, tuple[Geometry, int, int, int]] = {
    # name: (kind and wrap, holes, walls, bridges)
    "square": (Geometry(), 0, 0, 0),
    "holes": (Geometry(), 2, 0, 0),
    "walls": (Geometry(), 0, 2, 0),
    "hex": (Geometry.of(HEX), 0, 0, 0),
    "wrap": (Geometry.of(wrap=True), 0, 0, 0),
    "bridges": (Geometry(), 0, 0, 1),
    "hex-bridges": (Geometry.of(HEX), 0, 0, 1),
}


def grown(variant: str, width: int, height: int, seed: int,
          walk: bool = False) -> PathSystem | None:
    """A grown path system on the variant's layout (``walk``: then walked to half as many,
    longer paths, as ``generate`` does); None when a bridge crossing was left over (no path
    took it: such a board has no painting)."""
    geometry, holes, walls, bridges = VARIANTS[variant]
    rng = random.Random(f"{variant}:{seed}")
    try:
        layout = make_layout(width, height, geometry, holes, (), walls, bridges, rng)
    except ValueError:
        return None
    system = grow_paths(width, height, rng, layout)
    if walk:
        lengthen(system, rng, max(2, len(system.paths) // 2), 2)
    if any(not system.can_end(x) or x in layout.geometry.bridges for x in system.solids):
        return None
    return system


def painted_rows(system: PathSystem) -> list[str]:
    """The painting of ``system``: each path's cells with its label."""
    layout = system.layout
    assert layout is not None
    grid = [list(row) for row in layout.rows]
    for x in system.solids:
        grid[x // system.width][x % system.width] = "#"
    for i, path in enumerate(system.paths):
        for node in path:
            if node < layout.size and node not in layout.crossings:
                grid[node // system.width][node % system.width] = label_for(i)
    return ["".join(row) for row in grid]


def ambiguous_crossing(system: PathSystem) -> bool:
    """Whether a bridge crossing has both its neighbours on one path that does not take it:
    a painting cannot say the path goes around (read as a loop or a branch, by design)."""
    layout = system.layout
    if layout is None or not layout.geometry.bridges:
        return False
    owner = system.owner()
    for b in layout.geometry.bridges:
        for x in layout.crossings[b]:
            around = layout.neighbors(x)
            ids = {owner.get(n) for n in around}
            if len(around) == 2 and len(ids) == 1 and None not in ids and owner.get(x) not in ids:
                return True
    return False


def erased(rows: list[str], keep: set[str], placed: set[str], painting) -> list[str]:
    """``rows`` with only the paths in ``keep`` painted and the endpoints of ``placed``."""
    board = painting.board
    grid = [["." if ch != "#" else ch for ch in row] for row in rows]
    for label, path in painting.drawn.items():
        cells = [board.node_cell(x) for x in path]
        cells = [x for x in cells if x not in board.crossings]
        shown = cells if label in keep else [cells[0], cells[-1]] if label in placed else []
        for x in shown:
            grid[x // board.width][x % board.width] = label
    return ["".join(row) for row in grid]
