"""Independent solution validator: the referee for every solution satlink prints.

It uses no SAT, none of the encoding code and not the board's graph (``board.edges``,
``board.neighbors``): it walks the claimed paths and checks them against the board, its
geometry description (hexagonal cells, warps, walls, bridges) and the rule profile
directly, computing which cells neighbour which from their coordinates.  Tests pass every
solver answer through it, so an encoding or graph bug cannot certify its own output.

A path is a sequence of graph nodes as :class:`satlink.board.Board` numbers them: cells, and
past ``W*H`` the i-th bridge's other crossings: on square cells ``W*H + i`` its vertical one
(the bridge's own cell index is its horizontal crossing), on hexagons ``W*H + 2i`` its
falling (backslash) and ``W*H + 2i + 1`` its rising (slash) one (the cell's index is its vertical
crossing).  Plain mappings of cells or ``[row, col]`` pairs name each bridge visit by its
cell; :func:`as_solution` gives such a visit the crossing of the step into it.

Axes here come from the cells' centres on the page (:func:`step_axis`), not from the geometry's
step tables: a hexagon's opposite sides are those whose neighbours' centres lie on one line
through its own.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from satlink.board import Board
from satlink.referee import grid as referee_grid
from satlink.referee.cells import (
    FALLING,
    HORIZONTAL,
    RISING,
    VERTICAL,
    Visit,
    adjacent,
    bridge_axes,
    crossing_node,
    node_axis,
    node_cell,
    step_axis,
    visit_of,
    walled,
)
from satlink.rules import Rules, parse_rules
from satlink.solution import Solution

PathsLike = Solution | Mapping[str, Sequence[int] | Sequence[Sequence[int]]]


def as_solution(board: Board, solution: PathsLike) -> Solution:
    """A :class:`Solution`, or a plain mapping ``{label: path}`` whose paths are cell indices
    (``row * width + col``) or ``[row, col]`` pairs, as JSON records write them; a bridge
    visit becomes the crossing on the axis of the step into it (out of it, at the start)."""
    if isinstance(solution, Solution):
        return solution
    if not isinstance(solution, Mapping):
        raise TypeError(f"a solution is a Solution or a mapping label -> path, not "
                        f"{type(solution).__name__}")
    paths: dict[str, tuple[int, ...]] = {}
    for label, path in solution.items():
        cells = []
        for step in path:
            if isinstance(step, int) and not isinstance(step, bool):
                cells.append(step)
            elif (isinstance(step, Sequence) and len(step) == 2
                  and all(isinstance(x, int) and not isinstance(x, bool) for x in step)):
                cells.append(step[0] * board.width + step[1])
            else:
                raise TypeError(f"path {label!r}: {step!r} is neither a cell index nor [row, col]")
        paths[label] = _name_crossings(board, cells)
    return Solution.from_paths(paths)


def _name_crossings(board: Board, cells: list[int]) -> tuple[int, ...]:
    """Cells as graph nodes: a step into a bridge names its crossing on the step's axis."""
    bridges = board.geometry.bridges
    out = []
    for i, cell in enumerate(cells):
        if not 0 <= cell < board.size:
            cell = -1  # off the board, whatever number it had (never a crossing's node)
        elif cell in bridges and len(cells) > 1:
            other = cells[i - 1] if i else cells[1]
            if 0 <= other < board.size:
                cell = crossing_node(board, cell, step_axis(board, cell, other))
        out.append(cell)
    return tuple(out)


def solution_errors(board: Board, solution: PathsLike, rules: Rules | str) -> list[str]:
    """All reasons why ``solution`` is not a solution of ``board`` under ``rules`` (empty: valid).

    ``solution`` may be a plain mapping ``{label: path}`` (see :func:`as_solution`).
    """
    solution = as_solution(board, solution)
    rules = parse_rules(rules)
    if referee_grid.applies(board) and referee_grid.valid(board, solution, rules):
        return []  # a large plain board checked as arrays; any doubt is walked below
    errors: list[str] = []
    if set(solution.paths) != set(board.labels):
        missing = sorted(set(board.labels) - set(solution.paths))
        extra = sorted(set(solution.paths) - set(board.labels))
        if missing:
            errors.append(f"no path for labels {missing}")
        if extra:
            errors.append(f"paths for unknown labels {extra}")
    owner: dict[Visit, str] = {}
    visits: dict[str, list[Visit]] = {}
    for label, path in solution.paths.items():
        if label not in board.endpoints:
            continue
        where = f"path {label!r}"
        if len(path) < 2:
            errors.append(f"{where} has fewer than two cells")
            continue
        if {path[0], path[-1]} != set(board.endpoints[label]):
            errors.append(f"{where} does not run between its two endpoints")
        cells = [node_cell(board, node) for node in path]
        if None in cells:  # checked up to the node off the board
            cells = cells[:cells.index(None)]
        steps = [_step_errors(board, where, cells[k], cells[k + 1]) for k in range(len(cells) - 1)]
        visits[label] = []
        for i, cell in enumerate(cells):
            if board.is_solid(cell):
                errors.append(f"{where} uses solid cell {board.coord(cell)}")
            other = board.label_at(cell)
            if other is not None and 0 < i < len(path) - 1:
                errors.append(f"{where} passes through endpoint {other!r} at {board.coord(cell)}")
            visit: Visit = cell
            if cell in board.geometry.bridges:
                axis, problems = _crossing(board, where, path, cells, i, steps)
                errors.extend(problems)
                visit = (cell, axis)
            if visit in owner:
                errors.append(_twice(board, visit, owner[visit], label))
            owner[visit] = label
            visits[label].append(visit)
            if i:
                errors.extend(steps[i - 1])
        if len(cells) < len(path):
            errors.append(f"{where} leaves the board")
    if errors:
        return errors
    if rules.fill:
        empty = _empty(board, owner)
        if empty:
            errors.append(f"fill: {len(empty)} cells stay empty, first {empty[0]}")
    if rules.notouch:
        errors.extend(_touch_errors(board, visits))
    if rules.no2x2:
        errors.extend(_block_errors(board, {v: k for v, k in owner.items() if isinstance(v, int)}))
    return errors


