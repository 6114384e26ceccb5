"""The edits of a drawing that keep it a solution: a path **cut** where another solution
differs, an end cell **slid** to the neighbouring path, a **wall** on an edge only the
other solution uses (why these: :mod:`satlink.painted.fix`, which chains them)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from satlink.board import EMPTY, LABEL_ALPHABET, Board, label_for
from satlink.geometry import Geometry
from satlink.graph import SOLID, Cell
from satlink.repair.path_splits import split_points
from satlink.rules import Rules
from satlink.solution import Solution, diff_cells
from satlink.solver.verdict import Status

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
    for key, cut in split_points(mine, theirs, min_length, lambda x: _can_end(board, x)):
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
