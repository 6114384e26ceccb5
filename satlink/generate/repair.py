"""Repair an ambiguous candidate instead of discarding it (the growth without the walk).

Given our solution and another solution of the same board, cut one of our paths at an edge
the other solution does not use (:mod:`satlink.repair.path_splits`): the two cells of that edge become
endpoints of two new labels.  Re-check and repeat until unique.
"""

from __future__ import annotations

import random

from satlink.generate.paths import PathSystem
from satlink.repair.path_splits import split_points
from satlink.solution import Solution


def split_on_difference(system: PathSystem, other: Solution, min_length: int,
                        rng: random.Random) -> bool:
    """Split a path at an edge of ours missing from ``other``; False if none qualifies."""
    choices = list(split_points(enumerate(system.paths), other.edges(), min_length,
                                     system.can_end))
    if not choices:
        return False
    i, cut = rng.choice(choices)
    path = system.paths[i]
    system.paths[i] = path[:cut]
    system.paths.append(path[cut:])
    return True