def is_valid(board: Board, solution: PathsLike, rules: Rules | str) -> bool:
    return not solution_errors(board, solution, rules)



def _step_errors(board: Board, where: str, a: int, b: int) -> list[str]:
    if b not in adjacent(board, a):
        return [f"{where} jumps from {board.coord(a)} to {board.coord(b)}"]
    if walled(board, a, b):
        return [f"{where} crosses the wall between {board.coord(a)} and {board.coord(b)}"]
    return []


def _crossing(board: Board, where: str, path: Sequence[int], cells: list[int], i: int,
              steps: list[list[str]]) -> tuple[str, list[str]]:
    """The axis a path crosses the bridge at ``cells[i]`` on, and what is wrong there."""
    cell, at = cells[i], board.coord(cells[i])
    errors = []
    if i == 0 or i == len(path) - 1:
        errors.append(f"{where} ends on the bridge at {at} (a bridge is never an endpoint)")
    named = node_axis(board, path[i])
    axes = [step_axis(board, cell, cells[j]) for j in (i - 1, i + 1) if 0 <= j < len(cells)]
    if not axes:  # the path left the board right after it
        return named, errors
    axis = axes[0]
    if len(axes) == 2 and axes[0] != axes[1] and not steps[i - 1] and not steps[i]:
        errors.append(f"{where} turns on the bridge at {at} "
                      f"(entered {axes[0]}, left {axes[1]}): a bridge is crossed straight")
    if named != axis:
        errors.append(f"{where} crosses the bridge at {at} {axis} but names its "
                      f"{_crossing_name(named)} crossing")
    return axis, errors


def _twice(board: Board, visit: Visit, first: str, second: str) -> str:
    if isinstance(visit, int):
        return f"cell {board.coord(visit)} used twice (by {first!r} and {second!r})"
    cell, axis = visit
    return (f"bridge {board.coord(cell)} crossed {axis} twice (by {first!r} and {second!r}): "
            "each axis of a bridge is crossed once")


def _empty(board: Board, owner: Mapping[Visit, str]) -> list[str]:
    """Open cells no path uses; each unused crossing of a bridge counts as an empty cell."""
    out = []
    for cell in range(board.size):
        if board.is_solid(cell):
            continue
        if cell not in board.geometry.bridges:
            if cell not in owner:
                out.append(str(board.coord(cell)))
            continue
        for axis in bridge_axes(board):
            if (cell, axis) not in owner:
                out.append(f"the {_crossing_name(axis)} crossing of the bridge at "
                           f"{board.coord(cell)}")
    return out


def _crossing_name(axis: str) -> str:
    """``vertically`` -> ``vertical``: the adjective a crossing is named by."""
    return {HORIZONTAL: "horizontal", VERTICAL: "vertical", FALLING: "falling (\\)",
            RISING: "rising (/)"}[axis]


def _touch_errors(board: Board, visits: Mapping[str, list[Visit]]) -> list[str]:
    """notouch: two visits of one path joined by a side (no wall, on the axis of a bridge's
    crossing) must be consecutive on it."""
    errors = []
    for label, path in visits.items():
        position = {visit: i for i, visit in enumerate(path)}
        for visit, i in position.items():
            cell = visit if isinstance(visit, int) else visit[0]
            for n in sorted(adjacent(board, cell)):
                if n < cell or (not isinstance(visit, int)
                                and step_axis(board, cell, n) != visit[1]):
                    continue  # (each side once, from its lower cell: half the look-ups below)
                if walled(board, cell, n) or board.is_solid(n):
                    continue
                j = position.get(visit_of(board, n, cell))
                if j is not None and abs(i - j) != 1:
                    errors.append(
                        f"notouch: path {label!r} touches itself at "
                        f"{board.coord(cell)}-{board.coord(n)}"
                    )
    return errors


def _blocks(board: Board) -> list[tuple[int, ...]]:
    """The no2x2 blocks: 2x2 squares (never across the warp seam) or, on hexagonal cells,
    triangles of three mutually adjacent cells."""
    w, h = board.width, board.height
    if board.geometry.kind != "hex":
        return [(r * w + c, r * w + c + 1, (r + 1) * w + c, (r + 1) * w + c + 1)
                for r in range(h - 1) for c in range(w - 1)]
    out = []
    for a in range(w * h):
        near = sorted(n for n in adjacent(board, a) if n > a)
        out += [(a, b, c) for i, b in enumerate(near) for c in near[i + 1:]
                if c in adjacent(board, b)]
    return out


def _block_errors(board: Board, owner: dict[int, str]) -> list[str]:
    """no2x2 over the geometry's blocks; a block with a solid or bridge cell never counts."""
    errors = []
    for block in _blocks(board):
        if any(board.is_solid(x) or x in board.geometry.bridges for x in block):
            continue
        labels = {owner.get(x) for x in block}
        if len(labels) == 1 and None not in labels:
            label = labels.pop()
            if len(block) == 4:
                errors.append(f"no2x2: path {label!r} fills the 2x2 block at "
                              f"{board.coord(block[0])}")
            else:
                cells = ", ".join(str(board.coord(x)) for x in block)
                errors.append(f"no2x2: path {label!r} fills the triangle {cells}")
    return errors
