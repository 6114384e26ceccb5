"""The chessboard count: a board that ``fill`` makes impossible by shades alone, found in
linear time.

Where the board graph is bipartite (square cells, with or without holes, walls and bridges;
warps of even length), colour its nodes in two shades so that every edge joins two shades, as a
chessboard does.  A path alternates shades, so a path whose two ends have the same shade covers
one more node of that shade than of the other, and a path whose ends differ covers as many of
each.  Under ``fill`` every open node lies on exactly one path, so in every connected part of
the board

    (dark nodes) - (light nodes) = (pairs with both ends dark) - (pairs with both ends light).

A part where that fails has no solution under any ``fill`` profile, whatever the paths do:
a classic parity argument for path covers of grid graphs (e.g. Itai, Papadimitriou and
Szwarcfiter, "Hamilton paths in grid graphs", SIAM J. Computing 11(4), 1982, whose colour
condition is the one-pair case).

Why it is worth a pass of its own: no local deduction sees it, and a CDCL solver with lazy
cycle cuts proves such a board unsolvable only by exhausting it, which on a 15x15 board with one
cell painted solid takes seconds to past any budget (``benchmarks/README.md``, the section on
the chessboard count; the check here costs a pass over the nodes).  It says nothing without
``fill`` (cells may stay empty) or on a graph with an odd cycle (hexagons; a warp of odd
length).
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass

import numpy as np

from satlink.board import Board

PER_PART_MAX_NODES = 20_000
"""Up to this many nodes the shades are found by a search over the graph, part by part (any
bipartite geometry, each connected part counted on its own); above it, from the cells'
coordinates in one vectorised pass, the whole board at once (sound too: the parts' sums add
up; an open 1002x1002 board takes about 0.3 s of CPU this way, where a search over its million
nodes in Python would take seconds)."""


@dataclass(frozen=True)
class Imbalance:
    """A connected part of the board whose shades cannot be covered by its pairs' paths."""

    nodes: tuple[int, ...]
    """The part's open nodes (the whole board's, when it is one part)."""
    whole: bool
    """Whether the part is the whole board."""
    chessboard: bool
    """Whether the shades are a chessboard's (row + column even: dark); else two shades
    alternating along every edge, found by search."""
    dark: int
    light: int
    both_dark: tuple[str, ...]
    """Labels whose two ends are dark."""
    both_light: tuple[str, ...]
    bridged: bool = False
    """Whether the part holds a bridge, whose crossings are counted one by one (as nodes)."""

    @property
    def needed(self) -> int:
        """How many more dark nodes than light the pairs' paths cover."""
        return len(self.both_dark) - len(self.both_light)

    def sentence(self) -> str:
        """The proof in plain words."""
        where = "the board" if self.whole else f"this part of the board ({_cells(len(self.nodes))})"
        shades = ("Colour the cells like a chessboard" if self.chessboard else
                  "Colour the cells in two shades, every step changing shade")
        return (f"{shades}: every path alternates shades, so a pair whose two ends are dark "
                f"covers one more dark cell than light, a pair whose ends are light one more "
                f"light, and a mixed pair as many of each. Here the pairs cover "
                f"{_more(self.needed)}, but {where} has {self.dark} dark and {self.light} light "
                f"cells to fill{BRIDGES if self.bridged else ''}: {_more(self.dark - self.light)}. "
                f"So not every cell can be filled.")

    def cells(self, board: Board) -> list[int]:
        """What a drawing highlights: the part, where it is not the whole board; else the ends
        of the pairs whose two ends share a shade (what the count turns on); empty when there
        are none."""
        if not self.whole:
            return sorted({board.node_cell(x) for x in self.nodes})
        return sorted(end for label in self.both_dark + self.both_light
                      for end in board.endpoints[label])

    def as_dict(self, board: Board) -> dict:
        return {"cells": board.coords(self.cells(board)),
                "chessboard": self.chessboard, "dark": self.dark, "light": self.light,
                "both_dark": list(self.both_dark), "both_light": list(self.both_light)}


BRIDGES = " (a bridge counted once for each way across it)"


def _cells(n: int) -> str:
    return f"{n} cell{'s' if n != 1 else ''}"


