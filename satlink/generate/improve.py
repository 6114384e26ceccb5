"""Candidate improvement: make a grown path system meet the designer's constraints.

The seeds' growth leaves isolated solid cells, a few very long paths and some short ones.
These steps fix that without breaking the solution: absorb leftover cells into neighbouring
path ends, merge short paths into neighbours end to end, split long paths to reach the
colour range, merge to stay under it.  Every step keeps each path simple and (under
``notouch``) non-touching, so the system stays a valid solution of its own board.
"""

from __future__ import annotations

import random

from satlink.generate.paths import PathSystem
from satlink.generate.unionfind import grow_paths_in


def absorb_leftovers(system: PathSystem, keep_notouch: bool, min_length: int) -> None:
    """Turn leftover solid cells into path cells: extend an end, bridge two ends, or cut a
    neighbouring path so that the cell becomes the new end of one half."""
    changed = True
    while changed and system.solids:
        changed = False
        owner = system.owner()
        for x in sorted(system.solids):
            if _absorb(system, x, keep_notouch) or _absorb_by_cut(system, x, keep_notouch,
                                                                   min_length, owner):
                system.solids.discard(x)
                changed = True
                break


def _absorb_by_cut(system: PathSystem, x: int, keep_notouch: bool, min_length: int,
                   owner: dict[int, int]) -> bool:
    for u in system.neighbours(x):
        i = owner.get(u)
        if i is None:
            continue
        path = system.paths[i]
        k = path.index(u)
        for with_x, rest in ((path[: k + 1] + [x], path[k + 1 :]), ([x] + path[k:], path[:k])):
            if len(with_x) < min_length or len(rest) < min_length:
                continue
            if not (system.can_end(x) and system.can_end(rest[0]) and system.can_end(rest[-1])):
                continue
            if keep_notouch and system.touches_itself(with_x):
                continue
            system.paths[i] = with_x
            system.paths.append(rest)
            return True
    return False


def _absorb(system: PathSystem, x: int, keep_notouch: bool) -> bool:
    near = set(system.neighbours(x))
    ends = [(i, end) for i, p in enumerate(system.paths) for end in (0, -1) if p[end] in near]
    for i, end in ends:
        path = system.paths[i]
        grown = path + [x] if end == -1 else [x] + path
        if system.can_end(x) and (not keep_notouch or not system.touches_itself(grown)):
            system.paths[i] = grown
            return True
    for i, end_i in ends:  # join two different paths through x
        for j, end_j in ends:
            if i >= j:
                continue
            a = system.paths[i] if end_i == -1 else system.paths[i][::-1]
            b = system.paths[j] if end_j == 0 else system.paths[j][::-1]
            joined = a + [x] + b
            if not keep_notouch or not system.touches_itself(joined):
                system.paths[i] = joined
                del system.paths[j]
                return True
    return False


def merge_pair(system: PathSystem, i: int, keep_notouch: bool,
               owner: dict[int, int] | None = None) -> bool:
    """Join path i end to end with some neighbouring path; True if it worked."""
    path = system.paths[i]
    owner = system.owner() if owner is None else owner
    for end in (-1, 0):
        for n in system.neighbours(path[end]):
            j = owner.get(n)
            if j is None or j == i:
                continue
            other = system.paths[j]
            if n not in (other[0], other[-1]):
                continue
            a = path if end == -1 else path[::-1]
            b = other if n == other[0] else other[::-1]
            joined = a + b
            if keep_notouch and system.touches_itself(joined):
                continue
            system.paths[i] = joined
            del system.paths[j]
            return True
    return False


def merge_short(system: PathSystem, min_length: int, keep_notouch: bool) -> None:
    changed = True
    while changed:
        changed = False
        owner = system.owner()
        for i in sorted(range(len(system.paths)), key=lambda k: len(system.paths[k])):
            if len(system.paths[i]) < min_length and merge_pair(system, i, keep_notouch, owner):
                changed = True
                break


def regrow_around(system: PathSystem, x: int, rng: random.Random) -> None:
    """Dissolve the paths next to leftover cell ``x`` and grow new ones in that region."""
    owner = system.owner()
    touching = {owner[n] for n in system.neighbours(x) if n in owner}
    region = {x} | {cell for i in touching for cell in system.paths[i]}
    region |= {n for cell in region for n in system.neighbours(cell) if n in system.solids}
    system.paths = [p for i, p in enumerate(system.paths) if i not in touching]
    system.solids -= region
    grow_paths_in(system, region, rng)


def dissolve(system: PathSystem, paths: list[list[int]]) -> None:
    """Give the cells of paths that cannot be kept back to the free pool (as solids), so
    the absorption moves can hand them to neighbouring paths."""
    for path in paths:
        system.paths.remove(path)
        system.solids.update(path)


def split_longest(system: PathSystem, min_length: int, rng: random.Random) -> bool:
    """Cut the longest splittable path in two, both parts at least ``min_length`` long."""
    longest = max(range(len(system.paths)), key=lambda k: len(system.paths[k]), default=None)
    if longest is None or len(system.paths[longest]) < 2 * min_length:
        return False
    path = system.paths[longest]
    if system.layout is not None and system.layout.geometry.bridges:
        cuts = [k for k in range(min_length, len(path) - min_length + 1) if system.can_cut(path, k)]
        if not cuts:
            return False
        cut = rng.choice(cuts)
    else:
        cut = rng.randint(min_length, len(path) - min_length)
    system.paths[longest] = path[:cut]
    system.paths.append(path[cut:])
    return True


def improve(system: PathSystem, rng: random.Random, min_length: int, colours: tuple[int, int],
            keep_notouch: bool) -> None:
    """Apply the improvement steps in order; the caller checks what is still violated."""
    for _ in range(4):
        _tidy(system, min_length, keep_notouch)
        if not system.solids:
            break
        for x in sorted(system.solids):  # re-route around what is still left over
            if x in system.solids:
                regrow_around(system, x, rng)
    merge_towards(system, colours[0], keep_notouch)
    while len(system.paths) < colours[0] and split_longest(system, min_length, rng):
        pass


def merge_towards(system: PathSystem, target: int, keep_notouch: bool) -> None:
    """Join paths end to end, shortest first, while there are more than ``target``: fewer,
    longer paths make better puzzles (repair splits them again where that costs uniqueness)."""
    progress = True
    while progress and len(system.paths) > target:
        progress = False
        owner = system.owner()
        for i in sorted(range(len(system.paths)), key=lambda k: len(system.paths[k])):
            if merge_pair(system, i, keep_notouch, owner):
                progress = True
                break


def _tidy(system: PathSystem, min_length: int, keep_notouch: bool) -> None:
    """Absorb leftovers and get rid of short paths (merge them, or dissolve and re-absorb)."""
    for _ in range(4):
        absorb_leftovers(system, keep_notouch, min_length)
        merge_short(system, min_length, keep_notouch)
        short = [p for p in system.paths if len(p) < min_length]
        if not short:
            return
        dissolve(system, short)
