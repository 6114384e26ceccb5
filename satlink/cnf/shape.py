"""Shape variables: each open cell takes exactly one of its possible pipe pieces.

An inner cell chooses one of the (up to six) pairs of its edges (─ │ ┌ ┐ └ ┘), an endpoint one
of its (up to four) stubs, and without ``fill`` a plain cell may also be blank.  A shape fixes
every incident edge (``shape → edge`` for its two edges, ``shape → ¬edge`` for the others),
so the edge variables are functions of the shapes and the degree constraints follow: this
replaces the degree family of the edge encodings.  Pieces that would leave the board or enter
a solid cell are never created, so a dead end has no shape at all (an empty clause).
"""

from __future__ import annotations

from itertools import combinations

from satlink.board import EMPTY, SOLID
from satlink.cnf.card import Cardinality
from satlink.cnf.clauses import Clauses
from satlink.cnf.variables import Variables
from satlink.rules import Rules


def cell_shapes(vs: Variables, rules: Rules, cell: int, ch: str) -> list[tuple[int, ...]]:
    """The pieces a cell may take, each as the tuple of neighbours it connects to."""
    neighbours = sorted(vs.board.neighbors(cell))
    if ch != EMPTY:
        return [(n,) for n in neighbours]
    pieces: list[tuple[int, ...]] = list(combinations(neighbours, 2))
    if not rules.fill:
        pieces.append(())
    return pieces


def add_shapes(vs: Variables, rules: Rules, out: Clauses, card: Cardinality) -> None:
    board = vs.board
    names: list[tuple] = []
    per_cell: list[tuple[int, list[tuple[int, ...]]]] = []
    for cell in range(board.n_nodes):  # cells and the bridges' extra crossings
        ch = board.char(cell)
        if ch == SOLID:
            continue
        pieces = cell_shapes(vs, rules, cell, ch)
        per_cell.append((cell, pieces))
        names += [(cell, piece) for piece in pieces]
    var = vs.named_block("shape", names)
    ev = vs.edge_var
    links: list[list[int]] = []
    groups: list[list[int]] = []
    for cell, pieces in per_cell:
        own = list(range(var, var + len(pieces)))
        var += len(pieces)
        groups.append(own)
        for s, piece in zip(own, pieces, strict=True):
            for n in vs.board.neighbors(cell):
                e = ev[(cell, n) if cell < n else (n, cell)]
                links.append([-s, e] if n in piece else [-s, -e])
    out.extend("shape-one", [g for g in groups])  # at least one (an empty list: unsatisfiable)
    card.many_at_most_one(groups, "shape-one")
    out.extend("shape-edge", links)
