"""Repair an ambiguous candidate instead of discarding it.

Given our solution and another solution of the same board, cut one of our paths at an edge
the other solution does not use: the two cells of that edge become endpoints of two new
labels.  Our solution stays valid (each half is still a simple, non-touching path), while the
other solution is broken where it differed.  Re-check and repeat until unique.
"""

from __future__ import annotations

import random

from satlink.board import edge
from satlink.generate.paths import PathSystem
from satlink.solution import Solution


def split_on_difference(system: PathSystem, other: Solution, min_length: int,
                        rng: random.Random) -> bool:
    """Split a path at an edge of ours missing from ``other``; False if none qualifies."""
    theirs = other.edges()
    choices = []
    for i, path in enumerate(system.paths):
        for cut in range(min_length, len(path) - min_length + 1):
            if edge(path[cut - 1], path[cut]) not in theirs and system.can_cut(path, cut):
                choices.append((i, cut))
    if not choices:
        return False
    i, cut = rng.choice(choices)
    path = system.paths[i]
    system.paths[i] = path[:cut]
    system.paths.append(path[cut:])
    return True
