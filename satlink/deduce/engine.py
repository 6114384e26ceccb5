"""Propagation over candidate edges and colours: the deductions a person makes on a board.

The state of a partly solved board is, for every edge of the board graph, whether the
solution uses it (``ON``), does not (``OFF``) or is not known yet, and for every node the
colours (labels) it may still carry.  Nodes joined by ``ON`` edges form *chains*: pieces of
one path, whose colour is the set its nodes share; a chain's two *ends* are where it may
still grow.  Every rule below is a sound consequence of the rule profile, stated on the graph,
so it holds for every geometry (square, hexagonal, warps, walls, bridges) and a contradiction
proves that the state (or the hypothesis that made it) admits no solution.

Without ``fill`` a node may stay empty: its colour set then holds the extra bit ``U``
(unused), and a node whose set is only ``U`` has every edge off.

The rules, grouped by the technique a person would name (see :mod:`satlink.grading`):

* ``forced``: an endpoint uses one edge and any other node two (none if empty): a node with
  exactly as many ways left as it needs takes them all, a satisfied node closes the others;
  an edge that would join two colours or close a loop is off.
* ``corner``: where a path turns at X between N1 and N2, a node D beside both N1 and N2 can
  be on neither side of the bend (on the path, notouch would close the loop N1-X-N2-D), so
  its edges to N1 and N2 are off (the staircase inside every corner).
* ``notouch``: an edge that would make a chain run beside itself is off; two neighbours known
  to carry one colour are joined; beside a closed edge a known colour is ruled out; under
  ``no2x2``, no block of the geometry (2x2 square, hexagon triangle) lies on one path.
* ``region``: a colour is ruled out of every node its two ends cannot reach through nodes
  that may carry it; a region no colour can reach is a contradiction.
* ``bottleneck``: a colour's path is a simple path between its endpoints, so it stays in the
  blocks (biconnected components) between them: pockets behind a single node are out, and a
  node or edge every route must cross takes the colour.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable, Sequence

from satlink.board import Board, Solution
from satlink.rules import Rules

UNKNOWN, ON, OFF = 0, 1, 2


class Contradiction(Exception):
    """The state admits no solution."""


class OutOfTime(Exception):
    """The deadline given to :func:`fixpoint` passed."""


class Puzzle:
    """What stays fixed while a board is graded: its graph, endpoints and rules."""

    def __init__(self, board: Board, rules: Rules):
        n = board.n_nodes
        self.board = board
        self.n = n
        self.nodes = board.open_nodes()
        self.edges = list(board.edges)
        inc: list[list[tuple[int, int]]] = [[] for _ in range(n)]
        for e, (a, b) in enumerate(self.edges):
            inc[a].append((e, b))
            inc[b].append((e, a))
        self.inc = inc
        self.edge_index = {ab: e for e, ab in enumerate(self.edges)}
        self.neighbours = [frozenset(y for _, y in inc[x]) for x in range(n)]
        self.labels = board.labels
        self.k = len(self.labels)
        self.ends = [board.endpoints[label] for label in self.labels]
        self.end_label = [-1] * n
        for k, (a, b) in enumerate(self.ends):
            self.end_label[a] = self.end_label[b] = k
        self.fill = rules.fill
        self.notouch = rules.notouch
        self.blocks = self._blocks(board) if rules.no2x2 else []
        self.block_of: list[list[tuple[int, ...]]] = [[] for _ in range(n)]
        for block in self.blocks:
            for x in block:
                self.block_of[x].append(block)
        self.unused = 0 if self.fill else 1 << self.k
        self.colours = (1 << self.k) - 1

    @staticmethod
    def _blocks(board: Board) -> list[tuple[int, ...]]:
        """The blocks of ``no2x2`` (under ``notouch`` alone the corner and notouch rules do
        their work, and a block cut by a wall may lie on one path)."""
        skip = set(board.geometry.bridges)
        return [blk for blk in board.geometry.blocks(board.width, board.height)
                if not any(board.is_solid(x) or x in skip for x in blk)]


class State:
    """Edge states, chains and colour sets of a partly solved board (cheap to copy).

    Every change is logged by node, so the local passes (``corner``, ``notouch``) look only
    at what changed since they last ran, and every change to a colour's candidate graph
    bumps that colour's stamp, so the global passes (``region``, ``bottleneck``) analyse
    only the colours whose graph changed.
    """

    __slots__ = ("p", "es", "on", "unk", "seg", "col", "size", "end1", "end2", "queue", "queued",
                 "stamp", "seen", "log", "cursor")

    def __init__(self, p: Puzzle | None = None):
        if p is None:
            return
        n = p.n
        self.p = p
        self.es = bytearray(len(p.edges))
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

    def chain(self, end: int) -> list[int]:
        """The nodes of the chain that ends at ``end``, in order."""
        inc, es = self.p.inc, self.es
        out = [end]
        prev, cur = -1, end
        while True:
            nxt = -1
            for e, y in inc[cur]:
                if es[e] == ON and y != prev:
                    nxt = y
                    break
            if nxt < 0:
                return out
            out.append(nxt)
            prev, cur = cur, nxt

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
            raise Contradiction
        self.es[e] = OFF
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
            raise Contradiction
        p = self.p
        a, b = p.edges[e]
        sa, sb = self.seg[a], self.seg[b]
        if sa == sb:
            raise Contradiction  # a loop
        colour = self.col[sa] & self.col[sb] & p.colours
        if not colour:
            raise Contradiction
        if p.notouch and (self.on[a] or self.on[b]) and self.would_touch(e):
            raise Contradiction
        self.es[e] = ON
        self.on[a] += 1
        self.on[b] += 1
        self.unk[a] -= 1
        self.unk[b] -= 1
        # the new chain's ends: the far ends of the two chains joined at a and b
        far_a = self.end2[sa] if self.end1[sa] == a else self.end1[sa]
        far_b = self.end2[sb] if self.end1[sb] == b else self.end1[sb]
        newly_known = not colour & (colour - 1) and (self.col[sa] != colour
                                                     or self.col[sb] != colour)
        if self.size[sa] < self.size[sb]:
            keep, small, start, before = sb, sa, a, b
        else:
            keep, small, start, before = sa, sb, b, a
        self._relabel(start, before, keep)
        self.size[keep] += self.size[small]
        self.col[keep] = colour
        self.end1[keep], self.end2[keep] = far_a, far_b
        for x in (a, b, far_a, far_b):
            self.push(x)
        if newly_known:  # its sides learn the colour (notouch)
            self.log.extend(self.chain(far_a))
        return True

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
            raise Contradiction
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
        for x in self.chain(self.end1[sa]):
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

    # -- questions --------------------------------------------------------------------
    def need(self, x: int) -> int:
        """How many edges ``x`` uses: 1 at an endpoint, 2 on a path, 0 empty, -1 not known."""
        p = self.p
        if p.end_label[x] >= 0:
            return 1
        if not p.unused:
            return 2
        colour = self.col[self.seg[x]]
        if colour == p.unused:
            return 0
        return 2 if (self.on[x] or not colour & p.unused) else -1

    def solved_nodes(self) -> int:
        """Nodes whose edges are all decided and whose colour is known."""
        p, col, seg, unk = self.p, self.col, self.seg, self.unk
        count = 0
        for x in p.nodes:
            if unk[x]:
                continue
            c = col[seg[x]]
            if c == p.unused or not c & (c - 1):
                count += 1
        return count

    def complete(self) -> bool:
        return all(not self.unk[x] for x in self.p.nodes)

    def solution(self) -> Solution:
        """The solution a complete state describes."""
        return Solution.from_edges(self.p.board, (ab for ab, state in zip(self.p.edges, self.es,
                                                                          strict=True)
                                                  if state == ON))

    def heads(self) -> list[int]:
        """Nodes where a path still grows: endpoints and chain ends with a way left to take,
        fewest ways first."""
        out = []
        for x in self.p.nodes:
            if not self.unk[x]:
                continue
            need = self.need(x)
            if self.on[x] < need and (self.on[x] or self.p.end_label[x] >= 0):
                out.append((self.unk[x], x))
        out.sort()
        return [x for _, x in out]


def finished(st: State) -> bool:
    """Whether every edge is decided; raises :class:`Contradiction` if the result fills a
    no2x2 block (notouch is kept by :meth:`State.set_on` as chains grow)."""
    if not st.complete():
        return False
    for block in st.p.blocks:
        _block(st, block)
    return True


def fixpoint(st: State, passes: Sequence[Callable[[State], int]],
             deadline: float | None = None) -> None:
    """The forced rules to a fixpoint, then ``passes`` in turn, cheapest first, back to the
    forced rules after every pass that made progress, until none makes any or every edge is
    decided.  ``deadline`` (``time.monotonic()``) is checked between passes
    (:class:`OutOfTime`)."""
    forced(st)
    while not finished(st):
        if deadline is not None and time.monotonic() > deadline:
            raise OutOfTime
        for technique in passes:
            if technique(st):
                forced(st)
                break
        else:
            return


# -- forced ------------------------------------------------------------------------------

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
                raise Contradiction
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


# -- corner -------------------------------------------------------------------------------

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


# -- notouch ----------------------------------------------------------------------------

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
                        raise Contradiction
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
            raise Contradiction
        if len(others) == 1 and st.colour(others[0]) & c:
            st.restrict(others[0], ~c)
            return 1
    return 0


# -- region and bottleneck --------------------------------------------------------------

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
            raise Contradiction
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
        raise Contradiction
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
