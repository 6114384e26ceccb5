"""A complete depth-first search on the compiled engine's trail: solutions without SAT.

The same search as :mod:`satlink.deduce.split` (deduce to a fixpoint; a finished state is a
solution; otherwise split on the ways out of one path end, which takes exactly one of them,
or, where no path end is left, on an undecided edge, on or off), but each case is made on the
state itself and undone from its trail rather than made on a copy.  A case then costs what its
consequences write, not a copy of the board, so the search can visit thousands of states on a
40x20 board in the time SAT takes for its proof, and it needs no bound on its depth.  The
cases are disjoint and cover every solution, so the solutions found are distinct and, when the
search covered every case, they are all there are.

Which path end it splits on decides the size of the tree, not its result.  ``sweep`` (the
default) takes the end first in a sweep along the board's long side (:func:`sweep_rank`), so
the decided part grows as a band as wide as the short side, as a frontier search's does, and a
wrong guess meets its contradiction within the band; ``fewest`` takes the end with the fewest
undecided edges (the order of :class:`~satlink.deduce.split.CaseSplits` when no rank is given).
The measurements behind the choice are in ``benchmarks/README.md``.

Only the compiled engine has a trail; :func:`depth_first` says so when handed another.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from satlink.board import Board

ORDERS = ("fewest", "sweep")


@dataclass
class DepthFirst:
    """One depth-first search: its bounds, and what it found."""

    budget: int
    """States it may deduce (search nodes) before it stops, not having covered every case."""
    limit: int = 2
    """Stop at this many solutions (2: enough to tell unique from multiple)."""
    passes: Sequence[str] = ("corner", "notouch")
    """The techniques of the fixpoint at each state, besides the forced moves."""
    order: str = "sweep"
    rank: Sequence[int] = ()
    """A rank per graph node, the order in which path ends are taken (empty: node order)."""
    deadline: float | None = None
    memo_bytes: int = 0
    """Bytes the search may keep of the states it found without a solution, to close a later
    state of the same key at once (0: none).  The core keeps none under ``notouch`` or
    ``no2x2``, whose cells see their decided neighbours (``dfs.cpp``, ``Dfs::key``)."""
    nodes: int = 0
    memo_hits: int = 0
    """States closed by that memory."""
    complete: bool = False
    """Whether every case was covered (neither a bound nor the limit stopped it)."""
    solutions: list[bytes] = field(default_factory=list)
    """The edge states of each solution found (``ON``/``OFF`` per edge)."""

    @property
    def decided(self) -> bool:
        """Whether the solutions it found are all there are, or as many as asked for."""
        return self.complete or len(self.solutions) >= self.limit


def sweep_rank(board: Board) -> list[int]:
    """Each graph node's place in a sweep along the board's long side, across its short one
    (column by column on a board wider than high); a bridge's extra nodes share their cell's
    place (the search takes the lower node first among equals).  Arithmetic, not a sort: it is
    made once per board searched, on the decided path."""
    w, h, size = board.width, board.height, board.size

    def place(cell: int) -> int:
        return (cell % w) * h + cell // w if w > h else cell

    rank = [place(cell) for cell in range(size)]
    rank += [place(board.node_cell(node)) for node in range(size, board.n_nodes)]
    return rank


def diagonal_rank(board: Board) -> list[int]:
    """Each graph node's place in a sweep along the board's anti-diagonals (row + column), from
    the top left corner; a bridge's extra nodes share their cell's place.  A second order for
    boards whose short side is wide: the search's tree is heavy-tailed in the order, and a
    board whose band sweep runs long often finishes early in this one (``benchmarks/README.md``,
    the section on the wider band)."""
    w, h = board.width, board.height

    def place(cell: int) -> int:
        row, col = divmod(cell, w)
        return (row + col) * h + row

    rank = [place(cell) for cell in range(board.size)]
    rank += [place(board.node_cell(node)) for node in range(board.size, board.n_nodes)]
    return rank


def depth_first(engine: Any, st: Any, search: DepthFirst) -> bool:
    """Search from ``st`` (left as it was) with ``engine``; the outcome lands in ``search``.
    Whether the search decided the board (:attr:`DepthFirst.decided`); False, having done
    nothing, when the engine has no trail (the Python engine)."""
    run = getattr(engine, "dfs", None)
    if run is None:
        return False
    if search.order not in ORDERS:
        raise ValueError(f"order {search.order!r}: one of {', '.join(ORDERS)}")
    run(st, search)
    return search.decided


__all__ = ["ORDERS", "DepthFirst", "depth_first", "diagonal_rank", "sweep_rank"]
