"""What reaches the report's page from a results file, type-checked: a results file can be
edited by hand or damaged, so a value the page draws as a number or a grid is one, and any
other value is dropped (never drawn as HTML: a hostile results file stays text)."""

from __future__ import annotations

import math


def whole(value) -> int | None:
    """``value`` if it is a whole number, else None: what reaches the page from a results
    file is type-checked, so a string there is never drawn as HTML."""
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def grid_of(rows, width: int, height: int) -> list[str]:
    """``rows`` if they are a ``width`` x ``height`` grid, else none (the page sizes its
    drawing by the width and height)."""
    if not isinstance(rows, list) or not all(isinstance(row, str) for row in rows):
        return []
    return rows if rows and len("".join(rows)) == width * height else []


def number(value, digits: int = 3):
    return round(value, digits) if isinstance(value, (int, float)) and not isinstance(value, bool) \
        and math.isfinite(value) else None  # NaN or Infinity would break the page's JSON.parse
