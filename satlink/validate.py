"""Independent solution validator: the referee for every solution satlink prints.

It uses no SAT and none of the encoding code: it walks the claimed paths and checks them
against the board and the rule profile directly.  Tests pass every solver answer through it,
so an encoding bug cannot certify its own output.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from satlink.board import Board, Solution
from satlink.rules import Rules, parse_rules

PathsLike = Solution | Mapping[str, Sequence[int] | Sequence[Sequence[int]]]


def as_solution(board: Board, solution: PathsLike) -> Solution:
    """A :class:`Solution`, or a plain mapping ``{label: path}`` whose paths are cell indices
    (``row * width + col``) or ``[row, col]`` pairs, as JSON records write them."""
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
        paths[label] = tuple(cells)
    return Solution.from_paths(paths)


def solution_errors(board: Board, solution: PathsLike, rules: Rules | str) -> list[str]:
    """All reasons why ``solution`` is not a solution of ``board`` under ``rules`` (empty: valid).

    ``solution`` may be a plain mapping ``{label: path}`` (see :func:`as_solution`).
    """
    solution = as_solution(board, solution)
    rules = parse_rules(rules)
    errors: list[str] = []
    if set(solution.paths) != set(board.labels):
        missing = sorted(set(board.labels) - set(solution.paths))
        extra = sorted(set(solution.paths) - set(board.labels))
        if missing:
            errors.append(f"no path for labels {missing}")
        if extra:
            errors.append(f"paths for unknown labels {extra}")
    owner: dict[int, str] = {}
    for label, path in solution.paths.items():
        if label not in board.endpoints:
            continue
        where = f"path {label!r}"
        if len(path) < 2:
            errors.append(f"{where} has fewer than two cells")
            continue
        if {path[0], path[-1]} != set(board.endpoints[label]):
            errors.append(f"{where} does not run between its two endpoints")
        for i, cell in enumerate(path):
            if not 0 <= cell < board.size:
                errors.append(f"{where} leaves the board")
                break
            if board.is_solid(cell):
                errors.append(f"{where} uses solid cell {board.coord(cell)}")
            other = board.label_at(cell)
            if other is not None and 0 < i < len(path) - 1:
                errors.append(f"{where} passes through endpoint {other!r} at {board.coord(cell)}")
            if cell in owner:
                errors.append(
                    f"cell {board.coord(cell)} used twice (by {owner[cell]!r} and {label!r})"
                )
            owner[cell] = label
            if i and cell not in _grid_neighbors(board, path[i - 1]):
                errors.append(
                    f"{where} jumps from {board.coord(path[i - 1])} to {board.coord(cell)}"
                )
    if errors:
        return errors
    if rules.fill:
        empty = [board.coord(c) for c in range(board.size) if not board.is_solid(c) and c not in owner]
        if empty:
            errors.append(f"fill: {len(empty)} cells stay empty, first {empty[0]}")
    if rules.notouch:
        errors.extend(_touch_errors(board, solution))
    if rules.no2x2:
        errors.extend(_block_errors(board, owner))
    return errors


def is_valid(board: Board, solution: PathsLike, rules: Rules | str) -> bool:
    return not solution_errors(board, solution, rules)


def _grid_neighbors(board: Board, cell: int) -> set[int]:
    """Orthogonal neighbours computed from coordinates, not from the board's edge list."""
    r, c = board.coord(cell)
    out = set()
    for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        n = board.cell_at(r + dr, c + dc)
        if n is not None:
            out.add(n)
    return out


def _touch_errors(board: Board, solution: Solution) -> list[str]:
    errors = []
    for label, path in solution.paths.items():
        position = {cell: i for i, cell in enumerate(path)}
        for cell, i in position.items():
            for n in _grid_neighbors(board, cell):
                j = position.get(n)
                if j is not None and abs(i - j) != 1 and cell < n:
                    errors.append(
                        f"notouch: path {label!r} touches itself at "
                        f"{board.coord(cell)}-{board.coord(n)}"
                    )
    return errors


def _block_errors(board: Board, owner: dict[int, str]) -> list[str]:
    errors = []
    for r in range(board.height - 1):
        for c in range(board.width - 1):
            a = r * board.width + c
            block = [a, a + 1, a + board.width, a + board.width + 1]
            labels = {owner.get(x) for x in block}
            if len(labels) == 1 and None not in labels:
                errors.append(f"no2x2: path {labels.pop()!r} fills the 2x2 block at {(r, c)}")
    return errors
