"""Symmetric endpoint layouts: mirror or 180° rotation, on boards of any size.

σ (the mirror or the half turn) pairs the cells of the board; the *half* holds one cell of
each pair and every cell σ fixes.  Paths grow and walk on the half (an ordinary board whose
other cells are holes) and are unfolded: a path P that avoids the fixed cells becomes P and
σP.  The fixed cells are handled explicitly:

* a **half turn** of an odd x odd board fixes the centre cell.  A path through it is its
  own image, so it crosses the centre straight; on the half it is a path *ending* at the
  centre (arriving from above or from the left), unfolded as P + σP reversed;
* a **mirror** of an odd x odd board (left-right) fixes the centre column.  A path
  touching it is its own image: either it lies in the column (a vertical segment, unfolded
  as itself), or it crosses the column once, straight; on the half that is a path ending on
  the column, arriving from the left.

The half's walk may only make paths of those kinds (:meth:`Fold.allowed`).  With an even
side σ fixes no cell; a path ending on the seam next to its own image's end is joined with
it there (if that keeps notouch), so solutions are not cut in two along the seam.  The
endpoint layout is symmetric by construction: σ maps every endpoint pair onto an endpoint
pair, and repairs (made on the half, or split symmetrically) keep it so.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field

from satlink.board import EMPTY, SOLID, Board
from satlink.generate.paths import PathSystem
from satlink.graph import edge
from satlink.solution import Solution

SYMMETRIES = ("none", "mirror", "rotational")


class SymmetryError(ValueError):
    """An unknown symmetry."""


@dataclass(frozen=True)
class Fold:
    """A board folded by σ: the map, the half the paths grow on, and σ's fixed cells."""

    width: int
    height: int
    sigma: Callable[[int], int]
    half: frozenset[int]
    fixed: frozenset[int]
    plain: PathSystem = field(compare=False, repr=False)  # the full board, for notouch checks

    def layout(self) -> Board:
        """The half as an empty board: the other cells are holes."""
        return Board(tuple("".join(EMPTY if r * self.width + c in self.half else SOLID
                                   for c in range(self.width)) for r in range(self.height)))

    def allowed(self, path: list[int]) -> bool:
        """Whether a path on the half unfolds into a valid path: it avoids the fixed cells,
        lies in them (the mirror's column), or ends on exactly one, its unfolding not
        running beside itself."""
        on_fixed = sum(c in self.fixed for c in path)
        if on_fixed == 0 or on_fixed == len(path):
            return True
        if on_fixed > 1 or (path[0] not in self.fixed and path[-1] not in self.fixed):
            return False
        return not self.plain.touches_itself(self.through(path))

    def colours(self, path: list[int]) -> int:
        """How many colours a half path makes on the full board: one if it is its own image
        (it touches the fixed cells, or ends beside its own image's end and will be joined
        with it), else two."""
        if any(c in self.fixed for c in path):
            return 1
        sigma, plain = self.sigma, self.plain
        for oriented in (path, path[::-1]):  # as join_across will find it
            if sigma(oriented[-1]) in plain.neighbours(oriented[-1]) and not plain.touches_itself(
                    oriented + [sigma(c) for c in reversed(oriented)]):
                return 1
        return 2

    def through(self, path: list[int]) -> list[int]:
        """A half path ending on a fixed cell, unfolded into the path crossing it."""
        oriented = path if path[-1] in self.fixed else path[::-1]
        return oriented + [self.sigma(c) for c in reversed(oriented[:-1])]


def fold(width: int, height: int, symmetry: str) -> Fold:
    """The fold of a ``width`` x ``height`` board under ``symmetry``.  A mirror is left-right
    when the width is even or both sides are odd, else top-bottom (so σ fixes no cell when a
    side is even)."""
    def mirror_lr(cell: int) -> int:
        r, c = divmod(cell, width)
        return r * width + (width - 1 - c)

    def mirror_ud(cell: int) -> int:
        r, c = divmod(cell, width)
        return (height - 1 - r) * width + c

    def rotate(cell: int) -> int:
        return width * height - 1 - cell

    if symmetry == "mirror":
        sigma = mirror_ud if width % 2 and height % 2 == 0 else mirror_lr
    elif symmetry == "rotational":
        sigma = rotate
    else:
        raise SymmetryError(f"unknown symmetry {symmetry!r} (known: {', '.join(SYMMETRIES)})")
    cells = range(width * height)
    return Fold(width, height, sigma, frozenset(c for c in cells if c <= sigma(c)),
                frozenset(c for c in cells if c == sigma(c)), PathSystem(width, height))


