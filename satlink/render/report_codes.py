"""The compact forms of the HTML report's rows (:mod:`satlink.render.report`): a path as a
start cell and one letter per step, a solution as its paths, a variant's geometry as a small
object, all of which ``report.js`` reads back to draw a board in the browser."""

from __future__ import annotations

from satlink.geometry import geometry_from_json

STEP_LETTERS = "abcdef"


def path_code(path: list, width: int, height: int, geometry) -> str:
    """A path as the start cell's number then one letter per step: the index of the step in
    :meth:`Geometry.steps` of the cell it leaves (``a``.. for square up, left, right, down;
    six for hexagons), a step across a warp included.  Anything else (a shipped solution that
    jumps) is written as ``.`` and the cell's number, so every recorded path can be drawn."""
    out: list[str] = []
    prev: tuple[int, int] | None = None
    for cell in path:
        r, c = int(cell[0]), int(cell[1])
        step = None if prev is None else _step(prev, (r, c), width, height, geometry)
        if step is not None:
            out.append(STEP_LETTERS[step])
        else:
            out.append(("." if prev is not None else "") + str(r * width + c))
        prev = (r, c)
    return "".join(out)


def _step(a: tuple[int, int], b: tuple[int, int], width: int, height: int, geometry) -> int | None:
    """The index of the step from ``a`` to ``b``; one inside the board before one across a
    warp (on a warp board two cells high, both join the same two cells)."""
    steps = geometry.steps(a[1])
    delta = (b[0] - a[0], b[1] - a[1])
    if delta in steps:
        return steps.index(delta)
    if geometry.wrap:
        for k, (dr, dc) in enumerate(steps):
            if ((a[0] + dr) % height, (a[1] + dc) % width) == b:
                return k
    return None


def solution_code(solution: dict, width: int, height: int, geometry) -> str:
    """A solution (label -> path) as its paths' :func:`path_code`, comma-separated."""
    return ",".join(path_code(path, width, height, geometry) for path in solution.values() if path)


def compact_geometry(record: dict, width: int, height: int):
    """The record's geometry (None for plain boards or one that cannot be read) and its
    compact form: ``{"k": "hex"}``, ``"wrap": 1``, walls and bridges as cell numbers."""
    raw = record.get("geometry")
    if not raw:
        return None, None
    try:
        geometry = geometry_from_json(raw, width, height)
    except (ValueError, TypeError, RecursionError):  # as written by hand, or damaged
        return None, None
    if geometry.is_plain:
        return None, None
    compact: dict = {"k": geometry.kind}
    if geometry.wrap:
        compact["wrap"] = 1
    if geometry.walls:
        compact["walls"] = [list(pair) for pair in sorted(geometry.walls)]
    if geometry.bridges:
        compact["br"] = list(geometry.bridges)
    return geometry, compact
