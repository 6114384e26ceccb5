"""A second solution near a first one: what makes most boards ``multiple`` under a weak profile
quick to decide.

Under ``fill`` and ``nikoli`` a board that ``flow`` proves unique usually has other solutions
that differ from the ``flow`` one in a few cells only (a path that runs beside itself for a
step, a corner cut short), while a whole-board search for "any solution but this one" wanders
the whole board (figures: ``benchmarks/README.md``, "`fill` and `nikoli` at every size").
Two ways to look near a solution:

* :func:`detour`: without ``fill``, one path edge ``a-b`` replaced by a way round through
  cells that no path uses.  No search: the empty cells' components are enough.  Also the one
  way a ``nikoli`` board can have a second solution once its ``notouch`` solution is known
  unique (:mod:`satlink.solver.routes.stricter`).
* :func:`in_windows`: the board's own CNF, every edge outside a small window of cells held to
  the first solution by assumptions and "some edge of the first solution inside the window is
  dropped" switched on by a selector, window after window.  Each call is a small search;
  whatever it finds is a solution of the whole board (the CNF is the whole board's, detached
  cycles are cut as in every search), so it needs no checking of its own.

Neither proves anything when it finds nothing: the whole-board search does that.
"""

from __future__ import annotations

import time
from collections.abc import Iterator

import numpy as np

from satlink.board import Board
from satlink.graph import edge_variable
from satlink.solution import Solution
from satlink.solver.search import SolutionEnumerator

WINDOW_SIDES = (4, 6, 8)
"""Window sides tried in turn, each window overlapping the next by half: the second solutions
of the issue's boards were all found at 4 or 6, a few at 8 (``benchmarks/README.md``)."""

MAX_WINDOWS = 1000
"""Windows tried at most (a 50x50 board has about 900): on a huge board the windows would
otherwise take all the time the whole-board search needs."""

WINDOW_SHARE = 0.5
"""Under a deadline, the share of the time left that the windows may take."""


def detour(board: Board, solution: Solution) -> Solution | None:
    """``solution`` with one path edge ``a-b`` replaced by a path from ``a`` to ``b`` through
    nodes no path uses, or None if no path edge has a way round.  Valid wherever cells may
    stay empty (no ``fill``) and the profile has no rule beyond ``notouch``, which such a
    witness breaks on purpose (``a`` and ``b`` touch)."""
    owner = solution.owner()
    kinds = board.graph.kinds
    empty = [n for n in range(board.n_nodes) if kinds[n] == "." and n not in owner]
    region = _components(board, empty)
    for label, path in solution.paths.items():
        for a, b in zip(path, path[1:], strict=False):
            around = _way_round(board, region, a, b)
            if around is not None:
                return _rerouted(solution, label, a, b, around)
    return None


def shortcut(board: Board, solution: Solution) -> Solution:
    """``solution`` with every path cut short where it runs beside itself: from each node in
    turn, straight to the farthest later node of its path that neighbours it.  The result
    obeys ``notouch`` (a node that neighboured an earlier one would have been cut to); only
    without ``fill`` is it a solution too."""
    paths = {}
    for label, path in solution.paths.items():
        where = {n: j for j, n in enumerate(path)}
        kept = [path[0]]
        i = 0
        while i < len(path) - 1:
            i = max(i + 1, *(where.get(n, -1) for n in board.neighbors(path[i])))
            kept.append(path[i])
        paths[label] = tuple(kept)
    return Solution(paths)


def _components(board: Board, nodes: list[int]) -> dict[int, int]:
    """Node -> the number of its component among ``nodes`` (neighbouring in the board graph)."""
    inside = set(nodes)
    region: dict[int, int] = {}
    for start in nodes:
        if start in region:
            continue
        region[start] = start
        stack = [start]
        while stack:
            for n in board.neighbors(stack.pop()):
                if n in inside and n not in region:
                    region[n] = start
                    stack.append(n)
    return region