def prepare(half: PathSystem, folded: Fold) -> None:
    """Make grown half paths unfoldable (in place): cut each where it passes between the
    fixed cells and the rest; a fixed cell left alone joins the part beside it as its end if
    that is allowed, and pieces of one cell become leftovers for the walk to take."""
    pieces: list[list[int]] = []
    for path in half.paths:
        run = [path[0]]
        for cell in path[1:]:
            if (cell in folded.fixed) == (run[-1] in folded.fixed):
                run.append(cell)
            else:
                pieces.append(run)
                run = [cell]
        pieces.append(run)
    kept = [p for p in pieces if len(p) > 1]
    alone = {p[0] for p in pieces if len(p) == 1}
    for x in sorted(alone & folded.fixed):
        for i, path in enumerate(kept):
            for end in (path[-1], path[0]):
                if x in half.neighbours(end) and not any(c in folded.fixed for c in path):
                    grown = path + [x] if end == path[-1] else [x] + path
                    if folded.allowed(grown):
                        kept[i] = grown
                        alone.discard(x)
                        break
            if x not in alone:
                break
    half.paths = kept
    half.solids |= alone


def unfold(half: PathSystem, folded: Fold) -> PathSystem:
    """The full board's paths: each half path and its image, or the one path it is when it
    touches the fixed cells; then paths meeting their own image on the seam are joined."""
    sigma = folded.sigma
    full = PathSystem(folded.width, folded.height)
    for path in half.paths:
        on_fixed = sum(c in folded.fixed for c in path)
        if on_fixed == 0:
            full.paths += [list(path), [sigma(c) for c in path]]
        elif on_fixed == len(path):
            full.paths.append(list(path))
        else:
            full.paths.append(folded.through(path))
    full.solids = set(half.solids) | {sigma(c) for c in half.solids}
    join_across(full, sigma, keep_notouch=True)
    return full


def to_half(cells: list[int], folded: Fold) -> list[int]:
    """The half's cells standing for ``cells`` (each cell or its image)."""
    return sorted({c if c in folded.half else folded.sigma(c) for c in cells})


def edges_to_half(solution: Solution, folded: Fold) -> frozenset:
    """A full-board solution's edges, each as the half's edge standing for it."""
    sigma = folded.sigma
    return frozenset(edge(*(x if x in folded.half else sigma(x) for x in e))
                     for e in solution.edges())


def join_across(system: PathSystem, sigma: Callable[[int], int], keep_notouch: bool) -> None:
    """Join a path with its own image where their ends meet across the seam."""
    i = 0
    while i < len(system.paths):
        path = system.paths[i]
        image = [sigma(x) for x in path]
        joined = None
        for oriented in (path, path[::-1]):
            end = oriented[-1]
            if sigma(end) in system.neighbours(end):
                mirrored = [sigma(x) for x in oriented]
                candidate = oriented + mirrored[::-1]
                if not keep_notouch or not system.touches_itself(candidate):
                    joined = candidate
                    break
        if joined is not None and image in system.paths and image is not path:
            j = system.paths.index(image)
            system.paths[i] = joined
            del system.paths[j]
            if j < i:
                i -= 1
        i += 1


def split_symmetric(system: PathSystem, other: Solution, min_length: int, rng: random.Random,
                    sigma: Callable[[int], int]) -> bool:
    """Cut at an edge ours has and ``other`` lacks, and at its image, keeping the symmetry."""
    theirs = other.edges()
    owner_of = {}
    for i, path in enumerate(system.paths):
        for k in range(1, len(path)):
            owner_of[edge(path[k - 1], path[k])] = (i, k)
    choices = [e for e in owner_of if e not in theirs]
    rng.shuffle(choices)
    for e in choices:
        mirror = edge(sigma(e[0]), sigma(e[1]))
        cuts = {owner_of[e], owner_of[mirror]}
        pieces: dict[int, list[int]] = {}
        for i, k in cuts:
            pieces.setdefault(i, []).append(k)
        new_paths: list[list[int]] = []
        ok = True
        for i, ks in pieces.items():
            bounds = [0, *sorted(ks), len(system.paths[i])]
            parts = [system.paths[i][a:b] for a, b in zip(bounds, bounds[1:], strict=False)]
            if any(len(p) < min_length for p in parts):
                ok = False
                break
            new_paths += parts
        if not ok:
            continue
        system.paths = [p for i, p in enumerate(system.paths) if i not in pieces] + new_paths
        return True
    return False
