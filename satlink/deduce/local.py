"""The local techniques: each looks only at the nodes that changed since it last ran.

``forced`` (a node with as many ways left as it needs takes them, a satisfied node closes the
rest, no joining two colours nor closing a loop), ``corner`` (the staircase inside a bend) and
``notouch`` (with the ``no2x2`` blocks).  See :mod:`satlink.deduce` for the rules in words.
"""

from __future__ import annotations

from satlink.deduce.puzzle import OFF, ON, UNKNOWN, Contradiction
from satlink.deduce.state import State


def forced(st: State) -> int:
    """Run the forced rules to a fixpoint; returns the number of nodes that moved."""
    p = st.p
    inc, es, queue, queued = p.inc, st.es, st.queue, st.queued
    steps = 0
    while queue:
        x = queue.popleft()
        queued[x] = 0
        moved = False
        need = st.need(x)
        on, unk = st.on[x], st.unk[x]
        if need < 0 and unk < 2:  # (without fill) too few ways to be on a path: empty
            moved = st.restrict(x, p.unused)
            need = 0
        if need >= 0:
            if on > need or on + unk < need:
                raise Contradiction("too-many" if on > need else "no-way", nodes=(x,))
            if unk and on == need:
                for e, _ in inc[x]:
                    if es[e] == UNKNOWN:
                        st.set_off(e)
                moved = True
            elif unk and on + unk == need:
                for e, _ in inc[x]:
                    if es[e] == UNKNOWN:
                        st.set_on(e)
                moved = True
        if st.unk[x]:
            sx, mine = st.seg[x], st.col[st.seg[x]] & p.colours
            for e, y in inc[x]:
                if es[e] == UNKNOWN and (st.seg[y] == sx or not mine & st.col[st.seg[y]]):
                    st.set_off(e)
                    moved = True
        if moved:
            steps += 1
    return steps


def corner(st: State) -> int:
    """Edges into a bend from the node inside it are off (notouch only).  The colour of the
    bend reaches that node through the notouch rule on the closed edges."""
    p = st.p
    if not p.notouch:
        return 0
    es, inc, nb = st.es, p.inc, p.neighbours
    steps = 0
    for x in st.changed(0):
        if st.on[x] != 2 or p.end_label[x] >= 0:
            continue
        n1, n2 = (y for e, y in inc[x] if es[e] == ON)
        moved = False
        for d in sorted((nb[n1] & nb[n2]) - {x}):
            for e, y in inc[d]:
                if (y == n1 or y == n2) and es[e] == UNKNOWN:
                    st.set_off(e)
                    moved = True
        steps += moved
    return steps


def notouch(st: State) -> int:
    """Around each changed node: a move that would make a chain run beside itself is off;
    neighbours of one known colour are joined; a known colour stays off a closed side; no
    block lies on one path."""
    p = st.p
    changed = st.changed(1)
    steps = 0
    es, seg, col, colours = st.es, st.seg, st.col, p.colours
    if p.notouch:
        for x in changed:
            for e, y in p.inc[x]:
                state = es[e]
                if state == ON:
                    continue
                cx, cy = col[seg[x]], col[seg[y]]
                if cx == cy and cx & colours and not cx & (cx - 1):
                    if state == OFF:
                        raise Contradiction("split", label=cx.bit_length() - 1, nodes=(x, y),
                                            edges=(e,))
                    st.set_on(e)
                    steps += 1
                elif state == UNKNOWN:
                    if (st.on[x] or st.on[y]) and st.would_touch(e):
                        st.set_off(e)
                        steps += 1
                else:
                    for v, cu in ((y, cx), (x, cy)):
                        if cu & colours and not cu & (cu - 1) and col[seg[v]] & cu:
                            st.restrict(v, ~cu)
                            steps += 1
    if p.blocks:
        for x in changed:
            for block in p.block_of[x]:
                steps += _block(st, block)
    return steps


def _block(st: State, block: tuple[int, ...]) -> int:
    """No block lies on one path: if all but one of its nodes carry colour c, the last does
    not."""
    p = st.p
    known = [st.colour(x) for x in block]
    for c in sorted(set(known)):
        if not c & p.colours or c & (c - 1):
            continue
        others = [x for x, k in zip(block, known, strict=True) if k != c]
        if not others:
            raise Contradiction("block", label=c.bit_length() - 1, nodes=block)
        if len(others) == 1 and st.colour(others[0]) & c:
            st.restrict(others[0], ~c)
            return 1
    return 0


def finished(st: State) -> bool:
    """Whether every edge is decided; raises :class:`Contradiction` if the result fills a
    no2x2 block (notouch is kept by :meth:`State.set_on` as chains grow)."""
    if not st.complete():
        return False
    for block in st.p.blocks:
        _block(st, block)
    return True
