"""A new start for a climb toward a board the forced moves solve completely that stalled at
the one colour count asked for (``--colors k``).

At one colour count a climb cannot add colours where the forced moves stop; without a count
asked for, the pipeline climbs on with a colour more of slack instead.  A stalled climb
stays where it stopped in every further climb, with most of the board left to other
techniques, so the attempts aimed at a completely forced board fell short of the published
share of them (``benchmarks/README.md``, "openings at the colour count asked for"); a
fresh candidate is what is left to try.
"""

from __future__ import annotations

import random

from satlink.board import Board
from satlink.generate.growing import grown
from satlink.generate.longpaths import Walk
from satlink.generate.params import Params
from satlink.generate.paths import PathSystem
from satlink.generate.steer import Climb, distance, opening_off, steer

REGROWS = 2
"""Fresh candidates a stalled climb may start again from (each a whole climb, so few)."""


def regrown(params: Params, now: tuple[PathSystem, Walk], climb: Climb, layout: Board | None,
            rng: random.Random, within: tuple[float, float]) -> tuple[PathSystem, Walk, bool]:
    """(system, walk, stalled) of the candidate closest to ``climb``'s band and opening: the
    stalled one ``now`` or one of up to :data:`REGROWS` fresh ones (grown as the attempt's
    own, from the part ``within`` of the colour spread) climbed the same way; the first
    that gets there ends the search."""
    best, off = now, aim_off(now[0].board(), climb)
    for _ in range(REGROWS):
        system, walk = grown(params, rng, layout, headroom=True, within=within)
        if not climb.valid(system):
            continue
        _, walk, stalled = steer(system, walk, climb, rng)
        here = aim_off(system.board(), climb)
        if here < off:
            best, off = (system, walk), here
        if not stalled:
            break
    return best[0], best[1], off > (0.0, 0.0)


def aim_off(board: Board, climb: Climb) -> tuple[float, float]:
    """(distance from the band, how far from the opening aimed at once in it) of ``board``."""
    d = distance(board, climb.rules, climb.band)[0]
    return d, (opening_off(board, climb.rules, climb.opening)[0] if d == 0 else 1.0)