def _way_round(board: Board, region: dict[int, int], a: int, b: int) -> list[int] | None:
    """The empty nodes of a shortest way from ``a`` to ``b`` through one empty component."""
    targets = {region[n]: n for n in board.neighbors(b) if n in region}
    starts = [n for n in board.neighbors(a) if n in region and region[n] in targets]
    if not starts:
        return None
    came: dict[int, int | None] = {n: None for n in starts}
    queue = list(starts)
    for node in queue:  # breadth first: the list grows as it is read
        if b in board.neighbors(node):
            way = [node]
            while came[way[-1]] is not None:
                way.append(came[way[-1]])
            return way[::-1]
        for n in board.neighbors(node):
            if n in region and n not in came:
                came[n] = node
                queue.append(n)
    return None


def _rerouted(solution: Solution, label: str, a: int, b: int, around: list[int]) -> Solution:
    paths = dict(solution.paths)
    path = list(paths[label])
    i = path.index(a)
    if path[i + 1] != b:  # the path runs b -> a here
        around = around[::-1]
        i = path.index(b)
    paths[label] = tuple(path[:i + 1] + around + path[i + 1:])
    return Solution(paths)


def windows(board: Board, sides: tuple[int, ...] = WINDOW_SIDES) -> Iterator[set[int]]:
    """Squares of cells, ``side`` by ``side`` for each of ``sides``, each overlapping the next
    by half, from the top left (a board smaller than a side is one window)."""
    w, h = board.width, board.height
    for side in sides:
        step = max(1, side // 2)
        for top in range(0, max(1, h - side + step), step):
            for left in range(0, max(1, w - side + step), step):
                yield {r * w + c for r in range(top, min(h, top + side))
                       for c in range(left, min(w, left + side))}
        if w <= side and h <= side:  # one window held the whole board
            return


def in_windows(enumerator: SolutionEnumerator, board: Board, first: Solution,
               deadline: float | None, sides: tuple[int, ...] = WINDOW_SIDES,
               ) -> Solution | None:
    """A solution other than ``first`` that agrees with it outside some window (see the
    module's docstring), or None once the windows are tried (at most :data:`MAX_WINDOWS`,
    within :data:`WINDOW_SHARE` of the time left).  ``enumerator`` is a solver on the board's CNF
    under the profile (its deadline raises :class:`satlink.solver.backend.Timeout`).  Each
    window's selector is switched off for good once it is done.  A one-shot backend (rebuilt
    for every call) tries no window: a call costs it the whole board."""
    if not enumerator.incremental:
        return None
    edges = board.graph.edge_array()
    if not len(edges):
        return None
    used = np.zeros(len(edges), dtype=bool)
    index = board.graph.edge_index
    used[[index[e] for e in first.edges()]] = True
    literal = np.where(used, 1, -1) * edge_variable(np.arange(len(edges)))
    cell_of = np.array([board.node_cell(n) for n in range(board.n_nodes)], dtype=np.int64)
    ends = cell_of[edges]
    variables = enumerator.encoding.variables
    seen: set[frozenset[int]] = set()
    stop = None if deadline is None else (
        time.monotonic() + WINDOW_SHARE * (deadline - time.monotonic()))
    for cells in windows(board, sides):
        if len(seen) >= MAX_WINDOWS or (stop is not None and time.monotonic() > stop):
            return None
        key = frozenset(cells)
        if key in seen:
            continue
        seen.add(key)
        if len(cells) == board.width * board.height:
            continue  # the whole board: the whole-board search that follows does it
        inside = np.isin(ends, list(cells)).any(axis=1)
        changed = literal[inside & used]
        if not len(changed):
            continue
        selector = variables.fresh_block(1, "window")
        enumerator.add_clause([-selector, *(-changed).tolist()])
        found = enumerator.next_solution([*literal[~inside].tolist(), selector])
        enumerator.add_clause([-selector])
        if found is not None:
            return found
    return None
