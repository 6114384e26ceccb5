"""Grade targets for ``generate --grade`` and the grade order of ``export``.

A target is a band of :mod:`satlink.grading` (``easy``: forced moves, corners, no-touch;
``medium``: regions and bottlenecks too; ``hard``: look-ahead) or a range ``LOW-HIGH`` of
the grade's ``score``.  Every band below ``hard``, and every range whose top is below the
look-ahead's scores, holds only puzzles the grader solves completely without search.
"""

from __future__ import annotations

import math
import random
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from satlink.board import Board
from satlink.grading import BANDS, MAX_GRADE_NODES, UNSOLVED, grade
from satlink.records import upgrade_quality

if TYPE_CHECKING:
    from satlink.generate.params import Params

PUBLISHED_BANDS = ((7, (0.90, 0.05, 0.05)), (10, (0.54, 0.15, 0.31)), (14, (0.12, 0.09, 0.79)))
"""(side, shares of the easy, medium and hard bands) of published basic square Flow Free
levels of side x side cells, graded by satlink's grader (issue 22's table, measured there on
4,717 levels; no corpus of them is on this machine)."""
ORDER = ("easy", "medium", "hard")
PUBLISHED_OPENING = ((5, 0.95, 0.94), (7, 0.57, 0.50), (9, 0.26, 0.19))
"""(side, mean share of the non-endpoint cells, share of the levels solved completely) that
issue 33's forced-moves-only solver (:func:`satlink.generate.play.opening_share`) colours on
published levels of side x side cells."""
REACH = ((2, ("easy",), 0.86), (4, ("easy", "medium"), 4.5), (math.sqrt(20), ORDER, 5.2),
         (5, ORDER, 5.43), (7, ORDER, 5.5), (8, ORDER, 5.56),
         (9, ORDER, 5.6), (10, ORDER, 5.75), (12, ORDER, 5.83), (14, ORDER, 6.2))
"""(side, bands reached, highest score reached) by the generator under the default settings
(rules flow, plain square board, --min-length 3), from the smallest side up: a board whose
side is at least ``side`` (and below the next) reaches those.  Measured with
``benchmarks/grade_reach.py`` (30 attempts per band and size up to 12x12, 12 from 14x14;
benchmarks/README.md): 3x3 boards are always easy (scores 0.69-0.86), every band is reached
from 5x5 on, and up to 12x12 no puzzle needed look-ahead deeper than one move
(highest scores 5.43-5.83, so ranges from 6 up are refused there).  From 14x14 on the
highest measured were 5.89 (14x14) and 5.94 (16x16), but a 20x20 puzzle needed look-ahead
of two moves (score 6.2, benchmarks/grade_cost.py's puzzles): ranges up to 7 are let
through there rather than refused on a small sample.  Below 5x5 a review lifted the
refusal and ran ``generate --grade BAND --seed 1``: 4x4 gave a medium puzzle (score 4.5) in
16 candidates but no hard one in 1,000, 4x5 a hard one (score 5.2) in 3; 3x3 and 3x4 no
medium one in 1,000 each."""


VARIANTS: dict[str, dict] = {
    "square": {},
    "hex": {"grid": "hex"},
    "wrap": {"wrap": True},
    "walls": {"walls": 4},
    "bridges": {"bridges": 2},
    "holes": {"holes": 3},
    "hex-bridges": {"grid": "hex", "bridges": 1},
}
"""The variants ``benchmarks/grade_reach.py --variants`` measures, by name: the ``generate``
options each stands for (a few walls, bridges or holes: enough to change how a board plays,
few enough for every size from 5x5).  Only a request with exactly these options is judged
by :data:`VARIANT_REACH`: a board with other counts plays differently."""

