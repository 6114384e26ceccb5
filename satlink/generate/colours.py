"""The colour counts of published Flow Free levels: the spread ``generate`` draws each
attempt's colour count from, and the default ``--colors`` range."""

from __future__ import annotations

import math
from functools import cache

from satlink.generate.tables import table


@cache
def _colours_by_side() -> tuple[tuple[int, int, int, int], ...]:
    """(side, fewest, median, most colours) of published Flow Free levels of side x side
    cells: ``colours`` in ``satlink/data/published.json``, which names the corpus."""
    return tuple((e["side"], e["fewest"], e["median"], e["most"])
                 for e in table("published")["colours"]["by_side"])


def published_colours(cells: int) -> tuple[float, float, float]:
    """(fewest, median, most) colours for a board of ``cells`` open cells: the published
    figures, interpolated by the side of the square of that area (rectangles included),
    scaled with the side below 7x7 and above 15x15 (where the published packs stop at 16
    colours, their palette: past it the most grows a little faster than the median)."""
    side = math.sqrt(cells)
    published = _colours_by_side()
    first, last = published[0], published[-1]
    if side <= first[0]:
        return tuple(v * side / first[0] for v in first[1:])
    if side >= last[0]:
        low, median = (v * side / last[0] for v in last[1:3])
        return low, median, median * (1 + (side - last[0]) / 30)
    for (s0, *a), (s1, *b) in zip(published, published[1:], strict=False):
        if s0 <= side <= s1:
            t = (side - s0) / (s1 - s0)
            return tuple(x + t * (y - x) for x, y in zip(a, b, strict=True))
    raise AssertionError("unreachable")


@cache
def _quartiles() -> tuple[float, float]:
    """Where the middle half of published colour counts lies, as fractions of the way from the
    median down to the fewest and up to the most (``colours.quartiles`` in
    ``satlink/data/published.json``, with the middle halves they were fitted to): published
    counts lean low, a quarter of the levels well under the median and few more than a
    colour above it."""
    quartiles = table("published")["colours"]["quartiles"]
    return quartiles["lower"], quartiles["upper"]


def published_colour_draw(cells: int, u: float, scale: float = 1.0) -> float:
    """The colour count at quantile ``u`` (0..1) of the published spread for ``cells`` open
    cells (times ``scale``): the fewest, lower quartile, median, upper quartile and most
    joined by straight lines.  One place for the spread, so the generator and the repair
    benchmark's drafts draw from the same one."""
    low, median, high = (v * scale for v in published_colours(cells))
    lower_quartile, upper_quartile = _quartiles()
    quantiles = ((0.0, low), (0.25, median - lower_quartile * (median - low)), (0.5, median),
                 (0.75, median + upper_quartile * (high - median)), (1.0, high))
    for (p0, v0), (p1, v1) in zip(quantiles, quantiles[1:], strict=False):
        if u <= p1:
            return v0 + (u - p0) / (p1 - p0) * (v1 - v0)
    return high
