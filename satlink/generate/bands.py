"""What each generation attempt aims at: the band (and, in a default pack, the opening) that
attempt number ``n`` steers toward, drawn so that a pack follows the published mix of bands.

The targets themselves are :mod:`satlink.generate.targets`; what each size reaches,
:mod:`satlink.generate.reach`; the order of a written pack, :mod:`satlink.generate.ordering`.
"""

from __future__ import annotations

import math
import random
from functools import cache

from satlink.generate.params import Params
from satlink.generate.tables import table
from satlink.generate.targets import ORDER, band_of_target, parse_target
from satlink.grading import MAX_GRADE_NODES


@cache
def _bands_by_side() -> tuple[tuple[int, tuple[float, float, float]], ...]:
    """(side, shares of the easy, medium and hard bands) of published basic square Flow Free
    levels of side x side cells, graded by satlink's grader: ``bands`` in
    ``satlink/data/published.json``, which names the corpus and the run."""
    return tuple((e["side"], tuple(e["shares"])) for e in table("published")["bands"]["by_side"])


@cache
def _opening_by_side() -> tuple[tuple[int, float, float], ...]:
    """(side, mean share of the non-endpoint cells, share of the levels solved completely)
    that the forced-moves-only solver (:func:`satlink.generate.play.opening_share`)
    colours on published levels of side x side cells: ``opening`` in
    ``satlink/data/published.json``."""
    return tuple((e["side"], e["mean"], e["complete"])
                 for e in table("published")["opening"]["by_side"])


MIN_LEVELS = 30
"""The published levels of one size and colour count below which their opening figures are
not used on their own: the nearest colour count of that size with at least this many
stands in for them (fewer colours open less, more open more, at every published size)."""


@cache
def _complete_by_side_colours() -> dict[int, dict[int, float]]:
    """side -> colours -> share of the published levels of that size with that many colours
    that the forced moves solve completely, for the colour counts of at least
    :data:`MIN_LEVELS` levels: ``opening.by_side_colours`` in ``satlink/data/published.json``."""
    found: dict[int, dict[int, float]] = {}
    for e in table("published")["opening"].get("by_side_colours", []):
        if e["levels"] >= MIN_LEVELS:
            found.setdefault(e["side"], {})[e["colours"]] = e["complete"]
    return found


def complete_share(params: Params) -> float:
    """The share of attempts of ``params`` aimed at a board the forced moves solve
    completely: with one colour count asked for (``--colors k``) on a square of a published
    size, the share of the published levels of that size with k colours (the count is what
    most sets how a board opens, so the share of the whole size would aim a 5-colour 7x7
    pack at half again as many as published 5-colour levels have); else
    :func:`published_complete` of the board's area."""
    by_colours = _complete_by_side_colours().get(params.width)
    if params.width != params.height or not by_colours or params.colours_min != params.colours_max:
        return published_complete(params.width * params.height)
    nearest = min(by_colours, key=lambda k: (abs(k - params.colours_min), k))
    return by_colours[nearest]


def partial_floor(params: Params) -> float:
    """The forced-moves share an attempt aimed at a partial opening climbs to at least: the
    mean share of the published levels the forced moves do not solve completely, of the
    size and (with one colour count asked for) that many colours, the nearest count with
    :data:`MIN_LEVELS` levels standing in, as :func:`complete_share` chooses; 0 where no
    published level of the size was measured.  Those levels average ``complete`` x 1 plus
    the rest at this mean, so it is ``(mean - complete) / (1 - complete)``.  Without it a
    partial climb stopped at the first board under :data:`satlink.generate.steer.PARTIAL_CAP`,
    mostly where the walk left it, which opened about half as far as the published easy
    levels the forced moves do not solve (``benchmarks/README.md``, "openings at the colour
    count asked for")."""
    side = params.width
    figures = None
    if params.width == params.height:
        by_colours = _opening_by_side_colours().get(side)
        if by_colours and params.colours_min == params.colours_max:
            nearest = min(by_colours, key=lambda k: (abs(k - params.colours_min), k))
            figures = by_colours[nearest]
        else:
            figures = next(((m, c) for s, m, c in _opening_by_side() if s == side), None)
    if figures is None or figures[1] >= 1.0:
        return 0.0
    mean, complete = figures
    return max(0.0, (mean - complete) / (1.0 - complete))


