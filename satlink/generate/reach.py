"""What the generator reaches under its default settings: the grade bands and the highest
score, by board size and variant, as ``benchmarks/grade_reach.py`` measures them.  A request
for a target the size does not reach is refused at once (:func:`unreachable`), naming what it
does reach, rather than left to run for ever.
"""

from __future__ import annotations

import math

from satlink.generate.targets import ORDER, Target, band_of_target
from satlink.grading import BANDS

REACH = ((2, ("easy",), 0.86), (4, ("easy", "medium"), 4.5), (math.sqrt(20), ORDER, 5.2),
         (5, ORDER, 5.43), (7, ORDER, 5.5), (8, ORDER, 5.56),
         (9, ORDER, 5.6), (10, ORDER, 5.75), (12, ORDER, 5.83), (14, ORDER, 6.2))
"""(side, bands reached, highest score reached) by the generator under the default settings
(rules flow, plain square board, --min-length 3), from the smallest side up: a board whose
side is at least ``side`` (and below the next) reaches those.  Measured with
``benchmarks/grade_reach.py`` (the sample sizes and scores: benchmarks/README.md); up to
12x12 no puzzle needed look-ahead deeper than one move, so ranges above the highest score
reached are refused there.  From 14x14 on a larger board (20x20, ``benchmarks/grade_cost.py``'s
puzzles) needed look-ahead of two moves: ranges up to that score are let through there
rather than refused on a small sample.  Below 5x5 the entries come from runs of
``generate --grade BAND --seed 1`` with the refusal lifted: what a thousand candidates never
gave is not offered."""


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
