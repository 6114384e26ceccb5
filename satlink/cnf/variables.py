"""Named SAT variables for one board, allocated in arithmetic blocks.

Edge variables are ``1..E`` in the order of ``board.edges``; every other family (colour bits,
one-hot colours, shapes, ranks, auxiliaries) is a block allocated by the module that needs it.
Every variable can still be named (``name(v)`` gives ``("edge", a, b)``, ``("bit", cell, i)``,
...) for DIMACS headers and debugging.  PySAT's ``IDPool`` does the same job with a dictionary
lookup per use; on large boards that lookup alone cost about a fifth of the encoding time,
hence the blocks.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property

import numpy as np

from satlink.board import Board
from satlink.graph import Edge, GraphArrays, edge_of_variable, edge_variable


@dataclass(frozen=True)
class _Block:
    first: int
    count: int
    family: str
    cells: Sequence[int] | None  # per-cell blocks: cell of each group of `per` variables
    per: int
    names: Sequence[tuple] | None = None  # named blocks: the rest of each variable's name


class Variables:
    """Edge variables plus the blocks the encoding modules allocate, and nothing else.

    ``edge_var[e]`` is the variable of board edge ``e``; ``graph`` has the same as arrays.
    It only numbers and names variables: what a module builds on them (a colour scheme, the
    usage variables) is a value that module returns and hands to the rules that need it.
    """

    def __init__(self, board: Board):
        self.board = board
        self._top = board.n_edges
        self._blocks: list[_Block] = []
        self._firsts: list[int] = []

    @cached_property
    def edge_var(self) -> dict[Edge, int]:
        """Board edge -> its variable (:func:`satlink.graph.edge_variable`), built on first
        use: the default families work on :attr:`graph`'s arrays, and this dictionary is large
        on huge boards (``benchmarks/README.md``)."""
        edges = self.board.edges
        return dict(zip(edges, range(edge_variable(0), edge_variable(len(edges))), strict=True))

    def fresh_block(self, count: int, name: str) -> int:
        """``count`` new variables ``first..first+count-1`` named ``(name, offset)``."""
        return self._add_block(count, name, None, 1)

    def cell_block(self, family: str, cells: Sequence[int], per: int) -> list[list[int]]:
        """``per`` variables for each of ``cells``, named ``(family, cell, i)``.

        Returns a list indexed by board cell (empty lists for cells not given).
        """
        first = self._add_block(per * len(cells), family, list(cells), per)
        out: list[list[int]] = [[] for _ in range(self.board.n_nodes)]
        for j, cell in enumerate(cells):
            out[cell] = list(range(first + j * per, first + (j + 1) * per))
        return out

    def cell_array(self, family: str, cells: np.ndarray, per: int) -> np.ndarray:
        """Like :meth:`cell_block`, as an (all cells) x ``per`` array, 0 for cells not given."""
        first = self._add_block(per * len(cells), family, cells, per)
        out = np.zeros((self.board.n_nodes, per), dtype=np.int64)
        if per:
            out[cells] = first + np.arange(len(cells) * per, dtype=np.int64).reshape(-1, per)
        return out

    @property
    def graph(self) -> GraphArrays:
        """The board graph as arrays (:attr:`satlink.graph.BoardGraph.arrays`), for the
        vectorised families."""
        return self.board.graph.arrays

    def named_block(self, family: str, names: Sequence[tuple]) -> int:
        """One variable per entry of ``names``, named ``(family, *names[i])``; returns the first."""
        return self._add_block(len(names), family, None, 1, list(names))

    def _add_block(self, count: int, family: str, cells: Sequence[int] | None, per: int,
                   names: Sequence[tuple] | None = None) -> int:
        first = self._top + 1
        if count:
            self._blocks.append(_Block(first, count, family, cells, per, names))
            self._firsts.append(first)
            self._top += count
        return first

    def blocks(self) -> list[tuple[int, int, str, int]]:
        """(first, count, family, per cell or 0) of every block after the edges, in order."""
        return [(b.first, b.count, b.family, b.per if b.cells is not None else 0)
                for b in self._blocks]

    @property
    def top(self) -> int:
        return self._top

    def skip_to(self, top: int) -> None:
        """Account for variables an external encoder (PySAT's CardEnc) numbered up to ``top``."""
        if top > self._top:
            self.fresh_block(top - self._top, "card")

    def name(self, var: int) -> tuple:
        """What a variable means (for DIMACS headers and debugging)."""
        n_edges = self.board.n_edges
        if edge_variable(0) <= var < edge_variable(n_edges):
            return ("edge", *self.board.edges[edge_of_variable(var)])
        i = bisect_right(self._firsts, var) - 1
        if i >= 0:
            block = self._blocks[i]
            offset = var - block.first
            if offset < block.count:
                if block.names is not None:
                    return (block.family, *block.names[offset])
                if block.cells is not None:
                    return (block.family, int(block.cells[offset // block.per]), offset % block.per)
                return (block.family, offset)
        raise KeyError(f"no variable {var}")
