"""The state model of the frontier search: what a partial assignment of edges leaves for the
rest of the board to know.

Per frontier slot a state holds the node's *degree* so far (path edges decided on) and its
*piece*: a path piece carrying a label is that label's index ``k`` (``0 .. K-1``: both pieces
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

* degree: an endpoint takes exactly one edge, any other node none or two (checked when it
  leaves; ``fill``: two);
* no cycle: an edge joining a piece with no label to itself closes a loop through no endpoint;
  a piece with a label has one open end per piece, so an edge between two nodes of label
  ``k`` joins its two pieces and finishes path ``k``;
* no two labels: an edge joining pieces of two labels is refused.
At the end every node has its degree, so the edges are paths between endpoints (no cycles),
each joining two endpoints of one label.
"""

from __future__ import annotations

from collections.abc import Sequence

BLANK = -1
"""A node with no edge yet, not an endpoint (profiles without groups)."""
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

    def add(self, state: State, label: int) -> State:
        """A node enters the frontier as the last slot."""
        slots, groups = state
        if label >= 0:
            piece = label
        elif self.grouped:
            piece = self.n_labels + len(slots) + 1000  # fresh; renumbered by canonical()
        else:
            piece = BLANK
        return self.canonical(slots + ((0, piece),), groups)

    def edge(self, state: State, a: int, b: int, on: bool, caps: Sequence[int]) -> State | None:
        """Edge between slots ``a`` and ``b`` decided ``on`` or off; None: no solution follows."""
        slots, groups = state
        (da, pa), (db, pb) = slots[a], slots[b]
        if not on:
            if not self.notouch:
                return state
            if pa == pb:  # both on one path already, not joined by this edge
                return None
            return self._with_group(slots, groups, (pa, pb))
        if da >= caps[a] or db >= caps[b]:
            return None
        merged = self._join(pa, pb)
        if merged is None:
            return None
        keep, gone = merged
        new = list(slots)
        new[a], new[b] = (da + 1, keep), (db + 1, keep)
        if gone is not None:
            new = [(d, keep if p == gone else p) for d, p in new]
            groups = self._renamed(groups, gone, keep)
            if groups is None:
                return None
        if not self.grouped:
            new = [(d, FULL if d >= caps[i] else p) for i, (d, p) in enumerate(new)]
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
        if len(distinct) == 1:
            return None
        if sum(p < self.n_labels for p in distinct) >= 2:
            return (slots, groups)
        return self.canonical(slots, groups + (tuple(sorted(distinct)),))

    def block(self, state: State, members: Sequence[int]) -> State | None:
        """A ``no2x2`` block (its nodes' slots): never all on one path."""
        slots, groups = state
        return self._with_group(slots, groups, [slots[s][1] for s in members])

    def drop(self, state: State, s: int, cap: int) -> State | None:
        """The node in slot ``s`` leaves: its degree must be final."""
        slots, groups = state
        degree = slots[s][0]
        if cap == 1:
            if degree != 1:
                return None
        elif degree == 1 or (degree == 0 and self.fill):
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
