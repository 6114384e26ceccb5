"""The single edits worth trying on a board, from what its verdict says.

* ``solid``: make one empty cell solid (``#``);
* ``wall``: put a wall between two neighbouring cells (only where the board is already a
  variant board, i.e. its geometry is not the plain grid, unless asked for);
* ``split``: add one endpoint pair by cutting a path of the first solution at an edge the
  second solution does not use (:mod:`satlink.repair.path_splits`; the first solution stays valid, the
  second is broken; the far endpoint takes the new pair's colour);
* ``pair``: add one endpoint pair on two empty cells near where the solutions differ;
* ``move``: move one endpoint to an empty cell at most two steps away;
* ``remove`` (:func:`removals`, not among :data:`KINDS`: the chain's and the studio's
  searches ask for it): remove one pair, both its endpoints made empty.

Candidates lie in and around the cells where the two solutions differ (every cell for an
unsolvable board); each is a whole edited board, made once.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator
from dataclasses import replace

from satlink.board import EMPTY, SOLID, Board, BoardError, label_for
from satlink.geometry import Geometry
from satlink.repair.path_splits import split_points
from satlink.repair.proposals import Candidate
from satlink.solution import Solution
from satlink.solver.verdict import Status, Verdict

MOVE_REACH = 2
PAIR_REACH = 3


def single_edits(board: Board, verdict: Verdict, kinds: set[str]) -> Iterator[Candidate]:
    """Every distinct single edit of ``kinds`` near where the solutions differ."""
    cells = [x for x in range(board.size) if not board.is_solid(x)]
    if verdict.status == Status.MULTIPLE:
        focus = _around(board, set(verdict.diff_cells), 1)
    else:
        focus = set(cells)
    bridges = set(board.geometry.bridges)
    empty = sorted(x for x in focus if board.char(x) == EMPTY and x not in bridges)
    second = verdict.solutions[1].edges() if len(verdict.solutions) > 1 else frozenset()
    first = verdict.solutions[0] if verdict.solutions else None
    made: set[tuple[str, ...]] = set()

    def once(candidate: Candidate | None) -> Iterator[Candidate]:
        if candidate is not None and candidate.board.rows not in made | {board.rows}:
            if candidate.kind != "wall":
                made.add(candidate.board.rows)
            yield candidate

    if "solid" in kinds:
        for x in empty:
            yield from once(_made(Candidate("solid", (x,), f"solid cell at {board.coord(x)}",
                                            board, 1, 0), {x: SOLID}))
    if "wall" in kinds:
        yield from _walls(board, focus, second, first)
    if "split" in kinds and first is not None:
        for candidate in _splits(board, first, second, set(verdict.diff_cells)):
            yield from once(candidate)
    if "pair" in kinds and verdict.status == Status.MULTIPLE:
        label = _new_label(board)
        for i, u in enumerate(empty):
            near = distances(board, u, PAIR_REACH)
            for v in empty[i + 1:]:
                if v in near:
                    text = f"new pair {label} at {board.coord(u)} and {board.coord(v)}"
                    yield from once(_made(Candidate("pair", (u, v), text, board, 2, near[v]),
                                          {u: label, v: label}))
    if "move" in kinds:
        yield from (c for c in _moves(board, verdict, focus) if c.board.rows not in made)


def _around(board: Board, cells: set[int], steps: int) -> set[int]:
    """Cells within ``steps`` graph steps of ``cells`` (bridge crossings mapped to cells)."""
    out = {board.node_cell(x) for x in cells}
    frontier = set(cells)
    for _ in range(steps):
        frontier = {y for x in frontier for y in board.neighbors(x)} - frontier
        out |= {board.node_cell(y) for y in frontier}
    return out


def distances(board: Board, start: int, reach: int) -> dict[int, int]:
    """Graph distance from ``start`` to cells at most ``reach`` steps away (through any open
    node, endpoints included)."""
    seen = {start: 0}
    queue = deque([start])
    while queue:
        x = queue.popleft()
        if seen[x] >= reach:
            continue
        for y in board.neighbors(x):
            if y not in seen:
                seen[y] = seen[x] + 1
                queue.append(y)
    return {board.node_cell(x): d for x, d in seen.items() if x != start}


def _new_label(board: Board) -> str:
    used = set(board.labels)
    i = 0
    while label_for(i) in used:
        i += 1
    return label_for(i)


def _made(edit: Candidate, chars: dict[int, str], geometry: Geometry | None = None
          ) -> Candidate | None:
    """``edit``, described on the board it changes, with that board replaced by the edited
    one: ``chars`` written into its cells, ``geometry`` (a wall added) if given; None when
    the result is no board (:class:`BoardError`)."""
    board = edit.board
    rows = [list(row) for row in board.rows]
    for x, ch in chars.items():
        r, c = divmod(x, board.width)
        rows[r][c] = ch
    try:
        edited = Board(tuple("".join(row) for row in rows), geometry or board.geometry)
    except BoardError:
        return None
    return replace(edit, board=edited)


def _walls(board: Board, focus: set[int], second: frozenset, first: Solution | None
           ) -> Iterator[Candidate]:
    """Walls between neighbouring cells of the focus; those on an edge only the second
    solution uses first."""
    ours = first.edges() if first is not None else frozenset()
    g = board.geometry
    for a, b in board.edges:
        if a >= board.size or b >= board.size or a not in focus or b not in focus:
            continue
        geometry = Geometry.of(g.kind, g.wrap, set(g.walls) | {(a, b)}, g.bridges)
        hint = 0 if ((a, b) in second and (a, b) not in ours) else 1
        candidate = _made(Candidate("wall", (a, b),
                                    f"wall between {board.coord(a)} and {board.coord(b)}",
                                    board, 1, 0, hint), {}, geometry)
        if candidate is not None:
            yield candidate


def _splits(board: Board, first: Solution, second: frozenset, diff: set[int]
            ) -> Iterator[Candidate]:
    """Cut a path of the first solution at an edge the second does not use, inside the
    region where they differ: the cut's two cells become endpoints."""
    label = _new_label(board)
    bridges = {x for nodes in board.crossings.values() for x in nodes}
    for name, cut in split_points(first.paths.items(), second, 2,
                                       lambda x: x not in bridges):
        path = first.paths[name]
        far = path[-1]
        a, b = path[cut - 1], path[cut]
        if a not in diff and b not in diff:
            continue
        yield _made(Candidate("split", (a, b),
                              f"split {name}: new pair {label} at {board.coord(b)} and "
                              f"{board.coord(far)}, {name} ends at {board.coord(a)}",
                              board, 2, 0, 0), {a: name, b: label, far: label})


