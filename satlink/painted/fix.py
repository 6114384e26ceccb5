"""The smallest changes to drawn paths that make their puzzle unique.

A painting is a solution; when its puzzle has another one, the drawing must change where
the two differ, and change so that it stays a solution (the designer keeps what they drew,
but for the cuts).  Two edits do that, each on the drawn paths themselves:

* **cut**: a path is cut at an edge the other solution does not use (:mod:`satlink.cuts`);
  the two parts become two colours, so the other solution, which runs through the cut's two
  new endpoints, no longer fits (the colour count grows by one);
* **slide**: a path's end cell is handed to the neighbouring end of another path (one path
  a cell shorter, the other a cell longer: two endpoints move, the colour count stays);
* **wall** (on a variant board without bridges, when asked: the studio asks on boards that
  already have walls, warps or hexagons): a wall between two neighbouring cells the other
  solution joins and the drawing does not, so the drawing stays whole and the other
  solution no longer fits.

:func:`fix_painting` searches chains of such edits best first (fewest solutions left, then
fewest cells changed, then fewest edits), as :func:`satlink.repair.chains.repair_chain` does
for puzzles, until the puzzle is unique.  Every proposal is proven: the check finds one
solution, it is the edited drawing (edge for edge) and the referee accepts it.  Past the
budget the best partial chain is returned, and says so.
"""

from __future__ import annotations

import heapq
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from satlink.board import EMPTY, LABEL_ALPHABET, Board, label_for
from satlink.cuts import cuts_missing_from
from satlink.geometry import Geometry
from satlink.graph import SOLID, Cell
from satlink.referee import is_valid
from satlink.rules import Rules, parse_rules
from satlink.solution import Solution, diff_cells
from satlink.solver.check import check
from satlink.solver.method import DEFAULT_METHOD, Method
from satlink.solver.verdict import Status, Verdict

DEFAULT_SECONDS = 10.0
DEFAULT_EDITS = 3
DEFAULT_BOUND = 16
DEFAULT_MIN_LENGTH = 3


@dataclass(frozen=True)
class PaintEdit:
    """One change to the drawn paths: ``kind`` (``cut`` or ``slide``), in words, and the
    cells that gain or lose an endpoint."""

    kind: str
    description: str
    cells: tuple[Cell, ...]
    labels: tuple[str, ...] = ()
    """The labels whose paths change (a cut: the path cut and the new label)."""
    status: Status = Status.MULTIPLE
    count: int = 0

    def as_dict(self, board: Board) -> dict:
        return {"kind": self.kind, "description": self.description,
                "cells": board.coords(self.cells), "labels": list(self.labels),
                "status": str(self.status),
                "count": self.count}


@dataclass
class PaintFix:
    """A chain of edits from the input drawing to one whose puzzle is unique (``proven``:
    checked unique, the one solution is the edited drawing and the referee accepts it)."""

    edits: list[PaintEdit]
    board: Board
    solution: Solution
    proven: bool

    @property
    def changed(self) -> int:
        return sum(len(e.cells) for e in self.edits)

    def as_dict(self, rank: int) -> dict:
        board = self.board
        out = {"rank": rank, "edits": [e.as_dict(board) for e in self.edits],
               "changed": self.changed, "proven": self.proven, "grid": list(board.rows),
               "solution": self.solution.to_coords(board)}
        if not board.geometry.is_plain:
            from satlink.geometry import geometry_to_json

            out["geometry"] = geometry_to_json(board.geometry, board.width)
        return out


@dataclass
class FixSearch:
    """What :func:`fix_painting` found: ``proposals`` best first; ``partial`` the edits of
    the best drawing reached when none is unique; ``reason`` why the search ended."""

    status: Status
    count: int
    proposals: list[PaintFix] = field(default_factory=list)
    partial: list[PaintEdit] = field(default_factory=list)
    checks: int = 0
    seconds: float = 0.0
    reason: str = ""
    board: Board | None = None  # the input's puzzle (places the partial chain's cells)

    def as_dict(self) -> dict:
        return {"status": str(self.status), "count": self.count, "reason": self.reason,
                "checks": self.checks, "seconds": round(self.seconds, 3),
                "proposals": [p.as_dict(i) for i, p in enumerate(self.proposals, start=1)],
                "partial": [e.as_dict(self.board) for e in self.partial]
                if self.board is not None else []}


def puzzle_of(board: Board, paths: dict[str, tuple[Cell, ...]]) -> Board:
    """The puzzle whose endpoints are the ends of ``paths``, on ``board``'s geometry and
    solid cells."""
    rows = [[EMPTY if ch not in (EMPTY, SOLID) else ch for ch in row] for row in board.rows]
    for label, path in paths.items():
        for node in (path[0], path[-1]):
            r, c = board.coord(node)
            rows[r][c] = label
    return board.with_rows("".join(row) for row in rows)


