"""An exact degree test for a partly solved state under ``fill``: whether the undecided part
has a subgraph in which every node has its remaining need (the b-factor of H).  Every completion
is such a subgraph, so a state without one has no solution; it is the strongest test of degrees
alone, stronger than the chessboard count (:mod:`satlink.deduce.shades`).  Not in the engine: a
measurement's (``benchmarks/fill_dives.py``), held to brute force by
``tests/deduce/test_parity_state.py``."""

from __future__ import annotations

from collections import deque

from satlink.deduce import Puzzle


def remaining_needs(p: Puzzle, es: bytes) -> list[int]:
    """Each node's remaining need under fill (0 for closed nodes)."""
    r = [0] * p.n
    for x in p.nodes:
        r[x] = 1 if p.end_label[x] >= 0 else 2
    for e, (a, b) in enumerate(p.edges):
        if es[e] == 1:
            r[a] -= 1
            r[b] -= 1
    return r


def has_b_factor(p: Puzzle, es: bytes) -> bool | None:
    """Whether H has a subgraph of degree r(x) at every node x; None where H is not bipartite."""
    r = remaining_needs(p, es)
    adj: list[list[int]] = [[] for _ in range(p.n)]
    for e, (a, b) in enumerate(p.edges):
        if es[e] == 0 and r[a] > 0 and r[b] > 0:
            adj[a].append(b)
            adj[b].append(a)
    shade = [-1] * p.n
    for start in p.nodes:
        if r[start] > 0 and shade[start] < 0:
            shade[start], queue = 0, deque([start])
            while queue:
                x = queue.popleft()
                for y in adj[x]:
                    if shade[y] < 0:
                        shade[y] = 1 - shade[x]
                        queue.append(y)
                    elif shade[y] == shade[x]:
                        return None
    dark = [x for x in p.nodes if r[x] > 0 and shade[x] == 0]
    if sum(r[x] for x in dark) * 2 != sum(r[x] for x in p.nodes if r[x] > 0):
        return False
    taken: set[tuple[int, int]] = set()  # (dark, light) edges in the subgraph
    degree = [0] * p.n
    for u in dark:
        while degree[u] < r[u]:
            if not _augment(u, adj, r, degree, taken):
                return False
    return True


def _augment(u: int, adj, r: list[int], degree: list[int], taken: set) -> bool:
    """One more edge at dark node ``u`` along an alternating path to a light node with room."""
    before: dict[int, int | None] = {u: None}
    queue, end = deque([u]), -1
    while queue and end < 0:
        x = queue.popleft()
        for y in adj[x]:
            if y in before or (x, y) in taken:
                continue
            before[y] = x
            if degree[y] < r[y]:
                end = y
                break
            for z in adj[y]:  # y is full: free one of its edges from a dark neighbour z
                if z not in before and (z, y) in taken:
                    before[z] = y
                    queue.append(z)
    if end < 0:
        return False
    degree[end] += 1
    degree[u] += 1
    y = end
    while True:
        x = before[y]
        taken.add((x, y))
        z = before[x]
        if z is None:
            return True
        taken.discard((x, z))
        y = z


__all__ = ["has_b_factor", "remaining_needs"]
