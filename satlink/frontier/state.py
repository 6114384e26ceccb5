"""The state model of the frontier search: what a partial assignment of edges leaves for the
rest of the board to know.

Per frontier slot a state holds the node's *need*: :data:`NONE_YET` (no edge yet, not an
endpoint: it takes none or two), :data:`ONE_MORE` (an open end: an endpoint with no edge yet,
or another node with one) or :data:`NO_MORE` (its degree is final: an endpoint with its edge,
another node with two) — an endpoint and a node on a path with one edge need the same from the
rest of the board, so they are one value, and states that differ only there are one state —
and its *piece*: a path piece carrying a label is that label's index ``k`` (``0 .. K-1``: both pieces
grown from one label's two endpoints share it, as they will be one path); a piece with no
endpoint yet is a number from ``K`` up, renumbered by first appearance so that equal states
compare equal.  An endpoint is on its label's piece before it has an edge.

Two profiles need no more than that (``fill``, ``nikoli``): a node with no edge yet is
:data:`BLANK` and a node that can take no more edges is :data:`FULL` (neither's piece can
matter again).  ``notouch`` and ``no2x2`` ask which pieces end up on *one* path, which is known
only when pieces merge later; so under them every node keeps its piece (a node with no edge is
a piece of its own) and the state holds *groups*: sets of pieces that must never all become
one path (``notouch``: the two ends of an edge decided off; ``no2x2``: a block's nodes).  A
merge that makes a group one piece kills the state; a group holding two labels, or a piece no
node of the frontier carries any more (an empty cell that stayed empty, a finished path), can
never be violated and is dropped.

The rules each transition enforces, and why they suffice (every complete assignment the sweep
accepts is a solution, and each solution is accepted once, as one sequence of decisions):

* degree: an endpoint takes exactly one edge, any other node none or two (an edge is refused
  at a node that needs no more; a node leaving while it needs one more is refused; ``fill``:
  an empty node leaving is refused);
* no cycle: an edge joining a piece with no label to itself closes a loop through no endpoint;
  a piece with a label has one open end per piece, so an edge between two nodes of label
  ``k`` joins its two pieces and finishes path ``k``;
* no two labels: an edge joining pieces of two labels is refused.
At the end every node has its degree, so the edges are paths between endpoints (no cycles),
each joining two endpoints of one label.
"""

from __future__ import annotations

from collections.abc import Sequence

NONE_YET, ONE_MORE, NO_MORE = 0, 1, 3
"""A slot's need (module docstring)."""

BLANK = -1
"""A node with no edge yet, not an endpoint (profiles without groups)."""
EMPTY = -3
"""A node that will stay empty: no edge, and fewer than two left (profiles with groups: it is
on no path, so no group holding it can ever be one path)."""
FULL = -2
"""A node that can take no more edges (profiles without groups)."""

Slots = tuple[tuple[int, int], ...]
Groups = tuple[tuple[int, ...], ...]
State = tuple[Slots, Groups]


