"""What stays fixed while a board is deduced: its graph, endpoints and rules, and the three
states of an edge.  See :mod:`satlink.deduce` for the rules the engine applies."""

from __future__ import annotations

from functools import cached_property

from satlink.board import Board
from satlink.rules import Rules
from satlink.runtime.cancel import Cancelled

UNKNOWN, ON, OFF = 0, 1, 2


class Contradiction(Exception):
    """The state admits no solution, and what failed.

    ``kind`` names the failure (:data:`FAILURES`), ``label`` the colour involved (its index,
    -1 if none), ``nodes`` and ``edges`` where it happened, ``reached`` (``region`` and
    ``bottleneck``) the per-node flags of the nodes the colour could still reach.  They are
    filled in where the failure is raised, from values the deduction already holds, so
    raising costs nothing more than before; :mod:`satlink.explain` turns them into words and
    cells.  A bare ``Contradiction()`` (kind ``""``) is still a proof, just not a located one.
    """

    def __init__(self, kind: str = "", *, label: int = -1, nodes: tuple[int, ...] = (),
                 edges: tuple[int, ...] = (), reached: list[bool] | None = None):
        super().__init__(kind)
        self.kind = kind
        self.label = label
        self.nodes = nodes
        self.edges = edges
        self.reached = reached


FAILURES = {
    "too-many": "a node has more path edges than it may use",
    "no-way": "a node has fewer ways left than it needs",
    "edge-on-off": "an edge must be both used and unused",
    "loop": "an edge would close a loop",
    "two-colours": "an edge would join two different colours",
    "touch": "a path would run beside itself (notouch)",
    "no-colour": "a node has no colour left that can reach it",
    "empty-on-path": "a node on a path would have to stay empty",
    "unreachable": "a colour cannot reach its pair",
    "split": "neighbours of one colour cannot be joined (notouch)",
    "block": "a block of the geometry would lie on one path (no2x2)",
    "parity": "a region's two shades cannot be covered by its paths (fill)",
}
"""Every ``Contradiction.kind`` the engine raises, in words."""


class OutOfTime(Cancelled):
    """The deadline given to :func:`satlink.deduce.fixpoint` passed, or the work's token was
    cancelled (the compiled engine reads its flag inside its passes).  A kind of
    :class:`~satlink.runtime.cancel.Cancelled`, so work stopped inside a pass under a budget
    (:func:`satlink.runtime.cancel.within`) is caught where a budget's end is expected."""


class BudgetSpent(Exception):
    """The look-ahead tried as many hypotheses as it may."""


class Puzzle:
    """What stays fixed while a board is graded: its graph, endpoints and rules.

    The graph's parts the Python engine walks (``nodes``, ``edges``, ``inc``, ``neighbours``,
    ``block_of``) are made on first use: the compiled engine reads the graph's edge array
    instead, and on a 1002x1002 board making millions of tuples would cost it seconds.
    """

    def __init__(self, board: Board, rules: Rules):
        graph = board.graph
        n = graph.n_nodes
        self.board = board
        self.n = n
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
        self.unused = 0 if self.fill else 1 << self.k
        self.colours = (1 << self.k) - 1

    @cached_property
    def nodes(self) -> list[int]:
        return self.board.open_nodes()

    @cached_property
    def edges(self) -> tuple[tuple[int, int], ...]:
        return self.board.graph.edges

    @cached_property
    def inc(self) -> list[list[tuple[int, int]]]:
        return self.board.graph.incidence

    @cached_property
    def neighbours(self) -> list[frozenset[int]]:
        return [frozenset(ys) for ys in self.board.graph.neighbours]

    @cached_property
    def block_of(self) -> list[list[tuple[int, ...]]]:
        block_of: list[list[tuple[int, ...]]] = [[] for _ in range(self.n)]
        for block in self.blocks:
            for x in block:
                block_of[x].append(block)
        return block_of

    @property
    def edge_index(self) -> dict[tuple[int, int], int]:
        """Edge -> its index, made on first use: the deductions never ask, and on a
        1002x1002 board the dict cost two seconds."""
        return self.board.graph.edge_index
