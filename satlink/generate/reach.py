"""What the generator reaches under its default settings: the grade bands and the highest
score, by board size and variant, as ``benchmarks/grade_reach.py`` measures them.  A request
for a target the size does not reach is refused at once (:func:`unreachable`), naming what it
does reach, rather than left to run for ever.
"""

from __future__ import annotations

import math
from functools import cache

from satlink.generate.tables import table
from satlink.generate.targets import Target, band_of_target
from satlink.grading import BANDS

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


@cache
def _square_reach() -> tuple[tuple[float, tuple[str, ...], float], ...]:
    """(side, bands reached, highest score reached) on plain square boards under the default
    settings (rules flow, --min-length 3), from the smallest side up: a board whose side is at
    least ``side`` (and below the next) reaches those.  The side is that of the square of the
    entry size's area (a 4x5 board stands for the sides from the square root of 20).
    Read from ``satlink/data/reach.json`` (``square``), where each entry names the run behind
    it (its source): up to 12x12 no puzzle needed look-ahead deeper than one move, so ranges above
    the highest score reached are refused there; from 14x14 on a larger board's puzzle set
    the highest score, so ranges up to it are let through rather than refused on a small
    sample."""
    return tuple((math.sqrt(e["size"][0] * e["size"][1]), tuple(e["bands"]), e["highest"])
                 for e in table("reach")["square"])


@cache
def _variant_reach() -> dict[str, dict[tuple[int, int], tuple[tuple[str, ...], float]]]:
    """(bands reached, highest score reached) per variant of :data:`VARIANTS` and board size
    (width, height), under the default settings (rules flow, the default colour range,
    --min-length 3), from ``satlink/data/reach.json`` (``variants``).  Only the sizes run
    are there, and only they are refused.  The runs behind it made a few attempts per band, so
    the highest score is a thin bound and a score range is refused by its band alone, not by
    that score as on squares."""
    return {variant: {tuple(e["size"]): (tuple(e["bands"]), e["highest"]) for e in entries}
            for variant, entries in table("reach")["variants"].items()}


_LOADERS = {"REACH": _square_reach, "VARIANT_REACH": _variant_reach}


def __getattr__(name: str):
    """:data:`REACH` and :data:`VARIANT_REACH`, read from the data file on first use (the
    generator's import alone does not read it)."""
    if name not in _LOADERS:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return _LOADERS[name]()


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
    found = _square_reach()[0]
    for entry in _square_reach():
        if side >= entry[0]:
            found = entry
    return found[1], found[2]


def unreachable(target: Target, width: int, height: int, option: str = "--grade",
                variant: str = "square") -> str | None:
    """Why ``target`` cannot be reached on a ``width`` x ``height`` board under the default
    settings, naming what that size reaches; None when it can (or might: a variant's size
    absent from the data).  A score range is refused when it starts at or above the whole
    level of the highest score reached (a level-L grade scores below L)."""
    if variant == "square":
        bands, highest = reach_of(width, height)
        where, bigger = f"at {width}x{height}", _bigger_square
    else:
        sizes_reached = _variant_reach().get(variant, {})
        if (width, height) not in sizes_reached:
            return None
        bands, highest = sizes_reached[(width, height)]
        where = f"on {variant} at {width}x{height}"

        def bigger(band: str) -> str:
            sizes = [f"{w}x{h}" for (w, h), (b, _) in sorted(sizes_reached.items()) if band in b]
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
    return _size_of(next(s for s, b, _ in _square_reach() if band in b))


def _size_of(side: float) -> str:
    """The smallest board of a side ``side`` square's area, e.g. 4x5 for sqrt(20)."""
    short = math.floor(side + 1e-9)
    return f"{short}x{math.ceil(side * side / short - 1e-9)}"