def oriented(board: Board, path: list[Cell] | tuple[Cell, ...]) -> tuple[Cell, ...]:
    """``path`` from its end that comes first in row-major order, as solutions run."""
    path = tuple(path)
    return path if board.node_cell(path[0]) < board.node_cell(path[-1]) else path[::-1]


def _new_label(used: set[str]) -> str:
    i = 0
    while label_for(i, LABEL_ALPHABET) in used:
        i += 1
    return label_for(i, LABEL_ALPHABET)


@dataclass
class _Node:
    board: Board
    drawn: Solution
    verdict: Verdict
    edits: tuple[PaintEdit, ...]

    def count(self) -> int:
        return self.verdict.count or len(self.verdict.solutions)

    def other(self) -> Solution:
        return next(s for s in self.verdict.solutions if s.edges() != self.drawn.edges())

    def key(self) -> tuple:
        """Fewest solutions left; among drawings whose count reached the bound, the smaller
        difference to another solution (the count alone no longer tells them apart); then
        fewest cells changed, fewest edits."""
        spread = len(diff_cells(self.board, self.drawn, self.other()))
        return (self.count() - 1, spread, sum(len(e.cells) for e in self.edits),
                len(self.edits))


def _key(board: Board) -> tuple:
    """A drawing's puzzle, told apart by its endpoints and its walls."""
    return board.rows, board.geometry.walls


def _can_end(board: Board, node: Cell) -> bool:
    return node < board.size and node not in board.crossings


def edits(board: Board, drawn: Solution, other: Solution, rules: Rules,
          min_length: int = DEFAULT_MIN_LENGTH, keep: frozenset[str] = frozenset(),
          walls: bool = False) -> Iterator[tuple[PaintEdit, dict, Geometry | None]]:
    """The cuts and slides of ``drawn`` where ``other`` differs from it (and with ``walls``,
    first, the walls on edges only ``other`` uses: they change nothing drawn), each with the
    new paths and the new geometry (None: unchanged); paths named in ``keep`` are not
    changed."""
    near = set(diff_cells(board, drawn, other))
    paths = {k: list(p) for k, p in drawn.paths.items()}
    mine = [(k, p) for k, p in paths.items() if k not in keep]

    def rc(x: Cell) -> str:
        r, c = board.coord(x)
        return f"({r},{c})"

    theirs = other.edges()
    label = _new_label(set(paths))
    if walls and not board.geometry.bridges:
        g = board.geometry
        for a, b in sorted(theirs - drawn.edges()):
            if board.node_cell(a) not in near and board.node_cell(b) not in near:
                continue
            geometry = Geometry.of(g.kind, g.wrap, set(g.walls) | {(a, b)}, g.bridges)
            yield (PaintEdit("wall", f"wall between {rc(a)} and {rc(b)}", (a, b)), paths,
                   geometry)
    for key, cut in cuts_missing_from(mine, theirs, min_length, lambda x: _can_end(board, x)):
        p = paths[key]
        a, b = p[cut - 1], p[cut]
        if board.node_cell(a) not in near and board.node_cell(b) not in near:
            continue
        new = dict(paths)
        new[key], new[label] = p[:cut], p[cut:]
        yield (PaintEdit("cut", f"cut path {key} between {rc(a)} and {rc(b)}: the part from "
                         f"{rc(b)} becomes {label}", (a, b), (key, label)), new, None)
    on = {k: set(p) for k, p in paths.items()}
    ends = {}
    for k, p in paths.items():
        ends[p[0]] = (k, 0)
        ends[p[-1]] = (k, -1)
    for k, p in mine:
        if len(p) <= max(min_length, 2):
            continue
        for side in (0, -1):
            e = p[side]
            rest = p[1:] if side == 0 else p[:-1]
            if not _can_end(board, rest[0] if side == 0 else rest[-1]):
                continue
            for f in board.neighbors(e):
                if f not in ends or ends[f][0] in (k, *keep):
                    continue
                if board.node_cell(e) not in near and board.node_cell(f) not in near:
                    continue
                j, jside = ends[f]
                q = paths[j]
                if rules.notouch and any(n != f and n in on[j] for n in board.neighbors(e)):
                    continue  # the longer path would run beside itself
                grown = q + [e] if jside == -1 else [e] + q
                new = dict(paths)
                new[k], new[j] = rest, grown
                moved = rest[0] if side == 0 else rest[-1]
                yield (PaintEdit("slide", f"give {rc(e)}, the end of {k}, to {j}: {k} now ends "
                                 f"at {rc(moved)}, {j} at {rc(e)}", (f, moved), (k, j)), new, None)


