"""The seeds' generator, as written: union-find path growth, leftovers become solid.

Repeatedly pick a random pair of neighbouring free cells and start a path there (union them);
extend it one random free neighbour at a time, accepting a new cell only if its only
neighbour on the current path is the previous cell (so a path never touches itself); stop
when it cannot extend, and mark its two ends as endpoints.  When no free neighbouring pair
remains, the leftover isolated cells become solid.
"""

from __future__ import annotations

import random

from satlink.generate.paths import PathSystem


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


def grow_paths(width: int, height: int, rng: random.Random) -> PathSystem:
    """The seeds' algorithm on an empty board."""
    system = PathSystem(width, height)
    grow_paths_in(system, set(range(width * height)), rng)
    return system


def grow_paths_in(system: PathSystem, region: set[int], rng: random.Random) -> None:
    """Grow paths in the free cells ``region``, adding them to ``system``; cells of the region
    left isolated become solid.  (The whole board is the seeds' algorithm as written; a
    smaller region is how the improver re-routes around a leftover cell.)"""
    n = system.width * system.height
    uf = UnionFind(n)
    free = [False] * n
    for cell in region:
        free[cell] = True
    # a random order of all neighbouring pairs; the first still-free pair in it is a uniform
    # choice among the free pairs at that moment
    pairs = [(a, b) for a in sorted(region) for b in system.neighbours(a) if a < b and free[b]]
    rng.shuffle(pairs)
    for a, b in pairs:
        if not (free[a] and free[b]):
            continue
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
        system.paths.append(path)
    system.solids |= {cell for cell in region if free[cell]}