class Model:
    """The constants one sweep's transitions read: the number of labels and the profile's
    rules (pieces are kept for groups under ``notouch`` or ``no2x2``)."""

    def __init__(self, n_labels: int, fill: bool, notouch: bool, no2x2: bool):
        self.n_labels, self.fill, self.notouch = n_labels, fill, notouch
        self.grouped = notouch or no2x2

    def start(self) -> State:
        return ((), ())

    def add(self, state: State, label: int, edges: int) -> State | None:
        """A node enters the frontier as the last slot, with ``edges`` edges (at most 2)."""
        slots, groups = state
        if label >= 0:
            return self.settled(self.canonical(slots + ((ONE_MORE, label),), groups),
                                len(slots), edges)
        if self.grouped:
            piece = self.n_labels + len(slots) + 1000  # fresh; renumbered by canonical()
        else:
            piece = BLANK
        return self.settled(self.canonical(slots + ((NONE_YET, piece),), groups), len(slots),
                            edges)

    def settled(self, state: State | None, s: int, left: int) -> State | None:
        """What slot ``s`` can still become with ``left`` edges undecided (at most 2): an open
        end with none left is dead; a node with no edge yet and fewer than two left stays
        empty (dead under ``fill``); with none left its need is final."""
        if state is None or left >= 2:
            return state
        slots, groups = state
        need, piece = slots[s]
        if need == ONE_MORE:
            return None if left == 0 else state
        if need == NONE_YET:
            if self.fill:
                return None
            need, piece = NO_MORE, (EMPTY if self.grouped else FULL)
        elif left > 0:
            return state
        if (need, piece) == slots[s]:
            return state
        rest = slots[:s] + ((need, piece),) + slots[s + 1:]
        if self.grouped:
            present = {p for _, p in rest}
            groups = tuple(g for g in groups if all(p in present for p in g))
        return self.canonical(rest, groups)

    def edge(self, state: State, a: int, b: int, on: bool, left_a: int = 2,
             left_b: int = 2) -> State | None:
        """Edge between slots ``a`` and ``b`` decided ``on`` or off, after which they have
        ``left_a`` and ``left_b`` edges undecided; None: no solution follows."""
        return self.settled(self.settled(self._edge(state, a, b, on), a, left_a), b, left_b)

    def _edge(self, state: State, a: int, b: int, on: bool) -> State | None:
        slots, groups = state
        (da, pa), (db, pb) = slots[a], slots[b]
        if not on:
            if not self.notouch:
                return state
            if EMPTY in (pa, pb):
                return state
            if pa == pb:  # both on one path already, not joined by this edge
                return None
            return self._with_group(slots, groups, (pa, pb))
        if da == NO_MORE or db == NO_MORE:
            return None
        merged = self._join(pa, pb)
        if merged is None:
            return None
        keep, gone = merged
        new = list(slots)
        new[a], new[b] = (_after_edge(da), keep), (_after_edge(db), keep)
        if gone is not None:
            new = [(d, keep if p == gone else p) for d, p in new]
            groups = self._renamed(groups, gone, keep)
            if groups is None:
                return None
        if not self.grouped:
            new = [(d, FULL if d == NO_MORE else p) for d, p in new]
        return self.canonical(tuple(new), groups)

    def _join(self, pa: int, pb: int) -> tuple[int, int | None] | None:
        """The piece two pieces make when an edge joins them and the piece renamed away
        (None when they were one already); None: a cycle or two labels."""
        k = self.n_labels
        if pa == BLANK and pb == BLANK:
            return 10**6, None  # a new piece of two nodes; canonical() numbers it
        if pa == BLANK or pb == BLANK:
            return (pb if pa == BLANK else pa), None
        if pa == pb:
            return (pa, None) if pa < k else None  # two pieces of one label meet, or a loop
        if pa < k and pb < k:
            return None
        if pb < k:
            return pb, pa
        return pa, pb

    def _renamed(self, groups: Groups, gone: int, keep: int) -> Groups | None:
        out = []
        for group in groups:
            members = {keep if p == gone else p for p in group}
            if len(members) == 1:
                return None
            if sum(p < self.n_labels for p in members) >= 2:
                continue
            out.append(tuple(sorted(members)))
        return tuple(out)

    def _with_group(self, slots: Slots, groups: Groups, members: Sequence[int]) -> State | None:
        distinct = set(members)
        if EMPTY in distinct:
            return (slots, groups)
        if len(distinct) == 1:
            return None
        if sum(p < self.n_labels for p in distinct) >= 2:
            return (slots, groups)
        return self.canonical(slots, groups + (tuple(sorted(distinct)),))

    def block(self, state: State, members: Sequence[int]) -> State | None:
        """A ``no2x2`` block (its nodes' slots): never all on one path."""
        slots, groups = state
        return self._with_group(slots, groups, [slots[s][1] for s in members])

    def drop(self, state: State, s: int) -> State | None:
        """The node in slot ``s`` leaves: its degree must be final."""
        slots, groups = state
        need = slots[s][0]
        if need == ONE_MORE or (need == NONE_YET and self.fill):
            return None
        rest = slots[:s] + slots[s + 1:]
        if self.grouped:
            present = {p for _, p in rest}
            groups = tuple(g for g in groups if all(p in present for p in g))
        return self.canonical(rest, groups)

    def canonical(self, slots: Sequence[tuple[int, int]], groups: Groups) -> State:
        """Pieces without a label renumbered by first appearance; groups sorted, once each."""
        k = self.n_labels
        names: dict[int, int] = {}
        out = []
        for degree, piece in slots:
            if piece >= k:
                piece = names.setdefault(piece, k + len(names))
            out.append((degree, piece))
        if groups:
            groups = tuple(sorted({tuple(sorted(names[p] if p >= k else p for p in g))
                                   for g in groups}))
        return tuple(out), groups


def _after_edge(need: int) -> int:
    return ONE_MORE if need == NONE_YET else NO_MORE
