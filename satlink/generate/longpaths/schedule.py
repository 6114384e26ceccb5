"""The schedule: simulated annealing over the moves, toward the colour count, then the look.

Each step proposes one random move (:func:`satlink.generate.longpaths.moves.propose`) and
makes it by the Metropolis rule while the temperature falls; :func:`lengthen` orders the
rounds, :func:`reshape` and :func:`settle` are the short walks of a repair.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import replace

from satlink.generate.longpaths.cost import DEFAULT_LOOK, Look
from satlink.generate.longpaths.moves import cut_between, propose
from satlink.generate.longpaths.walk import Walk
from satlink.generate.paths import PathSystem
from satlink.runtime.cancel import stop_if_cancelled

REACH_ROUNDS = 4
REACH_STEPS, LOOK_STEPS, AGAIN_STEPS = 20, 25, 10
"""Proposals per cell: toward the count, then the look; and in each later round."""
CANCEL_EVERY = 255
"""Proposals between two looks at the cancel token (a mask: every 256th)."""


def anneal(walk: Walk, rng: random.Random, steps: int, hot: float, cold: float,
           zone: set[int] | None = None, avoid: set[int] | None = None) -> int:
    """Metropolis steps with the temperature falling from ``hot`` to ``cold``; returns how
    many moves were made.  A walk over a large board runs for seconds, so it stops
    (:class:`satlink.runtime.cancel.Cancelled`) when its work's budget is spent."""
    made = 0
    for i in range(steps):
        if not i & CANCEL_EVERY:
            stop_if_cancelled()
        move = propose(walk, rng, zone, avoid)
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
    if not made and not cut_between(walk, cells, theirs, rng):
        return False
    settle(walk, rng, avoid=zone)
    return True


def settle(walk: Walk, rng: random.Random, avoid: set[int] | None = None) -> None:
    """A short cool walk over the board (outside ``avoid``) toward the target and the look."""
    anneal(walk, rng, 8 * walk.cells, 0.3, 0.04, avoid=avoid)
    walk.finish()