VARIANT_REACH: dict[str, dict[tuple[int, int], tuple[tuple[str, ...], float]]] = {
    "hex": {(5, 5): (ORDER, 5.5), (7, 7): (ORDER, 5.7647), (10, 10): (ORDER, 5.8919),
            (12, 12): (ORDER, 5.9494), (15, 15): (ORDER, 5.9592)},
    "wrap": {(5, 5): (ORDER, 6.4286), (7, 7): (ORDER, 9.0), (10, 10): (ORDER, 9.0),
             (12, 12): (ORDER, 9.0), (15, 15): (ORDER, 9.0)},
    "walls": {(5, 5): (ORDER, 5.2), (10, 10): (ORDER, 5.6), (15, 15): (ORDER, 5.8788)},
    "bridges": {(5, 5): (("easy", "hard"), 5.2), (10, 10): (ORDER, 5.5),
                (15, 15): (ORDER, 5.8667)},
    "holes": {(5, 5): (ORDER, 5.2), (10, 10): (ORDER, 5.6923), (15, 15): (ORDER, 5.8462)},
    "hex-bridges": {(5, 5): (ORDER, 5.2), (10, 10): (ORDER, 5.8519), (15, 15): (ORDER, 6.4286)},
}
"""(bands reached, highest score reached) per variant of :data:`VARIANTS` and board size
(width, height), under the default settings (rules flow, the default colour range,
--min-length 3).  Only the sizes measured are here, and only they are refused: measured
with ``benchmarks/grade_reach.py --variants`` at seed 1, 30 attempts per band at 5x5 and 6
at 7x7 (hex, wrap), 10x10, 12x12 (hex, wrap) and 15x15 (benchmarks/README.md,
"grade_reach on the variants").  With so few attempts the highest score is a thin bound (hex
15x15: 5.96, but hex with a bridge 6.43), so a score range is refused by its band alone,
not by that score as on squares.  At 5x5 two
bridges left no room for a medium puzzle in 30 attempts (21 easy, 2 hard), while medium was
rare but reached elsewhere (1 of 30 on hexagons, with holes, hexagons with a bridge; 6
attempts had shown walls 5x5 as easy only, 30 gave 4 medium and 2 hard).  Hard puzzles on
warps score 9 ("unsolved") at 10x10 and up: not the grader's budget alone: on a board
without borders its forced moves decide under 1 % of the nodes, and its look-ahead (two
moves deep) stalls there; with ten times the budget (40,000 hypotheses) two 15x15 ones still
ended unsolved (one after 14,627 hypotheses, with none left to try)."""


def variant_of(options: dict) -> str | None:
    """The name in :data:`VARIANTS` of a request's variant options (``grid``, ``wrap``,
    ``holes``, ``walls``, ``bridges``; defaults may be left out), None when it is none of
    them."""
    given = {k: v for k, v in options.items() if v not in (None, False, 0, (), "", "square")}
    return next((name for name, kw in VARIANTS.items() if kw == given), None)


class BandError(ValueError):
    """A ``--grade`` that is neither a band nor a range."""


@dataclass(frozen=True)
class Target:
    """Accept a grade whose level is in ``levels`` and whose score is in ``scores``."""

    text: str
    levels: tuple[int, int]
    scores: tuple[float, float]

    def admits(self, graded: dict | None) -> bool:
        if graded is None:
            return False
        return (self.levels[0] <= graded["level"] <= self.levels[1]
                and self.scores[0] <= graded["score"] <= self.scores[1])


def parse_target(text: str) -> Target:
    """``easy``, ``medium``, ``hard`` or ``LOW-HIGH`` (scores, e.g. ``2-4.5``; one number N
    means N-N)."""
    name = text.strip().lower()
    if name in BANDS:
        return Target(name, BANDS[name], (0.0, math.inf))
    match = re.fullmatch(r"(\d+(?:\.\d+)?)(?:\s*-\s*(\d+(?:\.\d+)?))?", name)
    if not match:
        raise BandError(f"grade {text!r} is not easy, medium, hard or LOW-HIGH (grade "
                        "scores, e.g. 2-4.5)")
    lo = float(match.group(1))
    hi = float(match.group(2)) if match.group(2) else lo
    if lo > hi:
        raise BandError(f"grade {text!r}: LOW is above HIGH")
    if lo >= UNSOLVED:
        raise BandError(f"grade {text!r}: grade scores run from 0 to {UNSOLVED}")
    return Target(f"{match.group(1)}-{match.group(2) or match.group(1)}", (1, UNSOLVED), (lo, hi))


