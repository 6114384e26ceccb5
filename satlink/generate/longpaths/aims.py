"""The look the walk aims at on a board of a given size: published figures differ by size.

One :class:`~satlink.generate.longpaths.cost.Look` for every size left some of the walk's
figures off the published ones (``benchmarks/generator_play.py`` compares them): small
boards had too few staircases and border endpoints, large ones a longest path too long.
Small boards have more of both small features, and large boards a shorter longest path, so
the weights and goals that produce them are interpolated by the side of the board's square
between the sides where they were tuned (held at the nearest end beyond them):

* ``jog``: the reward per staircase, tuned per side until the staircases per 100 edges of
  default packs matched the published ones;
* ``border_share``: the share of border cells aimed to hold an endpoint, tuned until the
  share of endpoints on the border matched the published one;
* ``snake_share``: the longest path's share beyond which its cells stop earning the snake
  reward and start costing ``snake_over`` each (without that cost the longest path ran past
  the cap), tuned until the longest path's share of the board matched the published one;
* ``short``: the cost per path of at most 3 cells, tuned until the share of such paths
  came down to the published one from 10x10 to 15x15.

The values tried and the figures each gave: benchmarks/README.md (``generator_play.py``).
"""

from __future__ import annotations

import math
from dataclasses import replace

from satlink.generate.longpaths.cost import DEFAULT_LOOK, Look

JOG = ((7, -0.4), (10, -0.25), (14, -0.2))
BORDER_SHARE = ((7, 0.19), (10, 0.12))
SNAKE_SHARE = ((10, 0.26), (12, 0.25), (14, 0.21))
SHORT = ((9, 0.0), (10, 0.12), (11, 0.08), (14, 0.08), (15, 0.03), (20, 0.0))
"""Cost per path of at most 3 cells: without it 10x10 to 14x14 packs had more such paths
than published levels (the walk's candidates alone, and the climbs toward easy add more),
and a weight a few times this one took them well under.  None up to 9x9, where the
generated share matched the published one, more at 10x10 (where the most were), little at
15x15 (whose share matched without it: a flat weight to 15x15 took it under), and none at
20x20, whose climbs toward easy need them (the values tried and what each gave:
benchmarks/README.md)."""
SNAKE_OVER = 0.1
"""Cost per cell of the longest path past ``snake_share``: more pulled the longest path
under the published share, less left it above (``benchmarks/generator_play.py``)."""


def by_side(points: tuple[tuple[float, float], ...], side: float) -> float:
    """The value at ``side``, linear between the ``(side, value)`` points, held beyond."""
    if side <= points[0][0]:
        return points[0][1]
    for (s0, a), (s1, b) in zip(points, points[1:], strict=False):
        if side <= s1:
            return a + (side - s0) / (s1 - s0) * (b - a)
    return points[-1][1]


def look_for(cells: int, base: Look = DEFAULT_LOOK) -> Look:
    """The look aimed at on a board of ``cells`` cells, width x height (``base`` for the other
    weights)."""
    side = math.sqrt(cells)
    return replace(base, jog=by_side(JOG, side), border_share=by_side(BORDER_SHARE, side),
                   snake_share=by_side(SNAKE_SHARE, side), snake_over=SNAKE_OVER,
                   short=by_side(SHORT, side))
