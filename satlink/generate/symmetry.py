"""Symmetric endpoint layouts: mirror or 180° rotation.

The board is folded onto half of itself (the left or top half), the usual growth and
improvement run on that half, and the result is unfolded: every path P gets its image σP.
Where a path ends on the seam next to its own image's end, the two are joined into one path
crossing the axis (if that keeps notouch), so solutions are not cut in two along the seam.
The endpoint layout is symmetric by construction: σ maps every endpoint pair onto an
endpoint pair.  Repair splits a path and its image together, so the layout stays symmetric.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from satlink.board import Solution, edge
from satlink.generate.paths import PathSystem

SYMMETRIES = ("none", "mirror", "rotational")


class SymmetryError(ValueError):
    """A symmetry that the board's shape does not allow."""


def fold(width: int, height: int, symmetry: str) -> tuple[int, int, Callable[[int], int]]:
    """(half width, half height, map from full-board cell to its image under σ)."""
    def mirror_lr(cell: int) -> int:
        r, c = divmod(cell, width)
        return r * width + (width - 1 - c)

    def mirror_ud(cell: int) -> int:
        r, c = divmod(cell, width)
        return (height - 1 - r) * width + c

    def rotate(cell: int) -> int:
        return width * height - 1 - cell

    if symmetry == "mirror":
        sigma = mirror_lr if width % 2 == 0 else mirror_ud
    elif symmetry == "rotational":
        sigma = rotate
    else:
        raise SymmetryError(f"unknown symmetry {symmetry!r} (known: {', '.join(SYMMETRIES)})")
    # fold onto the left half when the width is even, else onto the top half
    if width % 2 == 0:
        return width // 2, height, sigma
    if height % 2 == 0:
        return width, height // 2, sigma
    raise SymmetryError(f"{symmetry} symmetry needs an even width or height, not {width}x{height}")


def unfold(half: PathSystem, width: int, height: int, sigma: Callable[[int], int]) -> PathSystem:
    """Embed the half board (left or top part) and add σ's image of every path."""
    def embed(cell: int) -> int:
        r, c = divmod(cell, half.width)
        return r * width + c

    full = PathSystem(width, height)
    for path in half.paths:
        cells = [embed(x) for x in path]
        full.paths.append(cells)
        full.paths.append([sigma(x) for x in cells])
    full.solids = {embed(x) for x in half.solids} | {sigma(embed(x)) for x in half.solids}
    return full


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
