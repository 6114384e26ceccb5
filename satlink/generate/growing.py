"""Growing one attempt's candidate: the variant's empty board, the seeds' growth of paths
over it, then (``--growth grow``) the walk that lengthens them toward the attempt's colour
target with the look a published puzzle has.

A candidate is solvable by construction and cheap at any size; whether it is unique, and
what is done when it is not, is :mod:`satlink.generate.pipeline`'s.  Kept apart so what
measures the growth alone (``satlink bench --generate``, the opening benchmarks) grows
exactly what an attempt grows, from the same random draws.
"""

from __future__ import annotations

import random

from satlink.board import Board
from satlink.generate.layout import make_layout
from satlink.generate.longpaths import Walk, lengthen
from satlink.generate.longpaths.aims import look_for
from satlink.generate.params import Params, colour_target
from satlink.generate.paths import PathSystem
from satlink.generate.symmetry import Fold, prepare
from satlink.generate.unionfind import grow_paths


def candidate_board(params: Params, number: int) -> Board:
    """The grown (not yet uniqueness-checked) board of attempt ``number``: solvable by
    construction, cheap at any size; ``satlink bench --generate`` measures on these.
    Raises :class:`LayoutError` when the variant's features do not fit this attempt, and
    ``BoardError`` when a bridge crossing was left over (no board has a solid bridge)."""
    rng = random.Random(f"{params.seed}:{number}")
    layout = variant_layout(params, rng)
    return grown(params, rng, layout)[0].board()


def variant_layout(params: Params, rng: random.Random) -> Board | None:
    """This attempt's empty board for a variant (None for the plain board, drawing nothing
    from ``rng`` so plain runs stay what they were)."""
    if not params.is_variant:
        return None
    return make_layout(params.width, params.height, params.geometry, params.holes,
                       params.shape, params.walls, params.bridges, rng)


def grown(params: Params, rng: random.Random, layout: Board | None = None,
          folded: Fold | None = None, headroom: bool = False,
          within: tuple[float, float] = (0.0, 1.0)) -> tuple[PathSystem, Walk | None]:
    """The seeds' growth, then (``--growth grow``) the walk toward this attempt's colour
    target and the look; with ``folded``, on the half of a symmetric layout (where a path
    makes two colours, or one when it is its own image)."""
    system = grow_paths(params.width, params.height, rng,
                        folded.layout() if folded is not None else layout)
    if folded is not None:
        prepare(system, folded)
    if params.growth != "grow":
        return system, None
    target = colour_target(params, rng, within)
    if headroom:  # a climb toward easier cuts paths: leave it a colour below the most
        target = min(target, max(params.colours_min, params.colours_max - 1))
        if params.few_forced:  # and there the easier bands need the most colours
            target = max(params.colours_min, params.colours_max - 1)
    look = look_for(params.width * params.height)
    if folded is None:
        return system, lengthen(system, rng, target, params.min_length, look)
    if len(folded.fixed) == 1 and target % 2 == 0:  # one path crosses the centre: odd
        target += 1 if target < params.colours_max else -1
    return system, lengthen(system, rng, target, params.min_length, look, allowed=folded.allowed,
                            colours_of=folded.colours)
