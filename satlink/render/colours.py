"""Distinct path colours for any number of labels (golden-angle hues)."""

from __future__ import annotations

import colorsys


def path_colour(index: int) -> tuple[int, int, int]:
    hue = (index * 0.618033988749895) % 1.0
    lightness = 0.45 if index % 2 else 0.55
    r, g, b = colorsys.hls_to_rgb(hue, lightness, 0.75)
    return round(r * 255), round(g * 255), round(b * 255)


def hex_colour(index: int) -> str:
    return "#{:02x}{:02x}{:02x}".format(*path_colour(index))
