"""Reading a painted board: every path drawn cell by cell with its label.

A puzzle names each label on exactly two cells, its endpoints.  A *painted* board names a
label on every cell of its path, as the seeds' generator builds a solution before the puzzle.
A board is read as painted when some label is on more than two cells (:func:`is_painted`);
then every label is one of:

* a **drawn path**: its cells (with the bridge crossings between them) form one simple path
  of the board graph, so the picture says exactly which way the path goes;
* **endpoints placed**: a label on two cells that are not joined (only on a board that is
  partly painted): the completion (:mod:`satlink.painted.complete`) routes it.

A drawn label must be unambiguous as a picture: its cells must not touch each other except
along the path (two neighbouring cells of one label are consecutive on it).  That is the
``notouch`` rule; a path that runs beside itself cannot be read back from colours alone,
and is refused (a branching cell), as are a label in several pieces and a loop.  Paths that
touch themselves can still be given explicitly: a JSON board with a ``solution``.

Bridge cells are written ``.`` (a bridge is crossed, never an endpoint); a crossing belongs
to a label when both its neighbours along its axis do (followed through rows of bridges).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from satlink.board import EMPTY, Board, BoardError, is_label
from satlink.geometry import Geometry
from satlink.graph import SOLID, Cell
from satlink.solution import Solution


@dataclass(frozen=True)
class Painting:
    """A painted board: the puzzle its paths make, and the paths as drawn.

    ``board`` holds the endpoints of every drawn path and every placed pair (the puzzle to
    prove); ``drawn`` the drawn paths as graph nodes, each from its endpoint that comes first
    in row-major order (as :class:`Solution` runs them); ``placed`` the labels whose two
    endpoints were placed without a path; ``empty`` the open cells no label covers (bridges
    aside, which are never painted)."""

    board: Board
    drawn: Mapping[str, tuple[Cell, ...]]
    placed: tuple[str, ...]
    empty: tuple[Cell, ...]

    @property
    def complete(self) -> bool:
        """Every open cell painted and every label drawn: the drawing is a whole solution."""
        return not self.placed and not self.empty

    def solution(self) -> Solution | None:
        """The drawn paths as a solution of :attr:`board`, when the painting is complete."""
        return Solution.from_paths(self.drawn) if self.complete else None


def label_counts(rows: Sequence[str]) -> dict[str, int]:
    """How many cells each label is on."""
    counts: dict[str, int] = {}
    for row in rows:
        for ch in row:
            if ch not in (EMPTY, SOLID) and is_label(ch):
                counts[ch] = counts.get(ch, 0) + 1
    return counts


def is_painted(rows: Sequence[str]) -> bool:
    """Whether ``rows`` are a painted board rather than a puzzle: some label is on more than
    two cells (a puzzle has each label exactly twice)."""
    return any(n > 2 for n in label_counts(rows).values())


def _fail(message: str, board: Board, node: Cell) -> BoardError:
    r, c = board.coord(node)
    return BoardError(message, r, c)


def read_painting(rows: Sequence[str], geometry: Geometry) -> Painting:
    """The painting drawn in ``rows`` on ``geometry``; raises :class:`BoardError` located at
    the cell at fault (a label in pieces, a branching cell, a loop, a label on one cell, a
    label on a bridge)."""
    rows = tuple(rows)
    if not rows or not rows[0]:
        raise BoardError("empty board")
    width = len(rows[0])
    cells_of: dict[str, list[Cell]] = {}
    blank_rows = []
    for r, row in enumerate(rows):
        if len(row) != width:
            raise BoardError(f"ragged row: row {r + 1} has {len(row)} cells, the first row "
                             f"has {width}", r, min(len(row), width))
        for c, ch in enumerate(row):
            if ch in (EMPTY, SOLID):
                continue
            if not is_label(ch):
                raise BoardError(f"unknown character {ch!r}", r, c)
            cells_of.setdefault(ch, []).append(r * width + c)
        blank_rows.append("".join(EMPTY if ch not in (EMPTY, SOLID) else ch for ch in row))
    blank = Board(tuple(blank_rows), geometry)  # geometry errors located as for puzzles
    bridges = set(geometry.bridges)
    for label, cells in cells_of.items():
        for cell in cells:
            if cell in bridges:
                raise _fail(f"label {label!r} on a bridge: a bridge is crossed, not painted "
                            "(write '.' there)", blank, cell)
        if len(cells) == 1:
            raise _fail(f"label {label!r} appears 1 time (a painted label covers its whole "
                        "path, a puzzle's label its two endpoints)", blank, cells[0])
    crossed = _crossings(blank, {x: k for k, cells in cells_of.items() for x in cells})
    drawn: dict[str, tuple[Cell, ...]] = {}
    placed: list[str] = []
    owner: dict[Cell, str] = {}
    for label, cells in cells_of.items():
        nodes = set(cells) | crossed.get(label, set())
        path = _path(blank, label, nodes, allow_apart=len(cells) == 2)
        if path is None:
            placed.append(label)
            ends = cells
        else:
            drawn[label] = path
            ends = [path[0], path[-1]]
        for node in ends:
            owner[node] = label
    puzzle = [list(row) for row in blank_rows]
    for node, label in owner.items():
        r, c = blank.coord(node)
        puzzle[r][c] = label
    board = Board(tuple("".join(row) for row in puzzle), geometry)
    painted = {x for cells in cells_of.values() for x in cells}
    empty = tuple(x for x in blank.open_cells() if x not in painted and x not in bridges)
    return Painting(board, drawn, tuple(placed), empty)


def _crossings(blank: Board, label_of: dict[Cell, str]) -> dict[str, set[Cell]]:
    """The bridge crossings each label takes: those whose two neighbours on their axis carry
    that label (repeated, for bridges side by side)."""
    crossings = [x for b in blank.geometry.bridges for x in blank.crossings[b]]
    taken: dict[Cell, str] = {}
    grew = True
    while grew:
        grew = False
        for x in crossings:
            around = blank.neighbors(x)
            if x in taken or len(around) != 2:
                continue
            a, b = (label_of.get(n, taken.get(n)) for n in around)
            if a is not None and a == b:
                taken[x] = a
                grew = True
    out: dict[str, set[Cell]] = {}
    for x, label in taken.items():
        out.setdefault(label, set()).add(x)
    return out


def _path(blank: Board, label: str, nodes: set[Cell],
          allow_apart: bool) -> tuple[Cell, ...] | None:
    """The one simple path through ``nodes``, from its row-major first end; None for two
    cells apart when ``allow_apart`` (endpoints placed); raises at the cell at fault."""
    near = {x: [n for n in blank.neighbors(x) if n in nodes] for x in nodes}
    first = min(nodes, key=lambda x: blank.node_cell(x))
    seen = _reached(near, first)
    if len(seen) < len(nodes):
        if allow_apart:
            return None
        pieces = _pieces(near)
        stray = min((x for x in nodes if x not in seen), key=blank.node_cell)
        count = sum(x < blank.size for x in nodes)
        raise _fail(f"label {label!r} is on {count} cells, so the board is read as "
                    f"painted, but they form {pieces} pieces: a painted label must be one path "
                    "(this cell is not joined to the first piece; a puzzle has each label on "
                    "exactly two cells)", blank, stray)
    for x in sorted(nodes, key=blank.node_cell):
        if len(near[x]) > 2:
            raise _fail(f"label {label!r} branches here: this cell has {len(near[x])} "
                        "neighbours of its own label (a painted path has at most two; a path "
                        "that runs beside itself cannot be read from a painting)", blank, x)
    ends = sorted((x for x in nodes if len(near[x]) == 1), key=blank.node_cell)
    if not ends:
        raise _fail(f"label {label!r} is painted as a loop: a path needs two ends",
                    blank, first)
    path = [ends[0]]
    prev = None
    while len(path) < len(nodes):
        nxt = next(n for n in near[path[-1]] if n != prev)
        prev = path[-1]
        path.append(nxt)
    return tuple(path)


def _reached(near: Mapping[Cell, list[Cell]], start: Cell) -> set[Cell]:
    """The cells joined to ``start`` through ``near``."""
    seen = {start}
    todo = [start]
    while todo:
        x = todo.pop()
        for n in near[x]:
            if n not in seen:
                seen.add(n)
                todo.append(n)
    return seen


def _pieces(near: Mapping[Cell, list[Cell]]) -> int:
    seen: set[Cell] = set()
    count = 0
    for start in near:
        if start not in seen:
            count += 1
            seen |= _reached(near, start)
    return count


def painting_of(board: Board, drawn: Mapping[str, Sequence[Cell]]) -> Painting:
    """The painting of a puzzle ``board`` with some of its paths drawn on it, ``{label: [cell,
    ...]}`` as a player draws them (bridge cells once per visit): how the studio hands the
    designer's board to the completion.  A drawn path that does not join its label's two
    endpoints (a path still being drawn) is left out, its pair counts as placed; one that
    steps between cells that are not neighbours, or crosses a cell another path or an
    endpoint holds, raises a located :class:`BoardError`."""
    paths: dict[str, tuple[Cell, ...]] = {}
    held: dict[Cell, str] = {x: k for k, ends in board.endpoints.items() for x in ends}
    for label, cells in drawn.items():
        ends = board.endpoints.get(label)
        cells = list(cells)
        if not ends or len(cells) < 2 or {cells[0], cells[-1]} != set(ends):
            continue
        for cell in cells:
            if not 0 <= cell < board.size or board.is_solid(cell):
                raise BoardError(f"the drawn path of {label} leaves the open cells")
        nodes = board.path_nodes(cells)
        twice = _first_repeat(nodes)
        if twice is not None:
            raise _fail(f"the drawn path of {label} visits this cell twice", board, twice)
        for a, b in zip(nodes, nodes[1:], strict=False):
            if b not in board.neighbors(a):
                raise _fail(f"the drawn path of {label} steps from here to a cell that is not a "
                            "neighbour", board, a)
        for x in nodes:
            if held.setdefault(x, label) != label:
                raise _fail(f"the drawn path of {label} crosses the path or an endpoint of "
                            f"{held[x]}", board, x)
        paths[label] = nodes if board.node_cell(nodes[0]) < board.node_cell(nodes[-1]) \
            else nodes[::-1]
    placed = tuple(k for k in board.labels if k not in paths)
    covered = {board.node_cell(x) for x in held}
    bridges = set(board.geometry.bridges)
    empty = tuple(x for x in board.open_cells() if x not in covered and x not in bridges)
    return Painting(board, paths, placed, empty)


def _first_repeat(nodes: list[int]) -> int | None:
    """The first node a path visits a second time (a set: the studio judges a drawing of
    thousands of cells on every edit)."""
    seen: set[int] = set()
    for x in nodes:
        if x in seen:
            return x
        seen.add(x)
    return None
