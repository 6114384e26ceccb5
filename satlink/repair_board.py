"""Repair a hand-made board: the smallest edits that make it unique under its profile.

A designer draws a board and ``check`` says ``multiple`` (or ``unsolvable``).  This module
proposes single edits, each *proven* unique by :func:`satlink.check.check`, ranked by how
little they change:

* ``solid``: make one empty cell solid (``#``);
* ``wall``: put a wall between two neighbouring cells (only where the board is already a
  variant board, i.e. its geometry is not the plain grid, unless asked for);
* ``split``: add one endpoint pair by cutting a path of the first solution at an edge the
  second solution does not use (the first solution stays valid, the second is broken; the far
  endpoint takes the new pair's colour);
* ``pair``: add one endpoint pair on two empty cells near where the solutions differ;
* ``move``: move one endpoint to an empty cell at most two steps away.

The search is focused and bounded: candidates lie in and around the cells where the two
solutions differ (every cell for an unsolvable board), candidates that two known solutions
still satisfy are discarded without a solver call (every ``multiple`` verdict met on the way
adds its witness), and at most ``budget`` boards are checked, cheapest edits first.

Ranking, smallest first: ``changed``, the cells that gain or lose a solid or an endpoint (1
for a solid cell, 1 for a wall, 2 for a new pair or a moved endpoint; the endpoint a split
recolours stays where it is and is not counted), then how many edges of the new unique
solution differ from the board's first solution, then how far an endpoint moved (or how far
apart the new pair is).
Every proposal is minimal among the candidates tried: no candidate that was checked and found
unique ranks below a proposal and is left out.

The HTML report can link a ``multiple`` board to its proposals by calling
:func:`repair_proposals` with the verdict it already has.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

from satlink.board import EMPTY, SOLID, Board, BoardError, Solution, edge, label_for
from satlink.check import check
from satlink.geometry import Geometry, geometry_to_json
from satlink.method import DEFAULT_METHOD, Method
from satlink.rules import Rules, parse_rules
from satlink.validate import is_valid
from satlink.verdict import Status, Verdict

KINDS = ("solid", "wall", "split", "pair", "move")
MOVE_REACH = 2
PAIR_REACH = 3
DEFAULT_BUDGET = 200


@dataclass(frozen=True)
class Candidate:
    """One edit, before it is checked."""

    kind: str
    cells: tuple[int, ...]  # the cells it touches, for people
    description: str
    board: Board
    changed: int
    distance: int
    hint: int = 1  # 0: designed to break the second solution (tried first among equals)

    def order(self) -> tuple:
        return (self.changed, self.hint, self.distance, KINDS.index(self.kind), self.cells)


@dataclass(frozen=True)
class Proposal:
    """A checked edit that makes the board unique."""

    candidate: Candidate
    solution: Solution
    solution_change: int | None  # edges of the new solution not shared with the old first one

    @property
    def board(self) -> Board:
        return self.candidate.board

    def rank(self) -> tuple:
        c = self.candidate
        change = -1 if self.solution_change is None else self.solution_change
        return (c.changed, change, c.distance, KINDS.index(c.kind), c.cells)

    def as_dict(self) -> dict:
        c, board = self.candidate, self.candidate.board
        out = {"kind": c.kind, "description": c.description,
               "cells": [list(board.coord(x)) for x in c.cells], "changed": c.changed,
               "solution_change": self.solution_change, "distance": c.distance,
               "grid": list(board.rows), "solution": self.solution.to_coords(board)}
        if not board.geometry.is_plain:
            out["geometry"] = geometry_to_json(board.geometry, board.width)
        return out


@dataclass
class Repair:
    """What :func:`repair_proposals` found for one board."""

    status: Status
    proposals: list[Proposal] = field(default_factory=list)
    tried: list[tuple[Candidate, Status]] = field(default_factory=list)
    """Every candidate checked with the solver, and its verdict."""
    skipped: int = 0
    """Candidates two known solutions still satisfy (multiple without a solver call)."""
    candidates: int = 0
    diff_cells: list[int] = field(default_factory=list)

    @property
    def complete(self) -> bool:
        """Whether every candidate was judged (the budget did not cut the search short)."""
        return len(self.tried) + self.skipped >= self.candidates


def repair_proposals(board: Board, rules: Rules | str | None = None, *,
                     method: Method = DEFAULT_METHOD, verdict: Verdict | None = None,
                     limit: int = 5, budget: int = DEFAULT_BUDGET, timeout: float | None = 10.0,
                     kinds: Iterable[str] | None = None, walls: bool | None = None) -> Repair:
    """Up to ``limit`` single edits that make ``board`` unique under ``rules``, best first.

    ``verdict``: the board's check if the caller has it (saves one); ``budget``: most boards
    checked; ``timeout``: seconds per check (a check that runs out is not a proposal);
    ``kinds``: which edits to try (default: all of :data:`KINDS`); ``walls``: offer walls
    (default: only on boards whose geometry is already a variant).  A board that is already
    unique, or whose check timed out, gets no proposals.
    """
    profile = parse_rules(rules)
    if verdict is None:
        verdict = check(board, profile, timeout=timeout, method=method)
    result = Repair(verdict.status, diff_cells=list(verdict.diff_cells))
    if verdict.status not in (Status.MULTIPLE, Status.UNSOLVABLE):
        return result
    chosen = set(KINDS if kinds is None else kinds)
    unknown = chosen - set(KINDS)
    if unknown:
        raise ValueError(f"unknown repair kinds {sorted(unknown)} (known: {', '.join(KINDS)})")
    if walls is None:
        walls = not board.geometry.is_plain
    if not walls or board.geometry.bridges:  # a wall beside a bridge would bend its crossing
        chosen.discard("wall")
    first = verdict.solutions[0] if verdict.solutions else None
    known = list(verdict.solutions)
    candidates = sorted(_candidates(board, verdict, chosen), key=Candidate.order)
    result.candidates = len(candidates)
    found: list[Proposal] = []
    for candidate in candidates:
        if len(result.tried) >= budget:
            break
        if found and len(found) >= limit and candidate.changed > _worst(found, limit).changed:
            break  # nothing later can rank among the first ``limit``
        still = sum(is_valid(candidate.board, s, profile) for s in known
                    if set(s.paths) == set(candidate.board.labels))
        if still >= 2:
            result.skipped += 1
            continue
        outcome = check(candidate.board, profile, timeout=timeout, method=method)
        result.tried.append((candidate, outcome.status))
        if outcome.status == Status.MULTIPLE:
            known.extend(s for s in outcome.solutions if s not in known)
        elif outcome.status == Status.UNIQUE:
            new = outcome.solutions[0]
            change = None if first is None else len(new.edges() ^ first.edges())
            found.append(Proposal(candidate, new, change))
    found.sort(key=Proposal.rank)
    result.proposals = found[:limit]
    return result


def _worst(found: list[Proposal], limit: int) -> Candidate:
    return sorted(found, key=Proposal.rank)[limit - 1].candidate


# -- candidates ---------------------------------------------------------------------------

def _candidates(board: Board, verdict: Verdict, kinds: set[str]) -> Iterator[Candidate]:
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
            yield from once(_edit(board, "solid", (x,), {x: SOLID}, 1, 0,
                                  f"solid cell at {board.coord(x)}"))
    if "wall" in kinds:
        yield from _walls(board, focus, second, first)
    if "split" in kinds and first is not None:
        for candidate in _splits(board, first, second, set(verdict.diff_cells)):
            yield from once(candidate)
    if "pair" in kinds and verdict.status == Status.MULTIPLE:
        label = _new_label(board)
        for i, u in enumerate(empty):
            near = _distances(board, u, PAIR_REACH)
            for v in empty[i + 1:]:
                if v in near:
                    yield from once(_edit(board, "pair", (u, v), {u: label, v: label}, 2, near[v],
                                          f"new pair {label} at {board.coord(u)} and "
                                          f"{board.coord(v)}"))
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


def _distances(board: Board, start: int, reach: int) -> dict[int, int]:
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


def _edit(board: Board, kind: str, cells: tuple[int, ...], chars: dict[int, str], changed: int,
          distance: int, description: str, hint: int = 1,
          geometry: Geometry | None = None) -> Candidate | None:
    rows = [list(row) for row in board.rows]
    for x, ch in chars.items():
        r, c = divmod(x, board.width)
        rows[r][c] = ch
    try:
        edited = Board(tuple("".join(row) for row in rows), geometry or board.geometry)
    except BoardError:
        return None
    return Candidate(kind, cells, description, edited, changed, distance, hint)


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
        candidate = _edit(board, "wall", (a, b), {}, 1, 0,
                          f"wall between {board.coord(a)} and {board.coord(b)}", hint, geometry)
        if candidate is not None:
            yield candidate


def _splits(board: Board, first: Solution, second: frozenset, diff: set[int]
            ) -> Iterator[Candidate]:
    """Cut a path of the first solution at an edge the second does not use, inside the
    region where they differ: the cut's two cells become endpoints."""
    label = _new_label(board)
    bridges = set(board.bridge_node.values()) | set(board.geometry.bridges)
    for name, path in first.paths.items():
        far = path[-1]
        for i in range(1, len(path) - 2):
            a, b = path[i], path[i + 1]
            if a in bridges or b in bridges or edge(a, b) in second:
                continue
            if a not in diff and b not in diff:
                continue
            yield _edit(board, "split", (a, b), {a: name, b: label, far: label}, 2, 0,
                        f"split {name}: new pair {label} at {board.coord(b)} and "
                        f"{board.coord(far)}, {name} ends at {board.coord(a)}", 0)


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
            for target, distance in sorted(_distances(board, end, MOVE_REACH).items()):
                if board.char(target) != EMPTY or target in bridges:
                    continue
                candidate = _edit(board, "move", (end, target), {end: EMPTY, target: name}, 2,
                                  distance, f"move {name} from {board.coord(end)} to "
                                            f"{board.coord(target)}")
                if candidate is not None:
                    yield candidate