@cache
def _opening_by_side_colours() -> dict[int, dict[int, tuple[float, float]]]:
    """side -> colours -> (mean share, share solved completely) of the published levels of
    that size with that many colours, for the counts of at least :data:`MIN_LEVELS` levels."""
    found: dict[int, dict[int, tuple[float, float]]] = {}
    for e in table("published")["opening"].get("by_side_colours", []):
        if e["levels"] >= MIN_LEVELS:
            found.setdefault(e["side"], {})[e["colours"]] = (e["mean"], e["complete"])
    return found


def published_bands(cells: int) -> tuple[float, float, float]:
    """The published shares of the easy, medium and hard bands for a board of ``cells``
    cells: interpolated by the side of the square of that area, held at the smallest and
    largest published side beyond them."""
    side = math.sqrt(cells)
    published = _bands_by_side()
    first, last = published[0], published[-1]
    if side <= first[0]:
        return first[1]
    if side >= last[0]:
        return last[1]
    for (s0, a), (s1, b) in zip(published, published[1:], strict=False):
        if s0 <= side <= s1:
            t = (side - s0) / (s1 - s0)
            return tuple(x + t * (y - x) for x, y in zip(a, b, strict=True))
    raise AssertionError("unreachable")


GOLDEN = (math.sqrt(5) - 1) / 2
PUBLISHED_MAX_CELLS = 300
"""The default aims at the published bands up to this many cells (15x15 and 15x18, not
20x20): the published table stops at 14x14, and at 20x20 a climb toward easy or medium
costs many times a plain attempt (``benchmarks/generator_play.py``), so a 20x20 pack keeps
the walk's own mix unless ``--grade`` or ``--curve`` asks."""


def attempt_band(params: Params, number: int) -> str | None:
    """The band attempt ``number`` steers toward: the ``--grade`` target's, or its slot
    target's (:func:`attempt_target`); with a plain ``--curve`` easy, medium and hard in
    turn; by default (``play`` "published") one drawn from the published shares for the
    board's area (up to :data:`PUBLISHED_MAX_CELLS`); None when nothing is aimed at
    (``play`` "any", a larger board, or one too large to grade).

    The draw is a golden-ratio sequence over the attempt numbers (started at a point the
    seed chooses), not independent coin flips: any run of consecutive attempts meets the
    shares closely, so even a pack of ten follows the published mix."""
    if params.width * params.height + params.bridges > MAX_GRADE_NODES:
        return None
    target = attempt_target(params, number)
    if target:
        return band_of_target(parse_target(target))
    if params.curve:
        return ORDER[number % len(ORDER)]
    drawn = _published_draw(params, number)
    return drawn[0] if drawn else None


def attempt_opening(params: Params, number: int) -> str:
    """How attempt ``number`` of a default pack should open under the forced moves alone
    (its opening): ``complete`` (solved completely by them), ``partial`` (an easy puzzle they do
    not solve), or '' (no aim: a medium or hard attempt, which they never solve, or a
    request that is not the default mix).  Drawn with the band (:func:`attempt_band`): the
    first :func:`published_complete` of the draw's interval is the complete attempts, the
    rest of the easy band's share the partial ones."""
    if (params.width * params.height + params.bridges > MAX_GRADE_NODES
            or attempt_target(params, number) or params.curve):
        return ""
    drawn = _published_draw(params, number)
    return drawn[1] if drawn else ""


