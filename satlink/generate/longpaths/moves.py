"""The walk's moves: local changes of a path cover that keep it valid.

Each move is proposed as (change of cost, apply) by :meth:`Walk.replace`, so the schedule
decides before anything changes.  Every move keeps each path simple and non-touching
(``notouch``), leaves no path ending on a bridge crossing, and makes only the paths the
walk allows (a symmetric layout's half):

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
The random draws of each move are part of what a seed means: reordering them changes every
generated pack.
"""

from __future__ import annotations

import random

from satlink.generate.longpaths.walk import FREE, Move, Walk
from satlink.graph import edge


def propose(walk: Walk, rng: random.Random, zone: set[int] | None = None,
            avoid: set[int] | None = None) -> Move | None:
    """A random valid move, or None.  ``zone``: the move starts at a path end or cuts an
    edge in these cells; ``avoid``: no move starts, lands or cuts in these cells."""
    if not walk.paths:
        return None
    if zone is not None:
        cells = list(zone)
        c = cells[rng.randrange(len(cells))]
        if walk.owner[c] == FREE:
            return _absorb(walk, c, rng) if c in walk.free else None
        path = walk.paths[walk.owner[c]]
        k = walk.index[c]
        if k in (0, len(path) - 1) and rng.random() < 0.7:
            return _end_move(walk, walk.owner[c], k != 0, rng, avoid)
        return _split(walk, walk.owner[c], rng.choice((k, k + 1)), avoid)
    if rng.random() < 0.08:
        pid = walk.owner[walk.nodes[rng.randrange(len(walk.nodes))]]  # longer: more often
        if pid == FREE or len(walk.paths[pid]) < 4:
            return None
        return _split(walk, pid, rng.randint(2, len(walk.paths[pid]) - 2), avoid)
    return _end_move(walk, rng.choice(walk.ids), rng.random() < 0.5, rng, avoid)


def cut_between(walk: Walk, cells: list[int], theirs: frozenset, rng: random.Random) -> bool:
    """Cut a path at an edge at one of ``cells`` that is not in ``theirs`` (parts of the
    minimum length if possible), at once; False if there is none."""
    good, fair = [], []
    for c in cells:
        pid = walk.owner[c]
        if pid == FREE:
            continue
        path, k = walk.paths[pid], walk.index[c]
        for cut in (k, k + 1):
            if not 2 <= cut <= len(path) - 2 or edge(path[cut - 1], path[cut]) in theirs:
                continue
            if walk.ends_ok[path[cut - 1]] and walk.ends_ok[path[cut]]:
                long_enough = min(cut, len(path) - cut) >= walk.min_length
                (good if long_enough else fair).append((pid, cut))
    for choices in (good, fair):
        rng.shuffle(choices)
        for pid, cut in choices:
            path = walk.paths[pid]
            move = walk.replace([pid], [path[:cut], path[cut:]])
            if move is not None:
                move[1]()
                return True
    return False


def _end_move(walk: Walk, pid: int, at_end: bool, rng: random.Random,
              avoid: set[int] | None) -> Move | None:
    """Step path ``pid``'s last (``at_end``) or first cell onto a random neighbour: extend,
    merge, slide or rewire, by what is there."""
    path = walk.paths[pid]
    e = path[-1] if at_end else path[0]
    before = path[-2] if at_end else path[1]
    nbrs = walk.nbrs[e]
    x = nbrs[rng.randrange(len(nbrs))]
    if x == before or (avoid and (e in avoid or x in avoid)):
        return None
    owner = walk.owner[x]
    if owner == pid:
        return None
    if owner == FREE:
        if not walk.ends_ok[x]:
            return _through(walk, pid, at_end, x, rng)
        if walk.touches(pid, (x,), (x, e)):
            return None
        return walk.replace([pid], [(path if at_end else path[::-1]) + [x]], (x,))
    other = walk.paths[owner]
    k = walk.index[x]
    if k in (0, len(other) - 1):
        forward = other if k == 0 else other[::-1]  # starts at x
        if rng.random() < 0.5:  # merge
            if len(path) <= len(other):
                if walk.touches(owner, path, (e, x)):
                    return None
            elif walk.touches(pid, forward, (x, e)):
                return None
            oriented = path if at_end else path[::-1]  # ends at e
            return walk.replace([pid, owner], [oriented + forward])
        # slide: e leaves this path and becomes the other path's new end
        if len(path) < 3 or not walk.ends_ok[before]:
            return None
        if walk.touches(owner, (e,), (e, x)):
            return None
        shorter = path[:-1] if at_end else path[:0:-1]
        return walk.replace([pid, owner], [shorter, forward[::-1] + [e]])
    # rewire: take the part of the other path beyond x on one side (the rest keeps its
    # cells up to x's neighbour, its new end)
    forward = rng.random() < 0.5
    lo, hi, new_end = (k, len(other), k - 1) if forward else (0, k + 1, k + 1)
    if len(other) - (hi - lo) < 2 or not walk.ends_ok[other[new_end]]:
        return None
    taken = other[k:] if forward else other[k::-1]
    if len(path) <= len(taken):
        if walk.touches_side(path, owner, lo, hi, (e, x)):
            return None
    elif walk.touches(pid, taken, (x, e)):
        return None
    rest = other[:k] if forward else other[k + 1:]
    oriented = path if at_end else path[::-1]  # ends at e
    return walk.replace([pid, owner], [oriented + taken, rest])


