"""The look the walk aims at on a board of a given size: published figures differ by size.

One :class:`~satlink.generate.longpaths.cost.Look` for every size left three of issue 22's
figures off the published ones (benchmarks/README.md, ``generator_play.py``): at 7x7 too
few staircases (2.1 per 100 edges against 4.8) and border endpoints (17 % against 21 %),
and at 12x12 and 14x14 a longest path too long (29 / 25 % of the board against 24 / 20 %).
Small boards have more of both small features, and large boards a shorter longest path, so
the weights and goals that produce them are interpolated by the side of the board's square
between the sides where they were tuned (held at the nearest end beyond them):

* ``jog``: the reward per staircase; -0.2 (the old constant) gives about the published
  7.2 at 14x14; at 10x10, with the longest path capped, it gave 4.7-5.9 (published 5.6) and
  -0.3 gave 5.8-6.7, so -0.25 there; at 7x7 -0.4 gives 4.3-5.2 per 100 edges (default packs
  of 30, three seeds; -0.5 gave 5.1-6.4, -1.0 gave 15);
* ``border_share``: the share of border cells aimed to hold an endpoint: 0.19 at 7x7
  gives 21-22 % (published 21 %; 0.21 gave 23 %), 0.12 from 10x10 gives the published
  10-15 % (issue 12);
* ``snake_share``: the longest path's share beyond which its cells stop earning the snake
  reward and start costing ``snake_over`` each; without that cost the longest path ran
  1-3 points past the cap (27.5 % at 12x12 for 0.26).  With 0.25 / 0.21 at 12x12 / 14x14
  the longest path is 23 / 21 % of the board (published 24 / 20 %).
"""

from __future__ import annotations

import math
from dataclasses import replace

from satlink.generate.longpaths.cost import DEFAULT_LOOK, Look

JOG = ((7, -0.4), (10, -0.25), (14, -0.2))
BORDER_SHARE = ((7, 0.19), (10, 0.12))
SNAKE_SHARE = ((10, 0.26), (12, 0.25), (14, 0.21))
SNAKE_OVER = 0.1
"""Cost per cell of the longest path past ``snake_share`` (0.3 pulled it to 21 % at 12x12,
2 points further under the published 24 %; 0.05 left 14x14 at 22 %)."""


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
                   snake_share=by_side(SNAKE_SHARE, side), snake_over=SNAKE_OVER)
