"""Few long, straight paths: a random walk over path covers toward a colour count and a look.

The union-find growth gives many short, crooked paths.  This step takes any valid path
system (paths simple and non-touching, leftover cells solid) and changes it by local moves
that keep it valid, accepting each by the Metropolis rule on a cost while the temperature
falls (simulated annealing):

* **extend**: a path end steps onto a leftover cell;
* **merge**: a path end steps onto another path's end, and the two become one path;
* **slide**: a path end cell moves to the neighbouring end of another path;
* **rewire**: a path end steps onto the middle of another path, which is cut there: the
  stepping path takes one part, the other part stays a path of its own (the colour count
  is unchanged, the path lengths are redistributed);
* **split**: a path is cut in two at one of its edges;
* **absorb**: a leftover cell no path end reaches: the path beside it is cut there and one
  part steps onto it.

A free bridge crossing, where no path may end, is stepped through onto the node beyond it.
The cost (:class:`Look`) counts colours away from the target, leftover cells, turns,
one-edge jogs, short paths and endpoints on the border, and rewards one long "snake" path,
so the walk ends near the target colour count with long straight runs (:func:`lengthen`).
Every move keeps each path non-touching (``notouch``), no path ends on a bridge crossing,
and a caller may allow only some paths (a symmetric layout's half).  :func:`reshape` moves
paths where two solutions of a board differ, for the repair of an ambiguous candidate.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass, replace

from satlink.board import edge
from satlink.generate.paths import PathSystem

FREE = -1
REACH_ROUNDS = 4
REACH_STEPS, LOOK_STEPS, AGAIN_STEPS = 20, 25, 10
"""Proposals per cell: toward the count, then the look; and in each later round."""
Move = tuple[float, Callable[[], None]]
"""A proposed move: its change of cost, and the function that makes it."""


@dataclass(frozen=True)
class Look:
    """The cost the walk lowers: weights, and the figures aimed at (those of published
    Flow Free levels: about 70 % of inner path cells straight through, 10-15 % of the
    border cells holding an endpoint, the longest path a fifth to a third of the board)."""

    colour: float = 4.0      # per colour away from the target
    leftover: float = 6.0    # per leftover (solid) cell
    turn: float = 0.8        # per turn more or fewer than ``turn_share`` of inner cells
    turn_share: float = 0.305
    jog: float = 0.5         # per one-edge run between two turns
    short: float = 2.5       # per path of at most ``short_cells`` cells
    short_cells: int = 3
    too_short: float = 30.0  # per path shorter than the minimum length
    border: float = 0.5      # per border endpoint more or fewer than ``border_share``
    border_share: float = 0.12
    snake: float = 0.08      # reward per cell of the longest path, up to ``snake_share``
    snake_share: float = 0.26


DEFAULT_LOOK = Look()


class Walk:
    """The path system in a form cheap to change: paths by id, each cell's owner and index."""

    def __init__(self, system: PathSystem, target: int, min_length: int,
                 look: Look = DEFAULT_LOOK, allowed: Callable[[list[int]], bool] | None = None,
                 colours_of: Callable[[list[int]], int] | None = None):
        self.system = system
        self.allowed = allowed  # which new paths a move may make (None: any valid path)
        self.colours_of = colours_of  # how many colours a path makes (None: one)
        self.target = target
        self.min_length = min_length
        self.look = look
        n = system.n_nodes
        nodes = system.nodes()
        self.nodes = nodes
        self.nbrs: list[tuple[int, ...]] = [()] * n
        for c in nodes:
            self.nbrs[c] = tuple(system.neighbours(c))
        self.ends_ok = [system.can_end(c) for c in range(n)]
        w, h = system.width, system.height
        framed = system.layout is None or not system.layout.geometry.wrap
        self.border = [False] * n  # open cells of the frame, as satlink.looks counts them
        for c in nodes:
            self.border[c] = framed and c < w * h and (c < w or c >= w * (h - 1)
                                                       or c % w in (0, w - 1))
        if system.layout is None:
            self.direction = None
        else:
            layout = system.layout
            self.direction = {(a, b): layout.step(a, b) for a in nodes for b in self.nbrs[a]}
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
        self.cells = len(nodes)
        self.border_ends = sum(self._border_ends(p) for p in self.paths.values())
        self.colours = self._colours(self.paths.values())
        self.longest = max((len(p) for p in self.paths.values()), default=0)
        self.set_look(look)

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
        self.cost_of[pid] = self.path_cost(path)
        return pid

    def _remove(self, pid: int) -> None:
        del self.paths[pid]
        del self.cost_of[pid]
        last = self.ids.pop()
        if last != pid:
            self.ids[self.slot[pid]] = last
            self.slot[last] = self.slot[pid]
        del self.slot[pid]

    def finish(self) -> None:
        """Write the walk's paths and leftovers back into the path system."""
        self.system.paths = [self.paths[pid] for pid in sorted(self.paths)]
        self.system.solids = set(self.free)

    # -- cost -------------------------------------------------------------------------------
    def path_cost(self, path: list[int]) -> float:
        """The terms of one path: its length, and its turns and jogs (one-edge runs between
        two turns) when the look weighs them."""
        look = self.look
        cost = 0.0
        length = len(path)
        if length < self.min_length:
            cost += look.too_short
        if length <= look.short_cells:
            cost += look.short
        if length > 2 and (look.turn or look.jog):
            if self.direction is None:
                steps = [b - a for a, b in zip(path, path[1:], strict=False)]
            else:
                steps = [self.direction[a, b] for a, b in zip(path, path[1:], strict=False)]
            turns = [x != y for x, y in zip(steps, steps[1:], strict=False)]
            jogs = sum(1 for x, y in zip(turns, turns[1:], strict=False) if x and y)
            cost += (look.turn * abs(sum(turns) - look.turn_share * (length - 2))
                     + look.jog * jogs)
        return cost

    def global_cost(self, colours: int, free: int, border_ends: int, longest: int) -> float:
        """The terms of the whole system: colours, leftovers, border endpoints, the snake."""
        look = self.look
        return (look.colour * abs(colours - self.target) + look.leftover * free
                + look.border * abs(border_ends - self.border_goal)
                - look.snake * min(longest, self.snake_cap))

    def set_look(self, look: Look) -> None:
        """Change the weights (and so every cost) of the walk."""
        self.look = look
        for pid, path in self.paths.items():
            self.cost_of[pid] = self.path_cost(path)
        self.border_goal = look.border_share * sum(self.border)
        self.snake_cap = look.snake_share * self.cells
        self.cost = self.global_cost(self.colours, len(self.free), self.border_ends,
                                     self.longest)

    def _colours(self, paths) -> int:
        if self.colours_of is None:
            return sum(1 for _ in paths)
        return sum(map(self.colours_of, paths))

    def _border_ends(self, path: list[int]) -> int:
        return self.border[path[0]] + self.border[path[-1]]

    # -- validity -----------------------------------------------------------------------------
    def _touches(self, pid: int, cells, skip: tuple[int, int]) -> bool:
        """Whether any of ``cells`` neighbours a cell of path ``pid`` (other than through the
        joining step ``skip``)."""
        owner = self.owner
        for c in cells:
            for n in self.nbrs[c]:
                if owner[n] == pid and (c, n) != skip:
                    return True
        return False

    def _touches_side(self, cells: list[int], pid: int, lo: int, hi: int,
                      skip: tuple[int, int]) -> bool:
        """Whether any of ``cells`` neighbours a cell of path ``pid`` at an index in
        [lo, hi) (other than through ``skip``)."""
        owner, index = self.owner, self.index
        for c in cells:
            for n in self.nbrs[c]:
                if owner[n] == pid and lo <= index[n] < hi and (c, n) != skip:
                    return True
        return False

    # -- moves ------------------------------------------------------------------------------
    def propose(self, rng: random.Random, zone: set[int] | None = None,
                avoid: set[int] | None = None) -> Move | None:
        """A random valid move, or None.  ``zone``: the move starts at a path end or cuts an
        edge in these cells; ``avoid``: no move starts, lands or cuts in these cells."""
        if not self.paths:
            return None
        if zone is not None:
            cells = list(zone)
            c = cells[rng.randrange(len(cells))]
            if self.owner[c] == FREE:
                return self._absorb(c, rng) if c in self.free else None
            path = self.paths[self.owner[c]]
            k = self.index[c]
            if k in (0, len(path) - 1) and rng.random() < 0.7:
                return self._end_move(self.owner[c], k != 0, rng, avoid)
            return self._split(self.owner[c], rng.choice((k, k + 1)), avoid)
        if rng.random() < 0.08:
            pid = self.owner[self.nodes[rng.randrange(len(self.nodes))]]  # longer: more often
            if pid == FREE or len(self.paths[pid]) < 4:
                return None
            return self._split(pid, rng.randint(2, len(self.paths[pid]) - 2), avoid)
        return self._end_move(rng.choice(self.ids), rng.random() < 0.5, rng, avoid)

    def _end_move(self, pid: int, at_end: bool, rng: random.Random,
                  avoid: set[int] | None) -> Move | None:
        """Step path ``pid``'s last (``at_end``) or first cell onto a random neighbour."""
        path = self.paths[pid]
        e = path[-1] if at_end else path[0]
        before = path[-2] if at_end else path[1]
        nbrs = self.nbrs[e]
        x = nbrs[rng.randrange(len(nbrs))]
        if x == before or (avoid and (e in avoid or x in avoid)):
            return None
        owner = self.owner[x]
        if owner == pid:
            return None
        if owner == FREE:
            if not self.ends_ok[x]:
                return self._through(pid, at_end, x, rng)
            if self._touches(pid, (x,), (x, e)):
                return None
            return self._replace([pid], [(path if at_end else path[::-1]) + [x]], (x,))
        other = self.paths[owner]
        k = self.index[x]
        if k in (0, len(other) - 1):
            forward = other if k == 0 else other[::-1]  # starts at x
            if rng.random() < 0.5:  # merge
                if len(path) <= len(other):
                    if self._touches(owner, path, (e, x)):
                        return None
                elif self._touches(pid, forward, (x, e)):
                    return None
                oriented = path if at_end else path[::-1]  # ends at e
                return self._replace([pid, owner], [oriented + forward])
            # slide: e leaves this path and becomes the other path's new end
            if len(path) < 3 or not self.ends_ok[before]:
                return None
            if self._touches(owner, (e,), (e, x)):
                return None
            shorter = path[:-1] if at_end else path[:0:-1]
            return self._replace([pid, owner], [shorter, forward[::-1] + [e]])
        # rewire: take the part of the other path beyond x on one side (the rest keeps its
        # cells up to x's neighbour, its new end)
        forward = rng.random() < 0.5
        lo, hi, new_end = (k, len(other), k - 1) if forward else (0, k + 1, k + 1)
        if len(other) - (hi - lo) < 2 or not self.ends_ok[other[new_end]]:
            return None
        taken = other[k:] if forward else other[k::-1]
        if len(path) <= len(taken):
            if self._touches_side(path, owner, lo, hi, (e, x)):
                return None
        elif self._touches(pid, taken, (x, e)):
            return None
        rest = other[:k] if forward else other[k + 1:]
        oriented = path if at_end else path[::-1]  # ends at e
        return self._replace([pid, owner], [oriented + taken, rest])

    def _through(self, pid: int, at_end: bool, x: int, rng: random.Random) -> Move | None:
        """Path ``pid`` steps onto leftover node ``x``, where no path may end (a bridge
        crossing), and on through it: onto a leftover cell, or another path's end (the two
        become one path)."""
        path = self.paths[pid]
        oriented = path if at_end else path[::-1]
        v = rng.choice(self.nbrs[x])
        if v == oriented[-1]:
            return None
        owner = self.owner[v]
        if owner == FREE and v in self.free and self.ends_ok[v]:
            grown, old, taken = oriented + [x, v], [pid], (x, v)
        elif owner not in (FREE, pid) and self.index[v] in (0, len(self.paths[owner]) - 1):
            other = self.paths[owner]
            grown = oriented + [x] + (other if self.index[v] == 0 else other[::-1])
            old, taken = [pid, owner], (x,)
        else:
            return None
        if self.system.touches_itself(grown):
            return None
        return self._replace(old, [grown], taken)

    def _absorb(self, x: int, rng: random.Random) -> Move | None:
        """Take leftover node ``x`` into a path next to it: cut that path at its cell beside
        ``x`` and extend one part onto ``x`` (a colour more, a leftover less); where no path
        may end (a bridge crossing), on through ``x`` to the node beyond it."""
        u = rng.choice(self.nbrs[x])
        pid = self.owner[u]
        if pid == FREE:
            return None
        path = self.paths[pid]
        k = self.index[u]
        if rng.random() < 0.5:
            taken, rest, lo, hi = path[: k + 1], path[k + 1:], 0, k + 1
        else:
            taken, rest, lo, hi = path[k:][::-1], path[:k], k, len(path)
        if rest and (len(rest) < 2 or not self.ends_ok[rest[0] if lo == 0 else rest[-1]]):
            return None
        rest_paths = [rest] if rest else []
        if self.ends_ok[x]:
            if self._touches_side((x,), pid, lo, hi, (x, u)):
                return None
            return self._replace([pid], [taken + [x]] + rest_paths, (x,))
        v = next((n for n in self.nbrs[x] if n != u), None)
        if v is None:
            return None
        owner = self.owner[v]
        if owner == FREE:
            if v not in self.free or not self.ends_ok[v]:
                return None
            grown, old, new_rest, cells = taken + [x, v], [pid], rest_paths, (x, v)
        elif owner != pid and self.index[v] in (0, len(self.paths[owner]) - 1):
            other = self.paths[owner]
            grown = taken + [x] + (other if self.index[v] == 0 else other[::-1])
            old, new_rest, cells = [pid, owner], rest_paths, (x,)
        else:
            return None
        if self.system.touches_itself(grown):
            return None
        return self._replace(old, [grown] + new_rest, cells)

    def cut_between(self, cells: list[int], theirs: frozenset, rng: random.Random) -> bool:
        """Cut a path at an edge at one of ``cells`` that is not in ``theirs`` (parts of the
        minimum length if possible); False if there is none."""
        good, fair = [], []
        for c in cells:
            pid = self.owner[c]
            if pid == FREE:
                continue
            path, k = self.paths[pid], self.index[c]
            for cut in (k, k + 1):
                if not 2 <= cut <= len(path) - 2 or edge(path[cut - 1], path[cut]) in theirs:
                    continue
                if self.ends_ok[path[cut - 1]] and self.ends_ok[path[cut]]:
                    long_enough = min(cut, len(path) - cut) >= self.min_length
                    (good if long_enough else fair).append((pid, cut))
        for choices in (good, fair):
            rng.shuffle(choices)
            for pid, cut in choices:
                path = self.paths[pid]
                move = self._replace([pid], [path[:cut], path[cut:]])
                if move is not None:
                    move[1]()
                    return True
        return False

    def _split(self, pid: int, cut: int, avoid: set[int] | None) -> Move | None:
        """Cut path ``pid`` before index ``cut`` (both parts at least two cells)."""
        path = self.paths[pid]
        if not 2 <= cut <= len(path) - 2:
            return None
        a, b = path[cut - 1], path[cut]
        if not (self.ends_ok[a] and self.ends_ok[b]) or (avoid and (a in avoid or b in avoid)):
            return None
        return self._replace([pid], [path[:cut], path[cut:]])

    def _replace(self, old: list[int], new: list[list[int]], taken: tuple[int, ...] = ()):
        """(change of cost, apply) of replacing paths ``old`` by ``new``, or None if a new
        path is not allowed."""
        if self.allowed is not None and not all(map(self.allowed, new)):
            return None
        local = sum(self.path_cost(p) for p in new) - sum(self.cost_of[pid] for pid in old)
        border_ends = (self.border_ends + sum(self._border_ends(p) for p in new)
                       - sum(self._border_ends(self.paths[pid]) for pid in old))
        longest = max(len(p) for p in new)
        if len(self.paths[old[0]]) == self.longest or (
                len(old) > 1 and len(self.paths[old[1]]) == self.longest):
            longest = max(longest, max((len(p) for pid, p in self.paths.items()
                                        if pid not in old), default=0))
        else:
            longest = max(longest, self.longest)
        colours = self.colours + self._colours(new) - self._colours(self.paths[p] for p in old)
        cost = self.global_cost(colours,
                                len(self.free) - len(taken), border_ends, longest)

        def apply() -> None:
            for pid in old:
                self._remove(pid)
            self.free.difference_update(taken)  # the leftover cells paths stepped onto
            for path in new:
                self._add(path)
            self.border_ends, self.longest, self.cost = border_ends, longest, cost
            self.colours = colours

        return local + cost - self.cost, apply