def _moves(board: Board, verdict: Verdict, focus: set[int]) -> Iterator[Candidate]:
    """Move one endpoint of a label whose path differs between the solutions (any label
    for an unsolvable board) to an empty cell at most :data:`MOVE_REACH` steps away."""
    if verdict.status == Status.MULTIPLE:
        one, two = (s.owner() for s in verdict.solutions[:2])
        labels = sorted(({one.get(x) for x in verdict.diff_cells}
                         | {two.get(x) for x in verdict.diff_cells}) - {None},
                        key=board.labels.index)
    else:
        labels = list(board.labels)
    bridges = set(board.geometry.bridges)
    for name in labels:
        for end in board.endpoints[name]:
            for target, distance in sorted(distances(board, end, MOVE_REACH).items()):
                if board.char(target) != EMPTY or target in bridges:
                    continue
                text = f"move {name} from {board.coord(end)} to {board.coord(target)}"
                candidate = _made(Candidate("move", (end, target), text, board, 2, distance),
                                  {end: EMPTY, target: name})
                if candidate is not None:
                    yield candidate


def removals(board: Board) -> Iterator[Candidate]:
    """Remove one pair: both its endpoints become empty cells."""
    for name in board.labels:
        ends = tuple(board.endpoints[name])
        rows = [list(row) for row in board.rows]
        for x in ends:
            r, c = divmod(x, board.width)
            rows[r][c] = EMPTY
        try:
            edited = Board(tuple("".join(row) for row in rows), board.geometry)
        except BoardError:
            continue
        yield Candidate("remove", ends, f"remove pair {name}", edited, 2, 0)
