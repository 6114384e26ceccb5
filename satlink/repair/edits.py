"""The single edits worth trying on a board, from what its verdict says.

* ``solid``: make one empty cell solid (``#``);
* ``wall``: put a wall between two neighbouring cells (only where the board is already a
  variant board, i.e. its geometry is not the plain grid, unless asked for);
* ``split``: add one endpoint pair by cutting a path of one solution at an edge the other
  does not use (:mod:`satlink.repair.path_splits`; the cut solution stays valid, the other is
  broken; the far endpoint takes the new pair's colour);
* ``slide``: hand a path's end cell to the neighbouring end of another path of one solution
  (two endpoints move a step: one path a cell shorter, the other a cell longer; the edited
  solution stays valid, the other is broken);
* ``pair``: add one endpoint pair on two empty cells near where the solutions differ;
* ``move``: move one endpoint to an empty cell at most two steps away;
* ``remove`` (:func:`removals`, not among :data:`KINDS`: the chain's and the studio's
  searches ask for it): remove one pair, both its endpoints made empty.

Candidates lie in and around the cells where the two solutions differ (every cell for an
unsolvable board); each is a whole edited board, made once.  ``split`` and ``slide`` are
draw mode's cuts and slides (:mod:`satlink.repair.path_edits`), made on each of the first
:data:`DRAWINGS` solutions with another as the one to break: every edit draw mode offers on
a drawing that is one of them is a candidate here, and carries the solution it keeps
(:attr:`Candidate.keeps`), so the search knows the edited board is solvable before any
check.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator
from dataclasses import replace

from satlink.board import EMPTY, SOLID, Board, BoardError, label_for
from satlink.geometry import Geometry
from satlink.repair.path_edits import edited_drawings
from satlink.repair.proposals import Candidate
from satlink.rules import DEFAULT_RULES, Rules
from satlink.solution import Solution
from satlink.solver.verdict import Status, Verdict

MOVE_REACH = 2
PAIR_REACH = 3
DRAWINGS = 4
"""Solutions whose draw-mode edits are candidates: the designer's drawing in draw mode may
be any solution, and the check's witnesses (:data:`satlink.repair.search.WITNESSES`) hold
more than the two whose differences focus the other edits."""


def single_edits(board: Board, verdict: Verdict, kinds: set[str], rules: Rules = DEFAULT_RULES
                 ) -> Iterator[Candidate]:
    """Every distinct single edit of ``kinds`` near where the solutions differ; a split or
    slide keeps a solution valid under ``rules`` (with paths of two cells or more: one
    shorter than the designer allows is tried last, :mod:`satlink.repair.triage`)."""
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
    if kinds & {"split", "slide"} and len(verdict.solutions) > 1:
        for candidate in _solution_edits(board, verdict.solutions[:DRAWINGS], kinds, rules):
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


def _solution_edits(board: Board, solutions: list[Solution], kinds: set[str], rules: Rules
                    ) -> Iterator[Candidate]:
    """Draw mode's cuts (``split``) and slides (``slide``) of each of ``solutions`` where
    another differs (the first, or for the first the second), each carrying the edited
    solution it keeps."""
    for i, drawn in enumerate(solutions):
        other = solutions[1 if i == 0 else 0]
        for made in edited_drawings(board, drawn, other, rules, 2):
            edit = made.edit
            kind = {"cut": "split", "slide": "slide"}.get(edit.kind)
            if kind not in kinds:
                continue
            if kind == "split":
                name, label = edit.labels
                a, b = edit.cells
                far = made.drawn.paths[label]
                far = far[-1] if far[0] == b else far[0]
                text = (f"split {name}: new pair {label} at {board.coord(b)} and "
                        f"{board.coord(far)}, {name} ends at {board.coord(a)}")
            else:
                text = edit.description
            yield Candidate(kind, edit.cells, text, made.board, 2, int(kind == "slide"), 0,
                            made.drawn, edit)


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
