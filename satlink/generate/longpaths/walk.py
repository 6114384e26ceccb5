"""The walk's state: a path system in a form cheap to change, and what a change costs.

Paths are kept by id, with each node's owner and its index on that path, so a move can
test what it touches in time proportional to the cells it moves; the cost is kept per path
and as running totals (see :mod:`satlink.generate.longpaths.cost`), so a move is priced
before it is made and made only if the schedule accepts it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from satlink.generate.longpaths.cost import DEFAULT_LOOK, Look, Scoring
from satlink.generate.paths import PathSystem
from satlink.runtime.cancel import stop_if_cancelled

FREE = -1
"""The owner of a node no path holds."""
Move = tuple[float, Callable[[], None]]
"""A proposed move: its change of cost, and the function that makes it (whose ``colours``
attribute is the colour count the move leaves)."""


class Walk:
    """The path system in a form cheap to change: paths by id, each cell's owner and index."""

    def __init__(self, system: PathSystem, target: int, min_length: int,
                 look: Look = DEFAULT_LOOK, allowed: Callable[[list[int]], bool] | None = None,
                 colours_of: Callable[[list[int]], int] | None = None):
        self.system = system
        self.allowed = allowed  # which new paths a move may make (None: any valid path)
        self.scoring = Scoring(system, target, min_length, look, colours_of)
        self.min_length = min_length  # the shortest path a cut may leave
        n = system.n_nodes
        nodes = system.nodes()
        self.nodes = nodes
        self.cells = len(nodes)
        self.nbrs: list[tuple[int, ...]] = [()] * n
        for i, c in enumerate(nodes):
            if not i & 1023:
                stop_if_cancelled()  # seconds on a board of a million cells
            self.nbrs[c] = tuple(system.neighbours(c))
        self.ends_ok = [system.can_end(c) for c in range(n)]
        self.owner = [FREE] * n
        self.index = [0] * n
        self.paths: dict[int, list[int]] = {}
        self.ids: list[int] = []  # the keys of paths, for a uniform random choice
        self.slot: dict[int, int] = {}  # where each key is in ids
        self.cost_of: dict[int, float] = {}
        self.next_id = 0
        for path in system.paths:
            self._add(path)
        self.free = set(system.solids)
        scoring = self.scoring
        self.border_ends = sum(scoring.border_ends(p) for p in self.paths.values())
        self.colours = scoring.colours(self.paths.values())
        self.longest = max((len(p) for p in self.paths.values()), default=0)
        self.set_look(look)

    def set_look(self, look: Look) -> None:
        """Change the weights (and so every cost) of the walk."""
        self.scoring.set_look(look)
        for pid, path in self.paths.items():
            self.cost_of[pid] = self.scoring.path(path)
        self.cost = self.scoring.whole(self.colours, len(self.free), self.border_ends,
                                       self.longest)

    def snapshot(self) -> tuple:
        """Everything a move changes, copied: :meth:`restore` undoes the moves made since
        (cheaper than a new walk: lists copied, no path rescored)."""
        return (self.owner[:], self.index[:], {pid: p[:] for pid, p in self.paths.items()},
                self.ids[:], dict(self.slot), dict(self.cost_of), self.next_id, set(self.free),
                self.border_ends, self.colours, self.longest, self.cost)

    def restore(self, saved: tuple) -> None:
        """Back to a :meth:`snapshot` (which stays usable), the path system included."""
        (owner, index, paths, ids, slot, cost_of, self.next_id, free, self.border_ends,
         self.colours, self.longest, self.cost) = saved
        self.owner, self.index, self.ids = owner[:], index[:], ids[:]
        self.paths = {pid: p[:] for pid, p in paths.items()}
        self.slot, self.cost_of, self.free = dict(slot), dict(cost_of), set(free)
        self.finish()

    def finish(self) -> None:
        """Write the walk's paths and leftovers back into the path system."""
        self.system.paths = [self.paths[pid] for pid in sorted(self.paths)]
        self.system.solids = set(self.free)

    # -- bookkeeping ------------------------------------------------------------------------
    def _add(self, path: list[int]) -> int:
        pid = self.next_id
        self.next_id += 1
        self.paths[pid] = path
        self.slot[pid] = len(self.ids)
        self.ids.append(pid)
        for k, c in enumerate(path):
            self.owner[c] = pid
            self.index[c] = k
        self.cost_of[pid] = self.scoring.path(path)
        return pid

    def _remove(self, pid: int) -> None:
        del self.paths[pid]
        del self.cost_of[pid]
        last = self.ids.pop()
        if last != pid:
            self.ids[self.slot[pid]] = last
            self.slot[last] = self.slot[pid]
        del self.slot[pid]

    # -- validity -----------------------------------------------------------------------------
    def touches(self, pid: int, cells: Iterable[int], skip: tuple[int, int]) -> bool:
        """Whether any of ``cells`` neighbours a cell of path ``pid`` (other than through the
        joining step ``skip``)."""
        owner = self.owner
        for c in cells:
            for n in self.nbrs[c]:
                if owner[n] == pid and (c, n) != skip:
                    return True
        return False

    def touches_side(self, cells: Iterable[int], pid: int, lo: int, hi: int,
                     skip: tuple[int, int]) -> bool:
        """Whether any of ``cells`` neighbours a cell of path ``pid`` at an index in
        [lo, hi) (other than through ``skip``)."""
        owner, index = self.owner, self.index
        for c in cells:
            for n in self.nbrs[c]:
                if owner[n] == pid and lo <= index[n] < hi and (c, n) != skip:
                    return True
        return False

    # -- the one change every move makes -----------------------------------------------------
    def replace(self, old: list[int], new: list[list[int]],
                taken: tuple[int, ...] = ()) -> Move | None:
        """(change of cost, apply) of replacing paths ``old`` by ``new`` (``taken``: the
        leftover nodes they step onto), or None if a new path is not allowed."""
        if self.allowed is not None and not all(map(self.allowed, new)):
            return None
        scoring = self.scoring
        local = sum(scoring.path(p) for p in new) - sum(self.cost_of[pid] for pid in old)
        border_ends = (self.border_ends + sum(scoring.border_ends(p) for p in new)
                       - sum(scoring.border_ends(self.paths[pid]) for pid in old))
        longest = max(len(p) for p in new)
        if len(self.paths[old[0]]) == self.longest or (
                len(old) > 1 and len(self.paths[old[1]]) == self.longest):
            longest = max(longest, max((len(p) for pid, p in self.paths.items()
                                        if pid not in old), default=0))
        else:
            longest = max(longest, self.longest)
        colours = (self.colours + len(new) - len(old) if scoring.colours_of is None else
                   self.colours + scoring.colours(new)
                   - scoring.colours(self.paths[p] for p in old))
        cost = scoring.whole(colours, len(self.free) - len(taken), border_ends, longest)

        def apply() -> None:
            for pid in old:
                self._remove(pid)
            self.free.difference_update(taken)  # the leftover cells paths stepped onto
            for path in new:
                self._add(path)
            self.border_ends, self.longest, self.cost = border_ends, longest, cost
            self.colours = colours

        apply.colours = colours  # the count it leaves: a climb refuses by it before applying
        return local + cost - self.cost, apply
