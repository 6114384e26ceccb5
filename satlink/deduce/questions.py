"""What a partly solved board's state answers without changing it: how many edges a node
uses, where a path still grows (the search's heads), which nodes are solved or still open,
where a colour can reach, and the solution a complete state describes.

Kept apart from :mod:`satlink.deduce.state`, which changes the state and keeps its chains
and change logs right: these questions only read it, so the passes and the search may ask
them at any time.  The attributes read are :class:`satlink.deduce.state.State`'s.
"""

from __future__ import annotations

from satlink.deduce.puzzle import OFF, ON
from satlink.solution import Solution


class Questions:
    """The read-only half of :class:`satlink.deduce.state.State`: its base class, so every
    caller still asks the state itself and the search copies one object."""

    __slots__ = ()

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
        """Every edge decided (edges join open nodes only, so every open node's too)."""
        return not self.undecided

    def solution(self) -> Solution:
        """The solution a complete state describes."""
        return Solution.from_edges(self.p.board, (ab for ab, state in zip(self.p.edges, self.es,
                                                                          strict=True)
                                                  if state == ON))

    def undecided_nodes(self) -> list[int]:
        """Nodes with an edge or the colour still open: where the deductions stopped."""
        p, col, seg, unk = self.p, self.col, self.seg, self.unk
        return [x for x in p.nodes if unk[x] or col[seg[x]] & (col[seg[x]] - 1)]

    def reach(self, k: int, start: int) -> list[bool]:
        """Per node, whether colour ``k`` can reach it from ``start`` through nodes that may
        carry it, along edges that are not off."""
        p, bit, es, seg, col = self.p, 1 << k, self.es, self.seg, self.col
        seen = [False] * p.n
        seen[start] = True
        stack = [start]
        while stack:
            x = stack.pop()
            for e, y in p.inc[x]:
                if not seen[y] and es[e] != OFF and col[seg[y]] & bit:
                    seen[y] = True
                    stack.append(y)
        return seen

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
