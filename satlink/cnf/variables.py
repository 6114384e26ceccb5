"""Named SAT variables for one board, allocated in arithmetic blocks.

Edge variables are ``1..E`` in the order of ``board.edges``; colour bits follow as one block
of ``k`` per open cell; auxiliaries are numbered on demand.  Every variable can still be
named (``name(v)`` gives ``("edge", a, b)``, ``("bit", cell, i)``, ...) for DIMACS headers
and debugging.  PySAT's ``IDPool`` does the same job with a dictionary lookup per use; on
large boards that lookup alone cost about a fifth of the encoding time, hence the blocks.
"""

from __future__ import annotations

from satlink.board import Board, Edge


class Variables:
    """Edge variables, binary colour-code bits, and auxiliaries created on demand.

    ``edge_var[e]`` is the variable of board edge ``e``; ``bits[cell]`` lists the colour-code
    bits of a cell, least significant first (``k = ceil(log2(labels))`` of them, at least one
    when there is a label); solid cells have none.
    """

    def __init__(self, board: Board):
        self.board = board
        n_edges = len(board.edges)
        self.edge_var: dict[Edge, int] = dict(zip(board.edges, range(1, n_edges + 1), strict=True))
        self.incident: list[list[int]] = [[] for _ in range(board.size)]
        for (a, b), v in self.edge_var.items():
            self.incident[a].append(v)
            self.incident[b].append(v)
        n_labels = len(board.labels)
        k = self.code_bits = max(1, (n_labels - 1).bit_length()) if n_labels else 0
        self._bits_base = n_edges + 1
        self.bits: list[list[int]] = []
        self._bit_cell: list[int] = []
        next_var = self._bits_base
        for cell in range(board.size):
            if board.is_solid(cell):
                self.bits.append([])
                continue
            self.bits.append(list(range(next_var, next_var + k)))
            self._bit_cell.append(cell)
            next_var += k
        self._top = next_var - 1
        self._aux_names: dict[int, tuple] = {}
        self._blocks: list[tuple[int, int, str]] = []
        self._used: dict[int, int] = {}
        self._differ: dict[Edge, list[int]] = {}

    def fresh(self, *name: object) -> int:
        """A new auxiliary variable, remembered under ``name``."""
        self._top += 1
        self._aux_names[self._top] = name
        return self._top

    def fresh_block(self, count: int, name: str) -> int:
        """``count`` new variables ``first..first+count-1`` named ``(name, offset)``."""
        first = self._top + 1
        self._top += count
        self._blocks.append((first, count, name))
        return first

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
        return self._top

    def name(self, var: int) -> tuple:
        """What a variable means (for DIMACS headers and debugging)."""
        n_edges = len(self.board.edges)
        if 1 <= var <= n_edges:
            return ("edge", *self.board.edges[var - 1])
        k = self.code_bits
        if k and var < self._bits_base + k * len(self._bit_cell):
            offset = var - self._bits_base
            return ("bit", self._bit_cell[offset // k], offset % k)
        if var in self._aux_names:
            return self._aux_names[var]
        for first, count, family in self._blocks:
            if first <= var < first + count:
                return (family, var - first)
        raise KeyError(f"no variable {var}")
