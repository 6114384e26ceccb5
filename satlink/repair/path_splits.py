"""Where to split a path in two so that another solution of the board no longer fits (a
repair's split, not the clause that cuts off a detached cycle, :mod:`satlink.solver.cycles`).

Both repairs of an ambiguous board do this: the generator's (a path system and the other
solution the check found, :mod:`satlink.generate.repair`), the designer's ``split`` edit
(the board's first and second solutions, :mod:`satlink.repair.edits`) and the painted
board's ``cut`` fix.  Splitting one of our paths at an edge the other solution does not use
makes the edge's two nodes endpoints of two labels: ours stays valid (each part a simple,
non-touching path), while the other solution passes through those new endpoints and so
breaks where it differed.

It lives beside :class:`satlink.solution.Solution` rather than in either user, since it needs
nothing of a path system or of a board but node lists and an edge set.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import TypeVar

from satlink.graph import edge

Key = TypeVar("Key")


def split_points(paths: Iterable[tuple[Key, list[int]]], theirs: frozenset,
                 shortest: int, can_end: Callable[[int], bool]) -> Iterator[tuple[Key, int]]:
    """Each (key, at), path by path and along each path, where ``path[:at]`` and
    ``path[at:]`` both have at least ``shortest`` nodes, both nodes beside the split may end
    a path (``can_end``: not a bridge crossing), and the edge between them is not in
    ``theirs`` (the other solution's edges)."""
    for key, path in paths:
        for at in range(shortest, len(path) - shortest + 1):
            a, b = path[at - 1], path[at]
            if edge(a, b) not in theirs and can_end(a) and can_end(b):
                yield key, at
