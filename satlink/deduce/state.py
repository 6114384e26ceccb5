"""The state of a partly solved board: edge states, chains and colour sets.

Nodes joined by ``ON`` edges form *chains*: pieces of one path, whose colour is the set its
nodes share; a chain's two *ends* are where it may still grow.  Without ``fill`` a node may
stay empty: its colour set then holds the extra bit ``U`` (unused).

This module is how a state changes (an edge decided, a colour ruled out) and keeps its
chains and change logs right; what a state answers without changing (the search's heads,
progress counts, the solution) is :mod:`satlink.deduce.questions`.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator

from satlink.deduce.puzzle import OFF, ON, Contradiction, Puzzle
from satlink.deduce.questions import Questions


class State(Questions):
    """Edge states, chains and colour sets of a partly solved board (cheap to copy); what it
    answers without changing is :class:`Questions`'.

    Every change is logged by node, so the local passes (``corner``, ``notouch``) look only
    at what changed since they last ran, and every change to a colour's candidate graph
    bumps that colour's stamp, so the global passes (``region``, ``bottleneck``) analyse
    only the colours whose graph changed.
    """

    __slots__ = ("p", "es", "on", "unk", "seg", "col", "size", "end1", "end2", "queue", "queued",
                 "stamp", "seen", "log", "cursor", "undecided")

    def __init__(self, p: Puzzle | None = None):
        if p is None:
            return
        n = p.n
        self.p = p
        self.es = bytearray(len(p.edges))
        self.undecided = len(p.edges)  # edges neither on nor off: complete() without a scan
        self.on = [0] * n
        self.unk = [len(p.inc[x]) for x in range(n)]
        self.seg = list(range(n))  # chain id: a node of the chain
        free = p.colours | p.unused
        self.col = [0] * n  # colour set, by chain id
        for x in p.nodes:
            k = p.end_label[x]
            self.col[x] = free if k < 0 else 1 << k
        self.size = [1] * n
        self.end1 = list(range(n))  # the chain's ends, by chain id
        self.end2 = list(range(n))
        self.queue: deque[int] = deque(p.nodes)  # nodes the forced rules look at again
        self.queued = bytearray(n)
        for x in p.nodes:
            self.queued[x] = 1
        # stamp[k] changes whenever colour k's candidate graph loses a node or an edge;
        # seen[t][k] is the stamp a global pass t (0 region, 1 bottleneck) last analysed k at
        self.stamp = [0] * p.k
        self.seen = ([-1] * p.k, [-1] * p.k)
        self.log: list[int] = list(p.nodes)  # changed nodes; cursor[t]: read by local pass t
        self.cursor = [0, 0]

    def copy(self) -> State:
        other = State()
        other.p = self.p
        other.es = bytearray(self.es)
        other.undecided = self.undecided
        other.on = self.on[:]
        other.unk = self.unk[:]
        other.seg = self.seg[:]
        other.col = self.col[:]
        other.size = self.size[:]
        other.end1 = self.end1[:]
        other.end2 = self.end2[:]
        other.queue = deque(self.queue)
        other.queued = bytearray(self.queued)
        other.stamp = self.stamp[:]
        other.seen = (self.seen[0][:], self.seen[1][:])
        read = min(self.cursor)
        other.log = self.log[read:]
        other.cursor = [c - read for c in self.cursor]
        return other

    # -- facts ------------------------------------------------------------------------
    def colour(self, x: int) -> int:
        return self.col[self.seg[x]]

    def push(self, x: int) -> None:
        self.log.append(x)
        if not self.queued[x]:
            self.queued[x] = 1
            self.queue.append(x)

    def along(self, end: int) -> Iterator[int]:
        """The nodes of the chain that ends at ``end``, in order from it (one walk for the
        chain, its part up to a node, and the touch test)."""
        inc, es = self.p.inc, self.es
        prev, cur = -1, end
        while cur >= 0:
            yield cur
            nxt = -1
            for e, y in inc[cur]:
                if es[e] == ON and y != prev:
                    nxt = y
                    break
            prev, cur = cur, nxt

    def chain(self, end: int) -> list[int]:
        """The nodes of the chain that ends at ``end``, in order."""
        return list(self.along(end))

    def touch(self, colours: int) -> None:
        """The candidate graphs of ``colours`` lost something."""
        stamp = self.stamp
        while colours:
            low = colours & -colours
            stamp[low.bit_length() - 1] += 1
            colours ^= low

    def set_off(self, e: int) -> bool:
        state = self.es[e]
        if state == OFF:
            return False
        if state == ON:
            raise Contradiction("edge-on-off", nodes=self.p.edges[e], edges=(e,))
        self.es[e] = OFF
        self.undecided -= 1
        a, b = self.p.edges[e]
        self.touch(self.col[self.seg[a]] & self.col[self.seg[b]] & self.p.colours)
        self.unk[a] -= 1
        self.unk[b] -= 1
        self.push(a)
        self.push(b)
        return True

    def set_on(self, e: int) -> bool:
        state = self.es[e]
        if state == ON:
            return False
        if state == OFF:
            raise Contradiction("edge-on-off", nodes=self.p.edges[e], edges=(e,))
        p = self.p
        a, b = p.edges[e]
        sa, sb = self.seg[a], self.seg[b]
        if sa == sb:
            raise Contradiction("loop", nodes=(a, b), edges=(e,))
        colour = self.col[sa] & self.col[sb] & p.colours
        if not colour:
            raise Contradiction("two-colours", nodes=(a, b), edges=(e,))
        for x in (a, b):  # a third path edge (a second at an endpoint): the chain walks of
            if self.on[x] >= (1 if p.end_label[x] >= 0 else 2):  # the touch test and _part
                raise Contradiction("too-many", nodes=(x,), edges=(e,))  # need simple chains
        if p.notouch and (self.on[a] or self.on[b]) and self.would_touch(e):
            raise Contradiction("touch", nodes=(a, b), edges=(e,))
        self.es[e] = ON
        self.undecided -= 1
        self.on[a] += 1
        self.on[b] += 1
        self.unk[a] -= 1
        self.unk[b] -= 1
        # the new chain's ends: the far ends of the two chains joined at a and b
        far_a = self.end2[sa] if self.end1[sa] == a else self.end1[sa]
        far_b = self.end2[sb] if self.end1[sb] == b else self.end1[sb]
        # the nodes that learn the colour: those of a side whose colour it was not yet
        # (logging the whole chain at every step made a growing path quadratic)
        single = not colour & (colour - 1)
        learn_a, learn_b = single and self.col[sa] != colour, single and self.col[sb] != colour
        if self.size[sa] < self.size[sb]:
            keep, small, start, before = sb, sa, a, b
        else:
            keep, small, start, before = sa, sb, b, a
        self._relabel(start, before, keep)
        self.size[keep] += self.size[small]
        # the colours either side loses leave its nodes: their candidate graphs lost them
        self.touch((self.col[sa] | self.col[sb]) & ~colour & p.colours)
        self.col[keep] = colour
        self.end1[keep], self.end2[keep] = far_a, far_b
        for x in (a, b, far_a, far_b):
            self.push(x)
        if learn_a:  # its sides learn the colour (notouch)
            self.log.extend(self._part(far_a, a))
        if learn_b:
            self.log.extend(self._part(far_b, b))
        return True

    def _part(self, end: int, stop: int) -> list[int]:
        """The nodes of a chain from its end ``end`` to ``stop``, in order."""
        out = []
        for x in self.along(end):
            out.append(x)
            if x == stop:
                return out
        raise AssertionError("stop is not on the chain")  # a bug, never a verdict

    def _relabel(self, start: int, before: int, chain: int) -> None:
        """Walk the chain from ``start`` (away from ``before``) giving its nodes id ``chain``."""
        inc, es, seg = self.p.inc, self.es, self.seg
        prev, cur = before, start
        while True:
            seg[cur] = chain
            nxt = -1
            for e, y in inc[cur]:
                if es[e] == ON and y != prev and seg[y] != chain:
                    nxt = y
                    break
            if nxt < 0:
                return
            prev, cur = cur, nxt

    def restrict(self, x: int, mask: int) -> bool:
        """Keep only the colours of ``mask`` on ``x``'s chain."""
        s = self.seg[x]
        old = self.col[s]
        new = old & mask
        if new == old:
            return False
        if not new or (new == self.p.unused and self.on[x]):
            raise Contradiction("no-colour" if not new else "empty-on-path", nodes=(x,))
        self.col[s] = new
        self.touch(old & ~new & self.p.colours)
        self.push(self.end1[s])
        self.push(self.end2[s])
        self.push(x)
        if self.size[s] > 2 and new & self.p.colours and not new & (new - 1):
            self.log.extend(self.chain(self.end1[s]))
        return True

    def would_touch(self, e: int) -> bool:
        """Whether turning edge ``e`` on makes the joined chain run beside itself."""
        p = self.p
        a, b = p.edges[e]
        sa, sb = self.seg[a], self.seg[b]
        if self.size[sa] > self.size[sb]:
            a, b, sa, sb = b, a, sb, sa
        seg, nb = self.seg, p.neighbours
        # walked from the joining end when ``a`` is one: a touch is mostly a U-turn beside the
        # join, found in a step or two instead of after the whole chain
        start = a if a == self.end1[sa] or a == self.end2[sa] else self.end1[sa]
        for x in self.along(start):  # stopping at the first touch
            for y in nb[x]:
                if seg[y] == sb and not (x == a and y == b):
                    return True
        return False

    def changed(self, t: int) -> list[int]:
        """The nodes changed since local pass ``t`` last asked (each once)."""
        log = self.log
        start = self.cursor[t]
        self.cursor[t] = len(log)
        out = list(dict.fromkeys(log[start:]))
        if min(self.cursor) == len(log):
            log.clear()
            self.cursor = [0, 0]
        return out