def fix_painting(board: Board, drawn: Solution, rules: Rules | str | None = None, *,
                 method: Method = DEFAULT_METHOD, max_edits: int = DEFAULT_EDITS,
                 seconds: float = DEFAULT_SECONDS, bound: int = DEFAULT_BOUND,
                 min_length: int = DEFAULT_MIN_LENGTH, limit: int = 5,
                 keep: frozenset[str] = frozenset(), per_board: int = 60,
                 verdict: Verdict | None = None, walls: bool = False,
                 progress: Callable[[str], None] | None = None) -> FixSearch:
    """Edit the drawing ``drawn`` (a solution of ``board``) until its puzzle is unique under
    ``rules``; see the module's docstring.  The proposals are the unique drawings met while
    expanding the first drawing that yields one (so the single edits, when one suffices),
    best first, at most ``limit``, gathered for as long again as the first took; ``keep``:
    labels whose paths stay as drawn; ``walls``: offer walls too (see the module's
    docstring); ``progress``: told, in words, how far the search got."""
    start = time.monotonic()
    profile = parse_rules(rules)

    def left() -> float:
        return seconds - (time.monotonic() - start)

    def judge(b: Board) -> Verdict:
        return check(b, profile, count=max(bound, 2), timeout=max(left(), 0.01), method=method)

    root_verdict = verdict if verdict is not None and verdict.count else judge(board)
    result = FixSearch(root_verdict.status, root_verdict.count or len(root_verdict.solutions),
                       checks=1, board=board)
    if root_verdict.status != Status.MULTIPLE:
        result.reason = {Status.UNIQUE: "already unique", Status.TIMEOUT: "the check timed out"
                         }.get(root_verdict.status, f"the puzzle is {root_verdict.status}: the "
                                                    "drawing is not one of its solutions")
        result.seconds = time.monotonic() - start
        return result
    root = _Node(board, drawn, root_verdict, ())
    best = root
    heap = [(root.key(), 0, root)]
    seen = {_key(board)}
    tick = 1
    reason = "no chain of cuts and slides within the edits allowed"
    found: list[PaintFix] = []
    first = None  # seconds to the first proposal: more are gathered for as long again
    while heap and not found:
        _, _, node = heapq.heappop(heap)
        if len(node.edits) >= max_edits:
            continue
        others = [s for s in node.verdict.solutions if s.edges() != node.drawn.edges()]
        tried = 0
        for edit, paths, geometry in edits(node.board, node.drawn, others[0], profile,
                                           min_length, keep, walls):
            if tried >= per_board or len(found) >= limit:
                break
            if first is not None and time.monotonic() - start > 2 * first:
                break
            if left() <= 0:
                reason = "budget"
                break
            paths = {k: oriented(node.board, p) for k, p in paths.items()}
            base = node.board if geometry is None else Board(node.board.rows, geometry)
            child_board = puzzle_of(base, paths)
            if _key(child_board) in seen:
                continue
            seen.add(_key(child_board))
            child_drawn = Solution.from_paths(paths)
            if not is_valid(child_board, child_drawn, profile):
                continue
            if any(set(s.paths) == set(paths) and is_valid(child_board, s, profile)
                   for s in others):
                continue  # another known solution still fits: no progress
            if progress is not None:
                progress(f"checking change {result.checks} ({len(node.edits) + 1} edit(s) "
                         f"deep): {edit.description}")
            child_verdict = judge(child_board)
            result.checks += 1
            tried += 1
            if child_verdict.status == Status.TIMEOUT:
                continue
            count = child_verdict.count or len(child_verdict.solutions)
            step = PaintEdit(edit.kind, edit.description, edit.cells, edit.labels,
                             child_verdict.status, count)
            child = _Node(child_board, child_drawn, child_verdict, node.edits + (step,))
            if child_verdict.status == Status.UNIQUE:
                solution = child_verdict.solutions[0]
                proven = (solution.edges() == child_drawn.edges()
                          and child_verdict.count_complete is not False
                          and is_valid(child_board, solution, profile))
                found.append(PaintFix(list(child.edits), child_board, child_drawn, proven))
                if first is None:
                    first = time.monotonic() - start
                continue
            if child_verdict.status != Status.MULTIPLE:
                continue
            if child.key() < best.key():
                best = child
            heapq.heappush(heap, (child.key(), tick, child))
            tick += 1
        if reason == "budget":
            break
    found.sort(key=lambda f: (not f.proven, len(f.edits), f.changed))
    result.proposals = found[:limit]
    if found:
        reason = "unique"
    else:
        result.partial = list(best.edits)
    result.reason = reason
    result.seconds = time.monotonic() - start
    return result