def colour_quantiles(params: Params, number: int) -> tuple[float, float]:
    """The part of the published colour spread attempt ``number`` draws its colour target
    from (:func:`satlink.generate.params.colour_target`).  In a default pack the attempts
    meant to be solved completely by the forced moves (:func:`attempt_opening`) take the
    top :func:`published_complete` of it and the others the rest: the colour count is
    what best predicts a candidate's forced share (``benchmarks/opening_predictors.py``),
    so the climbs toward ``complete`` start near it, while the pack's colours keep the
    published spread."""
    share = complete_share(params)
    if (attempt_target(params, number) or params.curve or params.is_variant
            or params.symmetry != "none" or _published_draw(params, number) is None):
        return 0.0, 1.0
    if attempt_opening(params, number) == "complete":
        return 1.0 - share, 1.0
    return 0.0, 1.0 - share


def _published_draw(params: Params, number: int) -> tuple[str, str] | None:
    """(band, opening) of attempt ``number`` of a default pack (:func:`attempt_band`,
    :func:`attempt_opening`); None where the default aims at nothing.  The published
    levels solved completely by the forced moves are all easy, so where they are more than
    the easy share (at 5x5, where the easy share is held from the smallest side of
    ``bands``) the easy band grows to them and the others shrink in proportion."""
    cells = params.width * params.height
    if params.play != "published" or cells > PUBLISHED_MAX_CELLS:
        return None
    start = random.Random(f"{params.seed}:bands").random()
    draw = (start + number * GOLDEN) % 1.0
    shares = list(published_bands(cells))
    plain = not params.is_variant and params.symmetry == "none"  # what was published
    complete = complete_share(params) if plain else 0.0
    if complete > shares[0]:
        rest = (1 - complete) / (1 - shares[0])
        shares = [complete, shares[1] * rest, shares[2] * rest]
    total = 0.0
    for band, share in zip(ORDER, shares, strict=True):
        total += share
        if draw < total:
            return band, ("" if band != "easy" or not plain else
                          "complete" if draw < complete else "partial")
    return ORDER[-1], ""


def no_partial_draw(params: Params) -> bool:
    """Whether a default pack of ``params`` draws no attempt aimed at a partial opening:
    where the published levels the forced moves solve completely are at least the easy
    share (5x5), the easy band is all of them and the levels they do not solve come only
    from medium and hard attempts."""
    plain = not params.is_variant and params.symmetry == "none"
    cells = params.width * params.height
    return (plain and params.play == "published" and cells <= PUBLISHED_MAX_CELLS
            and complete_share(params) >= published_bands(cells)[0])


def attempt_target(params: Params, number: int) -> str:
    """The grade target attempt ``number`` must meet to be kept ('' for none): the
    ``--grade`` one, or with slot targets the target of slot ``number`` modulo the pack's
    size, so each target is tried as often as it has slots (a result whose target's slots
    are all filled is discarded by the runner, in attempt order)."""
    if params.slots:
        return params.slots[number % len(params.slots)]
    return params.grade


def published_complete(cells: int) -> float:
    """The share of published levels of ``cells`` cells that the forced moves alone solve
    completely (:func:`_opening_by_side`): interpolated by the side of the board's square
    in log-odds between the published sides, held at 5x5's below it, and past 9x9 continued
    along the log-odds line through the last two published sides (no published figure
    there: the share falls quickly toward none)."""
    side = math.sqrt(cells)
    published = _opening_by_side()
    points = [(s, math.log(c / (1 - c))) for s, _, c in published]
    if side <= points[0][0]:
        return published[0][2]
    for (s0, a), (s1, b) in zip(points, points[1:], strict=False):
        if side <= s1:
            logit = a + (side - s0) / (s1 - s0) * (b - a)
            break
    else:
        (s0, a), (s1, b) = points[-2:]
        logit = b + (side - s1) * (b - a) / (s1 - s0)
    return 1 / (1 + math.exp(-logit))
