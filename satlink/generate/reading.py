"""The generator's options read from their text: a size ``WxH``, colours ``N`` or
``MIN-MAX``, a shape's mask; :class:`ParamsError` says what is wrong with one."""

from __future__ import annotations

import re

from satlink.board import EMPTY, SOLID
from satlink.generate.colours import published_colours
from satlink.geometry import HEX, SQUARE

MAX_CELLS = 250_000


class ParamsError(ValueError):
    """A generation request that cannot be satisfied or is malformed."""


def parse_size(text: str) -> tuple[int, int]:
    match = (re.fullmatch(r"\s*(\d{1,7})\s*[xX×]\s*(\d{1,7})\s*", text)
             or re.fullmatch(r"\s*(\d{1,7})\s*", text))
    if not match:
        raise ParamsError(f"size {text!r} is not WxH (e.g. 10x10)")
    w = int(match.group(1))
    h = int(match.group(2)) if match.lastindex == 2 else w
    if w < 1 or h < 1 or w * h < 2:
        raise ParamsError(f"size {w}x{h} has room for no path")
    if w * h > MAX_CELLS:
        raise ParamsError(f"size {w}x{h} has {w * h:,} cells; the generator takes at most "
                          f"{MAX_CELLS:,} (e.g. 500x500): larger boards take hours to grow and prove")
    return w, h


def parse_colours(text: str | None, cells: int, grid: str = SQUARE) -> tuple[int, int]:
    """``N`` or ``MIN-MAX``; without one, the published range for a board of ``cells`` open
    cells (a quarter more on hexagons, whose paths stay shorter: six neighbours to avoid)."""
    if text is None:
        low, _, high = published_colours(cells)
        scale = 1.25 if grid == HEX else 1.0
        return max(1, round(low * scale)), max(2, round(high * scale))
    match = re.fullmatch(r"\s*(\d{1,9})\s*(?:-\s*(\d{1,9})\s*)?", text)
    if not match:
        raise ParamsError(f"colours {text!r} is not N or MIN-MAX (e.g. 5-8)")
    lo = int(match.group(1))
    hi = int(match.group(2)) if match.group(2) else lo
    if lo < 1 or lo > hi:
        raise ParamsError(f"colours {text!r}: need 1 <= MIN <= MAX")
    return lo, hi


def parse_shape(text: str, source: str = "shape") -> tuple[str, ...]:
    """A board mask: one row per line, ``.`` an open cell and ``#`` a hole; blank lines at the
    start and end are ignored, every row must have the same length."""
    rows = [line.rstrip("\r") for line in text.split("\n")]
    while rows and not rows[-1].strip():
        rows.pop()
    while rows and not rows[0].strip():
        rows.pop(0)
    if not rows:
        raise ParamsError(f"{source}: no rows (a shape is rows of '.' for cells and '#' for holes)")
    for number, row in enumerate(rows, start=1):
        bad = next((ch for ch in row if ch not in (EMPTY, SOLID)), None)
        if bad is not None:
            raise ParamsError(f"{source}, row {number}: {bad!r} is neither '.' (a cell) nor '#' "
                              "(a hole)")
        if len(row) != len(rows[0]):
            raise ParamsError(f"{source}, row {number} has {len(row)} cells, the first row has "
                              f"{len(rows[0])}")
    return tuple(rows)