def anneal(walk: Walk, rng: random.Random, steps: int, hot: float, cold: float,
           zone: set[int] | None = None, avoid: set[int] | None = None) -> int:
    """Metropolis steps with the temperature falling from ``hot`` to ``cold``; returns how
    many moves were made."""
    made = 0
    for i in range(steps):
        move = walk.propose(rng, zone, avoid)
        if move is None:
            continue
        delta, apply = move
        if delta <= 0 or rng.random() < math.exp(-delta / (hot * (cold / hot) ** (i / steps))):
            apply()
            made += 1
    return made


def lengthen(system: PathSystem, rng: random.Random, target: int, min_length: int,
             look: Look = DEFAULT_LOOK,
             allowed: Callable[[list[int]], bool] | None = None,
             colours_of: Callable[[list[int]], int] | None = None) -> Walk:
    """Walk ``system`` to ``target`` paths with long straight runs (in place); returns the
    walk, for :func:`reshape`.

    First the count: with the shape terms off, every slide and rewire is free, so path ends
    wander until they meet and merge (at a fixed low temperature, which keeps merges and
    refuses splits); then the look, annealed with the count held by its weight; then the
    leftover cells, each taken by cutting a path beside it; and again while the count is
    off the target.  ``allowed``: which paths the moves may make; ``colours_of``: how many
    colours a path makes (see :class:`Walk`)."""
    walk = Walk(system, target, min_length, replace(look, turn=0, jog=0, border=0, snake=0),
                allowed, colours_of)
    for round_ in range(REACH_ROUNDS):
        walk.set_look(replace(look, turn=0, jog=0, border=0, snake=0))
        anneal(walk, rng, (REACH_STEPS if round_ == 0 else AGAIN_STEPS) * walk.cells, 0.3, 0.3)
        walk.set_look(look)
        anneal(walk, rng, (LOOK_STEPS if round_ == 0 else AGAIN_STEPS) * walk.cells, 1.0, 0.04)
        for _ in range(8):  # cells no path end reached: cut a path beside each, then settle
            if not walk.free:
                break
            zone = set(walk.free)
            zone |= {n for c in walk.free for n in walk.nbrs[c]}
            anneal(walk, rng, 8 * len(zone), 0.6, 0.2, zone=zone)
            anneal(walk, rng, 4 * walk.cells, 0.3, 0.04)
        if walk.colours == target and not walk.free:
            break
    walk.finish()
    return walk


def reshape(walk: Walk, cells: list[int], theirs: frozenset, rng: random.Random) -> bool:
    """Change the paths where two solutions differ (``cells``; ``theirs``: the other
    solution's edges), then settle the rest of the board without touching that zone (in
    place); False if nothing there could change.

    At the ambiguity a path end moves (slide, rewire, merge), or else a path is cut at an
    edge the other solution does not use; either way the endpoints there change, so the
    other solution no longer fits the clues.  Settling brings the colour count and the
    look back, away from the zone (so it does not undo the change)."""
    zone = set(cells)
    zone |= {n for c in cells for n in walk.nbrs[c]}
    made = anneal(walk, rng, 4 * len(zone), 0.6, 0.2, zone=zone) if rng.random() < 0.5 else 0
    if not made and not walk.cut_between(cells, theirs, rng):
        return False
    settle(walk, rng, avoid=zone)
    return True


def settle(walk: Walk, rng: random.Random, avoid: set[int] | None = None) -> None:
    """A short cool walk over the board (outside ``avoid``) toward the target and the look."""
    anneal(walk, rng, 8 * walk.cells, 0.3, 0.04, avoid=avoid)
    walk.finish()
