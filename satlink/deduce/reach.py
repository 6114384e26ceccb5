"""The global techniques: a graph search per colour whose candidate graph changed.

``region`` (a colour is ruled out wherever its endpoints cannot reach) and ``bottleneck`` (a
colour stays in the blocks between its endpoints; the cut nodes and edges on the way take
it).  See :mod:`satlink.deduce` for the rules in words.
"""

from __future__ import annotations

from satlink.deduce.puzzle import OFF, Contradiction
from satlink.deduce.state import State


def _due(st: State, technique: int) -> list[int]:
    """Colours whose path is not finished and whose candidate graph changed since
    ``technique`` (0 region, 1 bottleneck) last looked at it."""
    seen, stamp, seg = st.seen[technique], st.stamp, st.seg
    return [k for k, (a, b) in enumerate(st.p.ends) if seg[a] != seg[b] and seen[k] != stamp[k]]


def _reach(st: State, k: int) -> list[bool]:
    """The nodes colour ``k`` can reach from its first endpoint through nodes that may carry
    it, along edges that are not off."""
    p = st.p
    bit = 1 << k
    inc, es, seg, col = p.inc, st.es, st.seg, st.col
    a = p.ends[k][0]
    seen = [False] * p.n
    seen[a] = True
    stack = [a]
    while stack:
        x = stack.pop()
        for e, y in inc[x]:
            if not seen[y] and es[e] != OFF and col[seg[y]] & bit:
                seen[y] = True
                stack.append(y)
    return seen


def region(st: State) -> int:
    """Rule a colour out wherever its endpoints cannot reach."""
    p = st.p
    steps = 0
    for k in _due(st, 0):
        bit = 1 << k
        seen = _reach(st, k)
        if not seen[p.ends[k][1]]:
            raise Contradiction("unreachable", label=k, nodes=p.ends[k], reached=seen)
        moved = False
        for x in p.nodes:
            if not seen[x] and st.col[st.seg[x]] & bit:
                st.restrict(x, ~bit)
                moved = True
        steps += moved
        st.seen[0][k] = st.stamp[k]
    return steps


def bottleneck(st: State) -> int:
    """Keep each colour inside the blocks between its endpoints; the cut nodes and edges on
    the way take it."""
    p = st.p
    steps = 0
    for k in _due(st, 1):
        if st.seg[p.ends[k][0]] == st.seg[p.ends[k][1]]:
            continue  # finished by an earlier colour's deductions in this pass
        steps += _bottleneck(st, k)
        st.seen[1][k] = st.stamp[k]
    return steps


def _bottleneck(st: State, k: int) -> int:
    p = st.p
    bit = 1 << k
    inc, es, seg, col = p.inc, st.es, st.seg, st.col
    a, b = p.ends[k]
    n = p.n
    disc = [-1] * n
    low = [0] * n
    parent = [-1] * n
    via = [-1] * n  # tree edge into the node
    blocks: list[tuple[int, int, list[int]]] = []  # (cut node, child, nodes below)
    stack: list[int] = []
    disc[a] = low[a] = 0
    time = 1
    work = [(a, 0)]
    stack.append(a)
    while work:
        x, i = work[-1]
        edges = inc[x]
        advanced = False
        while i < len(edges):
            e, y = edges[i]
            i += 1
            if es[e] == OFF or not col[seg[y]] & bit:
                continue
            if disc[y] < 0:
                work[-1] = (x, i)
                disc[y] = low[y] = time
                time += 1
                parent[y] = x
                via[y] = e
                stack.append(y)
                work.append((y, 0))
                advanced = True
                break
            if y != parent[x] and disc[y] < low[x]:
                low[x] = disc[y]
        if advanced:
            continue
        work.pop()
        if work:
            px = work[-1][0]
            if low[x] < low[px]:
                low[px] = low[x]
            if low[x] >= disc[px]:
                nodes = []
                while True:
                    z = stack.pop()
                    nodes.append(z)
                    if z == x:
                        break
                blocks.append((px, x, nodes))
    if disc[b] < 0:
        raise Contradiction("unreachable", label=k, nodes=(a, b),
                            reached=[d >= 0 for d in disc])
    on_path = set()
    z = b
    while z != a:
        on_path.add(z)
        z = parent[z]
    allowed = [False] * n
    cuts = []
    bridges = []
    for cut, child, nodes in blocks:
        if child in on_path:
            allowed[cut] = True
            for z in nodes:
                allowed[z] = True
            if cut != a:
                cuts.append(cut)
            if len(nodes) == 1:
                bridges.append(via[child])
    moved = False
    for x in p.nodes:
        if not allowed[x] and col[seg[x]] & bit:
            st.restrict(x, ~bit)
            moved = True
    for x in cuts:
        moved = st.restrict(x, bit) or moved
    for e in bridges:
        moved = st.set_on(e) or moved
    return int(moved)