def _through(walk: Walk, pid: int, at_end: bool, x: int, rng: random.Random) -> Move | None:
    """Path ``pid`` steps onto leftover node ``x``, where no path may end (a bridge
    crossing), and on through it: onto a leftover cell, or another path's end (the two
    become one path)."""
    path = walk.paths[pid]
    oriented = path if at_end else path[::-1]
    v = rng.choice(walk.nbrs[x])
    if v == oriented[-1]:
        return None
    owner = walk.owner[v]
    if owner == FREE and v in walk.free and walk.ends_ok[v]:
        grown, old, taken = oriented + [x, v], [pid], (x, v)
    elif owner not in (FREE, pid) and walk.index[v] in (0, len(walk.paths[owner]) - 1):
        other = walk.paths[owner]
        grown = oriented + [x] + (other if walk.index[v] == 0 else other[::-1])
        old, taken = [pid, owner], (x,)
    else:
        return None
    if walk.system.touches_itself(grown):
        return None
    return walk.replace(old, [grown], taken)


def _absorb(walk: Walk, x: int, rng: random.Random) -> Move | None:
    """Take leftover node ``x`` into a path next to it: cut that path at its cell beside
    ``x`` and extend one part onto ``x`` (a colour more, a leftover less); where no path
    may end (a bridge crossing), on through ``x`` to the node beyond it."""
    u = rng.choice(walk.nbrs[x])
    pid = walk.owner[u]
    if pid == FREE:
        return None
    path = walk.paths[pid]
    k = walk.index[u]
    if rng.random() < 0.5:
        taken, rest, lo, hi = path[: k + 1], path[k + 1:], 0, k + 1
    else:
        taken, rest, lo, hi = path[k:][::-1], path[:k], k, len(path)
    if rest and (len(rest) < 2 or not walk.ends_ok[rest[0] if lo == 0 else rest[-1]]):
        return None
    rest_paths = [rest] if rest else []
    if walk.ends_ok[x]:
        if walk.touches_side((x,), pid, lo, hi, (x, u)):
            return None
        return walk.replace([pid], [taken + [x]] + rest_paths, (x,))
    v = next((n for n in walk.nbrs[x] if n != u), None)
    if v is None:
        return None
    owner = walk.owner[v]
    if owner == FREE:
        if v not in walk.free or not walk.ends_ok[v]:
            return None
        grown, old, new_rest, cells = taken + [x, v], [pid], rest_paths, (x, v)
    elif owner != pid and walk.index[v] in (0, len(walk.paths[owner]) - 1):
        other = walk.paths[owner]
        grown = taken + [x] + (other if walk.index[v] == 0 else other[::-1])
        old, new_rest, cells = [pid, owner], rest_paths, (x,)
    else:
        return None
    if walk.system.touches_itself(grown):
        return None
    return walk.replace(old, [grown] + new_rest, cells)


def _split(walk: Walk, pid: int, cut: int, avoid: set[int] | None) -> Move | None:
    """Cut path ``pid`` before index ``cut`` (both parts at least two cells)."""
    path = walk.paths[pid]
    if not 2 <= cut <= len(path) - 2:
        return None
    a, b = path[cut - 1], path[cut]
    if not (walk.ends_ok[a] and walk.ends_ok[b]) or (avoid and (a in avoid or b in avoid)):
        return None
    return walk.replace([pid], [path[:cut], path[cut:]])
