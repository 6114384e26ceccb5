"""What stays fixed while a board is deduced: its graph, endpoints and rules, and the three
states of an edge.  See :mod:`satlink.deduce` for the rules the engine applies."""

from __future__ import annotations

from satlink.board import Board
from satlink.rules import Rules

UNKNOWN, ON, OFF = 0, 1, 2


class Contradiction(Exception):
    """The state admits no solution."""


class OutOfTime(Exception):
    """The deadline given to :func:`satlink.deduce.fixpoint` passed."""


class Puzzle:
    """What stays fixed while a board is graded: its graph, endpoints and rules."""

    def __init__(self, board: Board, rules: Rules):
        graph = board.graph
        n = graph.n_nodes
        self.board = board
        self.n = n
        self.nodes = board.open_nodes()
        self.edges = graph.edges
        self.inc = graph.incidence
        self.edge_index = graph.edge_index
        self.neighbours = [frozenset(ys) for ys in graph.neighbours]
        self.labels = board.labels
        self.k = len(self.labels)
        self.ends = [board.endpoints[label] for label in self.labels]
        self.end_label = [-1] * n
        for k, (a, b) in enumerate(self.ends):
            self.end_label[a] = self.end_label[b] = k
        self.fill = rules.fill
        self.notouch = rules.notouch
        # the blocks of no2x2 (under notouch alone the corner and notouch rules do their work,
        # and a block cut by a wall may lie on one path)
        self.blocks = graph.open_blocks if rules.no2x2 else []
        self.block_of: list[list[tuple[int, ...]]] = [[] for _ in range(n)]
        for block in self.blocks:
            for x in block:
                self.block_of[x].append(block)
        self.unused = 0 if self.fill else 1 << self.k
        self.colours = (1 << self.k) - 1
