"""Issue 33's forced-moves-only measure of how a puzzle *opens*, on the rows of a plain board.

The measure, as issue 33 defines it so that anyone can reproduce it on published levels:
start from the endpoints, each endpoint a *head* of its colour, and repeat until nothing
applies:

* **J**: a head next to the other head of its own colour joins it; that colour is done;
* **H**: a head of an unfinished colour with exactly one possible continuation (an empty
  neighbour, or the other head of its colour if adjacent) takes it, and that cell becomes
  the head;
* **C**: an empty cell with exactly two usable neighbours (empty cells or heads of
  unfinished colours) must use both; if one of them is a head, the cell takes that head's
  colour and becomes its head (if both are heads of one colour, they join).

Nothing else: no look-ahead, regions, corners or no-touch reasoning, and no colour for a
chain that touches no endpoint.  The figure of a puzzle is the share of its *non-endpoint*
cells coloured; a puzzle is *solved completely* when that share is 1.  Every coloured cell
must agree with the solution (:func:`opening` counts those that do not).

Written on the rows of a plain square board (four neighbours, ``.`` empty, ``#`` solid, any
other character an endpoint) and importing nothing from satlink nor from another benchmark, so
it is a check on the generator's own copy of these rules (:mod:`satlink.generate.play`)
rather than a second use of it, and both ``opening.py`` (which drives ``generator_play.py``'s
workers) and ``generator_play.py`` (whose figures include this share) import it without
importing each other.
"""

from __future__ import annotations

from dataclasses import dataclass
from statistics import median

EMPTY, SOLID = ".", "#"


@dataclass
class Opening:
    """What the three rules did to one puzzle."""

    coloured: dict[tuple[int, int], str]
    """(row, column) -> colour of every non-endpoint cell the rules coloured."""
    cells: int
    """Non-endpoint open cells."""
    wrong: int = 0
    """Coloured cells whose colour is not the solution's (0 on a sound run)."""
    stuck: bool = False
    """A contradiction was met (a cell between heads of two colours): the run stopped there."""

    @property
    def share(self) -> float:
        return len(self.coloured) / self.cells if self.cells else 1.0

    @property
    def complete(self) -> bool:
        return len(self.coloured) == self.cells


def opening(rows: list[str], solution: dict[str, list] | None = None) -> Opening:
    """Run J, H and C to their fixpoint on ``rows``; ``solution`` (label -> [[row, col], ...])
    is what the coloured cells are checked against."""
    colour: dict[tuple[int, int], str | None] = {}
    ends: dict[str, list[tuple[int, int]]] = {}
    for r, line in enumerate(rows):
        for c, ch in enumerate(line):
            if ch == SOLID:
                continue
            colour[(r, c)] = None if ch == EMPTY else ch
            if ch != EMPTY:
                ends.setdefault(ch, []).append((r, c))
    heads = {label: list(cells) for label, cells in ends.items()}  # emptied once joined
    head_of: dict[tuple[int, int], str] = {x: label for label, xs in heads.items() for x in xs}

    def around(x: tuple[int, int]) -> list[tuple[int, int]]:
        r, c = x
        return [y for y in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)) if y in colour]

    def join(label: str) -> None:
        for h in heads[label]:
            del head_of[h]
        heads[label] = []

    def advance(label: str, h: tuple[int, int], to: tuple[int, int]) -> None:
        colour[to] = label
        del head_of[h]
        head_of[to] = label
        heads[label][heads[label].index(h)] = to

    def other(label: str, h: tuple[int, int]) -> tuple[int, int]:
        a, b = heads[label]
        return b if h == a else a

    changed = True
    stuck = False
    while changed and not stuck:
        changed = False
        for label in heads:  # J
            if heads[label] and other(label, heads[label][0]) in around(heads[label][0]):
                join(label)
                changed = True
        for label in heads:  # H
            for h in list(heads[label]):
                if h not in heads[label]:
                    continue
                mate = other(label, h)
                ways = [y for y in around(h) if colour[y] is None or y == mate]
                if len(ways) == 1:
                    if ways[0] == mate:
                        join(label)
                    else:
                        advance(label, h, ways[0])
                    changed = True
        for x in colour:  # C
            if colour[x] is not None:
                continue
            ways = [y for y in around(x) if colour[y] is None or y in head_of]
            if len(ways) != 2:
                continue
            labels = [head_of[y] for y in ways if y in head_of]
            if not labels:
                continue
            if len(labels) == 2 and labels[0] != labels[1]:
                stuck = True  # two colours would meet here: no solution continues
                break
            label = labels[0]
            first = next(y for y in ways if y in head_of)
            advance(label, first, x)
            if len(labels) == 2:
                join(label)
            changed = True
    coloured = {x: k for x, k in colour.items() if k is not None and x not in _ends(ends)}
    wrong = 0
    if solution is not None:
        truth = {(r, c): label for label, path in solution.items() for r, c in path}
        wrong = sum(truth.get(x) != k for x, k in coloured.items())
    cells = sum(1 for x in colour if x not in _ends(ends))
    return Opening(coloured, cells, wrong, stuck)


def _ends(ends: dict[str, list[tuple[int, int]]]) -> set[tuple[int, int]]:
    return {x for xs in ends.values() for x in xs}


def summarise(openings: list[Opening]) -> dict:
    """Mean share, share solved completely, median share, and cells coloured wrongly."""
    shares = [o.share for o in openings]
    return {
        "puzzles": len(openings),
        "mean": sum(shares) / len(shares) if shares else None,
        "complete": sum(o.complete for o in openings) / len(openings) if openings else None,
        "median": median(shares) if shares else None,
        "wrong_cells": sum(o.wrong for o in openings),
        "stuck": sum(o.stuck for o in openings),
    }
