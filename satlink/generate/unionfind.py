"""The seeds' generator, as written: union-find path growth, leftovers become solid.

Repeatedly pick a random pair of neighbouring free cells and start a path there (union them);
extend it one random free neighbour at a time, accepting a new cell only if its only
neighbour on the current path is the previous cell (so a path never touches itself); stop
when it cannot extend, and mark its two ends as endpoints.  When no free neighbouring pair
remains, the leftover isolated cells become solid.
"""

from __future__ import annotations

import random

from satlink.board import Board
from satlink.generate.paths import PathSystem
from satlink.runtime.cancel import stop_if_cancelled


class UnionFind:
    """Disjoint sets of cells: which path a cell joined."""

    def __init__(self, n: int):
        self.parent = list(range(n))

    def find(self, x: int) -> int:
        parent = self.parent
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    def union(self, a: int, b: int) -> None:
        ra, rb = self.find(a), self.find(b)
        if ra != rb:
            self.parent[rb] = ra


def grow_paths(width: int, height: int, rng: random.Random, layout: Board | None = None) -> PathSystem:
    """The seeds' algorithm on an empty board (the plain grid, or ``layout``'s graph)."""
    system = PathSystem(width, height, layout=layout)
    grow_paths_in(system, set(system.nodes()), rng)
    return system


def grow_paths_in(system: PathSystem, region: set[int], rng: random.Random) -> None:
    """Grow paths in the free cells ``region``, adding them to ``system``; cells of the region
    left isolated become solid (the whole board is the seeds' algorithm as written).  A path
    never starts or stops on a bridge crossing: it starts from the other cell of its first
    pair, and a tail stuck on a crossing is given back."""
    n = system.n_nodes
    uf = UnionFind(n)
    free = [False] * n
    for cell in region:
        free[cell] = True
    # a random order of all neighbouring pairs; the first still-free pair in it is a uniform
    # choice among the free pairs at that moment
    pairs = []
    for i, a in enumerate(sorted(region)):
        if not i & 1023:
            stop_if_cancelled()  # seconds on a board of a million cells
        pairs.extend((a, b) for b in system.neighbours(a) if a < b and free[b])
    stop_if_cancelled()
    rng.shuffle(pairs)
    for i, (a, b) in enumerate(pairs):
        if not i & 1023:
            stop_if_cancelled()  # a board of a million cells grows for seconds
        if not (free[a] and free[b]):
            continue
        if not system.can_end(a):
            if not system.can_end(b):
                continue
            a, b = b, a
        free[a] = free[b] = False
        uf.union(a, b)
        path = [a, b]
        while True:
            tail = path[-1]
            root = uf.find(tail)
            options = [x for x in system.neighbours(tail) if free[x] and all(
                m == tail or free[m] or uf.find(m) != root for m in system.neighbours(x))]
            if not options:
                break
            nxt = rng.choice(options)
            free[nxt] = False
            uf.union(tail, nxt)
            path.append(nxt)
        while path and not system.can_end(path[-1]):
            free[path.pop()] = True  # still in the path's set: later paths only avoid it more
        if len(path) < 2:
            for cell in path:
                free[cell] = True
            continue
        system.paths.append(path)
    system.solids |= {cell for cell in region if free[cell]}