def check_size(cells: int) -> None:
    """Refuse a target on boards too large to be graded."""
    if cells > MAX_GRADE_NODES:
        raise BandError(f"--grade needs boards of at most {MAX_GRADE_NODES} cells (the "
                        f"grader's limit), not {cells}")


def row_grade(row: dict) -> dict | None:
    """The human grade of a catalogue row: the stored one, or graded now when the row
    predates grades; None for a board too large to grade."""
    graded = row["quality"].get("grade")
    if graded is None:
        board = Board.from_json(row["grid"], row.get("geometry"))
        if board.n_nodes <= MAX_GRADE_NODES:
            graded = grade(board, row["rules"]).as_dict()
    return graded


def order_key(graded: dict | None, quality: dict) -> tuple[float, float]:
    """Easiest first: the grade's score (boards too large to grade come last), then the
    solver effort."""
    score = graded["score"] if graded else math.inf
    return score, upgrade_quality(quality).get("effort", 0.0)


def grade_key(row: dict) -> tuple[float, float]:
    """Sort key of a catalogue row, easiest first (:func:`order_key` of :func:`row_grade`)."""
    return order_key(row_grade(row), row["quality"])


def published_bands(cells: int) -> tuple[float, float, float]:
    """The published shares of the easy, medium and hard bands for a board of ``cells``
    cells: interpolated by the side of the square of that area, held at the smallest and
    largest published side beyond them."""
    side = math.sqrt(cells)
    first, last = PUBLISHED_BANDS[0], PUBLISHED_BANDS[-1]
    if side <= first[0]:
        return first[1]
    if side >= last[0]:
        return last[1]
    for (s0, a), (s1, b) in zip(PUBLISHED_BANDS, PUBLISHED_BANDS[1:], strict=False):
        if s0 <= side <= s1:
            t = (side - s0) / (s1 - s0)
            return tuple(x + t * (y - x) for x, y in zip(a, b, strict=True))
    raise AssertionError("unreachable")


def band_of_target(target: Target) -> str:
    """The band a target lies in: its own name, or for a score range the band of the level
    its middle score falls in (the level of score s is floor(s) + 1)."""
    if target.text in BANDS:
        return target.text
    middle = (target.scores[0] + min(target.scores[1], UNSOLVED)) / 2
    level = min(UNSOLVED, int(middle) + 1)
    return next(name for name, (lo, hi) in BANDS.items() if lo <= level <= hi)