def _more(difference: int) -> str:
    if difference == 0:
        return "as many dark cells as light"
    shade, other = ("dark", "light") if difference > 0 else ("light", "dark")
    return f"{abs(difference)} more {shade} cell{'s' if abs(difference) != 1 else ''} than {other}"


def imbalance(board: Board) -> Imbalance | None:
    """The first part of ``board`` whose shades its pairs cannot cover under ``fill``, or None
    (no such part, or the graph has an odd cycle where it would matter)."""
    if board.n_nodes <= PER_PART_MAX_NODES:
        return _by_parts(board)
    return _by_coordinates(board)


def _by_parts(board: Board) -> Imbalance | None:
    """Two shades found part by part by breadth-first search, each part's first node taking
    its chessboard shade; a part with an odd cycle is skipped (it proves nothing)."""
    open_nodes = board.open_nodes()
    neighbours = board.graph.neighbours
    chess = _chessboard_shades(board)
    shade: dict[int, int] = {}
    end_label = {end: label for label, ends in board.endpoints.items() for end in ends}
    for start in open_nodes:
        if start in shade:
            continue
        shade[start] = int(chess[start])
        part, queue, bipartite = [start], deque([start]), True
        while queue and bipartite:
            node = queue.popleft()
            for other in neighbours[node]:
                if other not in shade:
                    shade[other] = 1 - shade[node]
                    part.append(other)
                    queue.append(other)
                elif shade[other] == shade[node]:
                    bipartite = False
        if not bipartite:
            _mark_part(part, queue, neighbours, shade)
            continue
        ends = [end_label[x] for x in part if x in end_label]
        labels = set(ends)
        if len(ends) != 2 * len(labels):
            continue  # a pair split between parts: impossible, but for another reason
        like_chess = all(shade[x] == chess[x] for x in part)
        found = _judged(board, part, len(part) == len(open_nodes), like_chess, labels,
                        shade.__getitem__)
        if found is not None:
            return found
    return None


def _mark_part(part: list[int], queue: deque, neighbours, shade: dict[int, int]) -> None:
    """Finish visiting a part found to have an odd cycle, so its other nodes start no part of
    their own (their shades mean nothing)."""
    while queue:
        node = queue.popleft()
        for other in neighbours[node]:
            if other not in shade:
                shade[other] = 0
                part.append(other)
                queue.append(other)


def _chessboard_shades(board: Board) -> np.ndarray:
    """Per node, 0 (dark) where its cell's row + column is even, else 1 (light); a bridge's
    extra crossing takes its cell's shade."""
    cell_of = np.arange(board.n_nodes, dtype=np.int64)
    for node in range(board.size, board.n_nodes):
        cell_of[node] = board.node_cell(node)
    return ((cell_of // board.width + cell_of % board.width) % 2).astype(np.int8)


def _by_coordinates(board: Board) -> Imbalance | None:
    """The chessboard's shades, used only when every edge joins two shades; the whole board as
    one part."""
    shades = _chessboard_shades(board)
    edges = board.edge_array()
    if len(edges) and (shades[edges[:, 0]] == shades[edges[:, 1]]).any():
        return None
    nodes = board.open_nodes()
    light = int(shades[np.asarray(nodes, dtype=np.int64)].sum()) if nodes else 0
    return _judged(board, nodes, True, True, set(board.endpoints), lambda x: int(shades[x]),
                   dark=len(nodes) - light)


def _judged(board: Board, part: list[int], whole: bool, chessboard: bool, labels: set[str],
            shade, dark: int | None = None) -> Imbalance | None:
    """The part's imbalance, if its shades and its pairs' ends disagree."""
    if dark is None:
        dark = sum(1 for x in part if shade(x) == 0)
    light = len(part) - dark
    both_dark, both_light = [], []
    for label in sorted(labels):
        a, b = board.endpoints[label]
        if shade(a) == shade(b):
            (both_dark if shade(a) == 0 else both_light).append(label)
    if not labels or dark - light == len(both_dark) - len(both_light):
        return None  # (a part no pair reaches: impossible, but the deductions say it plainer)
    bridged = board.n_nodes > board.size and (whole or any(x >= board.size for x in part))
    return Imbalance(tuple(part), whole, chessboard, dark, light, tuple(both_dark),
                     tuple(both_light), bridged)


__all__ = ["PER_PART_MAX_NODES", "Imbalance", "imbalance"]
