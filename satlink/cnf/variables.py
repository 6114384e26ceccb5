"""Named SAT variables for one board.

Variables are allocated through PySAT's :class:`IDPool`, keyed by what they mean
(``("edge", a, b)``, ``("bit", cell, i)``, ...), so a model decodes by lookup and a DIMACS
header can name every variable.  Hot loops read the plain lists built here, not the pool.
"""

from __future__ import annotations

from pysat.formula import IDPool

from satlink.board import Board, Edge


class Variables:
    """Edge variables, binary colour-code bits, and auxiliaries created on demand.

    ``edge_var[e]`` is the variable of board edge ``e``; ``bits[cell]`` lists the colour-code
    bits of a cell, least significant first (``k = ceil(log2(labels))`` of them, at least one
    when there is a label).
    """

    def __init__(self, board: Board):
        self.board = board
        self.pool = IDPool()
        self.edge_var: dict[Edge, int] = {e: self.pool.id(("edge", *e)) for e in board.edges}
        self.incident: list[list[int]] = [[] for _ in range(board.size)]
        for (a, b), v in self.edge_var.items():
            self.incident[a].append(v)
            self.incident[b].append(v)
        n_labels = len(board.labels)
        self.code_bits = max(1, (n_labels - 1).bit_length()) if n_labels else 0
        self.bits: list[list[int]] = [
            [] if board.is_solid(c) else [self.pool.id(("bit", c, i)) for i in range(self.code_bits)]
            for c in range(board.size)
        ]
        self._used: dict[int, int] = {}
        self._differ: dict[Edge, list[int]] = {}

    def fresh(self, *name: object) -> int:
        return self.pool.id(name)

    def used(self, cell: int) -> int | None:
        """A variable that must be true when ``cell`` lies on a path (None: always true)."""
        return self._used.get(cell)

    def set_used(self, cell: int, var: int) -> None:
        self._used[cell] = var

    def differ(self, a: int, b: int) -> list[int] | None:
        """Per-bit "codes of a and b differ here" variables, if the differ family made them."""
        return self._differ.get((a, b) if a < b else (b, a))

    def set_differ(self, e: Edge, variables: list[int]) -> None:
        self._differ[e] = variables

    @property
    def top(self) -> int:
        return self.pool.top

    def name(self, var: int) -> tuple:
        """What a variable means (for DIMACS headers and debugging)."""
        return self.pool.obj(var)