GOLDEN = (math.sqrt(5) - 1) / 2
PUBLISHED_MAX_CELLS = 300
"""The default aims at the published bands up to this many cells (15x15 and 15x18, not
20x20): the published table stops at 14x14, and at 20x20 a climb toward easy or medium
takes 20 s or more (benchmarks/generator_play.py), so a 20x20 pack keeps the walk's own mix
unless ``--grade`` or ``--curve`` asks."""


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
    (issue 33): ``complete`` (solved completely by them), ``partial`` (an easy puzzle they do
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
    share = published_complete(params.width * params.height)
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
    the easy share (5x5: 94 % against the 90 % held from 7x7) the easy band grows to them
    and the others shrink in proportion."""
    cells = params.width * params.height
    if params.play != "published" or cells > PUBLISHED_MAX_CELLS:
        return None
    start = random.Random(f"{params.seed}:bands").random()
    draw = (start + number * GOLDEN) % 1.0
    shares = list(published_bands(cells))
    plain = not params.is_variant and params.symmetry == "none"  # what was published
    complete = published_complete(cells) if plain else 0.0
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


def attempt_target(params: Params, number: int) -> str:
    """The grade target attempt ``number`` must meet to be kept ('' for none): the
    ``--grade`` one, or with slot targets the target of slot ``number`` modulo the pack's
    size, so each target is tried as often as it has slots (a result whose target's slots
    are all filled is discarded by the runner, in attempt order)."""
    if params.slots:
        return params.slots[number % len(params.slots)]
    return params.grade


def reach_of(width: int, height: int) -> tuple[tuple[str, ...], float]:
    """(bands, highest score) the generator reaches on a ``width`` x ``height`` board
    (:data:`REACH`, by the side of the square of its area)."""
    side = math.sqrt(width * height)
    found = REACH[0]
    for entry in REACH:
        if side >= entry[0]:
            found = entry
    return found[1], found[2]


def unreachable(target: Target, width: int, height: int, option: str = "--grade",
                variant: str = "square") -> str | None:
    """Why ``target`` cannot be reached on a ``width`` x ``height`` board under the default
    settings, naming what that size reaches; None when it can (or might: a variant's size
    that was not measured).  A score range is refused when it starts at or above the whole
    level of the highest score reached (a level-L grade scores below L)."""
    if variant == "square":
        bands, highest = reach_of(width, height)
        where, bigger = f"at {width}x{height}", _bigger_square
    else:
        measured = VARIANT_REACH.get(variant, {})
        if (width, height) not in measured:
            return None
        bands, highest = measured[(width, height)]
        where = f"on {variant} at {width}x{height}"

        def bigger(band: str) -> str:
            sizes = [f"{w}x{h}" for (w, h), (b, _) in sorted(measured.items()) if band in b]
            return " or ".join(sizes) if sizes else ""
    ceiling = math.ceil(highest)
    reached = (f"{where} the generator reaches the "
               f"{'band' if len(bands) == 1 else 'bands'} {', '.join(bands)}, grade scores "
               f"0-{ceiling:g} (measured: benchmarks/grade_reach.py"
               f"{'' if variant == 'square' else ' --variants'})")
    if target.text in BANDS:
        if target.text not in bands:
            other = bigger(target.text)
            return (f"{option} {target.text}: {reached}; ask for {' or '.join(bands)}"
                    + (f", or a board of {'at least ' if variant == 'square' else ''}{other}"
                       if other else ""))
        return None
    if variant != "square":  # 6 attempts a band: a range is refused by its band alone
        if band_of_target(target) not in bands:
            return (f"{option} {target.text}: {reached}; ask for a range in the "
                    f"{' or '.join(bands)} {'band' if len(bands) == 1 else 'bands'}")
        return None
    if target.scores[0] >= ceiling:
        return f"{option} {target.text}: {reached}; ask for a range that starts below {ceiling:g}"
    return None


def _bigger_square(band: str) -> str:
    """The smallest plain square board that reaches ``band`` (:data:`REACH`)."""
    return _size_of(next(s for s, b, _ in REACH if band in b))


def _size_of(side: float) -> str:
    """The smallest board of a side ``side`` square's area, e.g. 4x5 for sqrt(20)."""
    short = math.floor(side + 1e-9)
    return f"{short}x{math.ceil(side * side / short - 1e-9)}"


def published_complete(cells: int) -> float:
    """The share of published levels of ``cells`` cells that the forced moves alone solve
    completely (:data:`PUBLISHED_OPENING`): interpolated by the side of the board's square
    in log-odds between the published sides, held at 5x5's below it, and past 9x9 continued
    along the log-odds line through 7x7 and 9x9 (no published figure there: 10 % at 10x10,
    3 % at 12x12, under 1 % at 14x14)."""
    side = math.sqrt(cells)
    points = [(s, math.log(c / (1 - c))) for s, _, c in PUBLISHED_OPENING]
    if side <= points[0][0]:
        return PUBLISHED_OPENING[0][2]
    for (s0, a), (s1, b) in zip(points, points[1:], strict=False):
        if side <= s1:
            logit = a + (side - s0) / (s1 - s0) * (b - a)
            break
    else:
        (s0, a), (s1, b) = points[-2:]
        logit = b + (side - s1) * (b - a) / (s1 - s0)
    return 1 / (1 + math.exp(-logit))
